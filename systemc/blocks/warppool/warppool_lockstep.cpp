#include "systemc/blocks/warppool/warppool_lockstep.h"

namespace gpucosim {

WarpPoolLockstep::WarpPoolLockstep(std::unique_ptr<WarpPoolBlock> reference, std::unique_ptr<WarpPoolBlock> other,
                                   std::string label)
    : a_(std::move(reference)), b_(std::move(other)), label_(std::move(label)) {
  if (a_->params() != b_->params())
    throw std::invalid_argument("warppool lockstep: the two blocks have different parameters: " +
                                a_->params().describe() + " vs " + b_->params().describe());
}

void WarpPoolLockstep::reset(WarpPoolOutputs& out) {
  cycle_ = 0;
  a_->reset(out);
  b_->reset(ob_);
  compare(out, ob_);
}

void WarpPoolLockstep::step(const WarpPoolInputs& in, WarpPoolOutputs& out) {
  ++cycle_;
  a_->step(in, out);
  b_->step(in, ob_);
  compare(out, ob_);
}

void WarpPoolLockstep::compare(const WarpPoolOutputs& a, const WarpPoolOutputs& b) {
  compared_ += 1;
  const std::string d = first_output_difference(a, b, a_->kind(), b_->kind());
  if (d.empty()) return;
  mismatches_ += 1;
  if (first_.empty()) first_ = label_ + ": lockstep mismatch at cycle " + std::to_string(cycle_) + ", " + d;
  throw LockstepMismatch(first_);
}

void WarpPoolLockstep::collect(StatsMap& m) const {
  add_stat(m, "lockstep_cycles_compared", double(compared_));
  add_stat(m, "lockstep_mismatches", double(mismatches_));
}

}  // namespace gpucosim
