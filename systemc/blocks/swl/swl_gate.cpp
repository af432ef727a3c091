#include "systemc/blocks/swl/swl_gate.h"

#include "systemc/sm/ldst_unit_frontend.h"

namespace gpucosim {

SwlGate::SwlGate(std::unique_ptr<SwlBlock> block)
    : block_(std::move(block)), p_(block_->params()), left_(p_.n_warps, 0), block_of_(p_.n_warps, 0) {
  block_->reset(out_);
  in_.limit = p_.limit;
}

void SwlGate::advance(uint64_t now) {
  while (next_ < now) {
    in_.parked = parked();
    block_->step(in_, out_);
    in_.launch = in_.retire = 0;
    next_ += 1;
    edges_ += 1;
  }
}

void SwlGate::begin_cycle(uint64_t now) {
  advance(now);
  issue_cycles_ += 1;
  if (out_.allow != seen_allow_) {
    seen_allow_ = out_.allow;
    epoch_ += 1;
    allow_changes_ += 1;
  }
  const uint64_t held = out_.live & ~parked() & ~out_.allow;
  throttled_ += held ? 1 : 0;
  held_ += uint64_t(__builtin_popcountll(held));
}

bool SwlGate::may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const {
  (void)inst;
  GlobalOp op;
  if (!p_.gate_all && !(global_op_of(info, op) && op == GlobalOp::Load)) return true;
  if ((out_.allow >> warp) & 1u) return true;
  refusals_ += 1;
  return false;
}

// The SM's own rules: a barrier is reached when a BAR that is not the stream's last issues, and
// a warp is done issuing with its last instruction.
void SwlGate::issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) {
  (void)inst;
  const uint64_t bit = uint64_t(1) << warp;
  if (--left_[warp] == 0)
    done_ |= bit;
  else if (info.unit == UnitClass::BARRIER)
    at_barrier_ |= bit;
}

void SwlGate::warp_launched(const WarpLaunch& w, uint64_t now) {
  advance(now);
  const uint64_t bit = uint64_t(1) << w.warp_slot;
  in_.launch |= bit;
  left_[w.warp_slot] = w.warp->insts.size();
  block_of_[w.warp_slot] = w.block_slot;
  if (left_[w.warp_slot] == 0) done_ |= bit;
}

void SwlGate::warp_retired(uint32_t warp_slot, uint64_t now) {
  advance(now);
  const uint64_t bit = uint64_t(1) << warp_slot;
  in_.retire |= bit;
  at_barrier_ &= ~bit;
  done_ &= ~bit;
}

// The SM's mask is the block's launch mask; a slot reused by another block's warp keeps its state.
void SwlGate::barrier_released(uint32_t block_slot, uint64_t warp_mask, uint64_t now) {
  advance(now);
  for (uint64_t m = warp_mask & at_barrier_; m; m &= m - 1) {
    const uint32_t w = uint32_t(__builtin_ctzll(m));
    if (block_of_[w] == block_slot) at_barrier_ &= ~(uint64_t(1) << w);
  }
}

void SwlGate::collect(StatsMap& m) const {
  add_stat(m, "swl_cycles", double(edges_));
  add_stat(m, "swl_issue_cycles", double(issue_cycles_));
  add_stat(m, "swl_allow_changes", double(allow_changes_));
  add_stat(m, "swl_cycles_throttled", double(throttled_));
  add_stat(m, "swl_warp_cycles_held", double(held_));
  add_stat(m, "swl_gate_refusals", double(refusals_));
  block_->collect(m);
}

}  // namespace gpucosim
