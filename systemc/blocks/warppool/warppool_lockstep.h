#pragma once
// Lockstep: two WarpPool implementations (normally the twin and the RTL) driven with the same
// inputs every cycle; every output is compared after every edge (and after reset), and the first
// difference stops the run: step() throws LockstepMismatch naming the cycle, the port and both
// values. The environment keeps using the reference's (first block's) outputs.
#include <memory>
#include <stdexcept>
#include <string>

#include "systemc/blocks/warppool/warppool_block.h"

namespace gpucosim {

class LockstepMismatch : public std::runtime_error {
 public:
  explicit LockstepMismatch(const std::string& what) : std::runtime_error(what) {}
};

class WarpPoolLockstep : public WarpPoolBlock {
 public:
  // `label` names the instance in the report (e.g. "sm3").
  WarpPoolLockstep(std::unique_ptr<WarpPoolBlock> reference, std::unique_ptr<WarpPoolBlock> other,
                   std::string label = "warppool");

  void reset(WarpPoolOutputs& out) override;
  void step(const WarpPoolInputs& in, WarpPoolOutputs& out) override;
  const WarpPoolParams& params() const override { return a_->params(); }
  const char* kind() const override { return "lockstep"; }
  void collect(StatsMap& m) const override;  // lockstep_cycles_compared, lockstep_mismatches

  uint64_t cycles_compared() const { return compared_; }
  uint64_t mismatches() const { return mismatches_; }
  const std::string& first_mismatch() const { return first_; }

 private:
  void compare(const WarpPoolOutputs& a, const WarpPoolOutputs& b);

  std::unique_ptr<WarpPoolBlock> a_, b_;
  std::string label_;
  WarpPoolOutputs ob_;
  uint64_t cycle_ = 0, compared_ = 0, mismatches_ = 0;
  std::string first_;
};

}  // namespace gpucosim
