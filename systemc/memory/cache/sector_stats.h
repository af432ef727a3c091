#pragma once
// Accel-Sim's view of a cache's traffic (GPGPU-Sim's cache_stats), kept beside the cache's own
// per-request counters so that statistics printed under Accel-Sim's names mean what Accel-Sim's
// mean. Accel-Sim sends every 32-byte sector of a sectored cache as its own memory fetch, so:
//   * one access per sector a warp instruction touches (a request for k sectors is k accesses;
//     the caller says which sectors an earlier request of the same instruction already counted,
//     CacheAccess::count_sectors), one per request for a non-sectored cache;
//   * each access gets one status: HIT (sector valid), HIT_RESERVED (sector already being
//     fetched; also counted as MSHR_HIT, the merge into its MSHR entry), MISS (line absent: the
//     first sector, which allocates the line), SECTOR_MISS (line present or just allocated by the
//     previous sector, sector absent), RESERVATION_FAIL (every failed attempt, once per sector,
//     with its reason in the fail breakdown);
//   * totals as Accel-Sim prints them: accesses = HIT + HIT_RESERVED + MISS + SECTOR_MISS,
//     misses = MISS + SECTOR_MISS, pending hits = HIT_RESERVED.
// Access types are Accel-Sim's mem_access_type names (GLOBAL_ACC_R, LOCAL_ACC_W, L1_WRBK_ACC ...).
#include <cstdint>
#include <string>

#include "systemc/gpu/stats.h"

namespace gpucosim {

enum class CacheAccessType : uint8_t {
  GlobalRead, LocalRead, ConstRead, TextureRead, GlobalWrite, LocalWrite, L1Writeback, L2Writeback,
  InstRead, L1WriteAllocRead, L2WriteAllocRead, Count
};
constexpr int kCacheAccessTypes = int(CacheAccessType::Count);
const char* accelsim_name(CacheAccessType t);

// Accel-Sim's cache_request_status, in its print order.
enum class SectorStatus : uint8_t { Hit, HitReserved, Miss, ReservationFail, SectorMiss, MshrHit, Count };
constexpr int kSectorStatuses = int(SectorStatus::Count);
const char* accelsim_name(SectorStatus s);

// Accel-Sim's cache_reservation_fail_reason (its spelling, "ENRTY", is the name in its logs).
enum class SectorFail : uint8_t { LineAlloc, MissQueueFull, MshrEntry, MshrMerge, MshrRwPending, Count };
constexpr int kSectorFails = int(SectorFail::Count);
const char* accelsim_name(SectorFail f);

class SectorStats {
 public:
  void add(CacheAccessType t, SectorStatus s, uint64_t n) { n_[int(t)][int(s)] += n; }
  void add_fail(CacheAccessType t, SectorFail f, uint64_t n) { fail_[int(t)][int(f)] += n; }
  uint64_t count(CacheAccessType t, SectorStatus s) const { return n_[int(t)][int(s)]; }
  uint64_t total(SectorStatus s) const;
  uint64_t accesses() const;
  uint64_t misses() const { return total(SectorStatus::Miss) + total(SectorStatus::SectorMiss); }

  // Adds <total>accesses, misses, hits, pending_hits, reservation_fails (e.g. total =
  // "L1D_total_cache_"), and for every access type with traffic <breakdown>[TYPE][STATUS] with
  // Accel-Sim's [TYPE][TOTAL_ACCESS], and each non-zero <fail>[TYPE][REASON].
  void collect(StatsMap& m, const std::string& total, const std::string& breakdown, const std::string& fail) const;

 private:
  uint64_t n_[kCacheAccessTypes][kSectorStatuses] = {};
  uint64_t fail_[kCacheAccessTypes][kSectorFails] = {};
};

}  // namespace gpucosim
