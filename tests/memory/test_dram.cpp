// DRAM channel timing and scheduling.
#include <gtest/gtest.h>

#include <vector>

#include "systemc/memory/address_map.h"
#include "systemc/memory/dram_channel.h"
#include "systemc/memory/peak.h"

namespace gpucosim {
namespace {

// One channel, default GDDR5-like timing: 64-byte accesses holding the bus 2 cycles.
MemoryConfig one_channel(DramScheduler s = DramScheduler::FRFCFS) {
  MemoryConfig m;
  m.n_channels = 1;
  m.sub_partitions = 2;
  m.scheduler = s;
  return m;
}

// Default map of one channel: column bits 0-7, bank 8-11, column 12-14, row 15 up.
uint64_t addr_of(uint32_t bank, uint32_t row, uint32_t col_chunk = 0) {
  return (uint64_t(row) << 15) | (uint64_t(col_chunk & 7) << 12) | (uint64_t(bank) << 8);
}

struct Bench {
  explicit Bench(const MemoryConfig& cfg) : m(cfg), map(m), ch(m, map, 0, m.dram_latency) {}
  void push(uint64_t addr, uint8_t sectors = 0x1, bool write = false, uint64_t token = 0) {
    const DecodedAddress d = map.decode(addr);
    DramRequest r;
    r.addr = d.local;
    r.sectors = sectors;
    r.write = write;
    r.sub = uint8_t(d.sub);
    r.token = token;
    ch.push(r);
  }
  // Ticks until a read returns; returns its token and sets `cycle`.
  uint64_t next_return(uint64_t limit = 100000) {
    for (; cycle < limit; ++cycle) {
      for (uint32_t s = 0; s < m.sub_partitions; ++s)
        if (ch.has_return(s)) {
          const uint64_t t = ch.front_return(s).token;
          ch.pop_return(s);
          return t;
        }
      ch.tick(cycle + 1);
    }
    ADD_FAILURE() << "no return";
    return ~0ull;
  }
  void idle_until(uint64_t c) {
    while (cycle < c) ch.tick(++cycle);
  }
  MemoryConfig m;
  AddressMap map;
  DramChannel ch;
  uint64_t cycle = 0;  // last tick
};

TEST(memory_dram, LoneReadLatencyIsRcdPlusClPlusBurstPlusPipeline) {
  Bench b(one_channel());
  const DramTiming& t = b.m.timing;
  b.push(addr_of(3, 5));
  b.next_return();
  // +1: the request is seen on the first tick after it was pushed.
  const uint64_t expect = 1 + t.tRCD + t.CL + b.ch.burst_cycles() + b.m.dram_latency;
  EXPECT_EQ(b.cycle, expect);
  EXPECT_EQ(b.ch.counters().n_act, 1u);
  EXPECT_EQ(b.ch.counters().row_buffer_misses, 1u);
}

// GPGPU-Sim counts -dram_latency in core cycles (its latency queue compares gpu_sim_cycle), so the
// channel's fixed pipeline is that many core cycles in DRAM cycles, rounded up: SM7_QV100's 100 at
// core 1132 MHz / DRAM 850 MHz is 76 DRAM cycles (100 DRAM cycles would be 133 core cycles).
TEST(memory_dram, PipelineLatencyIsDramLatencyCoreCycles) {
  MemoryConfig m = one_channel();
  m.dram_latency = 100;
  ClockConfig c;
  c.core_mhz = 1132;
  c.dram_mhz = 850;
  EXPECT_EQ(dram_pipeline_cycles(m, c), 76u);
  c.dram_mhz = 1132;
  EXPECT_EQ(dram_pipeline_cycles(m, c), 100u);  // one clock: unchanged
  c.core_mhz = 700;
  c.dram_mhz = 924;
  EXPECT_EQ(dram_pipeline_cycles(m, c), 132u);  // a faster DRAM clock needs more of its cycles
  c.core_mhz = 1000;
  c.dram_mhz = 500;
  EXPECT_EQ(dram_pipeline_cycles(m, c), 50u);  // exact multiples are not rounded up
  m.dram_latency = 0;
  EXPECT_EQ(dram_pipeline_cycles(m, c), 0u);
}

TEST(memory_dram, RowHitIsFasterThanRowMiss) {
  Bench b(one_channel());
  const DramTiming& t = b.m.timing;
  const uint64_t burst = b.ch.burst_cycles();
  b.push(addr_of(0, 0, 0));
  b.next_return();
  b.idle_until(1000);
  b.push(addr_of(0, 0, 1));  // same row: hit
  b.next_return();
  const uint64_t hit = b.cycle - 1000;
  EXPECT_EQ(hit, 1 + t.CL + burst + b.m.dram_latency);
  b.idle_until(2000);
  b.push(addr_of(0, 1, 0));  // other row, same bank: precharge + activate
  b.next_return();
  const uint64_t miss = b.cycle - 2000;
  EXPECT_EQ(miss, 1 + t.tRP + t.tRCD + t.CL + burst + b.m.dram_latency);
  EXPECT_LT(hit, miss);
  EXPECT_EQ(b.ch.counters().row_buffer_hits, 1u);
  EXPECT_EQ(b.ch.counters().row_buffer_misses, 2u);
  EXPECT_EQ(b.ch.counters().n_pre, 1u);
}

TEST(memory_dram, ActivatesToDifferentBanksRespectTrrd) {
  Bench b(one_channel());
  b.push(addr_of(0, 0), 0x1, false, 1);
  b.push(addr_of(2, 0), 0x1, false, 2);
  EXPECT_EQ(b.next_return(), 1u);
  const uint64_t first = b.cycle;
  EXPECT_EQ(b.next_return(), 2u);
  EXPECT_EQ(b.cycle - first, b.m.timing.tRRD);
}

// Bank 0 has row 0 open; an older request to row 1 and a younger one to row 0 arrive together.
std::vector<uint64_t> reorder_case(DramScheduler s) {
  Bench b(one_channel(s));
  b.push(addr_of(0, 0, 0));
  b.next_return();
  b.idle_until(500);
  b.push(addr_of(0, 1, 0), 0x1, false, 10);  // older, row miss
  b.push(addr_of(0, 0, 1), 0x1, false, 11);  // younger, row hit
  return {b.next_return(), b.next_return()};
}

TEST(memory_dram, FrFcfsServesYoungerRowHitBeforeOlderRowMiss) {
  EXPECT_EQ(reorder_case(DramScheduler::FRFCFS), (std::vector<uint64_t>{11, 10}));
  EXPECT_EQ(reorder_case(DramScheduler::FCFS), (std::vector<uint64_t>{10, 11}));
}

// Streams `n` requests through the channel, keeping its queue full; returns DRAM cycles taken.
template <typename AddrFn>
uint64_t stream(Bench& b, uint32_t n, AddrFn addr, uint8_t sectors = 0xF) {
  uint32_t pushed = 0, returned = 0;
  const uint64_t start = b.cycle;
  while (returned < n) {
    while (pushed < n && b.ch.can_accept()) {
      b.push(addr(pushed), sectors, false, pushed);
      ++pushed;
    }
    b.ch.tick(++b.cycle);
    for (uint32_t s = 0; s < b.m.sub_partitions; ++s)
      while (b.ch.has_return(s)) {
        b.ch.pop_return(s);
        ++returned;
      }
    if (b.cycle - start > 10000000) {
      ADD_FAILURE() << "stream stuck";
      break;
    }
  }
  return b.cycle - start;
}

TEST(memory_dram, SequentialReadsReachEightyPercentOfPeak) {
  Bench b(one_channel());
  const uint32_t n = 20000;
  const uint64_t cycles = stream(b, n, [](uint32_t i) { return uint64_t(i) * 128; });
  const double bytes_per_cycle = double(n) * 128 / double(cycles);
  const double peak = double(b.ch.access_bytes()) / b.ch.burst_cycles();
  RecordProperty("dram_stream_fraction_of_peak", std::to_string(bytes_per_cycle / peak));
  std::printf("sequential read stream: %.2f B/cycle of %.2f peak (%.1f %%)\n", bytes_per_cycle, peak,
              100 * bytes_per_cycle / peak);
  EXPECT_GE(bytes_per_cycle, 0.8 * peak);
  // The same figure from peak.h, per channel and DRAM clock.
  ClockConfig clk;
  EXPECT_DOUBLE_EQ(dram_peak_bytes_per_s(b.m, clk), peak * clk.dram_mhz * 1e6);
  EXPECT_GT(b.ch.counters().row_buffer_hits, b.ch.counters().row_buffer_misses);
}

TEST(memory_dram, FrFcfsBeatsFcfsOnInterleavedRows) {
  // Two streams in one bank on different rows, interleaved request by request, plus a third
  // stream in another bank: FCFS ping-pongs the row buffer, FR-FCFS batches the hits.
  auto pattern = [](uint32_t i) {
    const uint32_t k = i / 3;
    switch (i % 3) {
      case 0: return addr_of(0, 0, k % 8) + (k / 8 % 2) * 128;
      case 1: return addr_of(0, 1, k % 8) + (k / 8 % 2) * 128;
      default: return addr_of(5, 2, k % 8) + (k / 8 % 2) * 128;
    }
  };
  Bench fr(one_channel(DramScheduler::FRFCFS)), fc(one_channel(DramScheduler::FCFS));
  const uint64_t t_fr = stream(fr, 3000, pattern, 0x3);
  const uint64_t t_fc = stream(fc, 3000, pattern, 0x3);
  std::printf("interleaved rows: FR-FCFS %lu cycles (%lu row hits), FCFS %lu cycles (%lu row hits)\n",
              (unsigned long)t_fr, (unsigned long)fr.ch.counters().row_buffer_hits, (unsigned long)t_fc,
              (unsigned long)fc.ch.counters().row_buffer_hits);
  EXPECT_LT(double(t_fr), 0.7 * double(t_fc));
  EXPECT_GT(fr.ch.counters().row_buffer_hits, 2 * fc.ch.counters().row_buffer_hits);
  EXPECT_LT(fr.ch.counters().n_act, fc.ch.counters().n_act);
}

TEST(memory_dram, FrFcfsNeverLosesToFcfsOnAStream) {
  Bench fr(one_channel(DramScheduler::FRFCFS)), fc(one_channel(DramScheduler::FCFS));
  auto seq = [](uint32_t i) { return uint64_t(i) * 128; };
  EXPECT_LE(stream(fr, 5000, seq), stream(fc, 5000, seq));
}

TEST(memory_dram, WritesAreCountedAndReturnNothing) {
  Bench b(one_channel());
  b.push(addr_of(1, 0), 0xF, true);
  b.idle_until(300);
  EXPECT_TRUE(b.ch.idle());
  for (uint32_t s = 0; s < 2; ++s) EXPECT_FALSE(b.ch.has_return(s));
  EXPECT_EQ(b.ch.counters().writes, 1u);
  EXPECT_EQ(b.ch.counters().n_write, 2u);  // 128 B = two 64-byte bursts
  StatsMap m;
  b.ch.collect(m, "dram[0].");
  // Accel-Sim's total_dram_writes counts 32-byte sectors; the request count has its own name.
  EXPECT_EQ(m["total_dram_writes"], 4.0);
  EXPECT_EQ(m["total_dram_write_requests"], 1.0);
  EXPECT_EQ(m["dram[0].n_write"], 2.0);
}

TEST(memory_dram, ReturnQueueBoundsReadsInFlight) {
  MemoryConfig cfg = one_channel();
  cfg.return_queue = 2;
  Bench b(cfg);
  for (uint32_t i = 0; i < 4; ++i) b.push(addr_of(i, 0), 0x1, false, i);
  b.idle_until(2000);  // nobody takes the returns
  uint32_t waiting = 0;
  for (uint32_t s = 0; s < 2; ++s)
    while (b.ch.has_return(s)) {
      b.ch.pop_return(s);
      ++waiting;
    }
  EXPECT_EQ(waiting, 2u);
  b.idle_until(4000);
  for (uint32_t s = 0; s < 2; ++s)
    while (b.ch.has_return(s)) {
      b.ch.pop_return(s);
      ++waiting;
    }
  EXPECT_EQ(waiting, 4u);
}

}  // namespace
}  // namespace gpucosim
