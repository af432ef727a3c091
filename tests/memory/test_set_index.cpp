// Set-index functions and the GF(2) polynomial hash.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "systemc/memory/cache/set_index.h"

namespace gpucosim {
namespace {

// Irreducible over GF(2): no polynomial of degree 1..d/2 divides it.
bool irreducible(uint32_t p, uint32_t d) {
  for (uint32_t q = 2; q < (1u << (d / 2 + 1)); ++q) {
    const uint32_t dq = log2_floor(q);
    if (dq == 0 || dq > d / 2) continue;
    if (gf2_mod(p, q, dq) == 0) return false;
  }
  return true;
}

TEST(memory_set_index, PolynomialsAreIrreducible) {
  for (uint32_t d = 1; d <= Gf2PolyHash::kMaxDegree; ++d) {
    const uint32_t p = Gf2PolyHash::polynomial(d);
    EXPECT_EQ(log2_floor(p), d);
    EXPECT_TRUE(irreducible(p, d)) << "degree " << d;
  }
}

TEST(memory_set_index, TableHashEqualsLongDivision) {
  // Every degree: the tables are built from the residues of single bits, the reference divides.
  for (uint32_t d = 1; d <= Gf2PolyHash::kMaxDegree; ++d) {
    Gf2PolyHash h(d);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 1000; ++i) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      ASSERT_EQ(h(x), gf2_mod(x, Gf2PolyHash::polynomial(d), d)) << "degree " << d << " x " << x;
    }
    for (int b = 0; b < 64; ++b) ASSERT_EQ(h(uint64_t(1) << b), gf2_mod(uint64_t(1) << b, Gf2PolyHash::polynomial(d), d));
  }
}

size_t distinct_sets(char fn, uint32_t nsets, uint64_t stride_lines, uint32_t n) {
  SetIndexer idx(fn, nsets);
  std::set<uint32_t> s;
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t v = idx(i * stride_lines);
    EXPECT_LT(v, nsets);
    s.insert(v);
  }
  return s.size();
}

TEST(memory_set_index, LinearCampsOnStrideOfSetCountHashesSpread) {
  // 32 lines 32 sets apart: all in one set under linear indexing.
  EXPECT_EQ(distinct_sets('L', 32, 32, 32), 1u);
  EXPECT_EQ(distinct_sets('P', 32, 32, 32), 32u);
  EXPECT_EQ(distinct_sets('X', 32, 32, 32), 32u);
  // The Fermi hash XORs only address bits 13-15, 17, 19 into the set: a 4 kB stride (32 lines)
  // steps bits 12+, and 32 such lines reach 8 of 32 sets (bits 12, 16, 18 unused).
  EXPECT_EQ(distinct_sets('H', 32, 32, 32), 8u);
  // Unit stride: every function uses every set.
  for (char f : {'L', 'P', 'H', 'X'}) EXPECT_EQ(distinct_sets(f, 64, 1, 64), 64u) << f;
}

TEST(memory_set_index, IpolyIsConflictFreeForEveryPowerOfTwoStride) {
  for (uint32_t nsets : {16u, 32u, 64u})
    for (uint32_t k = 0; k < 30; ++k) EXPECT_EQ(distinct_sets('P', nsets, 1ull << k, nsets), nsets) << nsets << " " << k;
  // The single-fold XOR is not: a stride of nsets^2 lines defeats it.
  EXPECT_LT(distinct_sets('X', 32, 32 * 32, 32), 32u);
}

// A cache's 'P' reads the higher line bits GPGPU-Sim's IPOLY reads (15 above the index for 32
// sets, 19 for 64, 13 for 16): lines that differ above them share a set; WarpPool's hash (the
// default) reads them all. Fails on a hash of every line bit.
TEST(memory_set_index, CacheIpolyReadsGpgpuSimsHigherBits) {
  const uint64_t line = 0x3a5c1e7f9b2dull;
  for (auto [nsets, window] : {std::pair{16u, 13u}, {32u, 15u}, {64u, 19u}}) {
    const uint32_t s = log2_floor(nsets);
    SetIndexer g('P', nsets, 7, true), all('P', nsets);
    for (uint32_t b = 0; b < s + window; ++b) EXPECT_EQ(g(line ^ (1ull << b)), all(line ^ (1ull << b)) ^ g(line) ^ all(line)) << nsets << " " << b;
    for (uint32_t b = s + window; b < 40; ++b) EXPECT_EQ(g(line ^ (1ull << b)), g(line)) << nsets << " bit " << b;
    EXPECT_NE(g(line ^ (1ull << (s + window - 1))), g(line)) << nsets;
    EXPECT_EQ(distinct_sets('P', nsets, 1, nsets), nsets);
  }
}

// The Fermi L1 set index of Nugteren et al. (HPCA 2014), as GPGPU-Sim's 'H' and spec 000 §4.1.
TEST(memory_set_index, FermiHashUsesTheReverseEngineeredBits) {
  SetIndexer h64('H', 64), h32('H', 32);
  for (uint64_t l = 0; l < 64; ++l) EXPECT_EQ(h64(l), l) << l;  // address bits 7-12 pass through
  for (uint64_t l = 0; l < 32; ++l) EXPECT_EQ(h32(l), l) << l;
  EXPECT_EQ(h32(32), 0u);  // 32 sets: address bit 12 is not used
  // Address bits 13, 14, 15, 17, 19 (line bits 6, 7, 8, 10, 12 of 128-byte lines) flip set bits 0-4.
  const uint64_t base = 0x5a5a5;
  const int flips[5] = {6, 7, 8, 10, 12};
  for (int b = 0; b < 5; ++b) EXPECT_EQ(h64(base ^ (1ull << flips[b])), h64(base) ^ (1u << b)) << b;
  // Bits 16, 18 and 20 and above are ignored: lines 1 MB apart share a set.
  for (int bit : {9, 11, 13, 14, 20, 30}) EXPECT_EQ(h64(base ^ (1ull << bit)), h64(base)) << bit;
  EXPECT_EQ(distinct_sets('H', 64, 1ull << 13, 64), 1u);
  // A 4 kB column (32 lines 32 apart) of 64 sets: 16 sets, two lines each.
  EXPECT_EQ(distinct_sets('H', 64, 32, 32), 16u);
  // 64-byte lines: the low part is still the line number, the XORed part absolute address bits.
  SetIndexer h64b('H', 64, 6);
  EXPECT_EQ(h64b(1ull << 7), 1u);            // line bit 7 = address bit 13
  EXPECT_EQ(h64b(1ull << 6), 1u << 5);       // line bit 6 = address bit 12
  EXPECT_EQ(h64b(3), 3u);
  EXPECT_THROW(SetIndexer('H', 16), std::invalid_argument);
}

TEST(memory_set_index, NonPowerOfTwoFallsBackToModulo) {
  SetIndexer idx('P', 24);
  for (uint64_t l = 0; l < 100; ++l) EXPECT_EQ(idx(l), l % 24);
}

}  // namespace
}  // namespace gpucosim
