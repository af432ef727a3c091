#pragma once
// The cycle-exact C++ twin of rtl/swl/swl.v, register for register: the live, parked and limit
// registers and the age matrix (older_[w] bit v, v < w: slot v's warp was launched before slot
// w's, the RTL's older_q row w). step() computes the next state from the old registers and the
// inputs, then the Moore outputs from the new registers, as the RTL's combinational logic does.
// A cycle with no launch or retire and an unchanged parked level and limit changes no register:
// it is held (evaluated() false) unless eval_every_cycle.
#include <cstdint>
#include <vector>

#include "systemc/blocks/swl/swl_block.h"

namespace gpucosim {

class SwlTwin : public SwlBlock {
 public:
  explicit SwlTwin(const SwlParams& p, bool eval_every_cycle = false);

  void reset(SwlOutputs& out) override;
  void step(const SwlInputs& in, SwlOutputs& out) override;
  const SwlParams& params() const override { return p_; }
  const char* kind() const override { return "tlm"; }
  bool evaluated() const override { return evaluated_; }

 private:
  void compute_outputs(SwlOutputs& out) const;

  SwlParams p_;
  bool eval_every_cycle_;
  uint64_t mask_;                  // the n_warps slot bits
  uint64_t live_ = 0, parked_ = 0;
  uint32_t limit_ = 0;
  std::vector<uint64_t> older_;
  SwlOutputs last_{};
  bool evaluated_ = true;
};

}  // namespace gpucosim
