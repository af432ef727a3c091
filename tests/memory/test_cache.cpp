// The generic cache (systemc/memory/cache): outcomes, replacement, MSHRs, write policies.
#include <gtest/gtest.h>

#include <set>

#include "systemc/memory/cache/cache.h"
#include "systemc/memory/cache/tag_array.h"
#include "tests/memory/cache_test_util.h"

namespace gpucosim {
namespace {

using test::cache_cfg;

std::vector<uint64_t> tokens(const std::vector<MshrWaiter>& w) {
  std::vector<uint64_t> t;
  for (const auto& x : w) t.push_back(x.token);
  return t;
}

TEST(memory_cache, SectorMissFetchesOnlyMissingSectorsThenHits) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L'));
  auto r = c.access(0x1000, 0x1, false, 0, 7);
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_FALSE(r.tag_hit);
  EXPECT_EQ(r.fetch, 0x1);
  ASSERT_TRUE(c.has_request());
  EXPECT_EQ(c.front_request().addr, 0x1000u);
  EXPECT_EQ(c.front_request().sectors, 0x1);
  EXPECT_EQ(c.front_request().kind, CacheRequestKind::Read);
  c.pop_request();
  EXPECT_EQ(tokens(c.fill(0x1000, 0x1, 10)), std::vector<uint64_t>{7});
  EXPECT_EQ(c.access(0x1010, 0x1, false, 11).outcome, CacheOutcome::HIT);
  // Sector 2 of the same line: tag hit, sector miss, only that sector is fetched.
  r = c.access(0x1040, 0x4, false, 12, 8);
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_TRUE(r.tag_hit);
  EXPECT_EQ(r.fetch, 0x4);
  // Sectors 0 and 2: 0 is valid, 2 is in flight -> merged.
  r = c.access(0x1000, 0x5, false, 13, 9);
  EXPECT_EQ(r.outcome, CacheOutcome::HIT_RESERVED);
  EXPECT_EQ(tokens(c.fill(0x1040, 0x4, 20)), (std::vector<uint64_t>{8, 9}));
  const auto& k = c.counters();
  EXPECT_EQ(k.accesses[0], 4u);
  EXPECT_EQ(k.hits[0], 1u);
  EXPECT_EQ(k.misses[0], 2u);
  EXPECT_EQ(k.sector_misses, 1u);
  EXPECT_EQ(k.hit_reserved[0], 1u);
  EXPECT_EQ(k.tag_hits, 3u);
  StatsMap m;
  c.collect(m, "L2.");
  EXPECT_EQ(m["L2.accesses"], 4.0);
  EXPECT_EQ(m["L2.hits"] + m["L2.misses"] + m["L2.hit_reserved"], m["L2.accesses"]);
}

TEST(memory_cache, NonSectoredCacheFetchesWholeLine) {
  Cache c(cache_cfg(false, 4, 4, 'T', 'm', 'N'));
  auto r = c.access(0x2000, 0x2, false, 0, 1);
  EXPECT_EQ(r.fetch, kFullSectorMask);
  c.fill(0x2000, 0x0, 5);
  EXPECT_EQ(c.access(0x2060, 0x8, false, 6).outcome, CacheOutcome::HIT);
}

// 1 set x 2 ways: after A, B, touch A, the next line evicts B under LRU and A under FIFO.
void replacement_order(char repl, uint64_t expect_evicted) {
  Cache c(cache_cfg(false, 1, 2, 'B', 'm', 'L', 'L', 8, 4, 8, repl));
  for (uint64_t a : {0x000ull, 0x080ull}) {
    c.access(a, 0xF, false, 0);
    c.fill(a, 0xF, 1);
  }
  EXPECT_EQ(c.access(0x000, 0xF, false, 2).outcome, CacheOutcome::HIT);
  auto r = c.access(0x100, 0xF, false, 3);
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_TRUE(r.evicted);
  EXPECT_EQ(r.evicted_addr, expect_evicted);
  EXPECT_EQ(r.evicted_dirty, 0);
}
TEST(memory_cache, LruEvictsLeastRecentlyUsed) { replacement_order('L', 0x080); }
TEST(memory_cache, FifoEvictsOldest) { replacement_order('F', 0x000); }

TEST(memory_cache, MshrMergesUpToMaxThenFails) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L', 'L', 8, 4));
  EXPECT_EQ(c.access(0x0, 0x1, false, 0, 100).outcome, CacheOutcome::MISS);
  for (uint64_t t = 101; t < 104; ++t) EXPECT_EQ(c.access(0x0, 0x1, false, 1, t).outcome, CacheOutcome::HIT_RESERVED);
  auto r = c.access(0x0, 0x1, false, 2, 104);
  EXPECT_EQ(r.outcome, CacheOutcome::RESERVATION_FAIL);
  EXPECT_EQ(r.fail, ReservationFail::MergeLimit);
  EXPECT_EQ(c.counters().res_fail[int(ReservationFail::MergeLimit)], 1u);
  EXPECT_EQ(c.requests_queued(), 1u);  // only the first access went down
  EXPECT_EQ(tokens(c.fill(0x0, 0x1, 50)), (std::vector<uint64_t>{100, 101, 102, 103}));
  EXPECT_EQ(c.access(0x0, 0x1, false, 51, 104).outcome, CacheOutcome::HIT);  // the retry now hits
}

