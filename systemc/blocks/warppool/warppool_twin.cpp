// WarpPoolTwin: construction, reset, the edge, and the Moore outputs (see warppool_twin.h).
#include "systemc/blocks/warppool/warppool_twin.h"

#include <stdexcept>
#include <string>

namespace gpucosim {

WarpPoolTwin::WarpPoolTwin(const WarpPoolParams& p, bool eval_every_cycle) : p_(p), eval_every_cycle_(eval_every_cycle) {
  p_.validate();
  hash_ = SetIndexer(p_.set_hash(), 1u << p_.set_bits);
  warp_mask_ = p_.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p_.n_warps) - 1;
  WarpPoolOutputs ignored;
  reset(ignored);
}

void WarpPoolTwin::reset(WarpPoolOutputs& out) {
  s_ = WarpPoolTwinState{};
  s_.iq.assign(p_.iq_count, WpIq{});
  for (WpIq& q : s_.iq) q.e.assign(p_.iq_depth, WpIqEntry{});
  s_.co.assign(p_.n_coalescers, WpCoalescer{});
  s_.cl.assign(p_.n_coalescers, WpLineReq{});
  s_.in.assign(p_.n_coalescers, WpLineReq{});
  s_.tmt.assign(p_.tmt_entries, WpTmtEntry{});
  s_.tags.assign(p_.n_tags(), WpTag{});
  s_.age.clear();
  s_.age.reserve(p_.n_tags());
  s_.id_busy.assign(p_.mshr_requests, false);
  s_.sram.assign(p_.mshr_requests, WpRow{});
  s_.wbq.assign(p_.wbq_depth, WpWbEntry{});
  s_.cnt.assign(p_.n_warps, 0);
  s_.last_load.assign(p_.n_warps, false);
  tr_ = WarpPoolTrace{};
  iq_warps_.assign(p_.iq_count, 0);
  for (uint32_t w = 0; w < p_.n_warps; ++w) iq_warps_[iq_of(w)] |= uint64_t(1) << w;
  id_words_.assign((p_.mshr_requests + 63) / 64, 0);
  ids_busy_ = 0;
  cnt_zero_ = warp_mask_;
  last_load_mask_ = 0;
  evaluated_ = true;
  compute_outputs(out);
}

void WarpPoolTwin::set_id(uint32_t id, bool busy) {
  if (s_.id_busy[id] == busy) return;
  s_.id_busy[id] = busy;
  id_words_[id / 64] ^= uint64_t(1) << (id % 64);
  ids_busy_ += busy ? 1 : uint32_t(-1);
}

void WarpPoolTwin::cnt_add(uint32_t w, int delta) {
  if (delta < 0 && s_.cnt[w] == 0) throw std::logic_error("warppool twin: consistency counter underflow");
  s_.cnt[w] = uint32_t(int64_t(s_.cnt[w]) + delta);
  const uint64_t bit = uint64_t(1) << w;
  cnt_zero_ = s_.cnt[w] == 0 ? (cnt_zero_ | bit) : (cnt_zero_ & ~bit);
}

void WarpPoolTwin::check_protocol(const WarpPoolInputs& in) const {
  if (in.issue_valid) {
    if (in.issue_warp >= p_.n_warps) throw std::logic_error("warppool: issue_warp out of range");
    if (in.issue_tag >> p_.tag_bits) throw std::logic_error("warppool: issue_tag wider than tag_bits");
    if (s_.iq[iq_of(in.issue_warp)].count == p_.iq_depth)
      throw std::logic_error("warppool: issue into a full instruction queue (issue_ready was 0)");
  }
  if (in.ret_valid) {
    const bool wb_last = s_.wb_count && s_.wbq[s_.wb_head].meta_ok &&
                         s_.wb_slot + 1 == s_.wbq[s_.wb_head].meta.n;
    if (s_.wb_count == p_.wbq_depth && !wb_last) throw std::logic_error("warppool: return while ret_ready was 0");
    if (in.ret_id >= p_.mshr_requests || !s_.id_busy[in.ret_id])
      throw std::logic_error("warppool: return of request id " + std::to_string(in.ret_id) + " not in flight");
  }
  if (uint64_t(s_.cycle_in_quantum) + in.skip >= p_.quantum)
    throw std::logic_error("warppool: skip crosses the end of the policy quantum");
  if (sel_.agu_valid && p_.addr_bits < 64) {
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
      if (((in.agu_mask >> t) & 1u) && (in.agu_addr[t] >> p_.addr_bits))
        throw std::logic_error("warppool: lane address wider than addr_bits");
  }
}

