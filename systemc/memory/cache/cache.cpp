#include "systemc/memory/cache/cache.h"

#include <stdexcept>

namespace gpucosim {

namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("cache config: " + what);
}

bool streaming(const CacheConfig& c) { return c.alloc_policy == 's'; }

uint32_t mshr_entries(const CacheConfig& c, const Cache::Options& o) {
  if (!streaming(c)) return c.mshr_entries;
  return c.nsets * c.assoc * o.streaming_mshr_multiplier * (c.sectored ? 4 : 1);
}
uint32_t mshr_merge(const CacheConfig& c, const Cache::Options& o) {
  return streaming(c) ? o.streaming_max_merge : c.mshr_max_merge;
}

const CacheConfig& validated(const CacheConfig& c) {
  require(c.enabled, "a disabled cache ('none') cannot be instantiated");
  require(is_pow2(c.line_bytes), "line size must be a power of two");
  require(!c.sectored || c.line_bytes == 4 * kSectorBytes, "sectored caches need 128-byte lines (4 x 32 B)");
  require(std::string("RBTEL").find(c.write_policy) != std::string::npos, "write policy must be R, B, T, E or L");
  require(std::string("mfs").find(c.alloc_policy) != std::string::npos, "allocation policy must be m, f or s");
  require(std::string("NWFL").find(c.write_alloc) != std::string::npos, "write-allocate policy must be N, W, F or L");
  require(std::string("ASFT").find(c.mshr_type) != std::string::npos, "MSHR type must be A, S, F or T");
  require(c.miss_queue > 0, "miss queue must hold at least one request");
  return c;
}

}  // namespace

const char* to_string(CacheOutcome o) {
  switch (o) {
    case CacheOutcome::HIT: return "HIT";
    case CacheOutcome::HIT_RESERVED: return "HIT_RESERVED";
    case CacheOutcome::MISS: return "MISS";
    case CacheOutcome::RESERVATION_FAIL: return "RESERVATION_FAIL";
  }
  return "?";
}

const char* to_string(ReservationFail f) {
  switch (f) {
    case ReservationFail::None: return "none";
    case ReservationFail::LineAlloc: return "line_alloc";
    case ReservationFail::MshrFull: return "mshr_full";
    case ReservationFail::MergeLimit: return "merge_limit";
    case ReservationFail::MissQueueFull: return "miss_queue_full";
  }
  return "?";
}

Cache::Cache(const CacheConfig& cfg, const Options& opt)
    : cfg_(validated(cfg)),
      sectored_(cfg.sectored),
      alloc_on_fill_(cfg.alloc_policy != 'm'),
      line_shift_(log2_floor(cfg.line_bytes)),
      // 'P' as GPGPU-Sim's cache set index: only the higher bits its IPOLY tables read.
      index_(cfg.set_index, cfg.nsets, log2_floor(cfg.line_bytes), /*gpgpusim_ipoly=*/true),
      tags_(cfg.nsets, cfg.assoc, cfg.replacement),
      // GPGPU-Sim keys MSHR entries by mshr_addr(), the address aligned to the cache's atom: the
      // 32-byte sector of a sectored cache, the line otherwise. So a sectored cache tracks (and
      // limits merges) per sector whatever its <mshr_type> letter ('A' or 'S').
      mshr_(mshr_entries(cfg, opt), mshr_merge(cfg, opt), cfg.mshr_type == 'S' || cfg.sectored),
      missq_(cfg.miss_queue + 8) {}

CacheAccessResult Cache::fail(ReservationFail why) {
  ++ctr_.res_fail[int(why)];
  CacheAccessResult r;
  r.outcome = CacheOutcome::RESERVATION_FAIL;
  r.fail = why;
  return r;
}

void Cache::replace(uint32_t set, int way, uint64_t line, CacheAccessResult* r) {
  const uint64_t old = tags_.tag(set, way);
  if (old != TagArray::kNoTag) {
    const CacheLineState& st = tags_.state(set, way);
    ++ctr_.evictions;
    if (st.dirty) {
      push(old, st.dirty, CacheRequestKind::Writeback, 0);
      ++ctr_.writebacks;
      ctr_.writeback_sectors += uint64_t(sector_count(st.dirty));
    }
    if (r) {
      r->evicted = true;
      r->evicted_addr = old << line_shift_;
      r->evicted_dirty = st.dirty;
    }
  }
  tags_.install(set, way, line);
  if (r) r->installed = true;
}

