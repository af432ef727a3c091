#include "tb_checkers.h"

#include <algorithm>
#include <sstream>

namespace gpucosim::tb {

Checkers::Checkers(const WarpPoolParams& p, std::function<bool(uint32_t, uint32_t)> is_store)
    : p_(p), is_store_(std::move(is_store)) {
  reset();
}

void Checkers::reset() {
  tags_.assign(p_.n_tags(), MTag{});
  next_order_ = 0;
  policy_ = false;
  cyc_ = acc_ = miss_ = 0;
  bypassed_ = store_waited_ = 0;
  exp_tag_ = -1;
}

// The tag the selector must present: the oldest, or under the warp-ID policy (unless the age cap
// forces the oldest) the oldest tag holding a slot of the lowest queued warp.
int Checkers::expected_tag(bool& oldest) const {
  int old = -1, best = -1;
  uint32_t wmin = ~0u;
  for (size_t i = 0; i < tags_.size(); ++i) {
    if (!tags_[i].valid) continue;
    if (old < 0 || tags_[i].order < tags_[size_t(old)].order) old = int(i);
    for (auto& s : tags_[i].slots) wmin = std::min(wmin, s.first);
  }
  const bool forced = p_.age_cap > 0 && bypassed_ >= p_.age_cap;
  if (!policy_ || forced || old < 0) {
    oldest = true;
    return old;
  }
  for (size_t i = 0; i < tags_.size(); ++i) {
    if (!tags_[i].valid) continue;
    bool has = false;
    for (auto& s : tags_[i].slots) has = has || s.first == wmin;
    if (has && (best < 0 || tags_[i].order < tags_[size_t(best)].order)) best = int(i);
  }
  oldest = best == old;
  return best;
}

std::string Checkers::before_step(const WarpPoolOutputs& o, const WarpPoolInputs& in, const WarpPoolTwin& twin) {
  const WarpPoolTwinState& s = twin.state();
  bool id_free = false, model_nonempty = false, store_wait = false;
  for (bool b : s.id_busy) id_free = id_free || !b;
  for (const MTag& t : tags_) model_nonempty = model_nonempty || t.valid;
  for (const WpLineReq& r : s.in) store_wait = store_wait || (r.valid && r.store);
  const bool load_avail = model_nonempty && id_free;
  const bool force_store = p_.store_wait_cap > 0 && store_waited_ >= p_.store_wait_cap;
  exp_tag_ = -1;
  last_bypassed_ = false;
  // Allocation priority, from the model: a load whose queue has no free tag and no same-line tag
  // with room is starved; no load of a later instruction queue may allocate meanwhile.
  std::array<bool, 4> starved{};
  std::array<uint32_t, 4> prio{};
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    const WpLineReq& r = s.in[c];
    no_alloc_[c] = false;
    if (!r.valid || r.store) continue;
    prio[c] = r.warp / p_.warps_per_iq;
    const uint32_t q = twin.queue_of(r.line);
    bool room = false;
    for (uint32_t t = 0; t < p_.tags_per_queue; ++t) {
      const MTag& m = tags_[q * p_.tags_per_queue + t];
      room = room || !m.valid || (m.line == r.line && m.slots.size() < p_.slots_per_tag);
    }
    starved[c] = !room;
  }
  for (uint32_t c = 0; c < p_.n_coalescers; ++c)
    for (uint32_t d = 0; d < p_.n_coalescers; ++d)
      if (s.in[c].valid && !s.in[c].store && starved[d] && prio[d] < prio[c]) no_alloc_[c] = true;
  std::ostringstream err;
  if (o.l1_valid && !o.l1_store) {
    if (!load_avail) return "a load request is presented with no queued request or no free id";
    if (store_wait && force_store) return "the store-wait cap was reached but a load is presented";
    bool oldest = true;
    const int t = expected_tag(oldest);
    const MTag& m = tags_[size_t(t)];
    bool same = o.l1_line == m.line && o.l1_nslots == m.slots.size();
    for (size_t k = 0; same && k < m.slots.size(); ++k)
      same = o.slot_warp[k] == m.slots[k].first && o.slot_tag[k] == m.slots[k].second;
    if (!same) {
      err << "selector presented line 0x" << std::hex << o.l1_line << std::dec << " with " << o.l1_nslots
          << " slots, expected tag " << t << " line 0x" << std::hex << m.line << std::dec << " with "
          << m.slots.size() << " slots (policy " << (policy_ ? "warp ID" : "oldest") << ")";
      return err.str();
    }
    if (in.l1_accept) {
      exp_tag_ = t;
      last_bypassed_ = !oldest;
      if (oldest) bypassed_ = 0;
      else if (p_.age_cap > 0 && bypassed_ < p_.age_cap) bypassed_ += 1;
      if (store_wait && p_.store_wait_cap > 0 && store_waited_ < p_.store_wait_cap) store_waited_ += 1;
    }
  } else if (o.l1_valid) {
    if (!store_wait) return "a store request is presented but no coalescer holds a store";
    if (load_avail && !force_store) return "a store won the L1 port over a queued load";
    if (o.l1_nslots != 1) return "a store request must have exactly one slot";
    if (in.l1_accept) store_waited_ = 0;
  } else if (load_avail || store_wait) {
    return "no L1 request presented although a load or store is ready";
  }
  // Policy quantum: the quantum's last cycle counts, then the decision.
  cyc_ += 1;
  if (in.l1_accept && o.l1_valid && !o.l1_store) {
    acc_ += 1;
    miss_ += in.l1_miss ? 1 : 0;
  }
  last_toggle_ = false;
  if (cyc_ == p_.quantum) {
    if (acc_ > 0 && miss_ * 100 > acc_ * p_.miss_pct) {
      policy_ = !policy_;
      last_toggle_ = true;
    }
    cyc_ = acc_ = miss_ = 0;
  }
  return "";
}

