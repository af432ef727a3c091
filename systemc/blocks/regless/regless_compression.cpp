// The compressor's pattern matcher and decompressor, and the value word's shape field.
#include "systemc/blocks/regless/regless_compression.h"

namespace gpucosim {

const char* to_string(ReglessPattern p) {
  switch (p) {
    case ReglessPattern::None: return "none";
    case ReglessPattern::Constant: return "constant";
    case ReglessPattern::Stride1: return "stride-1";
    case ReglessPattern::Stride4: return "stride-4";
    case ReglessPattern::HalfStride1: return "half-stride-1";
    case ReglessPattern::HalfStride4: return "half-stride-4";
    case ReglessPattern::KnownOther: return "known-other";
  }
  return "none";
}

uint32_t ReglessCompressed::bytes() const {
  switch (pattern) {
    case ReglessPattern::Constant:
    case ReglessPattern::Stride1:
    case ReglessPattern::Stride4: return 4;
    case ReglessPattern::HalfStride1:
    case ReglessPattern::HalfStride4: return 8;
    default: return 0;
  }
}

namespace {
// Does v[lo + i] = v[lo] + stride * i hold for i in [0, n)?
bool run(const ReglessLanes& v, int lo, int n, uint32_t stride) {
  for (int i = 1; i < n; ++i)
    if (v[size_t(lo + i)] != v[size_t(lo)] + stride * uint32_t(i)) return false;
  return true;
}
}  // namespace

ReglessCompressed compress(const ReglessLanes& v) {
  ReglessCompressed c;
  c.base[0] = v[0];
  if (run(v, 0, 32, 0)) c.pattern = ReglessPattern::Constant;
  else if (run(v, 0, 32, 1)) c.pattern = ReglessPattern::Stride1;
  else if (run(v, 0, 32, 4)) c.pattern = ReglessPattern::Stride4;
  else if (run(v, 0, 16, 1) && run(v, 16, 16, 1)) c.pattern = ReglessPattern::HalfStride1;
  else if (run(v, 0, 16, 4) && run(v, 16, 16, 4)) c.pattern = ReglessPattern::HalfStride4;
  if (c.pattern == ReglessPattern::HalfStride1 || c.pattern == ReglessPattern::HalfStride4) c.base[1] = v[16];
  if (c.pattern == ReglessPattern::None) c.base[0] = 0;
  return c;
}

ReglessLanes decompress(const ReglessCompressed& c) {
  ReglessLanes v{};
  uint32_t stride = 0;
  bool half = false;
  switch (c.pattern) {
    case ReglessPattern::Stride1: stride = 1; break;
    case ReglessPattern::Stride4: stride = 4; break;
    case ReglessPattern::HalfStride1: stride = 1, half = true; break;
    case ReglessPattern::HalfStride4: stride = 4, half = true; break;
    default: break;
  }
  for (uint32_t l = 0; l < 32; ++l) {
    const uint32_t i = half ? l % 16 : l;
    v[l] = c.base[half && l >= 16 ? 1 : 0] + stride * i;
  }
  return v;
}

uint64_t regless_value_token(uint64_t distinct, ReglessPattern shape, uint32_t data_bits) {
  const uint64_t mask = data_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << data_bits) - 1;
  uint64_t v = (distinct | 1) & mask;
  if (data_bits > kReglessPatternBits) v = (v & ~uint64_t(0xE)) | (uint64_t(shape) << 1);
  return v;
}

ReglessPattern regless_value_pattern(uint64_t token, uint32_t data_bits) {
  if (data_bits <= kReglessPatternBits) return ReglessPattern::None;
  const uint32_t code = uint32_t(token >> 1) & 7u;
  return code <= uint32_t(ReglessPattern::KnownOther) ? ReglessPattern(code) : ReglessPattern::None;
}

}  // namespace gpucosim
