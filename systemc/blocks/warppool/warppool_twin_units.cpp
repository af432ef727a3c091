// WarpPoolTwin: the edge of each unit. Decisions first (from the old registers), then updates in
// an order where nothing reads a register that was already updated at this edge.
#include <stdexcept>

#include "systemc/blocks/warppool/warppool_twin.h"

namespace gpucosim {

// ---- decisions --------------------------------------------------------------------------------

// Inter-warp queue insertion (IN stage) and the store leaving it.
void WarpPoolTwin::queues_decide(Edge& e) const {
  // Allocation priority: a load waiting at insertion with no tag of its queue usable (no free
  // tag, no same-line tag with room; from the registers) stops every load of a lower-priority
  // warp (a later instruction queue) from allocating a tag; those may still merge.
  std::array<bool, 4> starved{};
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    const WpLineReq& r = s_.in[c];
    if (!r.valid || r.store) continue;
    const uint32_t q = queue_of(r.line);
    bool room = false;
    for (uint32_t t = 0; t < p_.tags_per_queue; ++t) {
      const WpTag& g = s_.tags[q * p_.tags_per_queue + t];
      room = room || !g.valid || (g.line == r.line && g.n < p_.slots_per_tag);
    }
    starved[c] = !room;
  }
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    const WpLineReq& r = s_.in[c];
    if (!r.valid) continue;
    if (r.store) {
      e.in_move[c] = e.acc_store && sel_.store_c == c;
      continue;
    }
    const uint32_t q = queue_of(r.line);
    bool blocked = false;  // one insertion port per queue: the lower coalescer wins
    for (uint32_t d = 0; d < c; ++d)
      blocked = blocked || (s_.in[d].valid && !s_.in[d].store && queue_of(s_.in[d].line) == q);
    if (blocked) continue;
    int match = -1, free_t = -1;
    for (uint32_t t = 0; t < p_.tags_per_queue; ++t) {
      const uint32_t id = q * p_.tags_per_queue + t;
      if (id == e.removed) continue;  // the tag sent this edge takes nothing more
      const WpTag& g = s_.tags[id];
      if (match < 0 && g.valid && g.line == r.line && g.n < p_.slots_per_tag) match = int(id);
      if (free_t < 0 && !g.valid) free_t = int(id);
    }
    if (match >= 0) {
      e.ins_ok[c] = true;
      e.ins_tag[c] = uint32_t(match);
    } else if (free_t >= 0) {
      bool yield_to_higher = false;
      for (uint32_t d = 0; d < p_.n_coalescers; ++d)
        yield_to_higher = yield_to_higher || (starved[d] && iq_of(s_.in[d].warp) < iq_of(r.warp));
      if (yield_to_higher) {
        e.ins_deferred[c] = true;
      } else {
        e.ins_ok[c] = e.ins_alloc[c] = true;
        e.ins_tag[c] = uint32_t(free_t);
      }
    }
    e.in_move[c] = e.ins_ok[c];
  }
}

// Classify stage (with thread-map-table allocation), coalescers, instruction-queue pop, writeback.
void WarpPoolTwin::front_decide(Edge& e) const {
  uint64_t granted = 0;  // TMT entries handed out at this edge
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    const WpLineReq& r = s_.cl[c];
    if (!r.valid || (s_.in[c].valid && !e.in_move[c])) continue;
    if (!r.store && r.type == kWpTable) {
      uint32_t k = 0;
      while (k < p_.tmt_entries && (s_.tmt[k].valid || ((granted >> k) & 1u))) ++k;
      if (k == p_.tmt_entries) continue;
      granted |= uint64_t(1) << k;
      e.tmt_grant[c] = k;
    }
    e.cl_move[c] = true;
  }
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    const WpCoalescer& co = s_.co[c];
    if (!co.busy || (s_.cl[c].valid && !e.cl_move[c])) continue;
    e.emit[c] = true;
    const uint32_t lead = uint32_t(__builtin_ctz(co.rem));
    const uint64_t line = co.addr[lead] >> kWarpPoolLineShift;
    uint32_t m = 0;
    for (uint32_t t = lead; t < kWarpPoolLanes; ++t)
      if (((co.rem >> t) & 1u) && (co.addr[t] >> kWarpPoolLineShift) == line) m |= 1u << t;
    e.match[c] = m;
    e.fin[c] = (co.rem & ~m) == 0;
  }
  // Late binding: no instruction leaves the (priority-ordered) instruction queues while a load
  // waits at insertion for a tag (status tag_stall, from the registers), so a high-priority warp's
  // next load is not queued behind instructions committed to the coalescers earlier.
  if (sel_.agu_valid && !(last_.status & kWpTagStall))
    for (uint32_t c = 0; c < p_.n_coalescers; ++c)
      if (!s_.co[c].busy || e.fin[c]) {
        e.pop_c = int(c);
        break;
      }
  e.wb_active = s_.wb_count > 0 && s_.wbq[s_.wb_head].meta_ok;
  e.wb_done = e.wb_active && s_.wb_slot + 1 == s_.wbq[s_.wb_head].meta.n;
}