std::string Checkers::after_step(const WarpPoolTwin& twin, const WarpPoolOutputs& o) {
  const WarpPoolTrace& tr = twin.trace();
  if (o.policy != policy_) return std::string("policy is ") + (o.policy ? "warp ID" : "oldest") + ", expected the other";
  if (tr.sent_tag != exp_tag_)
    return "the tag sent was " + std::to_string(tr.sent_tag) + ", expected " + std::to_string(exp_tag_);
  if (tr.sent_tag >= 0) tags_[size_t(tr.sent_tag)].valid = false;
  last_deferred_ = false;
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    if (tr.alloc_deferred[c] && !no_alloc_[c]) return "a load was refused a free tag with no higher-priority load waiting";
    last_deferred_ = last_deferred_ || tr.alloc_deferred[c];
  }
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    if (tr.inserted_tag[c] < 0) continue;
    MTag& m = tags_[size_t(tr.inserted_tag[c])];
    const WpLineReq& r = tr.inserted[c];
    if (tr.allocated[c]) {
      if (m.valid) return "a tag in use was allocated again";
      if (no_alloc_[c]) return "a load allocated a tag while a higher-priority warp's load waited for one";
      m = MTag{true, next_order_++, r.line, {}};
    } else if (!m.valid || m.line != r.line) {
      return "a request merged into a tag of another line (merges must stay within one line)";
    }
    m.slots.emplace_back(r.warp, r.tag);
    if (m.slots.size() > p_.slots_per_tag) return "more merges than slots_per_tag";
  }
  return check_registers(twin);
}

std::string Checkers::check_registers(const WarpPoolTwin& twin) const {
  const WarpPoolTwinState& s = twin.state();
  const uint32_t nt = p_.tags_per_queue;
  std::vector<std::pair<uint64_t, uint32_t>> by_age;
  for (uint32_t id = 0; id < p_.n_tags(); ++id) {
    const WpTag& g = s.tags[id];
    const MTag& m = tags_[id];
    if (g.valid != m.valid) return "tag " + std::to_string(id) + " validity differs from the model";
    if (!g.valid) continue;
    if (twin.queue_of(g.line) != id / nt) return "a line sits in a queue other than hash(line)";
    if (g.n != m.slots.size() || g.n == 0) return "tag slot count differs from the model";
    for (uint32_t k = 0; k < g.n; ++k) {
      if (g.slots[k].warp != m.slots[k].first || g.slots[k].tag != m.slots[k].second) return "tag slot differs";
      if (is_store_(g.slots[k].warp, g.slots[k].tag)) return "a store entered the inter-warp queues";
      if (g.slots[k].type == kWpTable && !s.tmt[g.slots[k].payload].valid) return "slot names a free TMT entry";
    }
    by_age.emplace_back(m.order, id);
    uint32_t not_full = 0;
    for (uint32_t t = 0; t < nt; ++t) {
      const WpTag& h = s.tags[id / nt * nt + t];
      if (h.valid && h.line == g.line && h.n < p_.slots_per_tag) ++not_full;
    }
    if (not_full > 1) return "two tags of one queue hold the same line and neither is full";
  }
  std::sort(by_age.begin(), by_age.end());
  if (by_age.size() != s.age.size()) return "age queue length differs from the number of tags in use";
  for (size_t i = 0; i < by_age.size(); ++i)
    if (s.age[i] != by_age[i].second) return "age queue order differs from allocation order";
  // Consistency counters recounted from where each warp's work sits.
  std::vector<uint32_t> cnt(p_.n_warps, 0);
  for (const WpIq& q : s.iq)
    for (uint32_t k = 0; k < q.count; ++k) cnt[q.e[(q.head + k) % p_.iq_depth].warp] += 1;
  for (uint32_t c = 0; c < p_.n_coalescers; ++c) {
    if (s.co[c].busy) cnt[s.co[c].warp] += 1;
    if (s.cl[c].valid) cnt[s.cl[c].warp] += 1;
    if (s.in[c].valid) cnt[s.in[c].warp] += 1;
  }
  for (const WpTag& g : s.tags)
    if (g.valid)
      for (uint32_t k = 0; k < g.n; ++k) cnt[g.slots[k].warp] += 1;
  for (uint32_t w = 0; w < p_.n_warps; ++w)
    if (cnt[w] != s.cnt[w])
      return "consistency counter of warp " + std::to_string(w) + " is " + std::to_string(s.cnt[w]) +
             ", its work in the block is " + std::to_string(cnt[w]);
  return "";
}

}  // namespace gpucosim::tb
