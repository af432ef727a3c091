#pragma once
// The generic cache shared by the SM's L1 data cache and the L2 slices: a cycle-level, plain C++
// model (no SystemC) configured by one GPGPU-Sim cache string (CacheConfig).
//
// ---------------------------------------------------------------------------------------------
// How a caller uses it (one access per call; the caller owns timing, ports and data):
//
//   CacheAccessResult r = cache.access(addr, sector_mask, is_write, cycle, token);
//     HIT              data present (read) / write absorbed. Nothing to wait for.
//     HIT_RESERVED     read whose missing sectors are already being fetched: merged into that
//                      MSHR entry; `token` comes back from fill() when they arrive.
//     MISS             the cache queued what must go to the next level (see below); for reads
//                      (and fetch-on-write partial writes, r.wait) `token` comes back from fill().
//     RESERVATION_FAIL nothing changed; r.fail says why (no way to allocate because every way
//                      of the set is reserved, MSHR full, merge limit, miss queue full).
//                      Retry the same access on a later cycle. A retry with nothing changed
//                      in the cache since (see generation()) fails the same way: it is not
//                      worked out again, only counted again (set_failure_replay()).
//
//   Everything the cache must send to the next level sits in its miss queue, in order:
//     while (cache.has_request() && downstream_has_room) { send(cache.front_request());
//                                                          cache.pop_request(); }
//   CacheRequest::kind is Read (fetch `sectors` of the line, token = the first requester's),
//   Write (a write forwarded by write-through / write-evict / no-write-allocate, token = the
//   writer's, so the caller can route its acknowledgement) or Writeback (dirty sectors of an
//   evicted line, token 0). The queue holds `miss_queue` entries; an access that would overflow
//   it fails with MissQueueFull (writebacks caused by fills may exceed it: fills cannot wait).
//
//   When the next level returns data:   const auto& done = cache.fill(line_addr, sectors, cycle);
//     marks the sectors valid (allocating the line first for on-fill / streaming caches) and
//     returns the requesters whose sectors have all arrived, in the order they accessed
//     (the vector is reused: it stays valid until the next fill()).
//
// Addresses are byte addresses; a line address is any address inside the line. Sector masks
// have bit i for bytes [32i, 32i+32) of a 128-byte line; non-sectored ('N') caches treat every
// mask as the whole line (0xF). A mask of 0 means the whole line.
//
// Policies (letters of the cache string, published GPGPU-Sim / Accel-Sim behaviour):
//   alloc  'm' on-miss: a read miss reserves a way at once (pending sectors pin it: it cannot be
//              evicted until filled); no way free -> RESERVATION_FAIL(LineAlloc).
//          'f' on-fill, 's' streaming: read misses take only an MSHR entry; the way is chosen
//              (and a dirty victim written back) when the fill arrives, so there are no
//              line-allocation failures. Streaming also resizes the MSHRs as Accel-Sim does:
//              entries = sets x assoc x 4 (x 4 sectors if sectored), max merge = 64
//              (override with Cache::Options).
//   write  'T' write-through: every write is forwarded (Write request); lines never dirty.
//          'B' write-back: write hits mark sectors dirty; evictions of dirty lines -> Writeback.
//          'E' write-evict: a write invalidates the line and is forwarded.
//          'L' local write-back / global write-through: CacheAccess::local picks B or T.
//          'R' read-only: writes are forwarded untouched (should not happen).
//   write-allocate on a write miss (sector not valid):
//          'N' none: forwarded (write-back caches too), no allocation.
//          'W' naive write-allocate: allocate, mark written sectors, fetch every missing sector
//              of the line (no waiting).
//          'F' fetch-on-write: fully written sectors become valid; partially written sectors are
//              fetched first and the writer waits (r.wait) for them.
//          'L' lazy-fetch-on-read (Accel-Sim's sub-sector write-validate): allocate; fully written
//              sectors become valid; partially written ones are dirty but not valid, so a later
//              read of them misses and fetches the sector (merged with the written bytes).
//          Write-through caches forward the write in every case.
//          CacheAccess::full_sectors says which written sectors are completely overwritten
//          (default: all of them).
//   Writes never wait on an MSHR (except 'F' partial writes) and never merge.
//
// Counters (cumulative; collect() adds them under `prefix`): accesses = hits + hit_reserved +
// misses (reservation failures are counted apart, once per failed attempt), read/write splits,
// tag_hits (line present even if the sector is not: the profiler-style hit), sector_misses (line
// present, sector missing), evictions, writebacks (dirty evictions) and writeback_sectors, fills.
// These are the model's own per-request notions; sector_stats() keeps Accel-Sim's per-sector
// counters of the same accesses, which the L1D_total_cache_* / L2_total_cache_* statistics report.
// ---------------------------------------------------------------------------------------------
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/kernel_ledger.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/cache/mshr_table.h"
#include "systemc/memory/cache/sector_stats.h"
#include "systemc/memory/cache/set_index.h"
#include "systemc/memory/cache/tag_array.h"
#include "systemc/memory/ring_buffer.h"