TEST(memory_cache, MshrFullIsAReservationFailure) {
  Cache c(cache_cfg(true, 16, 4, 'B', 'm', 'L', 'L', 2, 4, 16));
  EXPECT_EQ(c.access(0x0000, 0x1, false, 0).outcome, CacheOutcome::MISS);
  EXPECT_EQ(c.access(0x1000, 0x1, false, 0).outcome, CacheOutcome::MISS);
  auto r = c.access(0x2000, 0x1, false, 0);
  EXPECT_EQ(r.fail, ReservationFail::MshrFull);
  c.fill(0x0000, 0x1, 5);
  EXPECT_EQ(c.access(0x2000, 0x1, false, 6).outcome, CacheOutcome::MISS);
}

TEST(memory_cache, SectorMshrCountsSectors) {
  Cache c(cache_cfg(true, 16, 4, 'B', 'm', 'L', 'L', 4, 4, 16, 'L', 'S'));
  EXPECT_EQ(c.access(0x0000, 0x7, false, 0).outcome, CacheOutcome::MISS);  // 3 sectors in flight
  EXPECT_EQ(c.access(0x1000, 0x1, false, 0).outcome, CacheOutcome::MISS);  // 4th
  EXPECT_EQ(c.access(0x2000, 0x1, false, 0).fail, ReservationFail::MshrFull);
}

TEST(memory_cache, OnMissAllocationFailsWhenAllWaysReservedButOnFillDoesNot) {
  Cache m(cache_cfg(true, 1, 2, 'B', 'm', 'L', 'L', 8, 4, 8));
  EXPECT_EQ(m.access(0x000, 0x1, false, 0).outcome, CacheOutcome::MISS);
  EXPECT_EQ(m.access(0x080, 0x1, false, 0).outcome, CacheOutcome::MISS);
  auto r = m.access(0x100, 0x1, false, 0);
  EXPECT_EQ(r.outcome, CacheOutcome::RESERVATION_FAIL);
  EXPECT_EQ(r.fail, ReservationFail::LineAlloc);

  Cache f(cache_cfg(true, 1, 2, 'B', 'f', 'L', 'L', 8, 4, 8));
  for (uint64_t a : {0x000ull, 0x080ull, 0x100ull}) EXPECT_EQ(f.access(a, 0x1, false, 0).outcome, CacheOutcome::MISS);
  // Lines are placed when filled; the third fill evicts the least recently used.
  f.fill(0x000, 0x1, 1);
  f.fill(0x080, 0x1, 2);
  f.fill(0x100, 0x1, 3);
  EXPECT_EQ(f.valid_sectors(0x000), 0);
  EXPECT_EQ(f.valid_sectors(0x100), 0x1);
}

TEST(memory_cache, MissQueueFullIsAReservationFailure) {
  Cache c(cache_cfg(true, 16, 4, 'B', 'm', 'L', 'L', 8, 4, 2));
  c.access(0x0000, 0x1, false, 0);
  c.access(0x1000, 0x1, false, 0);
  EXPECT_EQ(c.access(0x2000, 0x1, false, 0).fail, ReservationFail::MissQueueFull);
  c.pop_request();
  EXPECT_EQ(c.access(0x2000, 0x1, false, 1).outcome, CacheOutcome::MISS);
}

