#pragma once
// A fixed-size set of small indices as 64-bit words, walked in ascending order. Components that
// used to poll every port or queue each cycle keep one of these of the ones with something in
// them instead, and visit only those, in the same index order as the full loop did.
#include <cstdint>
#include <vector>

namespace gpucosim {

class BitSet {
 public:
  explicit BitSet(uint32_t n = 0) : words_((n + 63) / 64, 0) {}

  void set(uint32_t i) { words_[i >> 6] |= uint64_t(1) << (i & 63); }
  void clear(uint32_t i) { words_[i >> 6] &= ~(uint64_t(1) << (i & 63)); }
  bool test(uint32_t i) const { return (words_[i >> 6] >> (i & 63)) & 1u; }
  bool any() const {
    for (uint64_t w : words_)
      if (w) return true;
    return false;
  }
  // The word holding bit i, for a port that sets and clears its own bit (ports.h doorbells).
  uint64_t* word_of(uint32_t i) { return &words_[i >> 6]; }
  // f(i) for every member in ascending order. A member f removes is not visited again; a member
  // added during the walk is visited only if it lies ahead in a word not yet read.
  template <class F>
  void for_each(F&& f) const {
    for (size_t k = 0; k < words_.size(); ++k)
      for (uint64_t m = words_[k]; m; m &= m - 1) f(uint32_t(k * 64 + uint32_t(__builtin_ctzll(m))));
  }
  // f(i) for every member that is not in `other` (a set of the same size), in ascending order, as
  // for_each.
  template <class F>
  void for_each_not_in(const BitSet& other, F&& f) const {
    for (size_t k = 0; k < words_.size(); ++k)
      for (uint64_t m = words_[k] & ~other.words_[k]; m; m &= m - 1) f(uint32_t(k * 64 + uint32_t(__builtin_ctzll(m))));
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace gpucosim
