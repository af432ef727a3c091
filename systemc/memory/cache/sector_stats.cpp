#include "systemc/memory/cache/sector_stats.h"

namespace gpucosim {

const char* accelsim_name(CacheAccessType t) {
  static const char* const kNames[kCacheAccessTypes] = {
      "GLOBAL_ACC_R", "LOCAL_ACC_R", "CONST_ACC_R", "TEXTURE_ACC_R", "GLOBAL_ACC_W", "LOCAL_ACC_W",
      "L1_WRBK_ACC",  "L2_WRBK_ACC", "INST_ACC_R",  "L1_WR_ALLOC_R", "L2_WR_ALLOC_R"};
  return int(t) < kCacheAccessTypes ? kNames[int(t)] : "?";
}

const char* accelsim_name(SectorStatus s) {
  static const char* const kNames[kSectorStatuses] = {"HIT",         "HIT_RESERVED", "MISS",
                                                      "RESERVATION_FAIL", "SECTOR_MISS", "MSHR_HIT"};
  return int(s) < kSectorStatuses ? kNames[int(s)] : "?";
}

const char* accelsim_name(SectorFail f) {
  static const char* const kNames[kSectorFails] = {"LINE_ALLOC_FAIL", "MISS_QUEUE_FULL", "MSHR_ENRTY_FAIL",
                                                   "MSHR_MERGE_ENRTY_FAIL", "MSHR_RW_PENDING"};
  return int(f) < kSectorFails ? kNames[int(f)] : "?";
}

uint64_t SectorStats::total(SectorStatus s) const {
  uint64_t n = 0;
  for (int t = 0; t < kCacheAccessTypes; ++t) n += n_[t][int(s)];
  return n;
}

uint64_t SectorStats::accesses() const {
  return total(SectorStatus::Hit) + total(SectorStatus::HitReserved) + total(SectorStatus::Miss) +
         total(SectorStatus::SectorMiss);
}

void SectorStats::collect(StatsMap& m, const std::string& total_prefix, const std::string& breakdown,
                          const std::string& fail) const {
  add_stat(m, total_prefix, "accesses", double(accesses()));
  add_stat(m, total_prefix, "misses", double(misses()));
  add_stat(m, total_prefix, "hits", double(total(SectorStatus::Hit)));
  add_stat(m, total_prefix, "pending_hits", double(total(SectorStatus::HitReserved)));
  add_stat(m, total_prefix, "reservation_fails", double(total(SectorStatus::ReservationFail)));
  for (int t = 0; t < kCacheAccessTypes; ++t) {
    uint64_t any = 0, total_access = 0;
    for (int s = 0; s < kSectorStatuses; ++s) any += n_[t][s];
    if (any == 0) continue;
    // Names put together on the stack (add_stat with parts): "<breakdown>[<type>][<status>]".
    const std::string_view type = accelsim_name(CacheAccessType(t));
    for (int s = 0; s < kSectorStatuses; ++s) {
      add_stat(m, {breakdown, "[", type, "][", accelsim_name(SectorStatus(s)), "]"}, double(n_[t][s]));
      // Accel-Sim's TOTAL_ACCESS leaves out failed attempts and MSHR_HIT (a kind of HIT_RESERVED).
      if (SectorStatus(s) != SectorStatus::ReservationFail && SectorStatus(s) != SectorStatus::MshrHit)
        total_access += n_[t][s];
    }
    add_stat(m, {breakdown, "[", type, "][TOTAL_ACCESS]"}, double(total_access));
    for (int f = 0; f < kSectorFails; ++f)
      if (fail_[t][f]) add_stat(m, {fail, "[", type, "][", accelsim_name(SectorFail(f)), "]"}, double(fail_[t][f]));
  }
}

}  // namespace gpucosim