// The line request a coalescer emits: the line of its lowest remaining lane and every remaining
// lane in that line, with word indices, sectors and the mapping pattern.
WpLineReq WarpPoolTwin::coalesce(const WpCoalescer& co, uint32_t match) const {
  WpLineReq r;
  r.valid = true;
  r.store = co.store;
  r.warp = co.warp;
  r.tag = co.tag;
  r.line = co.addr[__builtin_ctz(co.rem)] >> kWarpPoolLineShift;
  r.lanes = match;
  for (uint32_t t = 0; t < kWarpPoolLanes; ++t)
    if ((match >> t) & 1u) {
      r.words[t] = uint8_t((co.addr[t] >> 2) & 31);
      r.sectors |= 1u << (r.words[t] >> 3);
    }
  if (!r.store) {
    WpPattern pat = wp_classify(r.lanes, r.words);
    r.type = pat.type;
    r.payload = pat.payload;
  }
  return r;
}

// ---- updates ----------------------------------------------------------------------------------

void WarpPoolTwin::consist_apply(const WarpPoolInputs& in, const Edge& e) {
  auto dec = [this](uint32_t w) { cnt_add(w, -1); };
  if (in.issue_valid) {
    cnt_add(in.issue_warp, +1);
    s_.last_load[in.issue_warp] = !in.issue_store;
    const uint64_t bit = uint64_t(1) << in.issue_warp;
    last_load_mask_ = in.issue_store ? (last_load_mask_ & ~bit) : (last_load_mask_ | bit);
  }
  if (e.pop_c >= 0 && in.agu_mask == 0) dec(s_.iq[sel_.pop_q].front().warp);
  for (uint32_t c = 0; c < p_.n_coalescers; ++c)
    if (e.emit[c] && !e.fin[c]) cnt_add(s_.co[c].warp, +1);
  if (e.acc_store) dec(s_.in[sel_.store_c].warp);
  if (e.acc_load) {
    const WpTag& g = s_.tags[sel_.tag];
    for (uint32_t k = 0; k < g.n; ++k) dec(g.slots[k].warp);
  }
}

// MSHR metadata table, request ids, writeback queue, thread-map-table release.
void WarpPoolTwin::back_apply(const WarpPoolInputs& in, const Edge& e) {
  if (e.acc_load) {
    const WpTag& g = s_.tags[sel_.tag];
    WpRow& row = s_.sram[sel_.id];
    row.n = g.n;
    row.slots = g.slots;
    set_id(sel_.id, true);
  }
  const uint32_t tail = (s_.wb_head + s_.wb_count) % p_.wbq_depth;
  if (s_.cap_valid) {
    s_.wbq[s_.cap_entry].meta = s_.cap_row;
    s_.wbq[s_.cap_entry].meta_ok = true;
  }
  if (e.wb_active) {
    WpWbEntry& h = s_.wbq[s_.wb_head];
    const WpSlot& sl = h.meta.slots[s_.wb_slot];
    if (sl.type == kWpTable) s_.tmt[sl.payload].valid = false;
    if (e.wb_done) {
      set_id(h.id, false);
      h.meta_ok = false;
      s_.wb_head = (s_.wb_head + 1) % p_.wbq_depth;
      s_.wb_count -= 1;
      s_.wb_slot = 0;
    } else {
      s_.wb_slot += 1;
    }
  }
  s_.cap_valid = in.ret_valid;
  if (in.ret_valid) {
    WpWbEntry& t = s_.wbq[tail];
    t.id = in.ret_id;
    t.data = in.ret_data;
    t.meta_ok = false;
    s_.cap_entry = tail;
    s_.cap_row = s_.sram[in.ret_id];  // synchronous SRAM read, used at the next edge
    s_.wb_count += 1;
  }
}