namespace gpucosim {

enum class CacheOutcome : uint8_t { HIT, HIT_RESERVED, MISS, RESERVATION_FAIL };
enum class ReservationFail : uint8_t { None = 0, LineAlloc, MshrFull, MergeLimit, MissQueueFull };
constexpr int kNumReservationFails = 5;
const char* to_string(CacheOutcome o);
const char* to_string(ReservationFail f);

struct CacheAccess {
  uint64_t addr = 0;
  uint8_t sectors = kFullSectorMask;       // sectors touched
  bool is_write = false;
  uint8_t full_sectors = kFullSectorMask;  // writes: sectors entirely overwritten (ANDed with sectors)
  bool local = false;                      // write policy 'L': local-memory writes are write-back
  // A memory client's write-back line (memory_clients.h, write_back()): written back and
  // allocated without fetching whole sectors, whatever the cache's own write policies.
  bool write_back_allocate = false;
  // A write of data that will not be read again soon (a context save of preemption by context
  // switch, read back only when its block resumes): written through and not kept (write-evict,
  // the 'E' policy), whatever the cache's own write policy, so it reaches the next level and
  // takes no line from the running kernels' data.
  bool evict_first = false;
  uint64_t token = 0;                      // returned by fill() / carried by forwarded writes
  uint8_t requester = 0;                   // opaque: who asked (the L2 passes the SM-side client);
                                           //   copied into every request this access causes
  uint32_t kernel = 0;                     // kernel launch charged with the access's counters and
                                           //   copied into every request it causes (kernel_ledger.h)
  // Accel-Sim's per-sector statistics (sector_stats.h): the sectors whose outcome this access
  // reports (an earlier request of the same warp instruction counted the others) and its type
  // (Count: GLOBAL_ACC_R / GLOBAL_ACC_W by is_write).
  uint8_t count_sectors = kFullSectorMask;
  CacheAccessType type = CacheAccessType::Count;
};

struct CacheAccessResult {
  CacheOutcome outcome = CacheOutcome::HIT;
  ReservationFail fail = ReservationFail::None;
  bool wait = false;          // token will come back from fill()
  bool tag_hit = false;       // line was present (profiler-style hit)
  uint8_t fetch = 0;          // sectors this access asked the next level for
  bool forwarded = false;     // a Write request carrying the token was queued
  bool evicted = false;       // this access evicted a valid line...
  uint64_t evicted_addr = 0;  // ...at this line address,
  uint8_t evicted_dirty = 0;  // whose dirty sectors were queued as a Writeback
  bool installed = false;     // this access put its line into the tag array
  bool ok() const { return outcome != CacheOutcome::RESERVATION_FAIL; }
};

enum class CacheRequestKind : uint8_t { Read, Write, Writeback };

struct CacheRequest {
  uint64_t addr = 0;  // line address (aligned)
  uint8_t sectors = 0;
  CacheRequestKind kind = CacheRequestKind::Read;
  uint64_t token = 0;
  uint8_t requester = 0;  // CacheAccess::requester of the access that caused it
  uint32_t kernel = 0;    // CacheAccess::kernel of the access that caused it
};

class Cache {
 public:
  struct Options {
    uint32_t streaming_mshr_multiplier = 4;  // GPGPU-Sim's default cache-size multiplier for streaming
    uint32_t streaming_max_merge = 64;       // GPGPU-Sim's MAX_WARP_PER_SM
  };
  explicit Cache(const CacheConfig& cfg) : Cache(cfg, Options{}) {}
  Cache(const CacheConfig& cfg, const Options& opt);

