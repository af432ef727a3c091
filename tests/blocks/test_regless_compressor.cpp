// RegLess's compressor (systemc/blocks/regless/regless_compression.h, regless_compressor.h;
// docs/blocks/regless.md §9): the pattern matcher recognises each of the five patterns and
// nothing else, decompress(compress(v)) = v, 15 compressed registers fit a 128-byte line and 16
// do not, the value word carries its shape; one shard's unit keeps compressible evictions in its
// line cache (no L1 write), answers preloads of compressed registers after +3 cycles (line cached)
// or 2 cycles after the line's fetch returns, fetches a line only when it holds a live compressed
// register, writes back a dirty live victim, and holds requests while its lines are being fetched.
#include <gtest/gtest.h>

#include <functional>

#include "systemc/blocks/regless/regless_compressor.h"

namespace gpucosim {
namespace {

ReglessLanes lanes(const std::function<uint32_t(uint32_t)>& f) {
  ReglessLanes v{};
  for (uint32_t l = 0; l < 32; ++l) v[l] = f(l);
  return v;
}

TEST(ReglessCompression, EachPatternIsRecognisedAndRoundTrips) {
  struct Case {
    ReglessPattern want;
    ReglessLanes v;
    uint32_t bytes;
  };
  const Case cases[] = {
      {ReglessPattern::Constant, lanes([](uint32_t) { return 0xdeadbeefu; }), 4},
      {ReglessPattern::Stride1, lanes([](uint32_t l) { return 1000 + l; }), 4},
      {ReglessPattern::Stride1, lanes([](uint32_t l) { return 0xfffffff0u + l; }), 4},  // wraps as the adders do
      {ReglessPattern::Stride4, lanes([](uint32_t l) { return 0x7000 + 4 * l; }), 4},
      {ReglessPattern::HalfStride1, lanes([](uint32_t l) { return (l < 16 ? 50 : 900) + l % 16; }), 8},
      {ReglessPattern::HalfStride4, lanes([](uint32_t l) { return (l < 16 ? 0x100 : 0x8000) + 4 * (l % 16); }), 8},
  };
  for (const Case& c : cases) {
    const ReglessCompressed z = compress(c.v);
    EXPECT_EQ(z.pattern, c.want) << to_string(c.want);
    EXPECT_EQ(z.bytes(), c.bytes) << to_string(c.want);
    EXPECT_EQ(decompress(z), c.v) << to_string(c.want);
    EXPECT_TRUE(compressible(z.pattern));
  }
}

TEST(ReglessCompression, OtherValuesAreNotCompressed) {
  const ReglessLanes others[] = {
      lanes([](uint32_t l) { return l * l; }),                            // not affine
      lanes([](uint32_t l) { return 8 * l; }),                            // affine, stride 8
      lanes([](uint32_t l) { return l == 31 ? 99u : 1000 + l; }),         // one lane off stride 1
      lanes([](uint32_t l) { return l < 16 ? 5u : 7u; }),                 // half-warp constants
      lanes([](uint32_t l) { return (l < 16 ? 0 : 64) + (l % 16) * (l < 16 ? 1 : 4); }),  // halves of different strides
      lanes([](uint32_t l) { return 0x9E3779B9u * (l + 1); }),            // hash-like
  };
  for (const ReglessLanes& v : others) {
    const ReglessCompressed z = compress(v);
    EXPECT_EQ(z.pattern, ReglessPattern::None);
    EXPECT_EQ(z.bytes(), 0u);
    EXPECT_FALSE(compressible(z.pattern));
  }
  EXPECT_FALSE(compressible(ReglessPattern::KnownOther));
}

TEST(ReglessCompression, FifteenRegistersFitALine) {
  EXPECT_LE(kReglessRegsPerCompressedLine * kReglessCompressedSlotBits, 1024u);
  EXPECT_GT((kReglessRegsPerCompressedLine + 1) * kReglessCompressedSlotBits, 1024u);
}

TEST(ReglessCompression, TheValueWordCarriesItsShape) {
  for (uint32_t code = 0; code <= uint32_t(ReglessPattern::KnownOther); ++code) {
    const uint64_t v = regless_value_token(0x123456789abcdefull, ReglessPattern(code), 32);
    EXPECT_EQ(regless_value_pattern(v, 32), ReglessPattern(code));
    EXPECT_EQ(v & 1, 1u);       // never the undefined value 0
    EXPECT_EQ(v >> 32, 0u);     // within the word
  }
  // A word too narrow for the shape field says nothing: incompressible.
  EXPECT_EQ(regless_value_pattern(regless_value_token(6, ReglessPattern::Stride1, 3), 3), ReglessPattern::None);
}

// ---- one shard's unit ------------------------------------------------------------------------

constexpr uint32_t kW = 4;  // warps of the test shard: register (w, r) is compressed index r * 4 + w
constexpr uint64_t kBase = 0x10000;

ReglessCompressor unit(uint32_t lines = 2) {
  ReglessCompressorConfig c;
  c.n_warps = kW;
  c.n_regs = 16;
  c.lines = lines;
  c.data_bits = 32;
  c.base = kBase;
  return ReglessCompressor(c);
}
uint64_t value(uint64_t n, ReglessPattern p) { return regless_value_token(n << 8, p, 32); }

std::vector<ReglessCompressor::L1Op> l1_of(ReglessCompressor& u) {
  std::vector<ReglessCompressor::L1Op> v;
  u.take_l1(v);
  return v;
}
std::vector<ReglessCompressor::Fill> fills_at(ReglessCompressor& u, uint64_t t) {
  std::vector<ReglessCompressor::Fill> v;
  u.take_fills(t, v);
  return v;
}

TEST(ReglessCompressor, CompressibleEvictionsStayAndArePreloadedFromTheLineCache) {
  ReglessCompressor u = unit();
  const uint64_t a = value(1, ReglessPattern::Stride4), b = value(2, ReglessPattern::None);
  EXPECT_TRUE(u.evict(1, 2, a, 10));   // R2 of warp 1: index 9, line 0
  EXPECT_TRUE(u.compressed(1, 2));
  EXPECT_FALSE(u.evict(0, 3, b, 10));  // unknown shape: written back uncompressed
  EXPECT_FALSE(u.compressed(0, 3));
  EXPECT_TRUE(l1_of(u).empty());       // a fresh line: nothing fetched, nothing written
  u.preload(1, 2, 7, 20);
  EXPECT_TRUE(fills_at(u, 22).empty());
  const auto f = fills_at(u, 23);      // bit check + tag match + decompress
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].data, a);
  EXPECT_EQ(f[0].warp, 1u);
  EXPECT_EQ(f[0].reg, 2u);
  EXPECT_EQ(f[0].osu_line, 7u);
  const auto& n = u.counters();
  EXPECT_EQ(n.evictions_compressed, 1u);
  EXPECT_EQ(n.evictions_incompressible, 1u);
  EXPECT_EQ(n.by_pattern[size_t(ReglessPattern::Stride4)], 1u);
  EXPECT_EQ(n.preloads, 1u);
  EXPECT_EQ(n.line_hits, 1u);
  EXPECT_EQ(n.line_misses, 1u);
  EXPECT_TRUE(u.idle());
}

