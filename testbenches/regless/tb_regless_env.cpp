#include "tb_regless_env.h"

#include <algorithm>
#include <sstream>

namespace gpucosim::tb {

namespace {
const char* const kRequired[] = {
    "alloc_fresh", "alloc_redefine", "alloc_dirty_victim", "preload_hit", "preload_fetch", "preload_fetch_dirty_victim",
    "invalidating_read", "cache_invalidation", "bank_conflict_retry", "write_evict_dirty", "erase", "evict_read",
    "draining", "drain_to_stack", "exit", "exit_relaunch", "blocked_skip", "mem_backpressure", "wait_for_room",
    "two_preloading", "quiet"};
}

std::string ReglessCoverage::missing() const {
  std::string s;
  for (const char* p : kRequired)
    if (!hits.count(p)) s += (s.empty() ? "" : ", ") + std::string(p);
  return s;
}
std::string ReglessCoverage::summary() const {
  std::ostringstream s;
  for (const auto& [k, v] : hits) s << k << "=" << v << " ";
  return s.str();
}

ReglessEnv::ReglessEnv(ReglessBlock& dut, uint64_t seed, ReglessCoverage& cov, uint32_t programs_per_slot)
    : dut_(dut),
      p_(dut.params()),
      rng_(seed),
      cov_(cov),
      programs_(programs_per_slot),
      dmask_(p_.data_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << p_.data_bits) - 1),
      warps_(p_.n_warps),
      golden_(p_.n_warps, std::vector<uint64_t>(p_.n_regs, 0)),
      slot_warp_(p_.n_ops, -1),
      slot_is_write_(p_.n_ops, false),
      slot_write_idx_(p_.n_ops, 0) {
  dut_.reset(out_);
}

void ReglessEnv::fail(const std::string& what) {
  if (error_.empty()) error_ = "cycle " + std::to_string(cycle_) + ": " + what;
}

uint64_t ReglessEnv::value(uint32_t w, uint32_t r, const std::vector<uint64_t>& src, uint32_t inst) {
  // Every value differs from the register's earlier ones in the low bits too (narrow data_bits).
  uint64_t v = 0x9e3779b97f4a7c15ull * (w + 1) + 0x632be59bd9b4e019ull * (r + 1) + inst;
  for (uint64_t s : src) v = (v ^ s) * 0xff51afd7ed558ccdull;
  v = (v ^ (v >> 29)) * 0xc4ceb9fe1a85ec53ull;
  return ((v ^ (v >> 32)) + seq_++) & dmask_;
}

// A region as the compiler would annotate it (docs/blocks/regless.md §5).
ReglessEnv::Region ReglessEnv::make_region(uint32_t w) {
  Warp& x = warps_[w];
  Region g;
  g.final = x.regions_left == 1;
  // Registers a program uses: more than its share of the OSU, so lines are evicted and fetched.
  const uint32_t pool = std::min<uint32_t>(p_.n_regs, p_.n_regs > 16 ? 32 : 12);
  auto pct = [&](uint32_t n) { return rng_() % 100 < n; };
  x.before = x.defined;
  std::set<uint32_t> avail(x.defined.begin(), x.defined.end()), written, inputs, used;
  const uint32_t n = 2 + uint32_t(rng_() % 5);
  for (uint32_t i = 0; i < n; ++i) {
    Inst in;
    const uint32_t nsrc = avail.empty() ? 0 : uint32_t(rng_() % 3);
    for (uint32_t s = 0; s < nsrc && used.size() < 6; ++s) {
      auto it = avail.begin();
      std::advance(it, rng_() % avail.size());
      if (std::find(in.src.begin(), in.src.end(), *it) != in.src.end()) continue;
      if (!written.count(*it)) inputs.insert(*it);
      in.src.push_back(*it);
      used.insert(*it);
    }
    if (used.size() < 6 || pct(50)) {
      uint32_t d = uint32_t(rng_() % pool);
      if (used.size() >= 6) d = *used.begin();
      in.dst = int(d);
      written.insert(d);
      avail.insert(d);
      used.insert(d);
    }
    in.latency = pct(15) ? 20 + uint32_t(rng_() % 60) : 1 + uint32_t(rng_() % 4);
    if (in.src.empty() && in.dst < 0) in.dst = int(rng_() % pool), written.insert(uint32_t(in.dst)), used.insert(uint32_t(in.dst));
    in.src_rel.assign(in.src.size(), kRlKeep);
    g.insts.push_back(in);
  }
  for (uint32_t r : used)
    if (g.final || pct(30)) g.dying.insert(r);
  // Last uses: the last access of each register in the region.
  for (uint32_t r : used) {
    for (int i = int(g.insts.size()) - 1; i >= 0; --i) {
      Inst& in = g.insts[size_t(i)];
      const uint32_t rel = g.dying.count(r) ? kRlErase : kRlEvict;
      if (in.dst == int(r)) {
        in.dst_rel = rel;
        break;
      }
      const auto it = std::find(in.src.begin(), in.src.end(), r);
      if (it != in.src.end()) {
        in.src_rel[size_t(it - in.src.begin())] = rel;
        break;
      }
    }
  }
  for (uint32_t r : inputs) g.pre |= uint64_t(1) << r;
  for (uint32_t r : inputs)
    if (g.dying.count(r)) g.inv |= uint64_t(1) << r;
  for (uint32_t r : written)
    if (!inputs.count(r) && g.dying.count(r)) g.interior.insert(r);
  // A register dead by control flow: a cache invalidation.
  if (pct(25))
    for (uint32_t r : x.defined)
      if (!used.count(r)) {
        g.cinv |= uint64_t(1) << r;
        break;
      }
  g.need.assign(p_.n_banks, 0);
  for (uint32_t r : used) g.need[p_.bank_of(w, r)] += 1;
  // The registers defined after the region.
  std::set<uint32_t> after;
  for (uint32_t r : x.defined)
    if (!((g.cinv >> r) & 1u) && !g.dying.count(r)) after.insert(r);
  for (uint32_t r : written)
    if (!g.dying.count(r)) after.insert(r);
  x.defined = after;
  return g;
}

