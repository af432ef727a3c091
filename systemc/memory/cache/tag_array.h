#pragma once
// Tags and per-sector state of a set-associative cache. A line is 4 sectors (sectored caches;
// non-sectored caches use the full mask 0xF as one unit). Per sector: valid (data present),
// dirty (modified, written back on eviction; a dirty sector that is not valid holds a partial
// write under lazy-fetch-on-read) and pending (a fill is on its way; on-miss allocation reserves
// the line so it cannot be chosen as a victim until every pending sector has arrived).
//
// Volta's unified L1 has 256-way sets, so neither lookup nor victim choice scans a set's tags:
//  * find() scans a 16-bit fingerprint per way (8 ways per SSE2 compare, 512 B for 256 ways)
//    and compares the full tag only where the fingerprint matches, in way order, so it returns
//    the same (first) way as a scan of the tags would (8-bit fingerprints were tried: with 256
//    ways a miss then met about one false match, a wasted read of a cold tag line);
//  * victim() takes the first empty way from a bitmap of empty ways, else walks the set's
//    occupied ways in stamp order (a list kept in LRU or FIFO order as stamps are given) to the
//    first with no pending sector: the same way as the minimum stamp over non-pending ways,
//    since stamps are unique serials. Pending lines are the recently allocated ones, near the
//    list's tail, so the walk is short.
// Sets of fewer than kIndexedAssoc ways (Fermi's 4-way L1, 8-way L2s) keep the plain scans: there
// the upkeep of fingerprints and lists cost more than it saved (callgrind, transpose_naive on
// GTX480). Volta's 24-way L2 gains (fx10 on SM7_QV100: find + victim 16 M instructions fewer,
// install 1.5 M more). tests/memory/test_cache.cpp checks both against the plain scans under
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
  int find(uint32_t set, uint64_t line) const;
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
  static uint16_t fingerprint(uint64_t line) { return uint16_t((line * 0x9E3779B97F4A7C15ull) >> 48); }
  void unlink(uint32_t set, uint32_t way);  // from the set's stamp-ordered list
  void append(uint32_t set, uint32_t way);  // at its tail (the newest stamp)

  uint32_t nsets_, assoc_;
  bool lru_;
  bool indexed_;                      // assoc >= kIndexedAssoc: fingerprints, empty bitmap, lists
  uint64_t serial_ = 0;
  std::vector<uint64_t> tags_;
  std::vector<CacheLineState> states_;
  uint32_t fp_stride_;                // fingerprints per set (assoc rounded up to 8)
  std::vector<uint16_t> fp_;          // fingerprint of each way's tag
  uint32_t empty_words_;              // bitmap words per set
  std::vector<uint64_t> empty_;       // bit w: way w holds no line
  std::vector<uint32_t> prev_, next_;  // occupied ways of a set in stamp order (per way)
  std::vector<uint32_t> set_head_, set_tail_;  // oldest and newest stamp of each set
};

}  // namespace gpucosim