void WarpPoolTwin::step(const WarpPoolInputs& in, WarpPoolOutputs& out) {
  check_protocol(in);
  if (trace_on_) tr_ = WarpPoolTrace{};
  // Quiet and nothing arrives: only the quantum counter moves (not at the quantum's end). The
  // shortcut is an optimisation: eval_every_cycle_ turns it off, and lockstep against the RTL then
  // proves it exact (tests/gpu/test_warppool_workloads.cpp).
  evaluated_ = !(last_.quiet && !in.issue_valid && !in.ret_valid && s_.cycle_in_quantum + in.skip + 1 < p_.quantum &&
                 !eval_every_cycle_);
  if (!evaluated_) {
    s_.cycle_in_quantum += in.skip + 1;
    out = last_;
    return;
  }
  Edge e;
  e.acc_load = in.l1_accept && sel_.choose_load;
  e.acc_store = in.l1_accept && sel_.choose_store;
  if (e.acc_load) e.removed = sel_.tag;
  queues_decide(e);
  front_decide(e);
  consist_apply(in, e);
  back_apply(in, e);
  queues_apply(in, e);
  front_apply(in, e);
  compute_outputs(out);
}

// The selector and the other choices that depend on registers only.
void WarpPoolTwin::select() {
  Sel s;
  for (uint32_t q = 0; q < p_.iq_count; ++q)
    if (s_.iq[q].count) {
      s.agu_valid = true;
      s.pop_q = q;
      break;
    }
  s.id = 0;
  for (uint32_t k = 0; k < id_words_.size(); ++k)
    if (~id_words_[k]) {  // ids beyond mshr_requests never free up: the count decides availability
      s.id = 64 * k + uint32_t(__builtin_ctzll(~id_words_[k]));
      break;
    }
  s.load_avail = !s_.age.empty() && ids_busy_ < p_.mshr_requests;
  if (ids_busy_ >= p_.mshr_requests) s.id = 0;  // as the RTL's encoder reads with no free id
  s.force_old = p_.age_cap > 0 && s_.bypassed >= p_.age_cap;
  s.pos = 0;
  if (s_.policy && !s.force_old && !s_.age.empty()) {
    // Warp-ID policy: the lowest warp with a queued slot; its oldest tag.
    uint32_t wmin = ~0u;
    for (uint32_t id : s_.age)
      for (uint32_t k = 0; k < s_.tags[id].n; ++k) wmin = std::min(wmin, s_.tags[id].slots[k].warp);
    for (uint32_t i = 0; i < s_.age.size(); ++i) {
      const WpTag& t = s_.tags[s_.age[i]];
      bool has = false;
      for (uint32_t k = 0; k < t.n; ++k) has = has || t.slots[k].warp == wmin;
      if (has) {
        s.pos = i;
        break;
      }
    }
  }
  s.tag = s_.age.empty() ? 0 : s_.age[s.pos];
  for (uint32_t c = 0; c < p_.n_coalescers; ++c)
    if (s_.in[c].valid && s_.in[c].store) {
      s.store_avail = true;
      s.store_c = c;
      break;
    }
  s.force_store = p_.store_wait_cap > 0 && s_.store_waited >= p_.store_wait_cap;
  s.choose_store = s.store_avail && (!s.load_avail || s.force_store);
  s.choose_load = s.load_avail && !s.choose_store;
  sel_ = s;
}

uint32_t WarpPoolTwin::decode_lanes(const WpSlot& s, WpWords& words) const {
  if (s.type != kWpTable) return wp_decode(s.type, s.payload, words);
  const WpTmtEntry& t = s_.tmt[s.payload];
  words = t.words;
  return t.lanes;
}