// Accel-Sim's status per counted sector: valid -> HIT, in flight -> HIT_RESERVED (and MSHR_HIT for a
// read, merged into its entry), missing -> SECTOR_MISS if the line was present, else the first
// missing sector is the MISS that allocates the line (when this access allocated it: Accel-Sim's
// next sectors find it present) and the others SECTOR_MISS, or every one a MISS when the line was
// not allocated. A non-sectored cache counts its one access by the outcome.
inline void Cache::count_sectors(const CacheAccess& a, bool present, uint8_t mask, uint8_t valid, uint8_t pending,
                                 const CacheAccessResult& r) {
  // A non-sectored cache is accessed (and fetches) by whole lines: one access per request.
  const uint8_t counted = sectored_ ? uint8_t(mask & a.count_sectors) : (a.count_sectors ? kFullSectorMask : 0);
  if (counted == 0) return;
  if (!r.ok()) {
    count_failed_sectors(a, mask, r.fail);
    return;
  }
  const CacheAccessType t =
      a.type != CacheAccessType::Count ? a.type : (a.is_write ? CacheAccessType::GlobalWrite : CacheAccessType::GlobalRead);
  if (!sectored_) {
    switch (r.outcome) {
      case CacheOutcome::HIT: sstats_.add(t, SectorStatus::Hit, 1); break;
      case CacheOutcome::HIT_RESERVED:
        sstats_.add(t, SectorStatus::HitReserved, 1);
        if (!a.is_write) sstats_.add(t, SectorStatus::MshrHit, 1);
        break;
      default: sstats_.add(t, SectorStatus::Miss, 1); break;
    }
    return;
  }
  const uint8_t hit = counted & valid;
  const uint8_t reserved = counted & uint8_t(~valid) & pending;
  const uint8_t missing = counted & uint8_t(~valid) & uint8_t(~pending);
  if (hit) sstats_.add(t, SectorStatus::Hit, uint64_t(sector_count(hit)));
  if (reserved) {
    const uint64_t k = uint64_t(sector_count(reserved));
    sstats_.add(t, SectorStatus::HitReserved, k);
    if (!a.is_write) sstats_.add(t, SectorStatus::MshrHit, k);
  }
  if (!missing) return;
  const uint64_t k = uint64_t(sector_count(missing));
  if (present) {
    sstats_.add(t, SectorStatus::SectorMiss, k);
  } else if (r.installed) {
    // The line was not in the set before this access, so it is there now exactly when this
    // access put it there: no second search of the set.
    sstats_.add(t, SectorStatus::Miss, 1);
    sstats_.add(t, SectorStatus::SectorMiss, k - 1);
  } else {
    sstats_.add(t, SectorStatus::Miss, k);
  }
}

void Cache::count_failed_sectors(const CacheAccess& a, uint8_t mask, ReservationFail why) {
  const CacheAccessType t =
      a.type != CacheAccessType::Count ? a.type : (a.is_write ? CacheAccessType::GlobalWrite : CacheAccessType::GlobalRead);
  const uint8_t counted = sectored_ ? uint8_t(mask & a.count_sectors) : (a.count_sectors ? kFullSectorMask : 0);
  if (counted == 0) return;
  const uint64_t n = sectored_ ? uint64_t(sector_count(counted)) : 1;
  static const SectorFail kWhy[kNumReservationFails] = {SectorFail::LineAlloc, SectorFail::LineAlloc,
                                                       SectorFail::MshrEntry, SectorFail::MshrMerge,
                                                       SectorFail::MissQueueFull};
  sstats_.add(t, SectorStatus::ReservationFail, n);
  sstats_.add_fail(t, kWhy[int(why)], n);
}

CacheAccessResult Cache::repeat_last_failure() {
  const CacheAccess& a = memo_a_;
  requester_ = a.requester;
  charge(a.kernel);
  count_failed_sectors(a, normalize(a.sectors), memo_why_);
  return fail(memo_why_);  // as the failed access returned it: nothing but the outcome and why
}

