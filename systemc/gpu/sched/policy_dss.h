#pragma once
// Dynamic Spatial Sharing (spec 003 §2.7, Algorithm 1) in the work-conserving reading of spec §6
// A1. Tokens are SM budgets: assigning an SM costs its kernel a token, losing one gives it back,
// and debt (a negative count) is allowed so that no SM idles while a kernel has blocks for it.
//  Phase 1: while an SM is idle and a kernel wants an SM (SchedTables::wants_sm), the idle SM
//           (lowest id first) goes to the wanting kernel with the most tokens (ties: earliest).
//  Phase 2: while the most tokens of a wanting kernel exceed by more than 1 the fewest tokens of
//           a kernel running on an SM, one SM of the latter (the one with the fewest running
//           blocks, ties: lowest id; spec A2) is reserved for the former.
// Phase 2 lowers sum(count^2) at every step, so it terminates (spec §5.2 invariant 13); a bound
// of SMs x KSRT entries steps is checked anyway.
#include "systemc/gpu/sched/sched_policy.h"

namespace gpucosim {

class Dss : public SchedPolicy {
 public:
  SchedPolicyKind kind() const override { return SchedPolicyKind::Dss; }
  void schedule(SchedTables& t) override;
  // Steps of the last schedule() (tests: termination).
  uint64_t last_steps() const { return steps_; }

 private:
  uint64_t steps_ = 0;
};

}  // namespace gpucosim
