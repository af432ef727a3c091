#include "systemc/blocks/warppool/warppool_checker.h"

#include "systemc/blocks/kit/checked.h"

namespace gpucosim {

using kit::rule;

WarpPoolChecker::WarpPoolChecker(const WarpPoolParams& p)
    : p_(p),
      warp_mask_(p.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p.n_warps) - 1),
      awaiting_(p.mshr_requests, false) {}

void WarpPoolChecker::check_inputs(const WarpPoolInputs& in, const WarpPoolOutputs& o) {
  if (in.issue_valid) {
    rule(in.issue_warp < p_.n_warps && ((o.issue_ready >> in.issue_warp) & 1u), "issue_ready",
         "issue_valid for warp " + std::to_string(in.issue_warp) + " whose issue_ready bit is 0");
    rule((in.issue_tag >> p_.tag_bits) == 0, "issue_tag",
         "issue_tag " + std::to_string(in.issue_tag) + " wider than tag_bits " + std::to_string(p_.tag_bits));
  }
  if (in.ret_valid) {
    rule(o.ret_ready, "ret_ready", "ret_valid while ret_ready is 0");
    rule(in.ret_id < p_.mshr_requests && awaiting_[in.ret_id], "ret_id",
         "return of request id " + std::to_string(in.ret_id) + ", which no accepted load request awaits");
    awaiting_[in.ret_id] = false;
  }
  rule(!in.l1_accept || o.l1_valid, "l1_accept", "l1_accept without an L1 request");
  rule(!in.l1_miss || (in.l1_accept && !o.l1_store), "l1_accept", "l1_miss without an accepted load");
  if (o.agu_valid) {
    rule(in.agu_mask != 0, "agu_mask", "empty active mask returned for an operand read");
    if (p_.addr_bits < 64)
      for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
        rule(!((in.agu_mask >> t) & 1u) || (in.agu_addr[t] >> p_.addr_bits) == 0, "agu_mask",
             "lane " + std::to_string(t) + " address wider than addr_bits");
  }
  rule(in.skip == 0 || o.quiet, "skip", "skip after a cycle that was not quiet");
  if (in.l1_accept && o.l1_valid && !o.l1_store) {
    rule(o.l1_id < p_.mshr_requests && !awaiting_[o.l1_id], "ret_id",
         "request id " + std::to_string(o.l1_id) + " reused while its data has not returned");
    awaiting_[o.l1_id] = true;
  }
}

void WarpPoolChecker::check_outputs(const WarpPoolOutputs& o) const {
  rule(((o.issue_ready | o.ld_ok | o.st_ok) & ~warp_mask_) == 0, "warp_bits", "a warp bit at or above n_warps");
  if (o.l1_valid) {
    if (o.l1_store)
      rule(o.l1_nslots == 1, "l1_request", "a store request with " + std::to_string(o.l1_nslots) + " slots");
    else
      rule(o.l1_nslots >= 1 && o.l1_nslots <= p_.slots_per_tag, "l1_request",
           "a load request with " + std::to_string(o.l1_nslots) + " slots");
    rule(o.l1_sectors >= 1 && o.l1_sectors <= 15, "l1_request", "sector mask " + std::to_string(o.l1_sectors));
  }
  if (o.wb_valid) {
    rule(o.wb_lanes != 0, "writeback", "wb_valid with no lanes");
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
      rule(((o.wb_lanes >> t) & 1u) || o.wb_data[t] == 0, "writeback",
           "data on lane " + std::to_string(t) + " outside wb_lanes");
  }
  rule(!o.quiet || (!o.agu_valid && !o.l1_valid && !o.wb_valid), "quiet",
       "quiet with an operand read, L1 request or writeback");
  rule(!o.idle || o.quiet, "quiet", "idle but not quiet");
}

}  // namespace gpucosim
