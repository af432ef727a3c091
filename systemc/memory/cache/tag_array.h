#pragma once
// Tags and per-sector state of a set-associative cache. A line is 4 sectors (sectored caches;
// non-sectored caches use the full mask 0xF as one unit). Per sector: valid (data present),
// dirty (modified, written back on eviction; a dirty sector that is not valid holds a partial
// write under lazy-fetch-on-read) and pending (a fill is on its way; on-miss allocation reserves
// the line so it cannot be chosen as a victim until every pending sector has arrived).
//
// Tags of a set are stored contiguously so that a lookup in a 256-way set (Volta's unified L1)
// is one linear scan over 2 KB.
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

  TagArray(uint32_t nsets, uint32_t assoc, char replacement);

  uint32_t assoc() const { return assoc_; }
  uint32_t nsets() const { return nsets_; }

  // Way holding `line` (a line number) in `set`, or -1.
  int find(uint32_t set, uint64_t line) const {
    const uint64_t* t = &tags_[size_t(set) * assoc_];
    for (uint32_t w = 0; w < assoc_; ++w)
      if (t[w] == line) return int(w);
    return -1;
  }

  // Way to replace in `set`: an empty way if any, else the least recently used (LRU) or oldest
  // (FIFO) way with no pending sector; -1 when every way is reserved.
  int victim(uint32_t set) const;

  uint64_t tag(uint32_t set, int way) const { return tags_[size_t(set) * assoc_ + uint32_t(way)]; }
  CacheLineState& state(uint32_t set, int way) { return states_[size_t(set) * assoc_ + uint32_t(way)]; }
  const CacheLineState& state(uint32_t set, int way) const { return states_[size_t(set) * assoc_ + uint32_t(way)]; }

  // Puts `line` into the way with clean, empty state.
  void install(uint32_t set, int way, uint64_t line);
  // Empties the way.
  void invalidate(uint32_t set, int way);
  // Marks a use (LRU order); FIFO ignores uses.
  void touch(uint32_t set, int way) {
    if (lru_) state(set, way).stamp = ++serial_;
  }

 private:
  uint32_t nsets_, assoc_;
  bool lru_;
  uint64_t serial_ = 0;
  std::vector<uint64_t> tags_;
  std::vector<CacheLineState> states_;
};

}  // namespace gpucosim
