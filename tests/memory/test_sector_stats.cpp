// Accel-Sim's per-sector view of cache traffic (systemc/memory/cache/sector_stats.h): what the
// L1D_total_cache_* / L2_total_cache_* statistics and their breakdowns count.
#include <gtest/gtest.h>

#include "systemc/memory/cache/cache.h"
#include "tests/memory/cache_test_util.h"

namespace gpucosim {
namespace {

using test::cache_cfg;
using T = CacheAccessType;
using S = SectorStatus;

CacheAccess read(uint64_t addr, uint8_t sectors, uint64_t token, uint8_t count = kFullSectorMask) {
  CacheAccess a;
  a.addr = addr;
  a.sectors = sectors;
  a.token = token;
  a.count_sectors = count;
  return a;
}

TEST(memory_sector_stats, OneAccessPerSectorWithAccelSimStatuses) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L'));
  // Absent line, 4 sectors: the first allocates the line (MISS), the others find it (SECTOR_MISS).
  ASSERT_TRUE(c.access(read(0x1000, 0xF, 1), 0).ok());
  // Same sectors again while in flight: 4 pending hits, each merged into the MSHR.
  ASSERT_TRUE(c.access(read(0x1000, 0xF, 2), 1).ok());
  c.pop_request();
  c.fill(0x1000, 0xF, 10);
  // Valid now: 2 hits.
  ASSERT_TRUE(c.access(read(0x1000, 0x3, 3), 11).ok());
  const SectorStats& s = c.sector_stats();
  EXPECT_EQ(s.count(T::GlobalRead, S::Miss), 1u);
  EXPECT_EQ(s.count(T::GlobalRead, S::SectorMiss), 3u);
  EXPECT_EQ(s.count(T::GlobalRead, S::HitReserved), 4u);
  EXPECT_EQ(s.count(T::GlobalRead, S::MshrHit), 4u);
  EXPECT_EQ(s.count(T::GlobalRead, S::Hit), 2u);
  EXPECT_EQ(s.accesses(), 10u);
  EXPECT_EQ(s.misses(), 4u);
  // The cache's own per-request view of the same traffic: 3 accesses.
  EXPECT_EQ(c.counters().accesses[0], 3u);

  StatsMap m;
  s.collect(m, "L2_total_cache_", "L2_cache_stats_breakdown", "L2_cache_stats_fail_breakdown");
  EXPECT_EQ(m["L2_total_cache_accesses"], 10.0);
  EXPECT_EQ(m["L2_total_cache_misses"], 4.0);
  EXPECT_EQ(m["L2_total_cache_pending_hits"], 4.0);
  EXPECT_EQ(m["L2_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]"], 3.0);
  EXPECT_EQ(m["L2_cache_stats_breakdown[GLOBAL_ACC_R][TOTAL_ACCESS]"], 10.0);  // MSHR_HIT not added
  EXPECT_EQ(m.count("L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]"), 0u);      // no write traffic
}

TEST(memory_sector_stats, SectorsAnEarlierRequestCountedAreNotCountedAgain) {
  Cache c(cache_cfg(true, 4, 4, 'T', 'm', 'L'));
  // Two sub-warp groups of one instruction ask for sector 0; only the first counts it.
  ASSERT_TRUE(c.access(read(0x2000, 0x1, 1, 0x1), 0).ok());
  ASSERT_TRUE(c.access(read(0x2000, 0x3, 2, 0x2), 1).ok());
  EXPECT_EQ(c.sector_stats().accesses(), 2u);
  EXPECT_EQ(c.sector_stats().count(T::GlobalRead, S::Miss), 1u);
  EXPECT_EQ(c.sector_stats().count(T::GlobalRead, S::SectorMiss), 1u);
  EXPECT_EQ(c.sector_stats().count(T::GlobalRead, S::HitReserved), 0u);
  EXPECT_EQ(c.counters().accesses[0], 2u);
}

TEST(memory_sector_stats, ReservationFailsCountEverySectorOfEveryAttemptWithTheReason) {
  Cache c(cache_cfg(true, 4, 4, 'B', 'm', 'L', 'L', 8, 4, /*missq=*/1));
  ASSERT_TRUE(c.access(read(0x1000, 0x1, 1), 0).ok());
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(c.access(read(0x3000, 0x3, 2), uint64_t(1 + i)).ok());
  const SectorStats& s = c.sector_stats();
  EXPECT_EQ(s.count(T::GlobalRead, S::ReservationFail), 6u);
  EXPECT_EQ(s.accesses(), 1u);  // failed attempts are not accesses
  StatsMap m;
  s.collect(m, "L1D_total_cache_", "B", "F");
  EXPECT_EQ(m["L1D_total_cache_reservation_fails"], 6.0);
  EXPECT_EQ(m["F[GLOBAL_ACC_R][MISS_QUEUE_FULL]"], 6.0);
}

TEST(memory_sector_stats, WritesAndAccessTypesAreKeptApart) {
  Cache c(cache_cfg(true, 4, 4, 'T', 'm', 'L'));
  CacheAccess w;
  w.addr = 0x4000;
  w.sectors = 0xF;
  w.is_write = true;
  ASSERT_TRUE(c.access(w, 0).ok());  // write-allocates (lazy fetch-on-read): MISS + 3 SECTOR_MISS
  CacheAccess l = read(0x5000, 0x1, 3);
  l.type = T::LocalRead;
  ASSERT_TRUE(c.access(l, 1).ok());
  const SectorStats& s = c.sector_stats();
  EXPECT_EQ(s.count(T::GlobalWrite, S::Miss), 1u);
  EXPECT_EQ(s.count(T::GlobalWrite, S::SectorMiss), 3u);
  EXPECT_EQ(s.count(T::GlobalWrite, S::MshrHit), 0u);
  EXPECT_EQ(s.count(T::LocalRead, S::Miss), 1u);
  EXPECT_EQ(s.count(T::GlobalRead, S::Miss), 0u);
}

TEST(memory_sector_stats, NonSectoredCacheCountsOneAccessPerRequest) {
  Cache c(cache_cfg(false, 4, 4, 'T', 'm', 'N'));
  ASSERT_TRUE(c.access(read(0x2000, 0x3, 1), 0).ok());
  ASSERT_TRUE(c.access(read(0x2000, 0xC, 2), 1).ok());
  EXPECT_EQ(c.sector_stats().accesses(), 2u);
  EXPECT_EQ(c.sector_stats().count(T::GlobalRead, S::Miss), 1u);
  EXPECT_EQ(c.sector_stats().count(T::GlobalRead, S::HitReserved), 1u);
}

}  // namespace
}  // namespace gpucosim
