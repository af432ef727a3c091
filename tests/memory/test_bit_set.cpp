// StripedBitSet (bit_set.h): the same members in the same ascending order as a plain BitSet for
// every striping, each group's words on cache lines of their own, and a port's doorbell word and
// bit (word_of / bit_of) setting exactly its own index.
#include "systemc/memory/bit_set.h"

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace gpucosim {
namespace {

std::vector<uint32_t> walk(const StripedBitSet& s) {
  std::vector<uint32_t> v;
  s.for_each([&](uint32_t i) { v.push_back(i); });
  return v;
}

TEST(StripedBitSet, WalksTheSameMembersInAscendingOrderForEveryStriping) {
  std::mt19937 rng(7);
  for (uint32_t n : {1u, 5u, 63u, 64u, 65u, 80u, 128u, 130u, 200u, 513u})
    for (uint32_t stripes : {1u, 2u, 3u, 4u, 8u})
      for (uint32_t block : {1u, 2u, 4u}) {
        StripedBitSet s(n, stripes, block);
        std::set<uint32_t> ref;
        for (int k = 0; k < 3 * int(n); ++k) {
          const uint32_t i = rng() % n;
          if (rng() % 3 == 0) {
            s.clear(i);
            ref.erase(i);
          } else {
            s.set(i);
            ref.insert(i);
          }
        }
        EXPECT_EQ(walk(s), std::vector<uint32_t>(ref.begin(), ref.end()))
            << "n " << n << " stripes " << stripes << " block " << block;
        EXPECT_EQ(s.any(), !ref.empty());
        for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(s.test(i), ref.count(i) == 1) << i;
      }
}

TEST(StripedBitSet, EachIndexHasABitOfItsOwn) {
  for (uint32_t stripes : {1u, 2u, 3u})
    for (uint32_t block : {1u, 2u}) {
      StripedBitSet s(150, stripes, block);
      std::set<std::pair<uint64_t*, uint64_t>> seen;
      for (uint32_t i = 0; i < 150; ++i) {
        EXPECT_EQ(__builtin_popcountll(s.bit_of(i)), 1);
        EXPECT_TRUE(seen.insert({s.word_of(i), s.bit_of(i)}).second) << i;
        // Ringing through the word, as a doorbell does, sets index i and nothing else.
        *s.word_of(i) |= s.bit_of(i);
        EXPECT_EQ(walk(s), std::vector<uint32_t>{i});
        *s.word_of(i) &= ~s.bit_of(i);
        EXPECT_FALSE(s.any());
      }
    }
}

TEST(StripedBitSet, GroupsAreOnCacheLinesOfTheirOwn) {
  // Two host threads: SM i on thread i % 2, so even and odd indices ring different lines; with
  // a block of 2 (two sub-partitions per channel), channel c's ports on thread c % 2.
  StripedBitSet sms(80, 2);
  for (uint32_t i = 0; i < 80; ++i)
    for (uint32_t j = 0; j < 80; ++j) {
      const auto line = [&](uint32_t k) { return reinterpret_cast<uintptr_t>(sms.word_of(k)) / 64; };
      if (i % 2 != j % 2) {
        EXPECT_NE(line(i), line(j)) << i << " " << j;
      }
    }
  StripedBitSet parts(64, 2, 2);
  for (uint32_t i = 0; i < 64; ++i)
    for (uint32_t j = 0; j < 64; ++j) {
      const auto line = [&](uint32_t k) { return reinterpret_cast<uintptr_t>(parts.word_of(k)) / 64; };
      if ((i / 2) % 2 != (j / 2) % 2) {
        EXPECT_NE(line(i), line(j)) << i << " " << j;
      } else {
        EXPECT_EQ(line(i), line(j)) << i << " " << j;
      }
    }
}

TEST(StripedBitSet, UnsupportedStripingIsOneGroup) {
  // A block that does not divide 64, or more stripes than kMaxStripes: one group, plain order.
  for (auto [stripes, block] : {std::pair{2u, 3u}, std::pair{StripedBitSet::kMaxStripes + 1, 1u}, std::pair{0u, 1u}}) {
    StripedBitSet s(100, stripes, block);
    for (uint32_t i = 0; i < 100; ++i) EXPECT_EQ(s.word_of(i), s.word_of(0) + i / 64) << i;
    s.set(99);
    s.set(3);
    EXPECT_EQ(walk(s), (std::vector<uint32_t>{3, 99}));
  }
}

}  // namespace
}  // namespace gpucosim
