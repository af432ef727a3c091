#include "systemc/blocks/swl/swl_checker.h"

#include <algorithm>

#include "systemc/blocks/kit/checked.h"

namespace gpucosim {

using kit::hex;
using kit::rule;

SwlChecker::SwlChecker(const SwlParams& p)
    : p_(p), mask_(p.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p.n_warps) - 1) {}

void SwlChecker::check_inputs(const SwlInputs& in, const SwlOutputs& o) {
  rule(((in.launch | in.retire | in.parked) & ~mask_) == 0, "warp_bits", "an input bit at or above n_warps");
  rule((in.retire & ~o.live) == 0, "retire", "retire of warps that are not live: " + hex(in.retire & ~o.live));
  rule((in.launch & o.live & ~in.retire) == 0, "launch",
       "launch into slots whose warps are live: " + hex(in.launch & o.live & ~in.retire));
  const uint64_t live_after = (o.live & ~in.retire) | in.launch;
  rule((in.parked & ~live_after) == 0, "parked", "parked warps that are not live: " + hex(in.parked & ~live_after));
  rule(in.limit >= 1 && in.limit <= 64 && (limit_ == 0 || in.limit == limit_), "limit",
       "limit " + std::to_string(in.limit) + (limit_ ? " after " + std::to_string(limit_) : std::string()));
  order_.erase(std::remove_if(order_.begin(), order_.end(), [&](uint32_t w) { return (in.retire >> w) & 1u; }),
               order_.end());
  for (uint64_t m = in.launch; m; m &= m - 1) order_.push_back(uint32_t(__builtin_ctzll(m)));
  parked_ = in.parked;
  limit_ = in.limit;
}

void SwlChecker::check_outputs(const SwlOutputs& o) const {
  rule(((o.live | o.allow) & ~mask_) == 0, "warp_bits", "an output bit at or above n_warps");
  uint64_t live = 0;
  for (uint32_t w : order_) live |= uint64_t(1) << w;
  rule(o.live == live, "live", "live " + hex(o.live) + ", launched and not retired " + hex(live));
  rule((o.allow & ~o.live) == 0, "allow_live", "allowed warps that are not live: " + hex(o.allow & ~o.live));
  uint32_t ahead = 0;  // active warps older than the one looked at
  for (uint32_t w : order_) {
    const bool allowed = (o.allow >> w) & 1u;
    rule(!allowed || ahead < limit_, "over_limit",
         "warp " + std::to_string(w) + " allowed with " + std::to_string(ahead) + " older active warps, limit " +
             std::to_string(limit_));
    rule(allowed || ahead >= limit_, "oldest_first",
         "warp " + std::to_string(w) + " not allowed with only " + std::to_string(ahead) +
             " older active warps, limit " + std::to_string(limit_));
    ahead += ((parked_ >> w) & 1u) ? 0 : 1;
  }
}

}  // namespace gpucosim
