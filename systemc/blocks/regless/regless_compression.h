#pragma once
// The RegLess compressor's compression unit (seed 000 §4.5.3, spec §2.2): a warp register's 32
// lane values in one of five shapes take 4 or 8 bytes instead of 128, with a 3-bit pattern code,
// so 15 compressed registers fit a 128-byte line (15 x (64 + 3) = 1005 bits <= 1024):
//
//   constant        v[l] = b                                   4 bytes
//   stride-1        v[l] = b + l                               4 bytes
//   stride-4        v[l] = b + 4l                              4 bytes
//   half-stride-1   v[l] = b0 + l (l < 16), b1 + (l - 16)      8 bytes (two bases)
//   half-stride-4   v[l] = b0 + 4l (l < 16), b1 + 4(l - 16)    8 bytes
//
// All 32 lanes must match (spec §4.2: inactive lanes' values must be preserved too). Lane
// arithmetic is modulo 2^32, as the register's adders.
//
// In the whole-GPU model the OSU's pins carry a value word per register (data_bits wide, not the
// 32 lanes); the front end writes each value's shape into that word (value_token below), so the
// compressor unit that sees an evicted value decides from the value alone, as the hardware's
// pattern matcher would from the 1024-bit line.
#include <array>
#include <cstddef>
#include <cstdint>

namespace gpucosim {

enum class ReglessPattern : uint8_t {
  None = 0,          // value not known: incompressible
  Constant = 1,
  Stride1 = 2,
  Stride4 = 3,
  HalfStride1 = 4,
  HalfStride4 = 5,
  KnownOther = 6,    // known shape (e.g. stride 8) that none of the five patterns takes
};
constexpr uint32_t kReglessPatternBits = 3;
constexpr uint32_t kReglessRegsPerCompressedLine = 15;
constexpr uint32_t kReglessCompressedSlotBits = 64 + kReglessPatternBits;

inline bool compressible(ReglessPattern p) { return p >= ReglessPattern::Constant && p <= ReglessPattern::HalfStride4; }
const char* to_string(ReglessPattern p);

using ReglessLanes = std::array<uint32_t, 32>;

struct ReglessCompressed {
  ReglessPattern pattern = ReglessPattern::None;
  uint32_t base[2] = {0, 0};  // base[1]: the upper half-warp's base (half-warp forms only)
  // Bytes the compressed form stores (0 when incompressible).
  uint32_t bytes() const;
};

// The pattern matcher: the first of the five patterns the lanes fit (constant before the strides,
// full-warp before half-warp forms), else pattern None.
ReglessCompressed compress(const ReglessLanes& v);
// The decompressor: the 32 lanes back (compress(v) is never None when this is called).
ReglessLanes decompress(const ReglessCompressed& c);

// The model's value word (the pins' data_bits): bit 0 set (a written value is never 0, the
// undefined value), bits 1..3 the shape of the 32 lanes it stands for, the rest distinct per
// write. A word narrower than 4 bits carries no shape: pattern None.
uint64_t regless_value_token(uint64_t distinct, ReglessPattern shape, uint32_t data_bits);
ReglessPattern regless_value_pattern(uint64_t token, uint32_t data_bits);

}  // namespace gpucosim
