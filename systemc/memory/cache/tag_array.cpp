#include "systemc/memory/cache/tag_array.h"

#include <stdexcept>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gpucosim {

TagArray::TagArray(uint32_t nsets, uint32_t assoc, char replacement)
    : nsets_(nsets), assoc_(assoc), lru_(replacement == 'L'), indexed_(assoc >= kIndexedAssoc) {
  if (nsets == 0 || assoc == 0) throw std::invalid_argument("cache: sets and associativity must be > 0");
  if (replacement != 'L' && replacement != 'F')
    throw std::invalid_argument(std::string("cache replacement policy '") + replacement + "' (expected L or F)");
  tags_.assign(size_t(nsets) * assoc, kNoTag);
  states_.assign(size_t(nsets) * assoc, CacheLineState{});
  fp_stride_ = (assoc + 7) / 8 * 8;
  fp_.assign(size_t(nsets) * fp_stride_ + 8, fingerprint(kNoTag));  // + 8: see find()
  empty_words_ = (assoc + 63) / 64;
  empty_.assign(size_t(nsets) * empty_words_, 0);
  for (uint32_t s = 0; s < nsets; ++s)
    for (uint32_t w = 0; w < assoc; ++w) empty_[size_t(s) * empty_words_ + w / 64] |= uint64_t(1) << (w % 64);
  prev_.assign(size_t(nsets) * assoc, kNone);
  next_.assign(size_t(nsets) * assoc, kNone);
  set_head_.assign(nsets, kNone);
  set_tail_.assign(nsets, kNone);
}

int TagArray::find(uint32_t set, uint64_t line) const {
  if (!indexed_) return find_by_scan(set, line);
  const uint16_t* f = &fp_[size_t(set) * fp_stride_];
  const uint64_t* t = &tags_[size_t(set) * assoc_];
  const uint16_t want = fingerprint(line);
#if defined(__SSE2__)
  // 16 ways per step: two 8-way compares packed into one byte mask (a match is 0xFFFF, which
  // packs to 0xFF), one test and branch instead of two. fp_stride_ pads a set to a multiple of 8
  // ways, so a step may read 8 fingerprints past the set (the next set's, or 8 spare entries at
  // the end of fp_): masked off by the way count.
  const __m128i key = _mm_set1_epi16(short(want));
  for (uint32_t base = 0; base < assoc_; base += 16) {
    const __m128i lo = _mm_cmpeq_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(f + base)), key);
    const __m128i hi = _mm_cmpeq_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(f + base + 8)), key);
    uint32_t m = uint32_t(_mm_movemask_epi8(_mm_packs_epi16(lo, hi)));
    if (assoc_ - base < 16) m &= (1u << (assoc_ - base)) - 1;
    for (; m; m &= m - 1) {
      const uint32_t w = base + uint32_t(__builtin_ctz(m));
      if (t[w] == line) return int(w);
    }
  }
#else
  for (uint32_t w = 0; w < assoc_; ++w)
    if (f[w] == want && t[w] == line) return int(w);
#endif
  return -1;
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

void TagArray::unlink(uint32_t set, uint32_t way) {
  const size_t base = size_t(set) * assoc_;
  const uint32_t p = prev_[base + way], n = next_[base + way];
  (p == kNone ? set_head_[set] : next_[base + p]) = n;
  (n == kNone ? set_tail_[set] : prev_[base + n]) = p;
  prev_[base + way] = next_[base + way] = kNone;
}

void TagArray::append(uint32_t set, uint32_t way) {
  const size_t base = size_t(set) * assoc_;
  const uint32_t t = set_tail_[set];
  prev_[base + way] = t;
  next_[base + way] = kNone;
  (t == kNone ? set_head_[set] : next_[base + t]) = way;
  set_tail_[set] = way;
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
  const bool was = tags_[i] != kNoTag;
  tags_[i] = line;
  states_[i] = CacheLineState{};
  states_[i].stamp = ++serial_;
  if (!indexed_) return;
  if (was) unlink(set, uint32_t(way));
  fp_[size_t(set) * fp_stride_ + uint32_t(way)] = fingerprint(line);
  empty_[size_t(set) * empty_words_ + uint32_t(way) / 64] &= ~(uint64_t(1) << (uint32_t(way) % 64));
  append(set, uint32_t(way));
}

void TagArray::invalidate(uint32_t set, int way) {
  const size_t i = size_t(set) * assoc_ + uint32_t(way);
  const bool was = tags_[i] != kNoTag;
  tags_[i] = kNoTag;
  states_[i] = CacheLineState{};
  if (!indexed_) return;
  if (was) unlink(set, uint32_t(way));
  fp_[size_t(set) * fp_stride_ + uint32_t(way)] = fingerprint(kNoTag);
  empty_[size_t(set) * empty_words_ + uint32_t(way) / 64] |= uint64_t(1) << (uint32_t(way) % 64);
}

}  // namespace gpucosim
