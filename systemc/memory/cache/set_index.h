#pragma once
// Set-index functions of the generic cache (the <set_idx> letter of a GPGPU-Sim cache string)
// and the GF(2) polynomial hash they share with the memory-partition address map.
//
//   'L' linear : set = line % nsets
//   'H' Fermi  : the Fermi L1 set index reverse-engineered by Nugteren et al., "A Detailed GPU
//                Cache Model Based on Reuse Distance Theory" (HPCA 2014), the function GPGPU-Sim's
//                'H' models and spec 000 §4.1 names for WarpPool's queue index. On byte address a:
//                set[4:0] = a[11+k:7+k] ^ {a[19], a[17], a[15:13]} (k = log2(line bytes) - 7, so the
//                low part is the line number's low 5 bits), and with 64 sets set[5] = a[12]. Address
//                bits 16 and 18 and those above 19 are not used: lines 1 MB apart share a set.
//                32 or 64 sets only (cache_string.cpp rejects other counts).
//   'X' xor    : one fold only: set = (line ^ (line >> s)) & (nsets-1)
//   'P' IPOLY  : set = line(x) mod P(x), P an irreducible polynomial of degree s over GF(2)
//                (Rau's pseudo-random interleaving, which Accel-Sim's IPOLY follows). Conflict-free
//                for every power-of-two stride: 2^s consecutive multiples of 2^k land in 2^s sets.
//                A cache's 'P' hashes only the line bits GPGPU-Sim's tables read (see
//                gpgpusim_ipoly_high_bits()), so strides past them share a set, as there.
// with s = log2(nsets). The hashed functions need a power-of-two set count; for any other count
// they fall back to linear (documented, and what a user of such a config would expect).
#include <array>
#include <cstdint>

namespace gpucosim {

// x mod P(x) over GF(2), for a fixed irreducible P of degree 1..16, by table lookup: the residue
// is linear in x, so it is the XOR of the residues of x's eight bytes (8 x 256 precomputed entries).
class Gf2PolyHash {
 public:
  Gf2PolyHash() = default;
  explicit Gf2PolyHash(uint32_t degree);

  static constexpr uint32_t kMaxDegree = 16;
  // The irreducible polynomial used for a degree (bit d set = x^d), 0 if unsupported.
  static uint32_t polynomial(uint32_t degree);

  uint32_t degree() const { return degree_; }
  uint32_t operator()(uint64_t x) const {
    // Linear: the XOR of each byte's residue. Zero bytes add nothing, so the loop stops at the
    // highest non-zero one (addresses and hashed fields rarely fill all eight bytes).
    uint32_t r = 0;
    for (int b = 0; x != 0; ++b, x >>= 8) r ^= table_[b][x & 0xff];
    return r;
  }

 private:
  uint32_t degree_ = 0;
  std::array<std::array<uint16_t, 256>, 8> table_{};
};

// GPGPU-Sim's IPOLY (hashing.cc of the 667834c fork Accel-Sim runs) exists for 16, 32 and 64
// entries only, and its tables read just the low 13, 15 or 19 of the higher address bits: on 48-bit
// trace addresses the bits above are ignored. Its result equals (those bits : index) mod P with our
// polynomial of the same degree (checked exhaustively against that function). Returns the count of
// higher bits for a degree (4, 5, 6), 0 for degrees GPGPU-Sim has no IPOLY table for.
inline uint32_t gpgpusim_ipoly_high_bits(uint32_t degree) {
  return degree == 4 ? 13 : degree == 5 ? 15 : degree == 6 ? 19 : 0;
}

// Residue of x mod p by long division; slow, for building tables and for tests.
uint32_t gf2_mod(uint64_t x, uint32_t poly, uint32_t degree);

class SetIndexer {
 public:
  SetIndexer() = default;
  // line_shift: log2 of the line size in bytes ('H' reads absolute address bits).
  // gpgpusim_ipoly: 'P' reads only the higher line bits GPGPU-Sim's IPOLY reads (the caches, whose
  // strings are GPGPU-Sim's); off, it hashes the whole line number (WarpPool's queue hash, whose
  // RTL does).
  SetIndexer(char function, uint32_t nsets, uint32_t line_shift = 7, bool gpgpusim_ipoly = false);

  // Set of a line number (byte address >> log2(line bytes)).
  uint32_t operator()(uint64_t line) const {
    switch (kind_) {
      case Kind::Pow2Linear: return uint32_t(line & mask_);
      case Kind::Modulo: return uint32_t(line % nsets_);
      case Kind::Fermi: {
        const uint64_t a = line << line_shift_;
        const uint64_t lower = line & 0x1f;
        const uint64_t upper = ((a >> 13) & 0x7) | (((a >> 17) & 1) << 3) | (((a >> 19) & 1) << 4);
        return uint32_t(((lower ^ upper) | (((a >> 12) & 1) << 5)) & mask_);
      }
      case Kind::Xor: return uint32_t((line ^ (line >> bits_)) & mask_);
      case Kind::Poly: return poly_(line & poly_mask_);
    }
    return 0;
  }
  char function() const { return function_; }

 private:
  enum class Kind : uint8_t { Pow2Linear, Modulo, Fermi, Xor, Poly };
  Kind kind_ = Kind::Pow2Linear;
  char function_ = 'L';
  uint32_t nsets_ = 1, bits_ = 0, line_shift_ = 7;
  uint64_t mask_ = 0;
  uint64_t poly_mask_ = ~uint64_t(0);  // the line bits 'P' hashes
  Gf2PolyHash poly_;
};

inline bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
inline uint32_t log2_floor(uint64_t v) {
  uint32_t r = 0;
  while (v >>= 1) ++r;
  return r;
}

}  // namespace gpucosim
