// The cache's failure replay (a retry of the access that failed last, the cache unchanged since,
// is counted again instead of worked out again: Cache::set_failure_replay) is an optimisation
// only: with it on and off, a random stream of accesses, retries, fills, miss-queue pops, installs
// and atomics must give the same results, the same requests and the same counters, the kernel
// ledgers and Accel-Sim's sector statistics included.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "systemc/memory/cache/cache.h"
#include "tests/memory/cache_test_util.h"

namespace gpucosim {
namespace {

struct Trace {
  std::vector<uint64_t> events;  // results, requests and fills in order
  StatsMap stats;
};

Trace run(const CacheConfig& cfg, bool replay, uint32_t seed) {
  Cache c(cfg);
  c.set_failure_replay(replay);
  Trace out;
  auto& ev = out.events;
  uint32_t x = seed;
  auto rnd = [&] { return (x = x * 1103515245u + 12345u) >> 8; };
  std::vector<CacheRequest> fetches;  // Read requests taken from the miss queue, to fill later
  CacheAccess last;
  bool last_failed = false;
  uint64_t token = 1;
  for (int step = 0; step < 30000; ++step) {
    const uint32_t op = rnd() % 16;
    if (op < 8) {  // an access: the failed one again (a blocked request retried) or a new one
      CacheAccess a = last;
      if (!last_failed || rnd() % 4 == 0) {
        a = CacheAccess{};
        a.addr = uint64_t(rnd() % 48) * 128 + (rnd() % 4) * 32;
        a.sectors = uint8_t(rnd() % 16);
        a.is_write = rnd() % 3 == 0;
        a.full_sectors = uint8_t(rnd() % 16);
        a.local = rnd() % 2;
        a.write_back_allocate = rnd() % 8 == 0;
        a.evict_first = rnd() % 16 == 0;
        a.token = token++;
        a.requester = uint8_t(rnd() % 3);
        a.kernel = 1 + rnd() % 2;
        a.count_sectors = uint8_t(rnd() % 16);
        a.type = rnd() % 2 ? CacheAccessType::Count : CacheAccessType::LocalRead;
      }
      const CacheAccessResult r = c.access(a, uint64_t(step));
      ev.insert(ev.end(), {uint64_t(r.outcome), uint64_t(r.fail), uint64_t(r.wait), uint64_t(r.tag_hit),
                           uint64_t(r.fetch), uint64_t(r.forwarded), uint64_t(r.evicted), r.evicted_addr,
                           uint64_t(r.evicted_dirty), uint64_t(r.installed)});
      last = a;
      last_failed = !r.ok();
    } else if (op < 11) {  // the next level takes a request
      if (c.has_request()) {
        const CacheRequest q = c.front_request();
        c.pop_request();
        ev.insert(ev.end(), {q.addr, q.sectors, uint64_t(q.kind), q.token, q.requester, q.kernel});
        if (q.kind == CacheRequestKind::Read) fetches.push_back(q);
      }
    } else if (op < 14) {  // a fill returns (any order)
      if (!fetches.empty()) {
        const size_t i = rnd() % fetches.size();
        const CacheRequest q = fetches[i];
        fetches.erase(fetches.begin() + long(i));
        for (const MshrWaiter& w : c.fill(q.addr, q.sectors, uint64_t(step), q.kernel))
          ev.insert(ev.end(), {w.token, w.sectors, uint64_t(w.is_write)});
      }
    } else if (op == 14) {
      ev.push_back(c.install(uint64_t(rnd() % 48) * 128, uint8_t(rnd() % 16), rnd() % 2, 1 + rnd() % 2));
    } else {
      ev.push_back(c.mark_dirty(uint64_t(rnd() % 48) * 128, uint8_t(rnd() % 16)));
    }
  }
  c.collect(out.stats, "c.");
  for (uint32_t k : {1u, 2u}) c.collect_launch(out.stats, "k" + std::to_string(k) + ".", k);
  c.sector_stats().collect(out.stats, "s_total_", "s_breakdown", "s_fail");
  c.sector_stats_of(1).collect(out.stats, "s1_total_", "s1_breakdown", "s1_fail");
  return out;
}

void check(const CacheConfig& cfg) {
  for (uint32_t seed : {1u, 7u, 12345u}) {
    const Trace on = run(cfg, true, seed), off = run(cfg, false, seed);
    ASSERT_EQ(on.events, off.events) << "seed " << seed;
    EXPECT_EQ(on.stats, off.stats) << "seed " << seed;
    // The stream does exercise failures (else the test would prove nothing).
    EXPECT_GT(on.stats.at("c.res_fail"), 100.0) << "seed " << seed;
  }
}

using test::cache_cfg;

TEST(memory_cache_failure_replay, SameResultsAndCountersOnAndOff) {
  // L2-like: sectored, write-back, lazy fetch on read, small miss queue and MSHR.
  check(cache_cfg(true, 4, 4, 'B', 'm', 'L', 'L', 6, 3, 2));
  // L1-like: write-through local write-back ('L'), no write-allocate, on-miss.
  check(cache_cfg(true, 2, 8, 'L', 'm', 'N', 'L', 4, 2, 2));
  // Streaming and on-fill allocation, fetch-on-write and naive write-allocate, non-sectored.
  check(cache_cfg(true, 2, 4, 'T', 's', 'F', 'L', 4, 2, 1));
  check(cache_cfg(false, 4, 2, 'B', 'f', 'W', 'L', 3, 2, 2, 'F'));
  check(cache_cfg(false, 2, 4, 'E', 'm', 'N', 'L', 2, 8, 3));
}

}  // namespace
}  // namespace gpucosim