TEST(memory_cache, StreamingAllocatesOnFillWithLargeMshr) {
  Cache c(cache_cfg(true, 4, 4, 'T', 's', 'L', 'L', 8, 4, 1024));
  EXPECT_EQ(c.mshr_capacity(), 4u * 4u * 4u * 4u);
  EXPECT_EQ(c.mshr_max_merge(), 64u);
  // 64 different lines of one set in flight: far more than its 4 ways, no reservation failure.
  for (uint64_t i = 0; i < 64; ++i) EXPECT_EQ(c.access(i * 4 * 128, 0x1, false, 0, i).outcome, CacheOutcome::MISS);
  EXPECT_EQ(c.counters().res_fail[int(ReservationFail::LineAlloc)], 0u);
  EXPECT_EQ(c.mshr_lines_in_flight(), 64u);
  for (uint64_t i = 0; i < 64; ++i) EXPECT_EQ(tokens(c.fill(i * 4 * 128, 0x1, 10)), std::vector<uint64_t>{i});
  EXPECT_TRUE(c.valid_sectors(63 * 4 * 128) == 0x1);
}

TEST(memory_cache, WriteThroughNoWriteAllocateDoesNotAllocate) {
  Cache c(cache_cfg(true, 4, 4, 'T', 'm', 'N'));
  auto r = c.access(0x3000, 0x1, true, 0, 42);
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_TRUE(r.forwarded);
  EXPECT_FALSE(r.wait);
  ASSERT_TRUE(c.has_request());
  EXPECT_EQ(c.front_request().kind, CacheRequestKind::Write);
  EXPECT_EQ(c.front_request().token, 42u);
  c.pop_request();
  EXPECT_FALSE(c.has_request());
  EXPECT_EQ(c.valid_sectors(0x3000), 0);
  EXPECT_EQ(c.access(0x3000, 0x1, false, 1).outcome, CacheOutcome::MISS);
}

TEST(memory_cache, WriteThroughHitForwardsAndStaysClean) {
  Cache c(cache_cfg(true, 4, 1, 'T', 'm', 'L'));
  c.access(0x0, 0x1, false, 0);
  c.pop_request();
  c.fill(0x0, 0x1, 1);
  auto r = c.access(0x0, 0x1, true, 2, 5);
  EXPECT_EQ(r.outcome, CacheOutcome::HIT);
  EXPECT_TRUE(r.forwarded);
  c.pop_request();
  r = c.access(0x4 * 128 * 1, 0x1, false, 3);  // same set (4 sets): evicts line 0, clean
  EXPECT_TRUE(r.evicted);
  EXPECT_EQ(r.evicted_dirty, 0);
}

TEST(memory_cache, WriteBackEvictionProducesWriteback) {
  Cache c(cache_cfg(true, 1, 1, 'B', 'm', 'L'));
  auto r = c.access(0x000, 0x3, true, 0);  // lazy write-allocate: no fetch
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_EQ(r.fetch, 0);
  EXPECT_FALSE(c.has_request());
  r = c.access(0x080, 0x1, false, 1, 9);  // same set, evicts the dirty line
  EXPECT_TRUE(r.evicted);
  EXPECT_EQ(r.evicted_addr, 0u);
  EXPECT_EQ(r.evicted_dirty, 0x3);
  ASSERT_TRUE(c.has_request());
  EXPECT_EQ(c.front_request().kind, CacheRequestKind::Writeback);
  EXPECT_EQ(c.front_request().addr, 0u);
  EXPECT_EQ(c.front_request().sectors, 0x3);
  c.pop_request();
  EXPECT_EQ(c.front_request().kind, CacheRequestKind::Read);
  EXPECT_EQ(c.counters().writebacks, 1u);
  EXPECT_EQ(c.counters().writeback_sectors, 2u);
}

TEST(memory_cache, LazyFetchOnReadFetchesOnlyPartiallyWrittenSectors) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L'));
  CacheAccess w;
  w.addr = 0x0;
  w.sectors = 0x3;
  w.is_write = true;
  w.full_sectors = 0x2;  // sector 0 partially written, sector 1 entirely
  EXPECT_EQ(c.access(w, 0).fetch, 0);
  EXPECT_FALSE(c.has_request());
  EXPECT_EQ(c.access(0x20, 0x2, false, 1).outcome, CacheOutcome::HIT);  // complete sector: no DRAM read
  auto r = c.access(0x00, 0x1, false, 2, 3);  // incomplete sector: one sector read
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_EQ(r.fetch, 0x1);
  c.fill(0x0, 0x1, 3);
  c.flush();  // both sectors stay dirty after the merge
  while (c.has_request() && c.front_request().kind != CacheRequestKind::Writeback) c.pop_request();
  ASSERT_TRUE(c.has_request());
  EXPECT_EQ(c.front_request().sectors, 0x3);
}