CacheAccessResult Cache::access(const CacheAccess& a, uint64_t cycle) {
  // A retry of the access that failed last, nothing changed since: the same failure (see
  // set_failure_replay()). An L2 request refused for a full miss queue is retried every cycle.
  if (can_repeat_last_failure() && same_access(a, memo_a_)) return repeat_last_failure();
  requester_ = a.requester;
  charge(a.kernel);
  (void)cycle;  // timing belongs to the caller; kept in the API for tracing and future policies
  const Lookup l = lookup(a.addr);
  const uint8_t mask = normalize(a.sectors);
  const uint8_t valid = l.way >= 0 ? tags_.state(l.set, l.way).valid : 0;
  const int me = (mask & ~valid) ? mshr_.find(l.line) : -1;
  const uint8_t pending = mshr_.pending_entry(me);
  CacheAccessResult r = a.is_write ? write_access(a, l, mask, me) : read_access(a, l, mask, pending, me);
  count_sectors(a, l.way >= 0, mask, valid, pending, r);
  if (!r.ok()) {
    if (replay_) {
      memo_gen_ = gen_;
      memo_a_ = a;
      memo_why_ = r.fail;
    }
  } else {
    ++gen_;  // a hit moves the LRU order at least
    const int w = a.is_write ? 1 : 0;
    ++ctr_.accesses[w];
    if (r.tag_hit) ++ctr_.tag_hits;
    switch (r.outcome) {
      case CacheOutcome::HIT: ++ctr_.hits[w]; break;
      case CacheOutcome::HIT_RESERVED: ++ctr_.hit_reserved[w]; break;
      default:
        ++ctr_.misses[w];
        if (r.tag_hit) ++ctr_.sector_misses;
        break;
    }
  }
  return r;
}

// `pending`: the line's sectors in flight, as access() found them whenever a sector of `mask` is
// not valid (the only case in which it is read here).
CacheAccessResult Cache::read_access(const CacheAccess& a, const Lookup& l, uint8_t mask, uint8_t pending, int me) {
  CacheAccessResult r;
  r.tag_hit = l.way >= 0;
  const uint8_t valid = r.tag_hit ? tags_.state(l.set, l.way).valid : 0;
  const uint8_t needed = mask & uint8_t(~valid);
  if (needed == 0) {
    tags_.touch(l.set, l.way);
    r.outcome = CacheOutcome::HIT;
    return r;
  }
  const uint8_t fresh = needed & uint8_t(~pending);
  const MshrWaiter waiter{a.token, needed, false};

  if (fresh == 0) {  // everything missing is already on its way: merge
    const MshrCheck c = mshr_.check_entry(me, 0, needed);
    if (c != MshrCheck::Ok) return fail(c == MshrCheck::Full ? ReservationFail::MshrFull : ReservationFail::MergeLimit);
    mshr_.add_entry(me, l.line, 0, &waiter);
    if (r.tag_hit) tags_.touch(l.set, l.way);
    r.outcome = CacheOutcome::HIT_RESERVED;
    r.wait = true;
    return r;
  }

  // A real miss: everything it needs is checked before anything changes.
  int way = l.way;
  const bool alloc = !r.tag_hit && !alloc_on_fill_;
  bool victim_dirty = false;
  if (alloc) {
    way = tags_.victim(l.set);
    if (way < 0) return fail(ReservationFail::LineAlloc);
    victim_dirty = tags_.tag(l.set, way) != TagArray::kNoTag && tags_.state(l.set, way).dirty;
  }
  if (!missq_room(1 + (victim_dirty ? 1 : 0))) return fail(ReservationFail::MissQueueFull);
  const MshrCheck c = mshr_.check_entry(me, fresh, needed);
  if (c != MshrCheck::Ok) return fail(c == MshrCheck::Full ? ReservationFail::MshrFull : ReservationFail::MergeLimit);

  if (alloc) replace(l.set, way, l.line, &r);  // tags and miss queue only: `me` stays valid
  if (way >= 0) {
    if (!alloc_on_fill_) tags_.state(l.set, way).pending |= fresh;  // pins the reserved line
    tags_.touch(l.set, way);
  }
  mshr_.add_entry(me, l.line, fresh, &waiter);
  push(l.line, fresh, CacheRequestKind::Read, a.token);
  r.outcome = CacheOutcome::MISS;
  r.wait = true;
  r.fetch = fresh;
  return r;
}

