#include "systemc/memory/cache/tag_array.h"

#include <stdexcept>
#include <string>

namespace gpucosim {

TagArray::TagArray(uint32_t nsets, uint32_t assoc, char replacement)
    : nsets_(nsets), assoc_(assoc), lru_(replacement == 'L'), indexed_(assoc >= kIndexedAssoc) {
  if (nsets == 0 || assoc == 0) throw std::invalid_argument("cache: sets and associativity must be > 0");
  if (replacement != 'L' && replacement != 'F')
    throw std::invalid_argument(std::string("cache replacement policy '") + replacement + "' (expected L or F)");
  tags_.assign(size_t(nsets) * assoc, kNoTag);
  states_.assign(size_t(nsets) * assoc, CacheLineState{});
  if (indexed_) {
    size_t slots = 16;
    uint32_t bits = 4;
    while (slots < size_t(nsets) * assoc * 2) {
      slots <<= 1;
      ++bits;
    }
    index_.assign(slots, Slot{});
    index_shift_ = 64 - bits;
  }
  empty_words_ = (assoc + 63) / 64;
  empty_.assign(size_t(nsets) * empty_words_, 0);
  for (uint32_t s = 0; s < nsets; ++s)
    for (uint32_t w = 0; w < assoc; ++w) empty_[size_t(s) * empty_words_ + w / 64] |= uint64_t(1) << (w % 64);
  prev_.assign(size_t(nsets) * assoc, kNone);
  next_.assign(size_t(nsets) * assoc, kNone);
  set_head_.assign(nsets, kNone);
  set_tail_.assign(nsets, kNone);
}

void TagArray::index_insert(uint32_t set, uint64_t line, uint32_t way) {
  const size_t mask = index_.size() - 1;
  size_t s = home(set, line);
  while (index_[s].line != kNoTag) s = (s + 1) & mask;
  index_[s] = Slot{line, set, way};
}

void TagArray::index_erase(uint32_t set, uint64_t line) {
  // Linear probing with backward-shift deletion keeps probe chains intact without tombstones.
  const size_t mask = index_.size() - 1;
  size_t s = home(set, line);
  while (index_[s].line != line || index_[s].set != set) s = (s + 1) & mask;
  size_t hole = s;
  for (size_t j = (hole + 1) & mask; index_[j].line != kNoTag; j = (j + 1) & mask) {
    const size_t h = home(index_[j].set, index_[j].line);
    // Move j into the hole unless its home slot is cyclically in (hole, j].
    const bool stays = (hole < j) ? (h > hole && h <= j) : (h > hole || h <= j);
    if (!stays) {
      index_[hole] = index_[j];
      hole = j;
    }
  }
  index_[hole] = Slot{};
}

int TagArray::victim(uint32_t set) const {
  if (!indexed_) return victim_by_scan(set);
  const uint64_t* e = &empty_[size_t(set) * empty_words_];
  for (uint32_t k = 0; k < empty_words_; ++k)
    if (e[k]) return int(k * 64 + uint32_t(__builtin_ctzll(e[k])));
  const size_t base = size_t(set) * assoc_;
  for (uint32_t w = set_head_[set]; w != kNone; w = next_[base + w])
    if (!states_[base + w].pending) return int(w);
  return -1;
}

int TagArray::victim_by_scan(uint32_t set) const {
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
  const uint64_t old = tags_[i];
  const bool was = old != kNoTag;
  tags_[i] = line;
  states_[i] = CacheLineState{};
  states_[i].stamp = ++serial_;
  if (!indexed_) return;
  if (was) {
    unlink(set, uint32_t(way));
    index_erase(set, old);
  }
  index_insert(set, line, uint32_t(way));
  empty_[size_t(set) * empty_words_ + uint32_t(way) / 64] &= ~(uint64_t(1) << (uint32_t(way) % 64));
  append(set, uint32_t(way));
}

void TagArray::invalidate(uint32_t set, int way) {
  const size_t i = size_t(set) * assoc_ + uint32_t(way);
  const uint64_t old = tags_[i];
  const bool was = old != kNoTag;
  tags_[i] = kNoTag;
  states_[i] = CacheLineState{};
  if (!indexed_) return;
  if (was) {
    unlink(set, uint32_t(way));
    index_erase(set, old);
  }
  empty_[size_t(set) * empty_words_ + uint32_t(way) / 64] |= uint64_t(1) << (uint32_t(way) % 64);
}

}  // namespace gpucosim
