#include "systemc/blocks/regless/regless_twin.h"

namespace gpucosim {

bool regless_may_hold(const ReglessOutputs& last, const ReglessInputs& in, uint64_t last_blocked) {
  return last.quiet && !in.launch_valid && !in.end_valid && !in.op_valid && !in.fill_valid &&
         in.blocked == last_blocked && !(last.top_valid && in.rgn_valid);
}

ReglessTwin::ReglessTwin(const ReglessParams& p, bool eval_every_cycle)
    : p_(p), eval_every_cycle_(eval_every_cycle), cm_(p), osu_(p) {
  p_.validate();
}

void ReglessTwin::reset(ReglessOutputs& out) {
  cm_.reset();
  osu_.reset();
  blocked_ = 0;
  compute_outputs(out);
  last_ = out;
  evaluated_ = true;
}

void ReglessTwin::step(const ReglessInputs& in, ReglessOutputs& out) {
  const uint64_t wmask = p_.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p_.n_warps) - 1;
  evaluated_ = eval_every_cycle_ || !regless_may_hold(last_, in, blocked_);
  blocked_ = in.blocked & wmask;
  if (!evaluated_) {
    out = last_;
    return;
  }
  cm_.set_queue_full(osu_.queue_full());
  cm_.pushes(push_);
  osu_.step(in, push_, ev_);
  const uint64_t exits = cm_.step(in, ev_);
  osu_.flash(exits);
  cm_.commit();
  osu_.commit();
  compute_outputs(out);
  last_ = out;
}

void ReglessTwin::compute_outputs(ReglessOutputs& out) const {
  out = ReglessOutputs{};
  cm_.outputs(out);
  osu_.outputs(out);
  out.quiet = cm_.quiet() && osu_.quiet();
}

}  // namespace gpucosim