CacheAccessResult Cache::write_access(const CacheAccess& a, const Lookup& l, uint8_t mask, int me) {
  CacheAccessResult r;
  r.tag_hit = l.way >= 0;
  char wp = cfg_.write_policy;
  if (wp == 'L') wp = a.local ? 'B' : 'T';
  if (a.write_back_allocate) wp = 'B';
  if (a.evict_first) wp = 'E';
  uint8_t full = a.full_sectors & a.sectors & kFullSectorMask;
  if (!sectored_) full = (full == kFullSectorMask) ? kFullSectorMask : 0;
  const uint8_t valid = r.tag_hit ? tags_.state(l.set, l.way).valid : 0;
  const bool hit = r.tag_hit && (mask & ~valid) == 0;

  if (wp == 'R' || wp == 'E') {  // forwarded; write-evict drops the line
    if (!missq_room(1)) return fail(ReservationFail::MissQueueFull);
    if (wp == 'E' && r.tag_hit) {
      CacheLineState& st = tags_.state(l.set, l.way);
      if (st.pending)
        st.valid &= uint8_t(~mask);  // a reserved line stays until its fill
      else
        tags_.invalidate(l.set, l.way);
    }
    push(l.line, mask, CacheRequestKind::Write, a.token);
    r.forwarded = true;
    r.outcome = (wp == 'E' && hit) ? CacheOutcome::HIT : CacheOutcome::MISS;
    return r;
  }

  const bool through = wp == 'T';
  if (hit) {
    if (through && !missq_room(1)) return fail(ReservationFail::MissQueueFull);
    CacheLineState& st = tags_.state(l.set, l.way);
    if (!through) st.dirty |= mask;
    tags_.touch(l.set, l.way);
    if (through) {
      push(l.line, mask, CacheRequestKind::Write, a.token);
      r.forwarded = true;
    }
    r.outcome = CacheOutcome::HIT;
    return r;
  }

  const char wa = a.write_back_allocate ? 'F' : cfg_.write_alloc;
  if (wa == 'N') {  // no write-allocate: the write goes on, the cache does not change
    if (!missq_room(1)) return fail(ReservationFail::MissQueueFull);
    push(l.line, mask, CacheRequestKind::Write, a.token);
    r.forwarded = true;
    r.outcome = CacheOutcome::MISS;
    return r;
  }

  // Allocating write miss (W, F, L).
  int way = l.way;
  const bool alloc = !r.tag_hit;
  bool victim_dirty = false;
  if (alloc) {
    way = tags_.victim(l.set);
    if (way < 0) return fail(ReservationFail::LineAlloc);
    victim_dirty = tags_.tag(l.set, way) != TagArray::kNoTag && tags_.state(l.set, way).dirty;
  }
  uint8_t fetch = 0, wait = 0;
  if (wa == 'W') fetch = kFullSectorMask & uint8_t(~valid);  // naive: the whole line is fetched
  if (wa == 'F') wait = fetch = mask & uint8_t(~valid) & uint8_t(~full);
  // Not a hit, so some sector of `mask` is not valid: access() looked `me` up.
  const uint8_t fresh = fetch & uint8_t(~mshr_.pending_entry(me));
  const size_t need = (through ? 1 : 0) + (fresh ? 1 : 0) + (victim_dirty ? 1 : 0);
  if (!missq_room(need)) return fail(ReservationFail::MissQueueFull);
  if (fetch) {
    const MshrCheck c = mshr_.check_entry(me, fresh, wait);
    if (c != MshrCheck::Ok) return fail(c == MshrCheck::Full ? ReservationFail::MshrFull : ReservationFail::MergeLimit);
  }

  if (alloc) replace(l.set, way, l.line, &r);
  CacheLineState& st = tags_.state(l.set, way);
  st.valid |= full;
  if (!through) st.dirty |= mask;
  st.pending |= fetch;
  tags_.touch(l.set, way);
  if (through) {
    push(l.line, mask, CacheRequestKind::Write, a.token);
    r.forwarded = true;
  }
  if (fresh) push(l.line, fresh, CacheRequestKind::Read, wait ? a.token : 0);
  if (fetch) {
    const MshrWaiter waiter{a.token, wait, true};
    mshr_.add_entry(me, l.line, fresh, wait ? &waiter : nullptr);
  }
  r.wait = wait != 0;
  r.fetch = fresh;
  r.outcome = (wait && !fresh) ? CacheOutcome::HIT_RESERVED : CacheOutcome::MISS;
  return r;
}

const std::vector<MshrWaiter>& Cache::fill(uint64_t line_addr, uint8_t sectors, uint64_t cycle, uint32_t kernel) {
  (void)cycle;
  charge(kernel);
  ++gen_;
  done_.clear();
  const uint8_t mask = normalize(sectors);
  const Lookup l = lookup(line_addr);
  int way = l.way;
  ++ctr_.fills;
  if (way < 0 && alloc_on_fill_) {
    way = tags_.victim(l.set);
    if (way >= 0) replace(l.set, way, l.line, nullptr);  // else: every way pinned, data bypasses
  }
  if (way >= 0) {
    CacheLineState& st = tags_.state(l.set, way);
    st.valid |= mask;
    st.pending &= uint8_t(~mask);
  }
  mshr_.fill(l.line, mask, done_);
  return done_;
}