  CacheAccessResult access(const CacheAccess& a, uint64_t cycle);
  CacheAccessResult access(uint64_t addr, uint8_t sector_mask, bool is_write, uint64_t cycle, uint64_t token = 0) {
    CacheAccess a;
    a.addr = addr;
    a.sectors = sector_mask;
    a.is_write = is_write;
    a.token = token;
    return access(a, cycle);
  }

  // `kernel`: the launch whose miss fetched the line (charged with the fill and its eviction).
  const std::vector<MshrWaiter>& fill(uint64_t line_addr, uint8_t sectors, uint64_t cycle, uint32_t kernel = 0);

  // Miss queue (requests to the next level).
  bool has_request() const { return !missq_.empty(); }
  const CacheRequest& front_request() const { return missq_.front(); }
  void pop_request() {
    missq_.pop_front();
    ++gen_;
  }
  size_t requests_queued() const { return missq_.size(); }

  // Puts sectors of a line in the cache as valid (clean unless `dirty`) without any traffic:
  // the copy engine warming the L2 on a host-to-device memcpy. Best effort: returns false if no
  // way could be allocated (every way reserved).
  bool install(uint64_t addr, uint8_t sectors, bool dirty = false, uint32_t kernel = 0);
  // Marks present sectors dirty (an atomic performed in place). Returns false if not present.
  bool mark_dirty(uint64_t addr, uint8_t sectors);
  // Queues a Writeback for every dirty line and cleans it (end-of-simulation flush, or an SM
  // changing kernel with -gpucosim_l1_kernel_switch=writeback); charged to launch `kernel`.
  void flush(uint32_t kernel = 0);
  // Drops every line with nothing pending (kernel-boundary L1 invalidation); no writebacks.
  void invalidate_all();

  // Probe without side effects: sectors of the line that are valid.
  uint8_t valid_sectors(uint64_t addr) const;
  bool idle() const { return missq_.empty() && mshr_.empty(); }

  // Changes whenever the cache's state changes (tags, line states, MSHRs, miss queue): an access
  // that failed answers the same, and changes nothing, as long as the generation stays the same.
  uint64_t generation() const { return gen_; }
  // Failure replay: an access equal to the last one, which failed, with the generation unchanged
  // since, is not worked out again: its result is returned and its counters (res_fail, the
  // sector statistics) are added again, as the full access would. On by default; off only to
  // check that it changes nothing (tests/memory/test_cache_failure_replay.cpp).
  void set_failure_replay(bool on) {
    replay_ = on;
    memo_gen_ = kNoMemo;
  }
  // Counts the last failed access once more, as access() would for the same access, which the
  // caller knows (it has the same request and generation() has not changed since). Returns its
  // result. Requires failure replay on and the last access to have failed.
  CacheAccessResult repeat_last_failure();
  bool can_repeat_last_failure() const { return memo_gen_ == gen_; }
  // The access repeat_last_failure() would count, or null when there is none.
  const CacheAccess* last_failure() const { return can_repeat_last_failure() ? &memo_a_ : nullptr; }

  const CacheConfig& config() const { return cfg_; }
  uint32_t line_bytes() const { return cfg_.line_bytes; }
  uint64_t line_addr(uint64_t addr) const { return addr & ~uint64_t(cfg_.line_bytes - 1); }
  uint32_t set_of(uint64_t addr) const { return index_(addr >> line_shift_); }
  uint32_t mshr_capacity() const { return mshr_.capacity(); }
  uint32_t mshr_max_merge() const { return mshr_.max_merge(); }
  uint32_t mshr_lines_in_flight() const { return mshr_.lines_in_flight(); }

  struct Counters {
    uint64_t accesses[2] = {0, 0};  // [0] reads, [1] writes
    uint64_t hits[2] = {0, 0};
    uint64_t hit_reserved[2] = {0, 0};
    uint64_t misses[2] = {0, 0};
    uint64_t tag_hits = 0, sector_misses = 0;
    uint64_t res_fail[kNumReservationFails] = {0, 0, 0, 0, 0};
    uint64_t evictions = 0, writebacks = 0, writeback_sectors = 0, fills = 0;
  };
  const Counters& counters() const { return ctr_; }
  void collect(StatsMap& m, const std::string& prefix) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, const std::string& prefix, uint32_t launch) const;
  // Accel-Sim's per-sector view of the same accesses (sector_stats.h).
  const SectorStats& sector_stats() const { return sstats_; }
  SectorStats sector_stats_of(uint32_t launch) const { return sledger_.of(launch, sstats_); }
  void forget_launch(uint32_t launch) {
    ledger_.forget(launch, ctr_);
    sledger_.forget(launch, sstats_);
  }
  // Whether anything is charged to `launch` since it was last forgotten.
  bool charged(uint32_t launch) const { return ledger_.charged(launch, ctr_) || sledger_.charged(launch, sstats_); }
  // Continues another cache's cumulative counters (a cache rebuilt with another geometry).
  void adopt_counters(const Cache& o) {
    ctr_ = o.ctr_;
    sstats_ = o.sstats_;
    ledger_ = o.ledger_;
    sledger_ = o.sledger_;
  }