TEST(memory_cache, FetchOnWriteWaitsForPartialSectors) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'F'));
  CacheAccess w;
  w.addr = 0x0;
  w.sectors = 0x3;
  w.is_write = true;
  w.full_sectors = 0x2;
  w.token = 77;
  auto r = c.access(w, 0);
  EXPECT_EQ(r.outcome, CacheOutcome::MISS);
  EXPECT_TRUE(r.wait);
  EXPECT_EQ(r.fetch, 0x1);
  EXPECT_EQ(tokens(c.fill(0x0, 0x1, 5)), std::vector<uint64_t>{77});
}

TEST(memory_cache, NaiveWriteAllocateFetchesWholeLine) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'W'));
  auto r = c.access(0x0, 0x1, true, 0);
  EXPECT_EQ(r.fetch, 0xF);
  EXPECT_FALSE(r.wait);
}

TEST(memory_cache, WriteEvictInvalidatesOnHit) {
  Cache c(cache_cfg(false, 4, 4, 'E', 'm', 'N'));
  c.access(0x0, 0xF, false, 0);
  c.fill(0x0, 0xF, 1);
  c.pop_request();
  EXPECT_EQ(c.access(0x0, 0xF, true, 2).outcome, CacheOutcome::HIT);
  EXPECT_EQ(c.valid_sectors(0x0), 0);
  EXPECT_EQ(c.front_request().kind, CacheRequestKind::Write);
}

TEST(memory_cache, LocalWriteBackGlobalWriteThrough) {
  Cache c(cache_cfg(true, 4, 4, 'L', 'm', 'L'));
  CacheAccess w;
  w.addr = 0x0;
  w.is_write = true;
  w.local = true;
  EXPECT_FALSE(c.access(w, 0).forwarded);
  w.addr = 0x1000;
  w.local = false;
  EXPECT_TRUE(c.access(w, 0).forwarded);
}

TEST(memory_cache, InstallWarmsWithoutTraffic) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L'));
  EXPECT_TRUE(c.install(0x5000, 0xF));
  EXPECT_FALSE(c.has_request());
  EXPECT_EQ(c.access(0x5000, 0xF, false, 0).outcome, CacheOutcome::HIT);
}

TEST(memory_cache, RejectsBadConfig) {
  auto cfg = cache_cfg(true, 4, 4, 'B', 'm', 'L');
  cfg.write_policy = 'Q';
  EXPECT_THROW(Cache{cfg}, std::invalid_argument);
  cfg = cache_cfg(true, 4, 4, 'B', 'm', 'L', 'Z');
  EXPECT_THROW(Cache{cfg}, std::invalid_argument);
}

// The tag array's fingerprint lookup and list-based victim choice answer exactly what scanning
// every way answers, under random installs, touches, pins (pending sectors) and invalidations,
// for associativities below, at and above one 8-way fingerprint group, LRU and FIFO.
TEST(memory_cache, TagArrayFindAndVictimMatchTheScans) {
  for (char repl : {'L', 'F'})
    for (uint32_t assoc : {1u, 6u, 20u, 24u, 36u, 256u}) {
      TagArray t(4, assoc, repl);
      uint32_t x = 99;
      auto rnd = [&] { return x = x * 1103515245u + 12345u, x >> 8; };
      for (int step = 0; step < 20000; ++step) {
        const uint32_t set = rnd() % 4;
        const uint64_t line = rnd() % (3 * assoc + 5);  // lines recur: hits, misses, reinstalls
        const int way = t.find(set, line);
        ASSERT_EQ(way, t.find_by_scan(set, line)) << repl << assoc << " step " << step;
        const int v = t.victim(set);
        ASSERT_EQ(v, t.victim_by_scan(set)) << repl << assoc << " step " << step;
        switch (rnd() % 6) {
          case 0:
          case 1:
            if (way >= 0) t.touch(set, way);
            break;
          case 2:
          case 3:
            if (way < 0 && v >= 0) t.install(set, v, line);
            break;
          case 4: {  // pin or unpin a way (a fill on its way)
            const int w = int(rnd() % assoc);
            if (t.tag(set, w) != TagArray::kNoTag) t.state(set, w).pending ^= 1;
            break;
          }
          default:
            if (way >= 0 && rnd() % 4 == 0) t.invalidate(set, way);
            break;
        }
      }
    }
}

}  // namespace
}  // namespace gpucosim
