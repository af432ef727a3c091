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
  for (int b = 0; b < 8; ++b)
    for (uint32_t v = 0; v < 256; ++v) table_[b][v] = uint16_t(gf2_mod(uint64_t(v) << (8 * b), p, degree));
}

SetIndexer::SetIndexer(char function, uint32_t nsets, uint32_t line_shift)
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
      }
      break;
    default:
      throw std::invalid_argument(std::string("cache set index function '") + function +
                                  "' not supported (expected L, H, P or X)");
  }
}

}  // namespace gpucosim
