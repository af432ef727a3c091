#pragma once
// The shape of a warp register's 32 lane values, as the RegLess compressor sees it (seed 000
// §4.5.3): the same value in every lane (constant), base + stride * lane (affine; stride 1 and 4
// compress), or each half-warp with its own base and base + stride * (lane mod 16) (the
// half-warp forms). Used twice: on the lane addresses a trace records for a memory instruction
// (the address register's value at that instruction, observed), and as the abstract value the
// register-value analysis computes (register_values.h).
#include <cstdint>
#include <string>

#include "kernel/kernel.h"

namespace gpucosim::compiler {

struct LanePattern {
  // None: nothing seen yet (the identity of merge). Unknown: no affine shape.
  enum class Kind : uint8_t { None, Affine, Unknown };
  Kind kind = Kind::None;
  int64_t stride = 0;     // per lane; 0 = the same value in every lane (of a half, when split)
  bool split = false;     // each half-warp has its own base
  bool stride_known = true;  // false: affine, but the stride is not known (an unknown multiplier)

  static LanePattern none() { return {}; }
  static LanePattern unknown() { return {Kind::Unknown, 0, false, false}; }
  static LanePattern uniform() { return {Kind::Affine, 0, false, true}; }
  static LanePattern affine(int64_t stride, bool split = false) { return {Kind::Affine, stride, split, true}; }
  static LanePattern affine_unknown_stride(bool split = false) { return {Kind::Affine, 0, split, false}; }

  bool is_uniform() const { return kind == Kind::Affine && stride_known && stride == 0 && !split; }
  bool known() const { return kind == Kind::Affine && stride_known; }
  bool operator==(const LanePattern& o) const {
    return kind == o.kind && (kind != Kind::Affine || (stride == o.stride && split == o.split && stride_known == o.stride_known));
  }
  bool operator!=(const LanePattern& o) const { return !(*this == o); }
};

// The least pattern both a and b fit: equal patterns stay, a full-warp affine value fits the
// split form of the same stride, anything else is Unknown. None is the identity.
LanePattern merge(const LanePattern& a, const LanePattern& b);

// The pattern of the values of the lanes in `mask` (inactive lanes are ignored; the caller
// decides what a partial mask means). 64-bit values; strides are differences of values.
LanePattern classify_lanes(uint32_t mask, const LaneAddrs& values);

// The compressor's five patterns (constant, stride-1, stride-4 and the half-warp forms of the
// strides) or "none": the name of the compressed form a register of this pattern takes.
std::string compressor_pattern(const LanePattern& p);
inline bool compressible(const LanePattern& p) { return compressor_pattern(p) != "none"; }

// "constant", "stride 4", "half-warp stride 1", "affine (stride unknown)", "unknown", "-".
std::string to_string(const LanePattern& p);

}  // namespace gpucosim::compiler