TEST(ReglessCompressor, FifteenRegistersShareALineAndEvictedLinesGoThroughTheL1) {
  ReglessCompressor u = unit(2);
  // Indices 0..14 (R0..R3 of warps 0..3, R3 of warp 3 excluded) share compressed line 0.
  for (uint32_t i = 0; i < 15; ++i) EXPECT_TRUE(u.evict(i % kW, i / kW, value(i + 1, ReglessPattern::Constant), 5));
  EXPECT_EQ(u.counters().line_misses, 1u);
  EXPECT_EQ(u.counters().line_hits, 14u);
  // Index 15 starts line 1, index 30 line 2: line 0 (least recently used, dirty, live) goes back.
  EXPECT_TRUE(u.evict(15 % kW, 15 / kW, value(16, ReglessPattern::Constant), 6));
  EXPECT_TRUE(l1_of(u).empty());
  EXPECT_TRUE(u.evict(30 % kW, 30 / kW, value(31, ReglessPattern::Constant), 7));
  auto ops = l1_of(u);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_TRUE(ops[0].write);
  EXPECT_EQ(ops[0].addr, kBase + 0 * 128);
  EXPECT_EQ(ops[0].ready, 8u);  // past the bit-vector stage
  // A preload of a register of line 0 fetches it (line 1 is evicted, written back) and is answered
  // 2 cycles after the line returns, with the value it was evicted with.
  u.preload(2, 1, 3, 20);  // index 6
  ops = l1_of(u);
  ASSERT_EQ(ops.size(), 2u);
  EXPECT_TRUE(ops[0].write);
  EXPECT_EQ(ops[0].addr, kBase + 1 * 128);
  EXPECT_FALSE(ops[1].write);
  EXPECT_EQ(ops[1].line, 0);
  EXPECT_EQ(ops[1].addr, kBase);
  EXPECT_FALSE(u.idle());
  EXPECT_FALSE(u.can_take());  // one of two lines is being fetched
  u.line_arrived(0, 40);
  EXPECT_TRUE(fills_at(u, 41).empty());
  const auto f = fills_at(u, 42);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].data, value(7, ReglessPattern::Constant));
  EXPECT_TRUE(u.can_take());
  EXPECT_EQ(u.counters().line_fetches, 1u);
  EXPECT_EQ(u.counters().line_writebacks, 2u);
}

TEST(ReglessCompressor, DeadLinesAreNeitherFetchedNorWrittenBack) {
  ReglessCompressor u = unit(2);
  EXPECT_TRUE(u.evict(0, 0, value(1, ReglessPattern::Stride1), 1));  // line 0
  u.invalidate(0, 0);                                                 // its only register dies
  EXPECT_FALSE(u.compressed(0, 0));
  EXPECT_TRUE(u.evict(3, 3, value(2, ReglessPattern::Stride1), 2));  // index 15: line 1
  EXPECT_TRUE(u.evict(2, 7, value(3, ReglessPattern::Stride1), 3));  // index 30: line 2 evicts line 0
  EXPECT_TRUE(l1_of(u).empty());                                      // line 0 held nothing live
  // An incompressible eviction of a compressed register clears its bit: the memory copy is the
  // uncompressed one now, and a new warp in a slot has no compressed registers.
  EXPECT_FALSE(u.evict(3, 3, value(4, ReglessPattern::KnownOther), 4));
  EXPECT_FALSE(u.compressed(3, 3));
  u.clear_warp(2);
  EXPECT_FALSE(u.compressed(2, 7));
}

}  // namespace
}  // namespace gpucosim
