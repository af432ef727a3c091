#pragma once
// SWL's protocol checker (kit/checked.h) on the pins only, independent of twin and RTL. It keeps
// the launch order the pins imply (launch and retire) and holds each edge's outputs to it. Each
// rule names itself first in its message and has a negative test (tests/blocks/test_swl_checker.cpp).
//   inputs, against the pins presented in the same cycle:
//     warp_bits     launch, retire, parked have no bit at or above n_warps
//     retire        only live warps retire
//     launch        a warp launches into a free slot, or one whose warp retires this cycle
//     parked        parked warps are live after this edge
//     limit         the limit is 1 to 64 and never changes
//   outputs:
//     warp_bits     live and allow have no bit at or above n_warps
//     live          live = the warps launched and not retired
//     allow_live    only live warps are allowed
//     over_limit    an allowed warp has fewer than `limit` active (live, not parked) warps older
//                   than it; so at most `limit` active warps are allowed
//     oldest_first  a live warp with fewer than `limit` older active warps is allowed
#include <cstdint>
#include <vector>

#include "systemc/blocks/swl/swl_block.h"

namespace gpucosim {

class SwlChecker {
 public:
  explicit SwlChecker(const SwlParams& p);
  void check_inputs(const SwlInputs& in, const SwlOutputs& presented);
  void check_outputs(const SwlOutputs& out) const;

 private:
  SwlParams p_;
  uint64_t mask_;
  std::vector<uint32_t> order_;  // live warps, oldest first
  uint64_t parked_ = 0;          // the level the last edge sampled
  uint32_t limit_ = 0;           // 0 until the first edge
};

}  // namespace gpucosim