 private:
  struct Lookup {
    uint64_t line;
    uint32_t set;
    int way;
  };
  Lookup lookup(uint64_t addr) const {
    Lookup l;
    l.line = addr >> line_shift_;
    l.set = index_(l.line);
    l.way = tags_.find(l.set, l.line);
    return l;
  }
  // `me`: the line's MSHR entry (MshrTable::find), looked up by access() whenever a sector of
  // `mask` is not valid, the only case in which they use it; `pending` its sectors in flight.
  CacheAccessResult read_access(const CacheAccess& a, const Lookup& l, uint8_t mask, uint8_t pending, int me);
  CacheAccessResult write_access(const CacheAccess& a, const Lookup& l, uint8_t mask, int me);
  CacheAccessResult fail(ReservationFail why);
  // The sector statistics of a failed access (count_sectors()'s failure branch).
  void count_failed_sectors(const CacheAccess& a, uint8_t mask, ReservationFail why);
  static bool same_access(const CacheAccess& x, const CacheAccess& y) {
    return x.addr == y.addr && x.sectors == y.sectors && x.is_write == y.is_write &&
           x.full_sectors == y.full_sectors && x.local == y.local && x.write_back_allocate == y.write_back_allocate &&
           x.evict_first == y.evict_first && x.token == y.token && x.requester == y.requester &&
           x.kernel == y.kernel && x.count_sectors == y.count_sectors && x.type == y.type;
  }
  static void emit(StatsMap& m, const std::string& prefix, const Counters& c);
  // Records the access in sstats_; `valid`/`pending`: the line's sectors before it.
  // `present`: the line was in the cache before the access.
  void count_sectors(const CacheAccess& a, bool present, uint8_t mask, uint8_t valid, uint8_t pending,
                     const CacheAccessResult& r);
  // Evicts the victim way (queuing its writeback) and installs `line`; fills `r`'s eviction fields.
  void replace(uint32_t set, int way, uint64_t line, CacheAccessResult* r);
  bool missq_room(size_t n) const { return missq_.size() + n <= cfg_.miss_queue; }
  void push(uint64_t line, uint8_t sectors, CacheRequestKind k, uint64_t token) {
    missq_.push_back(CacheRequest{line << line_shift_, sectors, k, token, requester_, kernel_});
  }
  uint8_t normalize(uint8_t m) const { return (!sectored_ || m == 0) ? kFullSectorMask : uint8_t(m & kFullSectorMask); }

  CacheConfig cfg_;
  uint8_t requester_ = 0;  // of the access in progress (set by access(), read by push())
  uint32_t kernel_ = 0;    // likewise, its kernel launch
  // From now on counters go to kernel launch `k` (and so do the requests pushed).
  void charge(uint32_t k) {
    kernel_ = k;
    ledger_.charge_to(k, ctr_);
    sledger_.charge_to(k, sstats_);
  }
  bool sectored_, alloc_on_fill_;
  uint32_t line_shift_;
  SetIndexer index_;
  TagArray tags_;
  MshrTable mshr_;
  RingBuffer<CacheRequest> missq_;
  std::vector<MshrWaiter> done_;
  Counters ctr_;
  SectorStats sstats_;
  KernelLedger<Counters> ledger_;
  KernelLedger<SectorStats> sledger_;
  // Failure replay: the last failed access and why it failed, valid while generation() is
  // memo_gen_ (never when kNoMemo: gen_ counts up from 0 and cannot reach it).
  static constexpr uint64_t kNoMemo = ~uint64_t(0);
  uint64_t gen_ = 0;
  uint64_t memo_gen_ = kNoMemo;
  bool replay_ = true;
  ReservationFail memo_why_ = ReservationFail::None;
  CacheAccess memo_a_;
};

}  // namespace gpucosim
