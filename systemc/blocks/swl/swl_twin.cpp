#include "systemc/blocks/swl/swl_twin.h"

namespace gpucosim {

namespace {
uint64_t below(uint32_t w) { return (uint64_t(1) << w) - 1; }  // slots v < w (w < 64)
}  // namespace

SwlTwin::SwlTwin(const SwlParams& p, bool eval_every_cycle)
    : p_(p),
      eval_every_cycle_(eval_every_cycle),
      mask_(p.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p.n_warps) - 1),
      older_(p.n_warps, 0) {
  p_.validate();
}

void SwlTwin::reset(SwlOutputs& out) {
  live_ = parked_ = 0;
  limit_ = 0;  // the age matrix has no reset in the RTL either: it is read only for live pairs
  compute_outputs(out);
  last_ = out;
  evaluated_ = true;
}

void SwlTwin::step(const SwlInputs& in, SwlOutputs& out) {
  const uint64_t launch = in.launch & mask_, retire = in.retire & mask_, parked = in.parked & mask_;
  const uint32_t limit = in.limit & 0x7f;  // the 7-bit port
  evaluated_ = eval_every_cycle_ || launch || retire || parked != parked_ || limit != limit_;
  if (!evaluated_) {
    out = last_;
    return;
  }
  // Age matrix: a pair is written when either slot launches; the later launch decides.
  for (uint32_t w = 1; w < p_.n_warps; ++w)
    older_[w] = ((launch >> w) & 1u) ? below(w) : older_[w] & ~(launch & below(w));
  live_ = (live_ & ~retire) | launch;
  parked_ = parked;
  limit_ = limit;
  compute_outputs(out);
  last_ = out;
}

void SwlTwin::compute_outputs(SwlOutputs& out) const {
  const uint64_t active = live_ & ~parked_;
  uint64_t allow = 0;
  for (uint32_t w = 0; w < p_.n_warps; ++w) {
    if (!((live_ >> w) & 1u)) continue;
    uint32_t ahead = uint32_t(__builtin_popcountll(active & older_[w] & below(w)));
    for (uint32_t v = w + 1; v < p_.n_warps; ++v) ahead += ((active >> v) & 1u) && !((older_[v] >> w) & 1u);
    if (ahead < limit_) allow |= uint64_t(1) << w;
  }
  out.live = live_;
  out.allow = allow;
}

}  // namespace gpucosim