void WarpPoolTwin::compute_outputs(WarpPoolOutputs& out) {
  select();
  out = WarpPoolOutputs{};
  for (uint32_t q = 0; q < p_.iq_count; ++q)
    if (s_.iq[q].count < p_.iq_depth) out.issue_ready |= iq_warps_[q];
  out.ld_ok = (cnt_zero_ | last_load_mask_) & warp_mask_;
  out.st_ok = cnt_zero_ & warp_mask_;
  if (sel_.agu_valid) {
    out.agu_valid = true;
    out.agu_warp = s_.iq[sel_.pop_q].front().warp;
    out.agu_tag = s_.iq[sel_.pop_q].front().tag;
  }
  WpWords words;
  if (sel_.choose_load) {
    const WpTag& t = s_.tags[sel_.tag];
    out.l1_valid = true;
    out.l1_line = t.line;
    out.l1_sectors = t.sectors;
    out.l1_id = sel_.id;
    out.l1_nslots = t.n;
    for (uint32_t k = 0; k < t.n; ++k) {
      out.slot_warp[k] = t.slots[k].warp;
      out.slot_tag[k] = t.slots[k].tag;
      out.slot_lanes[k] = decode_lanes(t.slots[k], words);
      out.slot_class[k] = uint32_t(wp_class_of(t.slots[k].type, t.slots[k].payload));
    }
  } else if (sel_.choose_store) {
    const WpLineReq& r = s_.in[sel_.store_c];
    out.l1_valid = true;
    out.l1_store = true;
    out.l1_line = r.line;
    out.l1_sectors = r.sectors;
    out.l1_nslots = 1;
    out.slot_warp[0] = r.warp;
    out.slot_tag[0] = r.tag;
    out.slot_lanes[0] = r.lanes;
  }
  const bool wb_last = s_.wb_count && s_.wbq[s_.wb_head].meta_ok &&
                       s_.wb_slot + 1 == s_.wbq[s_.wb_head].meta.n;
  out.ret_ready = s_.wb_count < p_.wbq_depth || wb_last;  // a full queue frees its head at this edge
  if (s_.wb_count && s_.wbq[s_.wb_head].meta_ok) {
    const WpWbEntry& h = s_.wbq[s_.wb_head];
    const WpSlot& sl = h.meta.slots[s_.wb_slot];
    out.wb_valid = true;
    out.wb_warp = sl.warp;
    out.wb_tag = sl.tag;
    out.wb_lanes = decode_lanes(sl, words);
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
      if ((out.wb_lanes >> t) & 1u) out.wb_data[t] = h.data[words[t]];
  }
  out.policy = s_.policy;

  // Status flags.
  uint32_t st = 0;
  bool all_tmt = true, all_busy = true;
  for (const WpIq& q : s_.iq)
    if (q.count == p_.iq_depth) st |= kWpIqFull;
  for (const WpTmtEntry& t : s_.tmt) all_tmt = all_tmt && t.valid;
  if (all_tmt) st |= kWpTmtFull;
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    all_busy = all_busy && s_.co[c].busy;
    const WpLineReq& r = s_.in[c];
    if (r.valid && !r.store) {
      const uint32_t q = queue_of(r.line);
      bool room = false;
      for (uint32_t t = 0; t < p_.tags_per_queue; ++t) {
        const WpTag& g = s_.tags[q * p_.tags_per_queue + t];
        room = room || !g.valid || (g.line == r.line && g.n < p_.slots_per_tag);
      }
      if (!room) st |= kWpTagStall;
      for (uint32_t d = 0; d < c; ++d)
        if (s_.in[d].valid && !s_.in[d].store && queue_of(s_.in[d].line) == q) st |= kWpPortConflict;
    }
    if (s_.cl[c].valid && !s_.cl[c].store && s_.cl[c].type == kWpTable && all_tmt) st |= kWpTmtStall;
  }
  if (all_busy) st |= kWpCoalBusy;
  const bool any_free_id = ids_busy_ < p_.mshr_requests, any_busy_id = ids_busy_ > 0;
  if (!any_free_id) st |= kWpMshrFull;
  if (s_.wb_count == p_.wbq_depth) st |= kWpWbqFull;
  if (sel_.store_avail && sel_.choose_load) st |= kWpStoreWaits;
  if (sel_.load_avail && s_.policy && sel_.force_old) st |= kWpAgeForced;
  if (sel_.store_avail && sel_.load_avail && sel_.force_store) st |= kWpStoreForced;
  out.status = st;

  bool quiet = !sel_.agu_valid && s_.age.empty() && s_.wb_count == 0;
  for (uint32_t c = 0; c < p_.n_coalescers; ++c)
    quiet = quiet && !s_.co[c].busy && !s_.cl[c].valid && !s_.in[c].valid;
  out.quiet = quiet;
  out.idle = quiet && !any_busy_id;
  last_ = out;
}

}  // namespace gpucosim
