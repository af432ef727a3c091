// The DRAM channel's column and row command scan shortcuts (a fruitless scan is not repeated until the queue or a
// bank changes or the earliest timing it waited on passes) is an optimisation only: with it on
// and off, a random stream of reads and writes must give the same returns on the same cycles and
// the same counters.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/memory/address_map.h"
#include "systemc/memory/dram_channel.h"

namespace gpucosim {
namespace {

struct Trace {
  std::vector<std::pair<uint64_t, uint64_t>> returns;  // (cycle, token)
  StatsMap stats;
};

Trace run(DramScheduler sched, bool dual_bus, bool shortcut, uint32_t seed) {
  MemoryConfig m;
  m.n_channels = 1;
  m.sub_partitions = 2;
  m.scheduler = sched;
  m.dual_bus_interface = dual_bus;
  AddressMap map(m);
  DramChannel ch(m, map, 0, m.dram_latency);
  ch.set_scan_shortcuts(shortcut);
  Trace out;
  uint32_t x = seed;
  auto rnd = [&] { return (x = x * 1103515245u + 12345u) >> 8; };
  uint64_t token = 1;
  for (uint64_t c = 1; c < 20000; ++c) {
    ch.tick(c);
    // Bursts of requests to few rows (row hits, conflicts and idle gaps alike).
    if (c < 15000 && (c / 500) % 3 != 2 && rnd() % 3 == 0 && ch.can_accept()) {
      const uint64_t bank = rnd() % 16, row = rnd() % 4, col = rnd() % 8;
      const DecodedAddress d = map.decode((row << 15) | (col << 12) | (bank << 8));
      DramRequest r;
      r.addr = d.local;
      r.sectors = uint8_t(1 + rnd() % 15);
      r.write = rnd() % 4 == 0;
      r.sub = uint8_t(d.sub);
      r.token = token++;
      ch.push(r);
    }
    for (uint32_t s = 0; s < m.sub_partitions; ++s)
      if (ch.has_return(s) && rnd() % 2) {  // returns taken late sometimes: the return queue fills
        out.returns.emplace_back(c, ch.front_return(s).token);
        ch.pop_return(s);
      }
  }
  ch.collect(out.stats, "dram.", 20000);
  return out;
}

void check(DramScheduler sched, bool dual_bus) {
  for (uint32_t seed : {1u, 7u, 12345u}) {
    const Trace a = run(sched, dual_bus, true, seed), b = run(sched, dual_bus, false, seed);
    EXPECT_GT(a.returns.size(), 100u);
    EXPECT_EQ(a.returns, b.returns) << "seed " << seed;
    EXPECT_EQ(a.stats, b.stats) << "seed " << seed;
  }
}

TEST(memory_dram_scan_shortcuts, IdenticalFrfcfs) { check(DramScheduler::FRFCFS, false); }
TEST(memory_dram_scan_shortcuts, IdenticalFcfs) { check(DramScheduler::FCFS, false); }
TEST(memory_dram_scan_shortcuts, IdenticalDualBus) { check(DramScheduler::FRFCFS, true); }

}  // namespace
}  // namespace gpucosim
