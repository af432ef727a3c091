#pragma once
// Lockstep: two implementations of one block (normally the twin and the RTL) driven with the same
// inputs every cycle; every output is compared after every edge (and after reset), and the first
// difference stops the run: step() throws LockstepMismatch naming the cycle, the port and both
// values. The environment keeps using the reference's (first block's) outputs.
// lockstep_cycles_compared counts the cycles BOTH sides evaluated (Impl::evaluated()): on a quiet
// cycle that one side skipped, the comparison is still made but proves less, so it is not counted;
// run with ImplOptions::eval_every_cycle to compare computed outputs on every cycle.
#include <memory>
#include <stdexcept>
#include <string>

#include "systemc/blocks/kit/block_impl.h"
#include "systemc/blocks/kit/param_table.h"
#include "systemc/blocks/kit/pin_diff.h"

namespace gpucosim::kit {

class LockstepMismatch : public std::runtime_error {
 public:
  explicit LockstepMismatch(const std::string& what) : std::runtime_error(what) {}
};

// T additionally provides  static PinDiff first_difference(const Outputs&, const Outputs&)
// and  static const ParamTable& param_table().
template <class T>
class Lockstep : public Impl<T> {
 public:
  using typename Impl<T>::Inputs;
  using typename Impl<T>::Outputs;
  using typename Impl<T>::Params;

  Lockstep(std::unique_ptr<Impl<T>> reference, std::unique_ptr<Impl<T>> other, std::string label)
      : a_(std::move(reference)), b_(std::move(other)), label_(std::move(label)) {
    const std::string d = first_difference(T::param_table(), &a_->params(), &b_->params(), b_->kind());
    if (!d.empty())
      throw std::invalid_argument(std::string(T::kName) + " lockstep: the two implementations differ in " + d);
  }

  void reset(Outputs& out) override {
    cycle_ = 0;
    a_->reset(out);
    b_->reset(ob_);
    compare(out);
  }
  void step(const Inputs& in, Outputs& out) override {
    ++cycle_;
    a_->step(in, out);
    b_->step(in, ob_);
    compare(out);
  }
  const Params& params() const override { return a_->params(); }
  const char* kind() const override { return "lockstep"; }
  void collect(StatsMap& m) const override {
    add_stat(m, "lockstep_cycles_compared", double(compared_));
    add_stat(m, "lockstep_cycles_held", double(held_));
    add_stat(m, "lockstep_mismatches", double(mismatches_));
    a_->collect(m);
    b_->collect(m);
  }

  uint64_t cycles_compared() const { return compared_; }
  uint64_t mismatches() const { return mismatches_; }
  const std::string& first_mismatch() const { return first_; }

 private:
  void compare(const Outputs& oa) {
    if (a_->evaluated() && b_->evaluated())
      compared_ += 1;
    else
      held_ += 1;
    const PinDiff d = T::first_difference(oa, ob_);
    if (!d.found()) return;
    mismatches_ += 1;
    if (first_.empty())
      first_ = label_ + ": lockstep mismatch at cycle " + std::to_string(cycle_) + ", " +
               d.describe(a_->kind(), b_->kind());
    throw LockstepMismatch(first_);
  }

  std::unique_ptr<Impl<T>> a_, b_;
  std::string label_;
  Outputs ob_{};
  uint64_t cycle_ = 0, compared_ = 0, held_ = 0, mismatches_ = 0;
  std::string first_;
};

}  // namespace gpucosim::kit