bool Cache::install(uint64_t addr, uint8_t sectors, bool dirty, uint32_t kernel) {
  charge(kernel);
  ++gen_;
  const Lookup l = lookup(addr);
  int way = l.way;
  if (way < 0) {
    way = tags_.victim(l.set);
    if (way < 0) return false;
    replace(l.set, way, l.line, nullptr);
  }
  CacheLineState& st = tags_.state(l.set, way);
  const uint8_t mask = normalize(sectors);
  st.valid |= mask;
  if (dirty) st.dirty |= mask;
  tags_.touch(l.set, way);
  return true;
}

bool Cache::mark_dirty(uint64_t addr, uint8_t sectors) {
  const Lookup l = lookup(addr);
  if (l.way < 0) return false;
  ++gen_;
  tags_.state(l.set, l.way).dirty |= normalize(sectors);
  return true;
}

uint8_t Cache::valid_sectors(uint64_t addr) const {
  const Lookup l = lookup(addr);
  return l.way < 0 ? 0 : tags_.state(l.set, l.way).valid;
}

void Cache::flush(uint32_t kernel) {
  charge(kernel);
  ++gen_;
  for (uint32_t s = 0; s < tags_.nsets(); ++s)
    for (uint32_t w = 0; w < tags_.assoc(); ++w) {
      if (tags_.tag(s, int(w)) == TagArray::kNoTag) continue;
      CacheLineState& st = tags_.state(s, int(w));
      if (!st.dirty) continue;
      push(tags_.tag(s, int(w)), st.dirty, CacheRequestKind::Writeback, 0);
      ++ctr_.writebacks;
      ctr_.writeback_sectors += uint64_t(sector_count(st.dirty));
      st.dirty = 0;
    }
}

void Cache::invalidate_all() {
  ++gen_;
  for (uint32_t s = 0; s < tags_.nsets(); ++s)
    for (uint32_t w = 0; w < tags_.assoc(); ++w) {
      if (tags_.tag(s, int(w)) == TagArray::kNoTag) continue;
      CacheLineState& st = tags_.state(s, int(w));
      if (st.pending) {
        st.valid = 0;
        st.dirty = 0;
      } else {
        tags_.invalidate(s, int(w));
      }
    }
}

void Cache::collect(StatsMap& m, const std::string& p) const { emit(m, p, ctr_); }

void Cache::collect_launch(StatsMap& m, const std::string& p, uint32_t launch) const {
  emit(m, p, ledger_.of(launch, ctr_));
}

void Cache::emit(StatsMap& m, const std::string& p, const Counters& c) {
  add_stat(m, p, "accesses", double(c.accesses[0] + c.accesses[1]));
  add_stat(m, p, "read_accesses", double(c.accesses[0]));
  add_stat(m, p, "write_accesses", double(c.accesses[1]));
  add_stat(m, p, "hits", double(c.hits[0] + c.hits[1]));
  add_stat(m, p, "read_hits", double(c.hits[0]));
  add_stat(m, p, "write_hits", double(c.hits[1]));
  add_stat(m, p, "misses", double(c.misses[0] + c.misses[1]));
  add_stat(m, p, "read_misses", double(c.misses[0]));
  add_stat(m, p, "write_misses", double(c.misses[1]));
  add_stat(m, p, "hit_reserved", double(c.hit_reserved[0] + c.hit_reserved[1]));
  add_stat(m, p, "tag_hits", double(c.tag_hits));
  add_stat(m, p, "sector_misses", double(c.sector_misses));
  uint64_t fails = 0;
  for (int i = 1; i < kNumReservationFails; ++i) {
    fails += c.res_fail[i];
    add_stat(m, {p, "res_fail_", to_string(ReservationFail(i))}, double(c.res_fail[i]));
  }
  add_stat(m, p, "res_fail", double(fails));
  add_stat(m, p, "evictions", double(c.evictions));
  add_stat(m, p, "writebacks", double(c.writebacks));
  add_stat(m, p, "writeback_sectors", double(c.writeback_sectors));
  add_stat(m, p, "fills", double(c.fills));
}

}  // namespace gpucosim
