#pragma once
// Tags and per-sector state of a set-associative cache. A line is 4 sectors (sectored caches;
// non-sectored caches use the full mask 0xF as one unit). Per sector: valid (data present),
// dirty (modified, written back on eviction; a dirty sector that is not valid holds a partial
// write under lazy-fetch-on-read) and pending (a fill is on its way; on-miss allocation reserves
// the line so it cannot be chosen as a victim until every pending sector has arrived).
//
// Volta's unified L1 has 256-way sets, so neither lookup nor victim choice scans a set's tags:
//  * find() probes an open-addressing hash of (set, line) -> way over the whole array (at most
//    half full, linear probing, backward-shift deletion), kept by install() and invalidate().
//    A line is in at most one way of a set (a line is installed only where find() found it
//    absent), so the way found is the one a scan of the set's tags finds. (It replaced a scan
//    of 16-bit per-way fingerprints, 16 ways per SSE2 step: 256 ways took 16 steps on a miss;
//    fx10 on SM7_QV100, docs/performance.md.)
//  * victim() takes the first empty way from a bitmap of empty ways, else walks the set's
//    occupied ways in stamp order (a list kept in LRU or FIFO order as stamps are given) to the
//    first with no pending sector: the same way as the minimum stamp over non-pending ways,
//    since stamps are unique serials. Pending lines are the recently allocated ones, near the
//    list's tail, so the walk is short.
// Sets of fewer than kIndexedAssoc ways (Fermi's 4-way L1, 8-way L2s) keep the plain scans: there
// the upkeep of the index and lists cost more than it saved (callgrind, transpose_naive on
// GTX480). Volta's 24-way L2 gains. tests/memory/test_cache.cpp checks both against the plain scans under
// random use.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

constexpr uint8_t kFullSectorMask = 0xF;
constexpr uint32_t kSectorBytes = 32;

// Number of sectors in a 4-bit mask: a nibble-indexed constant instead of __builtin_popcount,
// which becomes a libgcc call when the build does not target POPCNT.
constexpr int sector_count(uint8_t m) { return int((0x4332322132212110ull >> (4 * (m & 0xF))) & 0xF); }

struct CacheLineState {
  uint64_t stamp = 0;  // LRU: serial of the last touch; FIFO: serial of allocation
  uint8_t valid = 0, dirty = 0, pending = 0;
};

class TagArray {
 public:
  static constexpr uint64_t kNoTag = ~uint64_t(0);
  static constexpr uint32_t kIndexedAssoc = 16;  // fingerprints and lists from this many ways on

  TagArray(uint32_t nsets, uint32_t assoc, char replacement);

  uint32_t assoc() const { return assoc_; }
  uint32_t nsets() const { return nsets_; }

  // Way holding `line` (a line number) in `set`, or -1.
  int find(uint32_t set, uint64_t line) const {
    if (!indexed_) return find_by_scan(set, line);
    const size_t mask = index_.size() - 1;
    for (size_t s = home(set, line);; s = (s + 1) & mask) {
      const Slot& e = index_[s];
      if (e.line == line && e.set == set) return int(e.way);
      if (e.line == kNoTag) return -1;
    }
  }
  // The same by scanning every tag (the reference find() is tested against).
  int find_by_scan(uint32_t set, uint64_t line) const {
    const uint64_t* t = &tags_[size_t(set) * assoc_];
    for (uint32_t w = 0; w < assoc_; ++w)
      if (t[w] == line) return int(w);
    return -1;
  }

  // Way to replace in `set`: an empty way if any (the first), else the least recently used (LRU)
  // or oldest (FIFO) way with no pending sector; -1 when every way is reserved.
  int victim(uint32_t set) const;
  // The same by scanning every way (the reference victim() is tested against).
  int victim_by_scan(uint32_t set) const;

  uint64_t tag(uint32_t set, int way) const { return tags_[size_t(set) * assoc_ + uint32_t(way)]; }
  CacheLineState& state(uint32_t set, int way) { return states_[size_t(set) * assoc_ + uint32_t(way)]; }
  const CacheLineState& state(uint32_t set, int way) const { return states_[size_t(set) * assoc_ + uint32_t(way)]; }

  // Puts `line` into the way with clean, empty state.
  void install(uint32_t set, int way, uint64_t line);
  // Empties the way.
  void invalidate(uint32_t set, int way);
  // Marks a use (LRU order); FIFO ignores uses.
  void touch(uint32_t set, int way) {
    if (!lru_) return;
    const size_t i = size_t(set) * assoc_ + uint32_t(way);
    states_[i].stamp = ++serial_;
    if (indexed_ && tags_[i] != kNoTag && set_tail_[set] != uint32_t(way)) {
      unlink(set, uint32_t(way));
      append(set, uint32_t(way));
    }
  }

 private:
  static constexpr uint32_t kNone = ~uint32_t(0);
  struct Slot {              // of the (set, line) -> way index
    uint64_t line = kNoTag;  // kNoTag: empty slot
    uint32_t set = 0;
    uint32_t way = 0;
  };
  size_t home(uint32_t set, uint64_t line) const {
    return size_t(((line + (uint64_t(set) << 40)) * 0x9E3779B97F4A7C15ull) >> index_shift_);
  }
  void index_insert(uint32_t set, uint64_t line, uint32_t way);
  void index_erase(uint32_t set, uint64_t line);
  // From the set's stamp-ordered list (inline: an LRU hit of a 256-way set moves its way to the
  // tail, the L1's most frequent update).
  void unlink(uint32_t set, uint32_t way) {
    const size_t base = size_t(set) * assoc_;
    const uint32_t p = prev_[base + way], n = next_[base + way];
    (p == kNone ? set_head_[set] : next_[base + p]) = n;
    (n == kNone ? set_tail_[set] : prev_[base + n]) = p;
    prev_[base + way] = next_[base + way] = kNone;
  }
  // At its tail (the newest stamp).
  void append(uint32_t set, uint32_t way) {
    const size_t base = size_t(set) * assoc_;
    const uint32_t t = set_tail_[set];
    prev_[base + way] = t;
    next_[base + way] = kNone;
    (t == kNone ? set_head_[set] : next_[base + t]) = way;
    set_tail_[set] = way;
  }

  uint32_t nsets_, assoc_;
  bool lru_;
  bool indexed_;                      // assoc >= kIndexedAssoc: hash index, empty bitmap, lists
  uint64_t serial_ = 0;
  std::vector<uint64_t> tags_;
  std::vector<CacheLineState> states_;
  std::vector<Slot> index_;           // (set, line) -> way, power-of-two size
  uint32_t index_shift_ = 64;         // home(): 64 - log2(index_.size())
  uint32_t empty_words_;              // bitmap words per set
  std::vector<uint64_t> empty_;       // bit w: way w holds no line
  std::vector<uint32_t> prev_, next_;  // occupied ways of a set in stamp order (per way)
  std::vector<uint32_t> set_head_, set_tail_;  // oldest and newest stamp of each set
};

}  // namespace gpucosim
