#include "systemc/blocks/warppool/warppool_frontend.h"

#include <sstream>
#include <stdexcept>

#include "kernel/input_error.h"

namespace gpucosim {

WarpPoolFrontEnd::WarpPoolFrontEnd(std::unique_ptr<WarpPoolBlock> block)
    : block_(std::move(block)), p_(block_->params()) {
  block_->reset(out_);
  insts_.assign(p_.n_warps, std::vector<Inst>(size_t(1) << p_.tag_bits));
  live_.assign(p_.n_warps, 0);
  transit_.assign(p_.n_warps, Transit{});
  id_line_.assign(p_.mshr_requests, 0);
  last_policy_ = out_.policy;
}

// CUDA's weak model needs intra-warp order only; the block's counters cover what is inside it,
// transit_ what the scheduler issued that has not reached the block yet.
bool WarpPoolFrontEnd::may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const {
  (void)inst;
  GlobalOp op;
  if (!global_op_of(info, op)) return true;
  const Transit& t = transit_[warp];
  if (op != GlobalOp::Load) return t.count == 0 && ((out_.st_ok >> warp) & 1u);
  return t.count == 0 ? ((out_.ld_ok >> warp) & 1u) != 0 : t.last_load;
}

void WarpPoolFrontEnd::issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) {
  (void)inst;
  GlobalOp op;
  if (!global_op_of(info, op)) return;
  gate_epoch_ += 1;
  transit_[warp].count += 1;
  transit_[warp].last_load = op == GlobalOp::Load;
}

void WarpPoolFrontEnd::dispatched_elsewhere(uint32_t warp) {
  gate_epoch_ += 1;
  transit_[warp].count -= 1;
}

bool WarpPoolFrontEnd::can_accept(uint32_t warp, bool store) const {
  (void)store;
  if (pending_ || !((out_.issue_ready >> warp) & 1u)) return false;
  return live_[warp] < insts_[warp].size();
}

void WarpPoolFrontEnd::accept(const GlobalInst& g) {
  std::vector<Inst>& tags = insts_[g.warp];
  uint32_t tag = 0;
  while (tags[tag].used) ++tag;  // can_accept() checked that one is free
  Inst& I = tags[tag];
  I = Inst{true, g.store, g.token, g.launch_id, g.active_mask, 0, g.addrs};
  live_[g.warp] += 1;
  transit_[g.warp].count -= 1;
  gate_epoch_ += 1;
  pending_ = true;
  pending_warp_ = g.warp;
  pending_tag_ = tag;
  pending_store_ = g.store;
  n_.insts += 1;
}

void WarpPoolFrontEnd::l1_data(uint32_t token, uint64_t now) { returns_.push_back(Return{now, token}); }

void WarpPoolFrontEnd::free_tag(uint32_t warp, uint32_t tag) {
  insts_[warp][tag].used = false;
  live_[warp] -= 1;
}

void WarpPoolFrontEnd::writeback(const WarpPoolOutputs& o, FrontEndL1& l1, uint64_t now) {
  if (!o.wb_valid) return;
  n_.writebacks += 1;
  Inst& I = insts_[o.wb_warp][o.wb_tag];
  for (uint32_t m = o.wb_lanes; m; m &= m - 1) {
    const uint32_t t = uint32_t(__builtin_ctz(m));
    const uint64_t a = (*I.addrs)[t];
    if (o.wb_data[t] != warppool_return_word(a)) {
      std::ostringstream s;
      s << "warppool: writeback of warp " << o.wb_warp << " tag " << o.wb_tag << " gave lane " << t << " 0x"
        << std::hex << o.wb_data[t] << ", the word at its address 0x" << a << " is 0x" << warppool_return_word(a);
      throw std::logic_error(s.str());
    }
    n_.lanes_checked += 1;
  }
  I.lanes_done |= o.wb_lanes;
  if (I.lanes_done == I.mask) {
    l1.done(I.token, now);
    free_tag(o.wb_warp, o.wb_tag);
  }
}

void WarpPoolFrontEnd::l1_request(const WarpPoolOutputs& o, WarpPoolInputs& in, FrontEndL1& l1, bool l1_free,
                                  uint64_t now) {
  if (!o.l1_valid) return;
  if (!l1_free) {  // the baseline path (local memory) used the port this cycle
    n_.l1_stall_port += 1;
    n_.l1_rejects += 1;
    return;
  }
  if (!o.ret_ready && !returns_.empty() && returns_.front().ready <= now) {  // data the block cannot take
    n_.l1_stall_returns += 1;
    n_.l1_rejects += 1;
    return;
  }
  const uint64_t addr = o.l1_line << kWarpPoolLineShift;
  const uint8_t sectors = uint8_t(o.l1_sectors);
  Inst& first = insts_[o.slot_warp[0]][o.slot_tag[0]];
  if (o.l1_store) {
    const FrontEndL1::Result r = l1.l1_store(addr, sectors, o.slot_warp[0], first.launch_id, now);
    if (!r.accepted) {
      n_.l1_rejects += 1;
      return;
    }
    in.l1_accept = true;
    n_.store_reqs += 1;
    first.lanes_done |= o.slot_lanes[0];
    if (first.lanes_done == first.mask) {  // every line sent: the store leaves the pipeline
      l1.done(first.token, now + 1);
      free_tag(o.slot_warp[0], o.slot_tag[0]);
    }
    return;
  }
  const FrontEndL1::Result r = l1.l1_load(addr, sectors, o.l1_id, o.slot_warp[0], first.launch_id, now);
  if (!r.accepted) {
    n_.l1_rejects += 1;
    return;
  }
  in.l1_accept = true;
  in.l1_miss = r.miss;
  id_line_[o.l1_id] = o.l1_line;
  n_.load_reqs += 1;
  n_.load_slots += o.l1_nslots;
  n_.nslots[std::min(o.l1_nslots, 8u)] += 1;
  n_.l1_misses += r.miss ? 1 : 0;
  for (uint32_t k = 0; k < o.l1_nslots; ++k) n_.cls[std::min(o.slot_class[k], 4u)] += 1;
  in_flight_ += 1;
  if (r.hit) {  // in order of arrival: a hit's data may come after a fill that is already here
    auto it = returns_.end();
    while (it != returns_.begin() && std::prev(it)->ready > r.ready) --it;
    returns_.insert(it, Return{r.ready, o.l1_id});
  }
}

