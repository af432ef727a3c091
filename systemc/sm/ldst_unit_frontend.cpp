// The load/store unit's side of the research front-end hook (ldst_unit_frontend.h): routing of
// global loads/stores into the front end, the issue gate, and the L1 accesses made for it.
#include <algorithm>

#include "systemc/sm/ldst_unit.h"

namespace gpucosim {

// The instructions a front end sees: global (or generic) loads, stores and atomics.
bool global_op_of(const OpcodeInfo& o, GlobalOp& op) {
  if (o.space != MemSpace::Global && o.space != MemSpace::Generic) return false;
  if (o.unit == UnitClass::ATOMIC) op = GlobalOp::Atomic;
  else if (o.is_store && !o.is_load) op = GlobalOp::Store;
  else if (o.is_load && o.unit == UnitClass::LOAD) op = GlobalOp::Load;
  else return false;
  return true;
}


// Called by start(): a global load on the cached path or a global store through the L1 goes to
// the front end; every other instruction the front end saw issued is reported as not entering it.
void LdstUnit::start_frontend(uint64_t now) {
  (void)now;
  GlobalOp op;
  if (!global_op_of(*cur_.info, op)) return;
  const bool to_fe = (op == GlobalOp::Load && cur_path_ == Path::Cached) ||
                     (op == GlobalOp::Store && cur_path_ == Path::Write && l1_ && !c_.l1_bypass_global);
  if (!to_fe) {
    fe_->dispatched_elsewhere(cur_.warp);
    return;
  }
  // Statistics as the baseline counts them (coalescer_* are the intra-warp line requests).
  const uint32_t width = cur_.inst->mem_width ? cur_.inst->mem_width
                                               : (cur_.info->access_width ? cur_.info->access_width : 4);
  CoalescerInput in;
  in.addrs = cur_.addrs;
  in.active_mask = cur_.inst->active_mask;
  in.access_bytes = width;
  in.is_write = op == GlobalOp::Store;
  in.warp_slot = cur_.warp;
  coalescer_.coalesce(in, reqs_);
  if (op == GlobalOp::Store) {
    n_.store_insn += 1;
    n_.coalesced_store_reqs += reqs_.size();
  } else {
    n_.load_insn += 1;
    n_.coalesced_load_insn += 1;
    n_.coalesced_load_reqs += reqs_.size();
  }
  reqs_.clear();
  cur_path_ = Path::FrontEnd;
}

// The dispatch register hands the instruction over as soon as the front end has room for it.
void LdstUnit::step_frontend() {
  const bool store = cur_.info->is_store && !cur_.info->is_load;
  if (!fe_->can_accept(cur_.warp, store)) {
    stalled_ = true;
    charge(cur_.launch_id);
    n_.stall_cycles += 1;
    return;
  }
  GlobalInst g;
  g.token = cur_.token;
  g.warp = cur_.warp;
  g.launch_id = cur_.launch_id;
  g.store = store;
  g.active_mask = cur_.inst->active_mask;
  g.width = cur_.inst->mem_width ? cur_.inst->mem_width : (cur_.info->access_width ? cur_.info->access_width : 4);
  g.addrs = cur_.addrs;
  fe_->accept(g);
  cur_valid_ = false;
}

FrontEndL1::Result LdstUnit::l1_load(uint64_t line_addr, uint8_t sectors, uint32_t token, uint32_t warp,
                                     uint32_t launch_id, uint64_t now) {
  Result r;
  if (token >= fe_reqs_.size()) fe_reqs_.resize(size_t(token) + 1);
  fe_reqs_[token] = FrontEndReq{warp, launch_id};
  CacheAccess a;
  a.addr = line_addr;
  a.sectors = sectors;
  a.token = kFrontEndToken | token;
  a.kernel = launch_id;
  CacheAccessResult res = l1_->access(a, now);
  l1_used_ = true;  // the memory clients after the front end find the port taken
  charge(launch_id);
  if (!res.ok()) {
    n_.l1_stall_resfail += 1;
    return r;
  }
  r.accepted = true;
  r.miss = res.outcome == CacheOutcome::MISS;
  r.hit = res.outcome == CacheOutcome::HIT;
  r.ready = now + std::max(1u, c_.l1_latency);
  return r;
}

FrontEndL1::Result LdstUnit::l1_store(uint64_t line_addr, uint8_t sectors, uint32_t warp, uint32_t launch_id,
                                      uint64_t now) {
  Result r;
  CacheAccess a;
  a.addr = line_addr;
  a.sectors = sectors;
  a.is_write = true;
  a.token = (uint64_t(launch_id) << 32) | (uint32_t(MemClient::FrontEnd) << 16) | warp;
  a.kernel = launch_id;
  CacheAccessResult res = l1_->access(a, now);
  l1_used_ = true;
  charge(launch_id);
  if (!res.ok()) {
    n_.l1_stall_resfail += 1;
    return r;
  }
  // Counted now, not when the write leaves the L1's queue, so the warp cannot retire before.
  if (res.forwarded) pending_writes_[warp] += 1;
  r.accepted = true;
  return r;
}

void LdstUnit::done(uint32_t token, uint64_t at) { listener_.mem_inst_done(token, at); }

}  // namespace gpucosim
