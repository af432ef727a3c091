// Lane-value shapes: classification of 32 lane values and the merge of two shapes.
#include "compiler/lane_pattern.h"

namespace gpucosim::compiler {

LanePattern merge(const LanePattern& a, const LanePattern& b) {
  if (a.kind == LanePattern::Kind::None) return b;
  if (b.kind == LanePattern::Kind::None) return a;
  if (a == b) return a;
  if (a.kind == LanePattern::Kind::Affine && b.kind == LanePattern::Kind::Affine && a.stride_known &&
      b.stride_known && a.stride == b.stride)
    return LanePattern::affine(a.stride, true);  // one full-warp, one split: the split form holds both
  return LanePattern::unknown();
}

namespace {

// Does v[l] = base + stride * (l - first) hold for the active lanes of [lo, hi)? Sets stride from
// the first two active lanes. Returns false when some lane breaks it.
bool affine_run(uint32_t mask, const LaneAddrs& v, int lo, int hi, int64_t& stride, bool& any) {
  int first = -1;
  bool have_stride = false;
  for (int l = lo; l < hi; ++l) {
    if (!(mask >> l & 1u)) continue;
    if (first < 0) {
      first = l;
      continue;
    }
    const int64_t d = int64_t(v[size_t(l)] - v[size_t(first)]);
    if (!have_stride) {
      if (d % (l - first) != 0) return false;
      stride = d / (l - first);
      have_stride = true;
    } else if (d != stride * (l - first)) {
      return false;
    }
  }
  any = first >= 0;
  if (!have_stride) stride = 0;  // zero or one active lane: fits any stride; say 0
  return true;
}

}  // namespace

LanePattern classify_lanes(uint32_t mask, const LaneAddrs& values) {
  if (mask == 0) return LanePattern::none();
  int64_t s = 0;
  bool any = false;
  if (affine_run(mask, values, 0, kWarpSize, s, any)) return LanePattern::affine(s);
  int64_t s0 = 0, s1 = 0;
  bool any0 = false, any1 = false;
  if (affine_run(mask, values, 0, 16, s0, any0) && affine_run(mask, values, 16, 32, s1, any1)) {
    // A half with one active lane fits the other half's stride.
    const uint32_t lo = mask & 0xffffu, hi = mask >> 16;
    const bool lo_free = __builtin_popcount(lo) <= 1, hi_free = __builtin_popcount(hi) <= 1;
    if (s0 == s1 || lo_free || hi_free) return LanePattern::affine(lo_free ? s1 : s0, true);
  }
  return LanePattern::unknown();
}

std::string compressor_pattern(const LanePattern& p) {
  if (!p.known()) return "none";
  if (p.stride == 0 && !p.split) return "constant";
  if (p.stride == 1) return p.split ? "half-stride-1" : "stride-1";
  if (p.stride == 4) return p.split ? "half-stride-4" : "stride-4";
  return "none";
}

std::string to_string(const LanePattern& p) {
  switch (p.kind) {
    case LanePattern::Kind::None:
      return "-";
    case LanePattern::Kind::Unknown:
      return "unknown";
    case LanePattern::Kind::Affine:
      break;
  }
  const std::string half = p.split ? "half-warp " : "";
  if (!p.stride_known) return half + "affine (stride unknown)";
  if (p.stride == 0) return p.split ? "half-warp constant" : "constant";
  return half + "stride " + std::to_string(p.stride);
}

}  // namespace gpucosim::compiler
