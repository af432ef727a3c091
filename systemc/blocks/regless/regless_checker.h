#pragma once
// The RegLess shard's protocol checker (kit/checked.h) on the pins only, independent of twin and
// RTL. Each rule names itself first in its message and has a negative test
// (testbenches/regless/test_regless_checker.cpp).
//   inputs, against the pins presented in the same cycle:
//     range          warp numbers below n_warps, registers below n_regs, kinds 0..2, rel 0..2
//     launch         a launched warp is in state none
//     region         an offered region (rgn_valid with top_valid): need <= lines per bank, the
//                    preloads of each bank <= its need, invalidating reads among the preloads,
//                    cache invalidations not among them
//     end            only an active warp ends a region
//     issue_gate     reads and allocations only for active warps; writes for active or draining
//     write_alloc    a write names a line allocated to (warp, register) and not yet written
//     drain_release  a write of a draining warp carries its last-use annotation (erase or evict)
//     fill           a fill answers a fetch that was taken and not yet answered
//   outputs:
//     warp_bits      state masks have no bit at or above n_warps
//     state_onehot   a warp is in at most one of stacked, preloading, active, draining
//     transition     states change only none->stacked->(preloading->)active->(draining->)stacked|none
//     activation     a warp becomes active only with none of its fetches outstanding
//     top            the offered warp is stacked
//     avail          avail <= lines per bank
//     answer         answers only to requests of the last cycle; errors only with an answer
//     mem_request    a memory request writes back, fetches or invalidates
//     mem_stable     a request not taken is presented again unchanged
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

class ReglessChecker {
 public:
  explicit ReglessChecker(const ReglessParams& p);
  void check_inputs(const ReglessInputs& in, const ReglessOutputs& presented);
  void check_outputs(const ReglessOutputs& out);

 private:
  ReglessParams p_;
  uint64_t wmask_, rmask_;
  ReglessInputs last_in_{};
  ReglessOutputs last_out_{};
  bool have_out_ = false;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> allocated_;  // (warp, reg) -> line
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> fetches_;   // (warp, reg, line) taken, unanswered
};

}  // namespace gpucosim
