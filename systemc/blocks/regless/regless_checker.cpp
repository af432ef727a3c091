#include "systemc/blocks/regless/regless_checker.h"

#include "systemc/blocks/kit/checked.h"

namespace gpucosim {

using kit::hex;
using kit::rule;

namespace {
uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }
std::string wr(uint32_t w, uint32_t r) { return "warp " + std::to_string(w) + " r" + std::to_string(r); }
}  // namespace

ReglessChecker::ReglessChecker(const ReglessParams& p) : p_(p), wmask_(low_mask(p.n_warps)), rmask_(low_mask(p.n_regs)) {}

void ReglessChecker::check_inputs(const ReglessInputs& in, const ReglessOutputs& o) {
  const uint32_t nw = p_.n_warps, nr = p_.n_regs;
  // What the answers presented now say about last cycle's requests.
  for (uint32_t k = 0; k < p_.n_ops; ++k) {
    if (!((o.rsp_valid >> k) & 1u) || ((o.rsp_err >> k) & 1u)) continue;
    const auto key = std::make_pair(last_in_.op_warp[k], last_in_.op_reg[k]);
    if (last_in_.op_kind[k] == kRlAlloc) allocated_[key] = o.rsp_line[k];
    if (last_in_.op_kind[k] == kRlWrite) allocated_.erase(key);
  }
  rule((in.blocked & ~wmask_) == 0 && (!in.launch_valid || in.launch_warp < nw) && (!in.end_valid || in.end_warp < nw) &&
           (!in.fill_valid || (in.fill_warp < nw && in.fill_reg < nr)),
       "range", "a warp or register number out of range");
  const uint64_t known = o.active | o.preloading | o.draining | o.stacked;
  rule(!in.launch_valid || !((known >> in.launch_warp) & 1u), "launch",
       "warp " + std::to_string(in.launch_warp) + " launched while not in state none");
  if (in.rgn_valid && o.top_valid) {
    rule(((in.rgn_pre | in.rgn_inv | in.rgn_cinv) & ~rmask_) == 0, "range", "region masks above n_regs");
    rule((in.rgn_inv & ~in.rgn_pre) == 0, "region", "invalidating reads that are not preloads: " + hex(in.rgn_inv & ~in.rgn_pre));
    rule((in.rgn_cinv & in.rgn_pre) == 0, "region", "cache invalidations that are also preloads: " + hex(in.rgn_cinv & in.rgn_pre));
    for (uint32_t b = 0; b < p_.n_banks; ++b) {
      uint32_t pre = 0;
      for (uint32_t r = 0; r < nr; ++r) pre += ((in.rgn_pre >> r) & 1u) && p_.bank_of(o.top_warp, r) == b;
      rule(in.rgn_need[b] <= p_.lines_per_bank && pre <= in.rgn_need[b], "region",
           "bank " + std::to_string(b) + ": need " + std::to_string(in.rgn_need[b]) + ", " + std::to_string(pre) +
               " preloads, " + std::to_string(p_.lines_per_bank) + " lines");
    }
  }
  rule(!in.end_valid || ((o.active >> in.end_warp) & 1u), "end", "region end of warp " + std::to_string(in.end_warp) + ", not active");
  for (uint32_t k = 0; k < p_.n_ops; ++k) {
    if (!((in.op_valid >> k) & 1u)) continue;
    const uint32_t w = in.op_warp[k], r = in.op_reg[k];
    rule(w < nw && r < nr && in.op_kind[k] <= kRlWrite && in.op_rel[k] <= kRlEvict, "range",
         "slot " + std::to_string(k) + ": " + wr(w, r) + " kind " + std::to_string(in.op_kind[k]) + " rel " +
             std::to_string(in.op_rel[k]));
    const bool active = (o.active >> w) & 1u, draining = (o.draining >> w) & 1u;
    rule(in.op_kind[k] == kRlWrite ? (active || draining) : active, "issue_gate",
         "slot " + std::to_string(k) + ": " + wr(w, r) + " kind " + std::to_string(in.op_kind[k]) + " while not active");
    if (in.op_kind[k] == kRlWrite) {
      const auto it = allocated_.find({w, r});
      rule(it != allocated_.end() && it->second == in.op_line[k], "write_alloc",
           "slot " + std::to_string(k) + ": write of " + wr(w, r) + " to line " + std::to_string(in.op_line[k]) +
               (it == allocated_.end() ? ", not allocated" : ", allocated line " + std::to_string(it->second)));
      rule(!draining || in.op_rel[k] != kRlKeep, "drain_release",
           "slot " + std::to_string(k) + ": write of draining " + wr(w, r) + " without last-use annotation");
    }
  }
  if (in.fill_valid) {
    const auto key = std::make_tuple(in.fill_warp, in.fill_reg, in.fill_line);
    rule(fetches_.count(key) != 0, "fill",
         "fill of " + wr(in.fill_warp, in.fill_reg) + " line " + std::to_string(in.fill_line) + " not fetched");
    fetches_.erase(key);
  }
  if (o.mem_valid && o.mem_rd && in.mem_ready) fetches_.insert(std::make_tuple(o.mem_warp, o.mem_reg, o.mem_line));
  last_in_ = in;
}

