#include "systemc/memory/cache/tag_array.h"

#include <stdexcept>
#include <string>

namespace gpucosim {

TagArray::TagArray(uint32_t nsets, uint32_t assoc, char replacement)
    : nsets_(nsets), assoc_(assoc), lru_(replacement == 'L') {
  if (nsets == 0 || assoc == 0) throw std::invalid_argument("cache: sets and associativity must be > 0");
  if (replacement != 'L' && replacement != 'F')
    throw std::invalid_argument(std::string("cache replacement policy '") + replacement + "' (expected L or F)");
  tags_.assign(size_t(nsets) * assoc, kNoTag);
  states_.assign(size_t(nsets) * assoc, CacheLineState{});
}

int TagArray::victim(uint32_t set) const {
  const size_t base = size_t(set) * assoc_;
  int best = -1;
  uint64_t best_stamp = ~uint64_t(0);
  for (uint32_t w = 0; w < assoc_; ++w) {
    if (tags_[base + w] == kNoTag) return int(w);
    const CacheLineState& s = states_[base + w];
    if (s.pending) continue;
    if (s.stamp < best_stamp) {
      best_stamp = s.stamp;
      best = int(w);
    }
  }
  return best;
}

void TagArray::install(uint32_t set, int way, uint64_t line) {
  const size_t i = size_t(set) * assoc_ + uint32_t(way);
  tags_[i] = line;
  states_[i] = CacheLineState{};
  states_[i].stamp = ++serial_;
}

void TagArray::invalidate(uint32_t set, int way) {
  const size_t i = size_t(set) * assoc_ + uint32_t(way);
  tags_[i] = kNoTag;
  states_[i] = CacheLineState{};
}

}  // namespace gpucosim
