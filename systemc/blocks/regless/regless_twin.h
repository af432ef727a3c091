#pragma once
// The cycle-exact C++ twin of one RegLess shard, rtl/regless/regless.v: the capacity manager
// (regless_cm_twin.h) and the operand staging unit (regless_osu_twin.h) wired as the RTL wires
// them. Per edge: the CM's enqueuer presents its pushes (from its registers), the OSU computes its
// next state and events, the CM its next state and the warps that exit, the OSU frees those warps'
// list lines; then both commit. A cycle with no input event while the shard is quiet (out.quiet)
// changes no register: it is held (evaluated() false) unless eval_every_cycle.
#include <vector>

#include "systemc/blocks/regless/regless_cm_twin.h"
#include "systemc/blocks/regless/regless_osu_twin.h"

namespace gpucosim {

class ReglessTwin : public ReglessBlock {
 public:
  explicit ReglessTwin(const ReglessParams& p, bool eval_every_cycle = false);

  void reset(ReglessOutputs& out) override;
  void step(const ReglessInputs& in, ReglessOutputs& out) override;
  const ReglessParams& params() const override { return p_; }
  const char* kind() const override { return "tlm"; }
  bool evaluated() const override { return evaluated_; }

 private:
  void compute_outputs(ReglessOutputs& out) const;

  ReglessParams p_;
  bool eval_every_cycle_;
  ReglessCmTwin cm_;
  ReglessOsuTwin osu_;
  std::vector<ReglessPush> push_;
  ReglessOsuEvents ev_;
  ReglessOutputs last_{};
  uint64_t blocked_ = 0;  // the level the last edge sampled (the CM's register)
  bool evaluated_ = true;
};

// The quiet-cycle rule shared by the twin and the RTL bridge: no input event, the same blocked
// level, and a shard that was quiet and offered no activation the region pins could take.
bool regless_may_hold(const ReglessOutputs& last, const ReglessInputs& in, uint64_t last_blocked);

}  // namespace gpucosim