// Tags, age queue, selector counters and the policy quantum.
void WarpPoolTwin::queues_apply(const WarpPoolInputs& in, const Edge& e) {
  if (e.acc_load) {
    if (trace_on_) {
      tr_.sent_tag = int(sel_.tag);
      tr_.sent_pos = sel_.pos;
    }
    s_.tags[sel_.tag].valid = false;
    s_.tags[sel_.tag].n = 0;
    s_.age.erase(s_.age.begin() + sel_.pos);
  }
  if (e.acc_store && trace_on_) tr_.sent_store = int(sel_.store_c);
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    if (!e.ins_ok[c]) continue;
    const WpLineReq& r = s_.in[c];
    WpTag& g = s_.tags[e.ins_tag[c]];
    if (e.ins_alloc[c]) {
      g.valid = true;
      g.line = r.line;
      g.sectors = 0;
      g.n = 0;
      s_.age.push_back(e.ins_tag[c]);
    }
    g.slots[g.n] = WpSlot{r.warp, r.tag, r.type, r.payload};
    g.n += 1;
    g.sectors |= r.sectors;
    if (trace_on_) {
      tr_.inserted_tag[c] = int(e.ins_tag[c]);
      tr_.allocated[c] = e.ins_alloc[c];
      tr_.inserted[c] = r;
    }
  }
  if (trace_on_)
    for (uint32_t c = 0; c < p_.n_coalescers; ++c) tr_.alloc_deferred[c] = e.ins_deferred[c];
  // Selector counters.
  if (e.acc_load) {
    if (sel_.pos == 0) s_.bypassed = 0;
    else if (p_.age_cap > 0 && s_.bypassed < p_.age_cap) s_.bypassed += 1;
  }
  if (e.acc_store) s_.store_waited = 0;
  else if (e.acc_load && sel_.store_avail && p_.store_wait_cap > 0 && s_.store_waited < p_.store_wait_cap)
    s_.store_waited += 1;
  // Policy quantum: the quantum's last cycle counts, then the decision.
  const uint64_t acc = s_.q_accesses + (e.acc_load ? 1 : 0);
  const uint64_t miss = s_.q_misses + (e.acc_load && in.l1_miss ? 1 : 0);
  const uint32_t cyc = s_.cycle_in_quantum + in.skip;
  if (cyc + 1 == p_.quantum) {
    tr_.quantum_end = true;
    tr_.toggled = acc > 0 && miss * 100 > acc * p_.miss_pct;
    if (tr_.toggled) s_.policy = !s_.policy;
    s_.cycle_in_quantum = 0;
    s_.q_accesses = s_.q_misses = 0;
  } else {
    s_.cycle_in_quantum = cyc + 1;
    s_.q_accesses = uint32_t(acc);
    s_.q_misses = uint32_t(miss);
  }
}

// IN <- CL (TMT writes), CL <- coalescer, coalescer <- instruction queue, queue push/pop.
void WarpPoolTwin::front_apply(const WarpPoolInputs& in, const Edge& e) {
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    if (e.cl_move[c]) {
      WpLineReq r = s_.cl[c];
      if (!r.store && r.type == kWpTable) {
        WpTmtEntry& t = s_.tmt[e.tmt_grant[c]];
        t.valid = true;
        t.lanes = r.lanes;
        t.words = r.words;
        r.payload = uint16_t(e.tmt_grant[c]);
      }
      s_.in[c] = r;
    } else if (e.in_move[c]) {
      s_.in[c].valid = false;
    }
    if (e.emit[c]) {
      WpCoalescer& co = s_.co[c];
      s_.cl[c] = coalesce(co, e.match[c]);
      if (trace_on_) {
        tr_.emitted[c] = true;
        tr_.emitted_req[c] = s_.cl[c];
      }
      co.rem &= ~e.match[c];
      co.busy = co.rem != 0;
    } else if (e.cl_move[c]) {
      s_.cl[c].valid = false;
    }
  }
  if (e.pop_c >= 0) {
    WpIq& q = s_.iq[sel_.pop_q];
    const WpIqEntry& h = q.front();
    WpCoalescer& co = s_.co[uint32_t(e.pop_c)];
    co.busy = in.agu_mask != 0;
    co.store = h.store;
    co.warp = h.warp;
    co.tag = h.tag;
    co.rem = in.agu_mask;
    for (uint32_t t = 0; t < kWarpPoolLanes; ++t) co.addr[t] = ((in.agu_mask >> t) & 1u) ? in.agu_addr[t] : 0;
    q.head = (q.head + 1) % p_.iq_depth;
    q.count -= 1;
    if (trace_on_) tr_.popped_into = e.pop_c;
  }
  if (in.issue_valid) {
    WpIq& q = s_.iq[iq_of(in.issue_warp)];
    q.e[(q.head + q.count) % p_.iq_depth] = WpIqEntry{in.issue_warp, in.issue_tag, in.issue_store};
    q.count += 1;
  }
}

}  // namespace gpucosim
