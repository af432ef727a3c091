#include "systemc/memory/cache/set_index.h"

#include <stdexcept>
#include <string>

namespace gpucosim {

uint32_t Gf2PolyHash::polynomial(uint32_t degree) {
  // One irreducible (in fact primitive) polynomial per degree, from the standard tables of
  // primitive polynomials over GF(2); tests/memory checks irreducibility by trial division.
  static constexpr uint32_t kPoly[kMaxDegree + 1] = {
      0,       0x3,    0x7,    0xB,    0x13,   0x25,   0x43,   0x83,   0x11D,
      0x211,   0x409,  0x805,  0x1053, 0x201B, 0x4443, 0x8003, 0x1100B,
  };
  return degree <= kMaxDegree ? kPoly[degree] : 0;
}

uint32_t gf2_mod(uint64_t x, uint32_t poly, uint32_t degree) {
  for (int i = 63; i >= int(degree); --i)
    if ((x >> i) & 1) x ^= uint64_t(poly) << (i - int(degree));
  return uint32_t(x);
}

Gf2PolyHash::Gf2PolyHash(uint32_t degree) : degree_(degree) {
  const uint32_t p = polynomial(degree);
  if (p == 0) throw std::invalid_argument("IPOLY hash: unsupported degree " + std::to_string(degree));
  // The residue is linear: x^i mod P for each of the 64 bit positions (shift and reduce), then each
  // table entry is the XOR of its set bits' residues, one XOR per entry. Same table as gf2_mod()
  // per entry, without a 64-step division for each of the 2048 entries (a cache is built per SM
  // and per L2 slice: 144 of them on QV100).
  uint32_t bit[64];
  uint32_t r = 1;
  for (int i = 0; i < 64; ++i) {
    bit[i] = r;
    r <<= 1;
    if ((r >> degree) & 1) r ^= p;
  }
  for (int b = 0; b < 8; ++b) {
    table_[b][0] = 0;
    for (uint32_t v = 1; v < 256; ++v)
      table_[b][v] = uint16_t(table_[b][v & (v - 1)] ^ bit[8 * b + __builtin_ctz(v)]);
  }
}

SetIndexer::SetIndexer(char function, uint32_t nsets, uint32_t line_shift, bool gpgpusim_ipoly)
    : function_(function), nsets_(nsets ? nsets : 1), line_shift_(line_shift) {
  const bool pow2 = is_pow2(nsets_);
  bits_ = log2_floor(nsets_);
  mask_ = nsets_ - 1;
  if (!pow2 || nsets_ == 1) {
    kind_ = Kind::Modulo;  // hashed functions need 2^s sets; fall back to linear
    return;
  }
  switch (function) {
    case 'L': kind_ = Kind::Pow2Linear; break;
    case 'H':
      if (nsets_ != 32 && nsets_ != 64)
        throw std::invalid_argument("Fermi hash set index 'H': expected 32 or 64 sets, got " + std::to_string(nsets_));
      kind_ = Kind::Fermi;
      break;
    case 'X': kind_ = Kind::Xor; break;
    case 'P':
      if (bits_ > Gf2PolyHash::kMaxDegree) {
        kind_ = Kind::Pow2Linear;
      } else {
        kind_ = Kind::Poly;
        poly_ = Gf2PolyHash(bits_);
        if (gpgpusim_ipoly && gpgpusim_ipoly_high_bits(bits_) != 0)
          poly_mask_ = (uint64_t(1) << (bits_ + gpgpusim_ipoly_high_bits(bits_))) - 1;
      }
      break;
    default:
      throw std::invalid_argument(std::string("cache set index function '") + function +
                                  "' not supported (expected L, H, P or X)");
  }
}

}  // namespace gpucosim
