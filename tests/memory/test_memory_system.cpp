// SystemC integration: traffic generator -> Crossbar -> memory partitions (L2 slices + DRAM).
// Each TEST elaborates its own modules and runs sc_start once (one process per test under CTest).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "systemc/memory/peak.h"
#include "tests/memory/mem_harness.h"

namespace gpucosim {
namespace {

using test::bench_config;
using test::GenRequest;
using test::MemBench;

// Average latency (core cycles) of a dependent chain of `n` line reads starting at `base`,
// `stride` bytes apart, from one SM (one request in flight at a time).
double chase(MemBench& b, uint64_t n) {
  sc_core::sc_start();
  EXPECT_EQ(b.gen.received, n);
  return double(b.gen.latency_sum) / double(b.gen.received);
}

TEST(memory_system, PointerChaseL2HitLatency) {
  const GpuConfig cfg = bench_config();
  const uint64_t n = 64, base = 0x100000;
  MemBench b("bench", cfg, 1, 1, [&](uint32_t, uint64_t i, GenRequest& r) {
    r.addr = base + i * 128;
    return i < n;
  });
  EXPECT_EQ(warm_l2(b.raw, b.map, base, n * 128), n);  // the copy engine put them in the L2
  const double lat = chase(b, n);
  StatsMap m = b.stats();
  std::printf("L2 hit latency: %.1f core cycles (rop %u, icnt %u each way)\n", lat, cfg.mem.rop_latency,
              cfg.icnt.latency);
  EXPECT_EQ(m["L2.hits"], double(n));
  EXPECT_EQ(m["total_dram_reads"], 0.0);
  // ROP + crossbar both ways + reply serialisation (4 flits) + a few pipeline stages.
  const double floor = cfg.mem.rop_latency + 2.0 * cfg.icnt.latency + 4;
  EXPECT_GE(lat, floor);
  EXPECT_LE(lat, floor + 12);
}

TEST(memory_system, PointerChaseDramLatency) {
  const GpuConfig cfg = bench_config();
  const uint64_t n = 64, base = 0x100000;
  // A stride of 64 KB: every access a different row, so each one pays activation (closed bank
  // or precharge of another row) like a pointer chase over a large array.
  MemBench b("bench", cfg, 1, 1, [&](uint32_t, uint64_t i, GenRequest& r) {
    r.addr = base + i * 65536;
    r.sectors = 0x1;
    return i < n;
  });
  const double lat = chase(b, n);
  StatsMap m = b.stats();
  EXPECT_EQ(m["L2.misses"], double(n));
  EXPECT_EQ(m["total_dram_reads"], double(n));
  const DramTiming& t = cfg.mem.timing;
  const double ratio = cfg.clock.core_mhz / cfg.clock.dram_mhz;  // DRAM cycles -> core cycles
  const double l2 = cfg.mem.rop_latency + 2.0 * cfg.icnt.latency + 4;
  // dram_latency counts core cycles (GPGPU-Sim's gpu_sim_cycle), the bank timing DRAM cycles.
  const double dram_min = (1 + t.tRCD + t.CL + 2) * ratio + cfg.mem.dram_latency;
  const double dram_max = (1 + t.tRP + t.tRCD + t.CL + 2) * ratio + cfg.mem.dram_latency + ratio;
  std::printf("DRAM access latency: %.1f core cycles (L2 part ~%.0f, DRAM part %.1f..%.1f)\n", lat, l2, dram_min,
              dram_max);
  EXPECT_GE(lat, l2 + dram_min);
  EXPECT_LE(lat, l2 + dram_max + 16);
}

// Eight SMs read one sector at once. The slice takes them one per cycle: the first four miss and
// merge on the sector's MSHR entry (merge limit 4), the fifth finds the entry full and blocks the
// queue until the fill, then hits, as do the last three. GPGPU-Sim's L2 hands an entry's waiters
// out one per cycle (mshr_table::next_access) beside the hits the access stage answers in the
// same cycles, so the hits are not queued behind all four waiters: the blocked fifth request,
// which hits in the fill's own cycle, is answered before the first waiter, and the last hit
// before the last waiter. (Answering all waiters in the fill's cycle gives SMs 0-3 first.)
TEST(memory_system, FillWaitersLeaveOnePerCycleBesideHits) {
  GpuConfig cfg = bench_config();
  const uint64_t addr = 0x100000;
  const uint32_t n_sms = 8;
  MemBench b("bench", cfg, n_sms, 1, [&](uint32_t, uint64_t i, GenRequest& r) {
    r.addr = addr;
    r.sectors = 0x1;
    return i < 1;
  });
  std::vector<uint64_t> got(n_sms, 0);
  b.gen.accept_responses = [&](uint32_t sm, uint64_t cycle) {
    if (got[sm] == 0) got[sm] = cycle;
    return true;
  };
  sc_core::sc_start();
  ASSERT_EQ(b.gen.received, n_sms);
  StatsMap m = b.stats();
  EXPECT_EQ(m["total_dram_reads"], 1.0);
  EXPECT_GT(m["L2.res_fail_merge_limit"], 0.0);  // the fifth request waited for the fill
  for (uint32_t s = 0; s < n_sms; ++s) std::printf("SM %u answered at core cycle %llu\n", s, (unsigned long long)got[s]);
  const uint64_t last_waiter = *std::max_element(got.begin(), got.begin() + 4);
  const uint64_t first_waiter = *std::min_element(got.begin(), got.begin() + 4);
  EXPECT_LT(got[4], first_waiter) << "the request that hit in the fill's cycle waits behind the MSHR waiters";
  EXPECT_LT(got[7], last_waiter) << "the hits after the fill wait behind all MSHR waiters";
}

// 16 SMs sweep one sequential region, line i going to SM i % 16 (a coalesced streaming kernel).
TEST(memory_system, StreamingReachesEightyPercentOfDramPeak) {
  const GpuConfig cfg = bench_config();
  const uint32_t sms = 16;
  const uint64_t lines = 60000;
  MemBench b("bench", cfg, sms, 64, [&](uint32_t sm, uint64_t i, GenRequest& r) {
    const uint64_t line = i * sms + sm;
    r.addr = 0x4000000 + line * 128;
    return line < lines;
  });
  sc_core::sc_start();
  ASSERT_EQ(b.gen.received, lines);
  const double bw = double(b.gen.bytes_read) / b.seconds(b.gen.last_response_cycle);
  const double peak = dram_peak_bytes_per_s(cfg.mem, cfg.clock);
  StatsMap m = b.stats();
  std::printf("DRAM streaming: %.1f GB/s of %.1f GB/s peak (%.1f %%), row hits %.0f misses %.0f\n", bw / 1e9,
              peak / 1e9, 100 * bw / peak, m["dram_row_buffer_hits"], m["dram_row_buffer_misses"]);
  EXPECT_EQ(m["total_dram_read_requests"], double(lines));
  EXPECT_EQ(m["total_dram_reads"], 4.0 * double(lines));  // sectors, as Accel-Sim counts them
  EXPECT_GE(bw, 0.8 * peak);
  EXPECT_LE(bw, peak * 1.0001);
}

TEST(memory_system, StreamingL2HitsReachEightyPercentOfL2Peak) {
  const GpuConfig cfg = bench_config();
  const uint32_t sms = 32;
  const uint64_t region_lines = 4096;  // 512 KB: half the L2
  const uint64_t lines = region_lines * 8;
  MemBench b("bench", cfg, sms, 32, [&](uint32_t sm, uint64_t i, GenRequest& r) {
    const uint64_t k = i * sms + sm;
    r.addr = 0x200000 + (k % region_lines) * 128;
    return k < lines;
  });
  warm_l2(b.raw, b.map, 0x200000, region_lines * 128);
  sc_core::sc_start();
  ASSERT_EQ(b.gen.received, lines);
  const double bw = double(b.gen.bytes_read) / b.seconds(b.gen.last_response_cycle);
  const double peak = l2_peak_bytes_per_s(cfg.mem, cfg.clock);
  StatsMap m = b.stats();
  std::printf("L2 streaming: %.1f GB/s of %.1f GB/s peak (%.1f %%)\n", bw / 1e9, peak / 1e9, 100 * bw / peak);
  EXPECT_EQ(m["L2.misses"], 0.0);
  EXPECT_EQ(m["total_dram_reads"], 0.0);
  EXPECT_GE(bw, 0.8 * peak);
}

// SMs that refuse their responses most of the time: every request still completes exactly once.
TEST(memory_system, BackPressureLosesNothing) {
  const GpuConfig cfg = bench_config();
  const uint32_t sms = 8;
  const uint64_t per_sm = 600;
  MemBench b("bench", cfg, sms, 48, [&](uint32_t sm, uint64_t i, GenRequest& r) {
    // Mixed reads and writes over a region larger than the L2 (misses, evictions, writebacks).
    const uint64_t k = i * sms + sm;
    r.addr = 0x1000000 + (k * 7919 % 40000) * 128;
    r.kind = (k % 3 == 0) ? MemAccessKind::GlobalWrite : MemAccessKind::GlobalRead;
    r.sectors = uint8_t(1u << (k % 4)) | 0x1;
    return i < per_sm;
  });
  b.gen.accept_responses = [](uint32_t sm, uint64_t cycle) { return (cycle + sm * 37) % 200 < 20; };
  sc_core::sc_start();
  StatsMap m = b.stats();
  EXPECT_EQ(b.gen.sent, sms * per_sm);
  EXPECT_EQ(b.gen.received, b.gen.sent);
  // The slices set the status when they execute a request; the crossbar passes it on.
  EXPECT_EQ(b.gen.not_ok, 0u);
  EXPECT_EQ(b.gen.pool.in_use(), 0u);
  EXPECT_GT(m["icnt_out_stalls"], 0.0);  // the stall really pushed back into the crossbar
  EXPECT_EQ(m["L2.slice_requests"], double(b.gen.sent));
  EXPECT_EQ(m["L2.slice_responses"], double(b.gen.sent));
  EXPECT_EQ(m["icnt_req_packets"], double(b.gen.sent));
  EXPECT_EQ(m["icnt_reply_packets"], double(b.gen.sent));
  EXPECT_EQ(m["L2.read_accesses"] + m["L2.write_accesses"], double(b.gen.sent));
  // Every L2 read miss became exactly one DRAM read request, and every missed sector one
  // Accel-Sim-style sector read.
  EXPECT_EQ(m["total_dram_read_requests"], m["L2.read_misses"]);
  EXPECT_EQ(m["total_dram_reads"], m["L2_total_cache_misses"] - m["L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]"] -
                                        m["L2_cache_stats_breakdown[GLOBAL_ACC_W][SECTOR_MISS]"]);
  EXPECT_GE(m["total_dram_writes"], 0.0);
}

// Skipping idle partitions (simulation gating) must not change any figure. Both benches live in
// one elaboration and run side by side.
TEST(memory_system, IdleSkippingDoesNotChangeResults) {
  const GpuConfig cfg = bench_config();
  auto next = [](uint32_t sm, uint64_t i, GenRequest& r) {
    r.addr = 0x300000 + (i * 4 + sm) * 4096 + (i % 3) * 128;
    r.kind = i % 5 == 0 ? MemAccessKind::GlobalWrite : MemAccessKind::GlobalRead;
    return i < 300;
  };
  MemBench gated("gated", cfg, 4, 8, next), full("full", cfg, 4, 8, next);
  full.skip_idle = false;
  sc_core::sc_start();
  EXPECT_EQ(gated.gen.received, 1200u);
  EXPECT_EQ(gated.gen.latency_sum, full.gen.latency_sum);
  EXPECT_EQ(gated.gen.last_response_cycle, full.gen.last_response_cycle);
  StatsMap a = gated.stats(), b = full.stats();
  for (const char* k : {"L2.hits", "L2.misses", "total_dram_reads", "total_dram_writes", "dram_row_buffer_hits"})
    EXPECT_EQ(a[k], b[k]) << k;
  // Cycle counters too: a skipped idle channel counts its skipped cycles as no-command cycles.
  for (const char* k : {"dram[0].n_cmd", "dram[0].n_nop", "dram[0].n_activity", "dram[0].bw_util", "dram[3].n_cmd",
                        "dram[3].n_nop"})
    EXPECT_EQ(a[k], b[k]) << k;
  EXPECT_GT(a["dram[0].n_nop"], 0.0);
}

}  // namespace
}  // namespace gpucosim

