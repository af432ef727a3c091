#pragma once
// Where the RegLess compressor's knowledge of a register value comes from (issue 14 part 3,
// docs/blocks/regless.md §9). For each dynamic register write of one warp, the shape of the 32
// lanes the register holds after it:
//
//   emitted    the stream carries the lane values the instruction writes (built-in generators,
//              kernel/kernel.h Warp::values). They are merged, in program order, into the lanes
//              the register held (an instruction writes only its active lanes; the others keep
//              their value), and when all 32 lanes are known the pattern matcher (compress())
//              decides: one of the five patterns, or known-other.
//   analysis   no values for some lane: the register-value analysis's shape of the static
//              definition (ReglessStaticInst::shape), when it knows one.
//   unknown    neither: incompressible.
//
// Built once per warp at launch from its whole stream, so the shapes follow program order
// whatever order the shard later sees the writes in.
#include <cstdint>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/blocks/regless/regless_compression.h"
#include "systemc/blocks/regless/regless_kernel_code.h"

namespace gpucosim {

enum class ReglessValueSource : uint8_t { Unknown = 0, Analysis = 1, Emitted = 2 };
const char* to_string(ReglessValueSource s);

struct ReglessValueShape {
  ReglessPattern pattern = ReglessPattern::None;
  ReglessValueSource source = ReglessValueSource::Unknown;
};

class ReglessValueShapes {
 public:
  // `sidx`: the static index (into code.insts()) of each dynamic instruction of `w`.
  void build(const Warp& w, const std::vector<int32_t>& sidx, const ReglessKernelCode& code);
  // The shape of register `reg` (the shard's number) as dynamic instruction `dyn` leaves it;
  // `reg` must be one of the instruction's static definitions.
  ReglessValueShape at(uint32_t dyn, uint32_t reg, uint64_t defs) const;
  bool empty() const { return first_.empty(); }

 private:
  std::vector<uint32_t> first_;  // per dynamic instruction: its first entry in packed_
  std::vector<uint8_t> packed_;  // per (instruction, defined register ascending): pattern | source << 4
};

}  // namespace gpucosim
