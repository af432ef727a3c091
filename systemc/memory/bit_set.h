#pragma once
// A fixed-size set of small indices as 64-bit words, walked in ascending order. Components that
// used to poll every port or queue each cycle keep one of these of the ones with something in
// them instead, and visit only those, in the same index order as the full loop did.
#include <cstddef>
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

// A set of indices [0, n) like BitSet, whose indices are dealt out in blocks of `block` to
// `stripes` groups in turn (index i in group (i / block) % stripes), each group's words on cache
// lines of their own. Why: the GPU top level's host threads tick SM i, and memory channel c, on
// member i % threads (GpuModel::run_shares), and each such component sets and clears its own
// bit here (ports.h doorbells) with an atomic read-modify-write. In one word the members' bits
// share a line, which then moves between the cores at every ring (about 230 ns one way between
// this machine's two virtual CPUs, measured with a ping-pong of one atomic); with one group per
// member a line moves at most once a job. Walked in ascending index order, as BitSet, so a
// reader visits the members in the same order whatever the striping.
// `block` must divide 64 (a channel's sub-partitions); otherwise, or with one stripe, the set is
// one group (a plain BitSet's layout).
class StripedBitSet {
 public:
  static constexpr uint32_t kMaxStripes = 8;

  explicit StripedBitSet(uint32_t n = 0, uint32_t stripes = 1, uint32_t block = 1)
      : stripes_(stripes == 0 || stripes > kMaxStripes || block == 0 || 64 % block != 0 ? 1 : stripes),
        block_(stripes_ == 1 ? 1 : block) {
    const uint32_t group = stripes_ * block_;
    const uint32_t positions = (n + group - 1) / group * block_;  // a group's positions at most
    words_ = (positions + 63) / 64;
    lines_per_stripe_ = (words_ + kWordsPerLine - 1) / kWordsPerLine;
    lines_.assign(size_t(lines_per_stripe_) * stripes_, Line{});
  }

  // The word and bit of index i, for a port that sets and clears its own bit (ports.h doorbells).
  uint64_t* word_of(uint32_t i) {
    const uint32_t p = position(i);
    return &word(stripe(i), p / 64);
  }
  uint64_t bit_of(uint32_t i) const { return uint64_t(1) << (position(i) % 64); }
  void set(uint32_t i) { *word_of(i) |= bit_of(i); }
  void clear(uint32_t i) { *word_of(i) &= ~bit_of(i); }
  bool test(uint32_t i) const { return (word(stripe(i), position(i) / 64) & bit_of(i)) != 0; }
  bool any() const {
    for (const Line& l : lines_)
      for (uint64_t w : l.w)
        if (w) return true;
    return false;
  }
  // f(i) for every member in ascending order (each word of the groups read once, before its
  // members are visited, as BitSet::for_each).
  template <class F>
  void for_each(F&& f) const {
    const uint32_t S = stripes_, B = block_;
    for (uint32_t w = 0; w < words_; ++w) {
      uint64_t m[kMaxStripes];
      for (uint32_t s = 0; s < S; ++s) m[s] = word(s, w);
      for (;;) {
        // The lowest (block, group) pair holding a member: a block's members of group s come
        // before those of group s + 1, which come before the next block's.
        uint32_t best_s = 0, best_q = UINT32_MAX;
        for (uint32_t s = 0; s < S; ++s) {
          if (!m[s]) continue;
          const uint32_t q = uint32_t(__builtin_ctzll(m[s])) / B;
          if (q < best_q) best_q = q, best_s = s;
        }
        if (best_q == UINT32_MAX) break;  // this word of every group visited
        const uint32_t b = uint32_t(__builtin_ctzll(m[best_s]));
        m[best_s] &= m[best_s] - 1;
        const uint32_t p = w * 64 + b;  // the group's position
        f((p / B * S + best_s) * B + p % B);
      }
    }
  }

 private:
  static constexpr uint32_t kWordsPerLine = 8;
  struct alignas(64) Line {
    uint64_t w[kWordsPerLine] = {};
  };
  uint32_t stripe(uint32_t i) const { return (i / block_) % stripes_; }
  uint32_t position(uint32_t i) const { return i / (block_ * stripes_) * block_ + i % block_; }
  uint64_t& word(uint32_t s, uint32_t w) { return lines_[size_t(s) * lines_per_stripe_ + w / kWordsPerLine].w[w % kWordsPerLine]; }
  uint64_t word(uint32_t s, uint32_t w) const {
    return lines_[size_t(s) * lines_per_stripe_ + w / kWordsPerLine].w[w % kWordsPerLine];
  }

  uint32_t stripes_, block_;
  uint32_t words_ = 0, lines_per_stripe_ = 0;
  std::vector<Line> lines_;
};

}  // namespace gpucosim
