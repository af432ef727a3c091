#include "tb_env.h"

#include <algorithm>
#include <sstream>

#include "systemc/blocks/warppool/warppool_pattern.h"

namespace gpucosim::tb {

namespace {
constexpr uint64_t kWatchdog = 5000;  // cycles without any progress while work is pending
const char* const kStatusNames[kWpStatusBits] = {"iq_full",   "tmt_full",   "tag_stall",   "port_conflict",
                                                  "mshr_full", "wbq_full",   "store_waits", "age_forced",
                                                  "store_forced", "tmt_stall", "coal_busy"};
}  // namespace

Env::Env(WarpPoolTwin& twin, WarpPoolBlock* rtl, uint64_t seed, Coverage& cov)
    : twin_(twin),
      rtl_(rtl),
      cov_(cov),
      p_(twin.params()),
      lay_(Layout::for_params(p_)),
      chk_(p_, [this](uint32_t w, uint32_t t) { return live_[w][t].used && live_[w][t].in.store; }),
      rng_(seed) {
  live_.assign(p_.n_warps, std::vector<Live>(size_t(1) << p_.tag_bits));
  order_.assign(p_.n_warps, {});
  budget_.assign(p_.n_warps, 0);
  next_.assign(p_.n_warps, Instr{});
  has_next_.assign(p_.n_warps, false);
  seq_.assign(p_.n_warps, 0);
  id_out_.assign(p_.mshr_requests, false);
  twin_.enable_trace(true);  // the checkers rebuild the queues from it
  twin_.reset(o_);
  if (rtl_) {
    rtl_->reset(orr_);
    const kit::PinDiff d = WarpPoolOutputs::first_difference(o_, orr_);
    if (d.found()) fail("lockstep mismatch after reset: " + d.describe("twin", "rtl"));
  }
}

void Env::fail(const std::string& what) {
  if (error_.empty()) error_ = "cycle " + std::to_string(cycle_) + ": " + what;
}

bool Env::busy_work() const {
  for (const auto& q : order_)
    if (!q.empty()) return true;
  return !o_.idle || !pending_.empty();
}

void Env::run(const Knobs& k, uint64_t cycles, uint32_t per_warp) {
  const uint32_t warps = k.warps ? std::min(k.warps, p_.n_warps) : p_.n_warps;
  for (uint32_t w = 0; w < warps; ++w) budget_[w] += per_warp;
  for (uint64_t i = 0; i < cycles && ok(); ++i) step_cycle(k, true);
}

void Env::drain(uint64_t max_cycles) {
  Knobs k;
  k.accept_pct = 100;
  k.miss_pct = 0;
  std::fill(budget_.begin(), budget_.end(), 0);
  for (uint64_t i = 0; i < max_cycles && ok() && busy_work(); ++i) step_cycle(k, false);
  if (ok() && busy_work()) fail("drain did not finish: work still pending");
  if (ok() && slots_sent_ != load_lines_)
    fail("conservation: " + std::to_string(slots_sent_) + " slots sent for " + std::to_string(load_lines_) +
         " load line requests");
  if (ok() && writebacks_ != load_lines_)
    fail("conservation: " + std::to_string(writebacks_) + " writebacks for " + std::to_string(load_lines_) +
         " load line requests");
}

void Env::step_cycle(const Knobs& k, bool may_issue) {
  const WarpPoolOutputs& o = o_;
  for (uint32_t b = 0; b < kWpStatusBits; ++b)
    if ((o.status >> b) & 1u) cov_.hit(std::string("status_") + kStatusNames[b]);
  consume_writeback(o);
  WarpPoolInputs in;
  if (o.agu_valid) {
    const Live& L = live_[o.agu_warp][o.agu_tag];
    if (!L.used) return fail("operand read of a warp/tag with no live instruction");
    in.agu_mask = L.in.mask;
    in.agu_addr = L.in.addr;
  }
  l1(k, o, in);
  returns(k, o, in);
  if (may_issue) issue(k, o, in);
  if (!ok()) return;
  std::string e = chk_.before_step(o, in, twin_);
  if (!e.empty()) return fail(e);
  if (chk_.last_send_bypassed()) cov_.hit("warpid_bypass");
  const bool zero_pop_candidate = o.agu_valid && live_[o.agu_warp][o.agu_tag].in.mask == 0;
  const uint32_t zw = o.agu_warp, zt = o.agu_tag;
  try {
    twin_.step(in, o_);
    if (rtl_) {
      rtl_->step(in, orr_);
      compared_ += 1;
      const kit::PinDiff d = WarpPoolOutputs::first_difference(o_, orr_);
      if (d.found()) return fail("lockstep mismatch (outputs after this edge): " + d.describe("twin", "rtl"));
    }
  } catch (const std::exception& ex) {
    return fail(std::string("block raised: ") + ex.what());
  }
  ++cycle_;
  e = chk_.after_step(twin_, o_);
  if (!e.empty()) return fail(e);
  if (chk_.last_toggle()) cov_.hit(o_.policy ? "toggle_to_warpid" : "toggle_to_oldest");
  if (chk_.last_alloc_deferred()) cov_.hit("alloc_deferred");
  if (twin_.trace().popped_into >= 0 && zero_pop_candidate) {
    cov_.hit("zero_mask_popped");
    complete(zw, zt);
  }
  if (twin_.trace().popped_into >= 0) last_progress_ = cycle_;
  {
    uint32_t busy = 0;
    for (bool b : twin_.state().id_busy) busy += b;
    max_ids_ = std::max(max_ids_, busy);
  }
  if (busy_work() && cycle_ - last_progress_ > kWatchdog) fail("no forward progress for " + std::to_string(kWatchdog) + " cycles");
}

void Env::consume_writeback(const WarpPoolOutputs& o) {
  if (!o.wb_valid) return;
  last_progress_ = cycle_;
  writebacks_ += 1;
  Live& L = live_[o.wb_warp][o.wb_tag];
  if (!L.used || L.in.store) return fail("writeback to a warp/tag with no live load");
  Line* line = nullptr;
  for (auto& [ln, l] : L.lines)
    if (l.lanes == o.wb_lanes && l.sent && !l.written) line = &l;
  if (!line) return fail("writeback lanes are not one sent, unwritten line of the load");
  line->written = true;
  for (uint32_t t = 0; t < 32; ++t) {
    if ((o.wb_lanes >> t) & 1u) {
      if ((L.lanes_done >> t) & 1u) return fail("a lane was written back twice");
      if (o.wb_data[t] != L.expect[t]) {
        std::ostringstream s;
        s << "scoreboard: warp " << o.wb_warp << " tag " << o.wb_tag << " lane " << t << " got 0x" << std::hex
          << o.wb_data[t] << ", memory holds 0x" << L.expect[t];
        return fail(s.str());
      }
      lanes_checked_ += 1;
    } else if (o.wb_data[t] != 0) {
      return fail("writeback data on a lane that is not written");
    }
  }
  L.lanes_done |= o.wb_lanes;
  if (L.lanes_done == L.in.mask) complete(o.wb_warp, o.wb_tag);
}

// Checks one slot (or the store line) against the instruction and the per-warp order.
std::string Env::l1_slot(uint32_t warp, uint32_t tag, uint64_t line, uint32_t lanes, uint32_t cls, bool store) {
  Live& L = live_[warp][tag];
  if (!L.used) return "L1 request for a warp/tag with no live instruction";
  if (L.in.store != store) return "a load and a store were mixed up";
  auto it = L.lines.find(line);
  if (it == L.lines.end()) return "a request names a line the instruction does not touch";
  if (it->second.sent) return "a line of an instruction was sent twice";
  if (it->second.lanes != lanes) return "slot lanes differ from the lanes of the instruction in that line";
  for (uint32_t t : order_[warp]) {  // earlier instructions of this warp
    if (t == tag) break;
    const Live& E = live_[warp][t];
    if ((store || E.in.store) && E.lines_left > 0) return "per-warp order violated at the L1";
  }
  if (!store) {
    WpWords words{};
    for (uint32_t t = 0; t < 32; ++t)
      if ((lanes >> t) & 1u) words[t] = uint8_t((L.in.addr[t] >> 2) & 31);
    const WpPattern pat = wp_classify(lanes, words);
    const WpClass c = pat.cls;
    if (uint32_t(c) != cls) return std::string("slot class ") + std::to_string(cls) + ", expected " + to_string(c);
    cov_.hit(std::string("class_") + to_string(c));
    if (wp_is_half_range(pat.type, pat.payload)) cov_.hit("range_half_warp");
    if (L.in.width != 4) cov_.hit("subword_load");
  }
  it->second.sent = true;
  L.lines_left -= 1;
  return "";
}

void Env::l1(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in) {
  if (reject_left_ == 0 && k.reject_burst_pct && rng_() % 100 < k.reject_burst_pct) reject_left_ = k.reject_burst_len;
  if (!o.l1_valid) return;
  // The L1 cannot take a request while returned data it holds is not taken (ret_ready low).
  uint32_t ready = 0;
  for (const Return& r : pending_) ready += r.ready <= cycle_ ? 1 : 0;
  bool accept = rng_() % 100 < k.accept_pct && reject_left_ == 0;
  if (ready >= 2) {
    accept = false;
    cov_.hit("l1_stall_returns");
  }
  if (reject_left_) --reject_left_;
  if (!accept) {
    cov_.hit("l1_reject");
    return;
  }
  in.l1_accept = true;
  last_progress_ = cycle_;
  if (o.l1_store) {
    const Live& L = live_[o.slot_warp[0]][o.slot_tag[0]];
    const std::string e = l1_slot(o.slot_warp[0], o.slot_tag[0], o.l1_line, o.slot_lanes[0], 0, true);
    if (!e.empty()) return fail(e);
    for (uint32_t t = 0; t < 32; ++t)
      if ((o.slot_lanes[0] >> t) & 1u) mem_.write(L.in.addr[t], L.in.data[t]);
    cov_.hit("store_sent");
    if (live_[o.slot_warp[0]][o.slot_tag[0]].lines_left == 0) complete(o.slot_warp[0], o.slot_tag[0]);
    return;
  }
  for (uint32_t s = 0; s < o.l1_nslots; ++s) {
    const std::string e = l1_slot(o.slot_warp[s], o.slot_tag[s], o.l1_line, o.slot_lanes[s], o.slot_class[s], false);
    if (!e.empty()) return fail(e);
  }
  cov_.hit("merge_" + std::to_string(o.l1_nslots));
  cov_.hit(o.policy ? "send_warpid" : "send_oldest");
  slots_sent_ += o.l1_nslots;
  if (o.l1_id >= p_.mshr_requests || id_out_[o.l1_id]) return fail("request id reused while in flight");
  id_out_[o.l1_id] = true;
  in.l1_miss = rng_() % 100 < k.miss_pct;
  const uint32_t lat = in.l1_miss ? k.miss_lat_min + uint32_t(rng_() % (k.miss_lat_max - k.miss_lat_min + 1))
                                  : k.hit_lat;
  pending_.push_back(Return{o.l1_id, cycle_ + lat, mem_.line(o.l1_line)});
}

void Env::returns(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in) {
  std::vector<size_t> ready;
  for (size_t i = 0; i < pending_.size(); ++i)
    if (pending_[i].ready <= cycle_) ready.push_back(i);
  if (ready.empty() || (k.ret_hold_pct && rng_() % 100 < k.ret_hold_pct)) return;
  if (!o.ret_ready) {
    cov_.hit("ret_blocked");
    return;
  }
  const size_t pick = ready[rng_() % ready.size()];
  if (pick != ready.front()) cov_.hit("out_of_order_return");
  in.ret_valid = true;
  in.ret_id = pending_[pick].id;
  in.ret_data = pending_[pick].data;
  id_out_[pending_[pick].id] = false;
  pending_.erase(pending_.begin() + long(pick));
  last_progress_ = cycle_;
}

void Env::issue(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in) {
  if (rng_() % 100 >= k.issue_pct) return;
  const uint32_t n = p_.n_warps, start = uint32_t(rng_() % n);
  bool iq_full = false, ld_blocked = false, st_blocked = false;  // coverage, once per cycle
  struct Hit {
    Coverage& cov;
    bool& a; bool& b; bool& c;
    ~Hit() {
      if (a) cov.hit("issue_blocked_iq_full");
      if (b) cov.hit("issue_blocked_ld_consistency");
      if (c) cov.hit("issue_blocked_st_consistency");
    }
  } hit{cov_, iq_full, ld_blocked, st_blocked};
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t w = (start + i) % n;
    if (budget_[w] == 0) continue;
    if (!has_next_[w]) {
      next_[w] = make_instr(rng_, k.mix, lay_, w, seq_[w]++);
      has_next_[w] = true;
    }
    const Instr& I = next_[w];
    uint32_t tag = 0;
    while (tag < live_[w].size() && live_[w][tag].used) ++tag;
    if (tag == live_[w].size()) continue;
    if (!((o.issue_ready >> w) & 1u)) {
      iq_full = true;
      continue;
    }
    if (!(((I.store ? o.st_ok : o.ld_ok) >> w) & 1u)) {
      (I.store ? st_blocked : ld_blocked) = true;
      continue;
    }
    Live& L = live_[w][tag];
    L = Live{};
    L.used = true;
    L.in = I;
    for (uint32_t t = 0; t < 32; ++t)
      if ((I.mask >> t) & 1u) {
        L.lines[I.addr[t] >> 7].lanes |= 1u << t;
        if (I.store) shadow_.write(I.addr[t], I.data[t]);
        else L.expect[t] = shadow_.read(I.addr[t]);
      }
    L.lines_left = uint32_t(L.lines.size());
    if (!I.store) {
      loads_ += 1;
      load_lines_ += L.lines.size();
    }
    order_[w].push_back(tag);
    in.issue_valid = true;
    in.issue_warp = w;
    in.issue_tag = tag;
    in.issue_store = I.store;
    budget_[w] -= 1;
    has_next_[w] = false;
    last_progress_ = cycle_;
    return;
  }
}

void Env::complete(uint32_t warp, uint32_t tag) {
  live_[warp][tag].used = false;
  auto& q = order_[warp];
  q.erase(std::find(q.begin(), q.end(), tag));
}

}  // namespace gpucosim::tb