namespace gpucosim {
namespace {

// A host-to-device copy much larger than the L2 leaves the L2 exactly as installing only its tail
// (trim_copy_to_l2_tail) does: every line of the copy is present in one iff in the other, with
// the same sectors. (This is what keeps a 1 TB MemcpyHtoD from taking minutes.) With the Fermi
// hash set index, a partial first and last line and a start off a line boundary.
TEST(memory_system, HugeCopyWarmsTheL2AsItsTailDoes) {
  GpuConfig cfg = test::bench_config();
  cfg.mem.l2.set_index = 'H';
  const uint64_t l2_bytes = uint64_t(cfg.mem.n_partitions()) * cfg.mem.l2.size_bytes();
  const uint64_t addr = 0x7f0000100040, bytes = 40 * l2_bytes + 72;
  MemBench whole("whole", cfg, 1, 1, [](uint32_t, uint64_t, GenRequest&) { return false; });
  MemBench tail("tail", cfg, 1, 1, [](uint32_t, uint64_t, GenRequest&) { return false; });
  warm_l2(whole.raw, whole.map, addr, bytes);
  uint64_t t_addr = addr, t_bytes = bytes;
  trim_copy_to_l2_tail(t_addr, t_bytes, l2_bytes);
  ASSERT_LT(t_bytes, bytes);
  EXPECT_EQ(t_addr + t_bytes, addr + bytes);
  EXPECT_EQ(t_addr % 128, 0u);
  warm_l2(tail.raw, tail.map, t_addr, t_bytes);
  uint64_t present = 0;
  for (uint64_t a = addr & ~uint64_t(127); a < addr + bytes; a += 128) {
    const DecodedAddress d = whole.map.decode(a);
    const uint8_t w = whole.raw[d.channel]->slice(d.sub).cache().valid_sectors(d.local);
    const uint8_t t = tail.raw[d.channel]->slice(d.sub).cache().valid_sectors(d.local);
    ASSERT_EQ(w, t) << std::hex << "line 0x" << a;
    present += w != 0;
  }
  // The L2 ends full of the copy's last lines.
  EXPECT_EQ(present, l2_bytes / 128);
  // Copies that fit are left whole.
  uint64_t s_addr = addr, s_bytes = 3 * l2_bytes;
  trim_copy_to_l2_tail(s_addr, s_bytes, l2_bytes);
  EXPECT_EQ(s_addr, addr);
  EXPECT_EQ(s_bytes, 3 * l2_bytes);
}

}  // namespace
}  // namespace gpucosim