void WarpPoolFrontEnd::cycle(uint64_t now, FrontEndL1& l1, bool l1_free) {
  const WarpPoolOutputs o = out_;  // the pins of this cycle (out_ becomes the next cycle's)
  n_.cycles += 1;
  if (o.policy) n_.warpid_cycles += 1;
  for (uint32_t b = 0; b < kWpStatusBits; ++b) n_.status[b] += (o.status >> b) & 1u;
  WarpPoolInputs in;
  writeback(o, l1, now);
  if (o.agu_valid) {
    const Inst& I = insts_[o.agu_warp][o.agu_tag];
    in.agu_mask = I.mask;
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) {
      if (!((I.mask >> t) & 1u)) continue;
      const uint64_t a = (*I.addrs)[t];
      if (p_.addr_bits < 64 && (a >> p_.addr_bits))
        throw InputError("warppool", 0,
                         "lane address 0x" + [&] { std::ostringstream s; s << std::hex << a; return s.str(); }() +
                             " does not fit in gpucosim_warppool_addr_bits=" + std::to_string(p_.addr_bits));
      in.agu_addr[t] = a;
    }
  }
  l1_request(o, in, l1, l1_free, now);
  if (!returns_.empty() && returns_.front().ready <= now) {
    if (o.ret_ready) {
      in.ret_valid = true;
      in.ret_id = returns_.front().id;
      const uint64_t base = id_line_[in.ret_id] << kWarpPoolLineShift;
      for (uint32_t w = 0; w < kWarpPoolLanes; ++w) in.ret_data[w] = warppool_return_word(base + 4 * w);
      returns_.pop_front();
      in_flight_ -= 1;
      n_.returns += 1;
    } else {
      n_.ret_waits += 1;
    }
  }
  if (pending_) {
    in.issue_valid = true;
    in.issue_warp = pending_warp_;
    in.issue_tag = pending_tag_;
    in.issue_store = pending_store_;
    pending_ = false;
  }
  block_->step(in, out_);
  if (out_.ld_ok != o.ld_ok || out_.st_ok != o.st_ok) gate_epoch_ += 1;
  if (out_.policy != last_policy_) {
    n_.policy_switches += 1;
    last_policy_ = out_.policy;
  }
}

bool WarpPoolFrontEnd::idle() const { return out_.idle && !pending_ && returns_.empty() && in_flight_ == 0; }

void WarpPoolFrontEnd::collect(StatsMap& m) const {
  add_stat(m, "warppool_cycles", double(n_.cycles));
  add_stat(m, "warppool_instructions", double(n_.insts));
  add_stat(m, "warppool_l1_load_requests", double(n_.load_reqs));
  add_stat(m, "warppool_load_slots", double(n_.load_slots));
  add_stat(m, "warppool_merged_loads", double(n_.load_slots - n_.load_reqs));
  add_stat(m, "warppool_l1_load_misses", double(n_.l1_misses));
  add_stat(m, "warppool_l1_store_requests", double(n_.store_reqs));
  add_stat(m, "warppool_l1_rejects", double(n_.l1_rejects));
  add_stat(m, "warppool_l1_stall_port", double(n_.l1_stall_port));
  add_stat(m, "warppool_l1_stall_returns", double(n_.l1_stall_returns));
  add_stat(m, "warppool_returns", double(n_.returns));
  add_stat(m, "warppool_return_waits", double(n_.ret_waits));
  add_stat(m, "warppool_writebacks", double(n_.writebacks));
  add_stat(m, "warppool_wb_lanes_checked", double(n_.lanes_checked));
  add_stat(m, "warppool_policy_switches", double(n_.policy_switches));
  add_stat(m, "warppool_warpid_policy_cycles", double(n_.warpid_cycles));
  for (uint32_t c = 0; c < kWpClasses; ++c)
    add_stat(m, std::string("warppool_slots_") + to_string(WpClass(c)), double(n_.cls[c]));
  for (uint32_t k = 1; k <= p_.slots_per_tag; ++k)
    add_stat(m, "warppool_requests_" + std::to_string(k) + "_slots", double(n_.nslots[k]));
  for (uint32_t b = 0; b < kWpStatusBits; ++b)
    add_stat(m, std::string("warppool_cycles_") + wp_status_name(b), double(n_.status[b]));
  block_->collect(m);
}

std::string WarpPoolFrontEnd::describe() const {
  std::ostringstream s;
  uint32_t live = 0;
  for (uint32_t v : live_) live += v;
  s << "    warppool (" << block_->kind() << "): " << live << " instructions inside, " << in_flight_
    << " L1 requests awaiting data, " << returns_.size() << " returns queued, block "
    << (out_.idle ? "idle" : out_.quiet ? "quiet" : "busy") << ", policy " << (out_.policy ? "warp ID" : "oldest")
    << ", status 0x" << std::hex << out_.status << std::dec << (out_.l1_valid ? ", L1 request pending" : "") << "\n";
  return s.str();
}

}  // namespace gpucosim