void ReglessChecker::check_outputs(const ReglessOutputs& o) {
  const uint64_t masks[] = {o.stacked, o.preloading, o.active, o.draining};
  uint64_t seen = 0;
  for (uint64_t m : masks) {
    rule((m & ~wmask_) == 0, "warp_bits", "a state bit at or above n_warps: " + hex(m & ~wmask_));
    rule((m & seen) == 0, "state_onehot", "warps in two states: " + hex(m & seen));
    seen |= m;
  }
  if (have_out_) {
    const ReglessOutputs& l = last_out_;
    const uint64_t none = ~(l.stacked | l.preloading | l.active | l.draining) & wmask_;
    // Allowed predecessors of each state.
    rule((o.stacked & ~(l.stacked | none | l.active | l.draining)) == 0, "transition", "to stacked: " + hex(o.stacked & ~(l.stacked | none | l.active | l.draining)));
    rule((o.preloading & ~(l.preloading | l.stacked)) == 0, "transition", "to preloading: " + hex(o.preloading & ~(l.preloading | l.stacked)));
    rule((o.active & ~(l.active | l.preloading | l.stacked)) == 0, "transition", "to active: " + hex(o.active & ~(l.active | l.preloading | l.stacked)));
    rule((o.draining & ~(l.draining | l.active)) == 0, "transition", "to draining: " + hex(o.draining & ~(l.draining | l.active)));
    for (const auto& f : fetches_)
      rule(!((o.active & ~l.active) >> std::get<0>(f) & 1u), "activation",
           "warp " + std::to_string(std::get<0>(f)) + " active with r" + std::to_string(std::get<1>(f)) + " not fetched yet");
    rule((o.rsp_valid & ~last_in_.op_valid) == 0, "answer", "answers to slots with no request: " + hex(o.rsp_valid & ~last_in_.op_valid));
    if (l.mem_valid && !last_in_.mem_ready)
      rule(o.mem_valid && o.mem_wb == l.mem_wb && o.mem_rd == l.mem_rd && o.mem_inv == l.mem_inv &&
               o.mem_warp == l.mem_warp && o.mem_reg == l.mem_reg && o.mem_line == l.mem_line &&
               o.mem_wb_warp == l.mem_wb_warp && o.mem_wb_reg == l.mem_wb_reg && o.mem_data == l.mem_data,
           "mem_stable", "a memory request not taken changed");
  }
  rule(!o.top_valid || ((o.stacked >> o.top_warp) & 1u), "top", "offered warp " + std::to_string(o.top_warp) + " not stacked");
  for (uint32_t b = 0; b < p_.n_banks; ++b)
    rule(o.avail[b] <= p_.lines_per_bank, "avail", "bank " + std::to_string(b) + ": " + std::to_string(o.avail[b]));
  rule((o.rsp_err & ~o.rsp_valid) == 0, "answer", "an error without an answer");
  rule(!o.mem_valid || o.mem_wb || o.mem_rd || o.mem_inv, "mem_request", "a memory request that does nothing");
  last_out_ = o;
  have_out_ = true;
}

}  // namespace gpucosim