void ReglessEnv::start_instruction(uint32_t w) {
  Warp& x = warps_[w];
  x.ops.clear();
  x.srcval.clear();
  if (x.inst >= x.rgn.insts.size()) return;
  const Inst& in = x.rgn.insts[x.inst];
  for (size_t s = 0; s < in.src.size(); ++s) x.ops.push_back(Op{kRlRead, in.src[s], in.src_rel[s], 0, x.inst, 0});
  if (in.dst >= 0) x.ops.push_back(Op{kRlAlloc, uint32_t(in.dst), in.dst_rel, 0, x.inst, 0});
}

bool ReglessEnv::run(uint64_t max_cycles) {
  const uint32_t nw = p_.n_warps;
  uint64_t last_progress = 0, blocked = 0, blocked_until = 0;
  ReglessOutputs prev = out_;
  for (; cycle_ < max_cycles && error_.empty(); ++cycle_) {
    ReglessInputs in;
    // 1. Answers to last cycle's requests.
    for (uint32_t k = 0; k < p_.n_ops; ++k) {
      const int sw = slot_warp_[k];
      if (sw < 0) continue;
      Warp& x = warps_[size_t(sw)];
      const bool ok = (out_.rsp_valid >> k) & 1u;
      if ((out_.rsp_err >> k) & 1u) fail("slot " + std::to_string(k) + ": error answer (a read missed or no line): warp " + std::to_string(sw));
      if (slot_is_write_[k]) {
        auto& wr = x.writes[slot_write_idx_[k]].second;
        if (!ok) {
          wr.inst |= 0x80000000u;  // clear in-flight below
        } else {
          golden_[size_t(sw)][wr.reg] = wr.data;
          x.pending_line.erase(wr.reg);
          wr.kind = 99;  // done
          if (wr.rel == kRlEvict) cov_.hit("write_evict_dirty");
          if (wr.rel == kRlErase) cov_.hit("erase");
        }
        continue;
      }
      x.in_flight = false;
      if (!ok) {
        cov_.hit("bank_conflict_retry");
        continue;
      }
      const Op op = x.ops.front();
      x.ops.pop_front();
      if (op.kind == kRlRead) {
        if (out_.rsp_data[k] != golden_[size_t(sw)][op.reg])
          fail("lost register value: warp " + std::to_string(sw) + " r" + std::to_string(op.reg) + " read " +
               std::to_string(out_.rsp_data[k]) + ", golden " + std::to_string(golden_[size_t(sw)][op.reg]));
        x.srcval.push_back(out_.rsp_data[k]);
        if (op.rel == kRlEvict) cov_.hit("evict_read");
        if (op.rel == kRlErase) cov_.hit("erase");
      } else {
        const Inst& ins = x.rgn.insts[op.inst];
        Op wr{kRlWrite, op.reg, op.rel, out_.rsp_line[k], op.inst, value(uint32_t(sw), op.reg, x.srcval, op.inst)};
        x.pending_line[op.reg] = out_.rsp_line[k];
        if (x.rgn.interior.count(op.reg)) x.interior_values.insert({op.reg, wr.data});
        cov_.hit(x.before.count(op.reg) ? "alloc_redefine" : "alloc_fresh");
        x.writes.push_back({cycle_ + ins.latency, wr});
      }
      if (x.ops.empty()) {
        x.inst += 1;
        start_instruction(uint32_t(sw));
      }
    }
    for (Warp& x : warps_) {
      for (auto& [at, wr] : x.writes) wr.inst &= 0x7fffffffu;
      x.writes.erase(std::remove_if(x.writes.begin(), x.writes.end(), [](const auto& e) { return e.second.kind == 99; }),
                     x.writes.end());
    }
    // 2. State changes the outputs show.
    for (uint32_t w = 0; w < nw; ++w) {
      const uint64_t bit = uint64_t(1) << w;
      Warp& x = warps_[w];
      if ((out_.active & bit) && !(prev.active & bit)) {
        for (const Fetch& f : fetches_)
          if (f.warp == w) fail("warp " + std::to_string(w) + " active before its preload of r" + std::to_string(f.reg) + " arrived");
        x.inst = 0;
        x.end_sent = false;
        x.interior_values.clear();
        if (__builtin_popcountll(x.rgn.pre) > x.fetched) cov_.hit("preload_hit");
        x.fetched = 0;
        start_instruction(w);
      }
      if ((out_.draining & bit) && !(prev.draining & bit)) cov_.hit("draining");
      if ((out_.stacked & bit) && (prev.draining & bit)) cov_.hit("drain_to_stack");
      if ((out_.stacked & bit) && !(prev.stacked & bit)) x.has_region = false;
      const uint64_t was = prev.active | prev.draining;
      if ((was & bit) && !((out_.active | out_.draining | out_.stacked | out_.preloading) & bit)) {
        cov_.hit("exit");
        for (uint32_t r = 0; r < p_.n_regs; ++r) memory_.erase({w, r});  // the slot's backing store is invalidated
        x.launched = false;
        x.defined.clear();
        last_progress = cycle_;
      }
    }
    if (__builtin_popcountll(out_.preloading) >= 2) cov_.hit("two_preloading");
    // 3. Memory: take the request (or not), answer one due fetch.
    if (out_.mem_valid) {
      if (rng_() % 100 < 70) {
        in.mem_ready = true;
        if (out_.mem_wb) {
          const uint32_t w = out_.mem_wb_warp, r = out_.mem_wb_reg;
          const Warp& x = warps_[w];
          if (x.interior_values.count({r, out_.mem_data}) && ((out_.active | out_.draining) >> w & 1u))
            fail("interior register reached memory: warp " + std::to_string(w) + " r" + std::to_string(r));
          // (An older value may still be on its way out after the register was redefined: the
          // memory copy is checked against the golden model when it is fetched.)
          memory_[{w, r}] = out_.mem_data;
          cov_.hit(out_.mem_rd ? "preload_fetch_dirty_victim" : "alloc_dirty_victim");
        }
        if (out_.mem_rd) {
          fetches_.push_back(Fetch{cycle_ + 3 + rng_() % 30, out_.mem_warp, out_.mem_reg, out_.mem_line, out_.mem_inv});
          warps_[out_.mem_warp].fetched += 1;
          cov_.hit("preload_fetch");
          if (out_.mem_inv) cov_.hit("invalidating_read");
        } else if (out_.mem_inv) {
          const Warp& x = warps_[out_.mem_warp];
          if ((x.rgn.cinv >> out_.mem_reg) & 1u) cov_.hit("cache_invalidation");
          else cov_.hit("invalidating_read");
          memory_.erase({out_.mem_warp, out_.mem_reg});
        }
      } else {
        cov_.hit("mem_backpressure");
      }
    }
    for (size_t i = 0; i < fetches_.size(); ++i)
      if (fetches_[i].at <= cycle_) {
        const Fetch f = fetches_[i];
        fetches_.erase(fetches_.begin() + long(i));
        const auto it = memory_.find({f.warp, f.reg});
        if (it == memory_.end()) {
          fail("lost register value: fetch of warp " + std::to_string(f.warp) + " r" + std::to_string(f.reg) + " absent from memory");
          break;
        }
        if (it->second != golden_[f.warp][f.reg])
          fail("lost register value: memory copy of warp " + std::to_string(f.warp) + " r" + std::to_string(f.reg) + " stale");
        in.fill_valid = true;
        in.fill_warp = f.warp;
        in.fill_reg = f.reg;
        in.fill_line = f.line;
        in.fill_data = it->second;
        if (f.inv) memory_.erase(it);
        break;
      }
    // 4. The CM's inputs: launches, blocked warps, the offered region, region ends.
    for (uint32_t w = 0; w < nw; ++w) {
      Warp& x = warps_[w];
      const bool none = !((out_.active | out_.draining | out_.stacked | out_.preloading) >> w & 1u);
      if (!x.launched && none && x.programs < programs_ && !in.launch_valid && rng_() % 4 == 0) {
        in.launch_valid = true;
        in.launch_warp = w;
        x.launched = true;
        x.programs += 1;
        if (x.programs > 1) cov_.hit("exit_relaunch");
        x.regions_left = 3 + uint32_t(rng_() % 8);
        x.has_region = false;
      }
    }
    if (cycle_ >= blocked_until) {
      blocked = (rng_() % 3 == 0) ? (out_.stacked & rng_()) : 0;
      blocked_until = cycle_ + 10 + rng_() % 30;
    }
    in.blocked = blocked & out_.stacked;
    if (in.blocked & out_.stacked) cov_.hit("blocked_skip");
    if (out_.top_valid) {
      Warp& x = warps_[out_.top_warp];
      if (!x.has_region) {
        x.rgn = make_region(out_.top_warp);
        x.has_region = true;
      }
      in.rgn_valid = rng_() % 20 != 0;
      for (uint32_t b = 0; b < p_.n_banks; ++b) {
        in.rgn_need[b] = x.rgn.need[b];
        if (x.rgn.need[b] > out_.avail[b]) cov_.hit("wait_for_room");
      }
      in.rgn_pre = x.rgn.pre;
      in.rgn_inv = x.rgn.inv;
      in.rgn_cinv = x.rgn.cinv;
    }
    for (uint32_t w = 0; w < nw && !in.end_valid; ++w) {
      Warp& x = warps_[w];
      if (((out_.active >> w) & 1u) && !x.end_sent && x.has_region && x.inst >= x.rgn.insts.size() && x.ops.empty() &&
          !x.in_flight) {
        in.end_valid = true;
        in.end_warp = w;
        in.end_final = x.rgn.final;
        x.end_sent = true;
        x.regions_left -= 1;
        regions_done_ += 1;
        last_progress = cycle_;
      }
    }
    // 5. Operand requests: ready writes and stream heads, up to n_ops, in random order.
    struct Cand { uint32_t w; bool write; size_t idx; };
    std::vector<Cand> cands;
    for (uint32_t w = 0; w < nw; ++w) {
      Warp& x = warps_[w];
      const bool act = (out_.active >> w) & 1u, dr = (out_.draining >> w) & 1u;
      if (act || dr)
        for (size_t i = 0; i < x.writes.size(); ++i)
          if (x.writes[i].first <= cycle_) cands.push_back({w, true, i});
      if (act && !x.in_flight && !x.ops.empty() && !x.pending_line.count(x.ops.front().reg)) cands.push_back({w, false, 0});
    }
    std::shuffle(cands.begin(), cands.end(), rng_);
    for (uint32_t k = 0; k < p_.n_ops; ++k) slot_warp_[k] = -1;
    std::set<std::pair<uint32_t, uint32_t>> writing;
    uint32_t k = 0;
    for (const Cand& c : cands) {
      if (k >= p_.n_ops) break;
      Warp& x = warps_[c.w];
      Op op = c.write ? x.writes[c.idx].second : x.ops.front();
      if (c.write && writing.count({c.w, op.reg})) continue;
      in.op_valid |= 1u << k;
      in.op_kind[k] = op.kind;
      in.op_warp[k] = c.w;
      in.op_reg[k] = op.reg;
      in.op_rel[k] = op.rel;
      in.op_line[k] = op.line;
      in.op_data[k] = op.data;
      slot_warp_[k] = int(c.w);
      slot_is_write_[k] = c.write;
      slot_write_idx_[k] = c.idx;
      if (c.write) writing.insert({c.w, op.reg});
      else x.in_flight = true;
      ++k;
    }
    if (!in.op_valid && !in.fill_valid && !in.launch_valid && !in.end_valid && out_.quiet) cov_.hit("quiet");
    // 6. The edge.
    prev = out_;
    try {
      dut_.step(in, out_);
    } catch (const std::exception& e) {
      fail(e.what());
      break;
    }
    last_in_ = in;
    if (cycle_ - last_progress > 5000) fail("no forward progress for 5000 cycles");
    bool all_done = true;
    for (const Warp& x : warps_) all_done = all_done && x.programs >= programs_ && !x.launched;
    if (all_done) {
      ++cycle_;
      return error_.empty();
    }
  }
  if (error_.empty()) fail("did not finish in " + std::to_string(max_cycles) + " cycles");
  return false;
}

}  // namespace gpucosim::tb
