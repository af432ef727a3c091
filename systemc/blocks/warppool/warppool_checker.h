#pragma once
// WarpPool's protocol checker (kit/checked.h): the handshake rules of warppool_ports.h on the pins
// only, independent of twin and bridge. Each rule has a name that starts its message and a
// negative test (tests/sm/test_warppool_checker.cpp).
//   inputs against the pins presented in the same cycle:
//     issue_ready   issue_valid only for a warp whose issue_ready bit is set (and < n_warps)
//     issue_tag     issue_tag fits tag_bits
//     ret_ready     ret_valid only while ret_ready
//     ret_id        a return answers an accepted load request (l1_id) not answered yet
//     l1_accept     l1_accept only while l1_valid; l1_miss only with an accepted load
//     agu_mask      while agu_valid the operand read returns a non-empty mask whose lane
//                   addresses fit addr_bits
//     skip          skip only after a quiet cycle
//   outputs:
//     warp_bits     issue_ready, ld_ok, st_ok have no bit at or above n_warps
//     l1_request    a load request has 1..slots_per_tag slots, a store exactly 1; sectors in 1..15
//     writeback     wb_valid has a non-empty lane set, and no data outside it
//     quiet         quiet means no operand read, L1 request or writeback; idle implies quiet
#include <vector>

#include "systemc/blocks/warppool/warppool_ports.h"

namespace gpucosim {

class WarpPoolChecker {
 public:
  explicit WarpPoolChecker(const WarpPoolParams& p);
  void check_inputs(const WarpPoolInputs& in, const WarpPoolOutputs& presented);
  void check_outputs(const WarpPoolOutputs& out) const;

 private:
  WarpPoolParams p_;
  uint64_t warp_mask_;
  std::vector<bool> awaiting_;  // request ids accepted by the L1 whose data has not returned
};

}  // namespace gpucosim
