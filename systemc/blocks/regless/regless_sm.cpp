#include "systemc/blocks/regless/regless_sm.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace gpucosim {

namespace {
constexpr uint8_t kLineSectors = 0xF;  // a register of 32 lanes x 4 bytes: one whole 128-byte line
constexpr size_t kL1QueueDepth = 8;    // backing-store requests waiting for the L1 port

uint8_t rel_of(const ReglessStaticInst& s, uint32_t reg) {
  const uint64_t bit = uint64_t(1) << reg;
  return (s.erase & bit) ? kRlErase : (s.evict & bit) ? kRlEvict : kRlKeep;
}
}  // namespace

ReglessSm::ReglessSm(std::vector<std::unique_ptr<ReglessBlock>> shards, const CoreConfig& core, uint32_t sm_id)
    : p_(shards.at(0)->params()),
      n_sched_(uint32_t(shards.size())),
      sm_id_(sm_id),
      sub_core_(core.sub_core_model),
      // As the baseline's collector units (operand_collector.cpp): per scheduler in a sub-core
      // SM (at least one each), otherwise one pool any scheduler's instruction may use.
      coll_limit_(core.sub_core_model ? std::max(1u, core.collector_units / uint32_t(shards.size()))
                                      : std::max(1u, core.collector_units)),
      data_mask_(p_.data_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << p_.data_bits) - 1),
      warps_(core.max_warps()),
      golden_(core.max_warps()),
      backing_(core.max_warps()),
      backing_valid_(core.max_warps(), 0) {
  // The compressed space of a shard: a line per 15 registers of its warps.
  const uint64_t comp_lines =
      (uint64_t(p_.n_warps) * p_.n_regs + kReglessRegsPerCompressedLine - 1) / kReglessRegsPerCompressedLine;
  for (auto& b : shards) {
    Shard s;
    s.block = std::move(b);
    s.block->reset(s.out);
    if (p_.compressor) {
      ReglessCompressorConfig c;
      c.n_warps = p_.n_warps;
      c.n_regs = p_.n_regs;
      c.lines = p_.compressor_lines;
      c.data_bits = p_.data_bits;
      c.base = kReglessCompressedBase + (uint64_t(sm_id) * n_sched_ + shards_.size()) * comp_lines * 128;
      s.comp = std::make_unique<ReglessCompressor>(c);
    }
    shards_.push_back(std::move(s));
  }
}

uint64_t ReglessSm::line_addr(uint32_t slot, uint32_t reg) const {
  // By register number (seed 000 §4.5.2.3): the SM's R0 of every warp slot in consecutive lines,
  // then every R1, ... Warps touch the same register numbers at about the same time, so their
  // lines spread over the L1's sets and the memory channels; one warp's registers side by side
  // would put every warp's copy of a register one 8 KB stride apart, in one channel and set.
  const uint64_t per_sm = uint64_t(64) * warps_.size();
  return kReglessBackingBase + (uint64_t(sm_id_) * per_sm + uint64_t(reg) * warps_.size() + slot) * 128;
}

// A value for register `reg` written by dynamic instruction `dyn` of warp slot `slot`: distinct
// per write, so a stale or lost value is seen when it is read (regless_value_errors).
uint64_t ReglessSm::value_of(uint32_t slot, uint32_t reg, uint32_t dyn, const ReglessValueShape& shape) const {
  uint64_t x = (uint64_t(slot) << 40) ^ (uint64_t(reg) << 32) ^ (uint64_t(dyn) * 0x9E3779B97F4A7C15ull);
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  if (!shards_[0].comp) return (x & data_mask_) | 1;
  // With the compressor, the value word also says the shape of the 32 lanes it stands for.
  return regless_value_token(x, shape.pattern, p_.data_bits);
}

// The shape of the lanes the write leaves: from the stream's lane values where it carries them,
// else the register-value analysis (regless_value_shapes.h). Only with the compressor.
ReglessValueShape ReglessSm::shape_of(uint32_t slot, uint32_t reg, uint32_t dyn) const {
  if (!shards_[0].comp) return {};
  const WarpState& ws = warps_[slot];
  return ws.shapes.at(dyn, reg, ws.code->insts()[size_t(ws.sidx[dyn])].defs);
}

// ---- clocking --------------------------------------------------------------------------------

void ReglessSm::advance(uint64_t now) {
  if (now <= next_) {
    now_ = std::max(now_, now);
    return;
  }
  // Issued instructions the SM kept from the register storage are done in their issue cycle.
  for (const auto& [slot, dyn] : issued_) instruction_done(slot, dyn, now_);
  issued_.clear();
  for (uint32_t slot : fresh_) {
    WarpState& ws = warps_[slot];
    ws.meta_ready = now + ws.code->regions()[ws.inst[0].region].metadata;
    shards_[shard_of(slot)].launches.emplace_back(local_of(slot), now - 1);
  }
  fresh_.clear();
  now_ = now;
  while (next_ < now) {
    for (uint32_t k = 0; k < shards_.size(); ++k) step_shard(k, next_);
    next_ += 1;
    n_.cycles += 1;
  }
}

void ReglessSm::step_shard(uint32_t k, uint64_t t) {
  Shard& s = shards_[k];
  const ReglessOutputs prev = s.out;
  ReglessInputs in{};

  // Warp launches: a slot's previous warp must have left the CM (state none).
  const uint64_t in_cm = prev.stacked | prev.preloading | prev.active | prev.draining;
  bool launched = false;
  if (!s.launches.empty() && t >= s.launches.front().second && !((in_cm >> s.launches.front().first) & 1)) {
    const uint32_t w = s.launches.front().first;
    in.launch_valid = true;
    in.launch_warp = w;
    launched = true;
    const uint32_t slot = slot_of(k, w);
    golden_[slot].fill(0);
    backing_valid_[slot] = 0;
    if (s.comp) s.comp->clear_warp(w);
  }
  // Blocked: waiting at a barrier, or the next region's metadata not yet decoded.
  for (uint32_t w = 0; w < p_.n_warps; ++w) {
    const WarpState& ws = warps_[slot_of(k, w)];
    if (ws.used && (ws.at_barrier || t < ws.meta_ready)) in.blocked |= uint64_t(1) << w;
  }
  // The next region of the warp the CM offers.
  int64_t offered = -1;
  if (prev.top_valid) {
    const uint32_t w = prev.top_warp;
    const WarpState& ws = warps_[slot_of(k, w)];
    const size_t next = size_t(ws.cur + 1);
    if (ws.used && ws.ended && next < ws.inst.size()) {
      const ReglessRegion& r = ws.code->regions()[ws.inst[next].region];
      in.rgn_valid = true;
      for (uint32_t b = 0; b < p_.n_banks; ++b) in.rgn_need[(b + w) % p_.n_banks] = r.usage[b];
      in.rgn_pre = r.pre;
      in.rgn_inv = r.inv;
      in.rgn_cinv = r.cinv;
      offered = w;
    }
  }
  // Region ends.
  if (!s.ends.empty()) {
    in.end_valid = true;
    in.end_warp = s.ends.front().first;
    in.end_final = s.ends.front().second;
  }
  // Operand requests: writes first (a bank serves them first too), then the collectors' reads
  // and allocations, oldest first.
  struct Slot {
    int32_t coll = -1;  // -1: the write queue's entry `op`
    uint32_t op = 0;
  };
  std::array<Slot, kReglessMaxOps> slots{};
  uint32_t n = 0;
  for (uint32_t i = 0; i < s.writes.size() && n < p_.n_ops; ++i, ++n) {
    const WriteOp& w = s.writes[i];
    in.op_valid |= 1u << n;
    in.op_kind[n] = kRlWrite;
    in.op_warp[n] = local_of(w.slot);
    in.op_reg[n] = w.reg;
    in.op_line[n] = w.line;
    // A write reaching a region that has ended must release its line (no region owns it now).
    in.op_rel[n] = (w.rel == kRlKeep && ((prev.draining >> local_of(w.slot)) & 1)) ? uint8_t(kRlEvict) : w.rel;
    in.op_data[n] = w.data;
    slots[n] = Slot{-1, i};
  }
  // What must be answered before a collector's operands may be presented:
  // - write-after-read: a younger instruction's allocation of a register, or a read that
  //   releases it, waits while an older collector of the same warp has not read it: a read
  //   refused for a busy bank data port would otherwise find the line reallocated, written and
  //   evicted by the younger instruction;
  // - line reuse: the region's reservation of a bank is the most lines the compiler found live
  //   in it at once in program order, counting a line free at the read or write that releases
  //   it. In the SM a release can come late (a last read refused for a busy port, the write of
  //   an older long-latency result), so an allocation that needs a new line waits while the
  //   warp holds its whole reservation of the bank (WarpState::held_in_bank); with every other
  //   line of the bank reserved by other regions it would find none. Only then: an allocation
  //   with a line to spare goes ahead of an older load's write.
  const auto unread_before = [&](size_t idx, uint32_t slot) {
    uint64_t regs = 0;
    for (size_t p = 0; p < idx; ++p) {
      const Collector& oc = colls_[s.collectors[p]];
      if (oc.slot != slot) continue;
      for (const Op& op : oc.ops)
        if (op.kind == kRlRead && !op.done) regs |= uint64_t(1) << op.reg;
    }
    return regs;
  };
  std::array<std::array<uint8_t, kReglessMaxBanks>, 64> presented{};  // new lines asked this cycle
  for (size_t idx = 0; idx < s.collectors.size(); ++idx) {
    const uint32_t ci = s.collectors[idx];
    Collector& c = colls_[ci];
    const WarpState& cw = warps_[c.slot];
    const uint64_t older_reads = unread_before(idx, c.slot);
    for (uint32_t j = 0; j < c.ops.size() && n < p_.n_ops; ++j) {
      const Op& o = c.ops[j];
      if (o.done) continue;
      if (cw.unwritten[o.reg] >= 0 && uint32_t(cw.unwritten[o.reg]) != c.dyn) continue;  // interlock
      if ((o.kind == kRlAlloc || o.rel != kRlKeep) && ((older_reads >> o.reg) & 1)) continue;  // write-after-read
      if (o.kind == kRlAlloc && !((cw.held >> o.reg) & 1)) {
        const uint32_t b = p_.bank_of(local_of(c.slot), o.reg);
        uint8_t& asked = presented[local_of(c.slot)][b];
        if (cw.held_in_bank[b] + asked >= cw.reserved[b]) continue;  // the reservation is held: a release first
        asked += 1;
      }
      in.op_valid |= 1u << n;
      in.op_kind[n] = o.kind;
      in.op_warp[n] = local_of(c.slot);
      in.op_reg[n] = o.reg;
      in.op_rel[n] = o.rel;
      slots[n] = Slot{int32_t(ci), j};
      ++n;
    }
    if (n == p_.n_ops) break;
  }
  // A returned register line (at most one per cycle; before this cycle's request is taken).
  if (s.comp) {
    std::vector<ReglessCompressor::Fill> ready;
    s.comp->take_fills(t, ready);
    for (const auto& f : ready) s.fills.push_back(Fill{f.warp, f.reg, f.osu_line, f.data});
  }
  if (!s.fills.empty()) {
    const Fill& f = s.fills.front();
    in.fill_valid = true;
    in.fill_warp = f.warp;
    in.fill_reg = f.reg;
    in.fill_line = f.line;
    in.fill_data = f.data;
  }
  // The memory stage's request, taken when the L1 queue (and the compressor) has room.
  if (prev.mem_valid) in.mem_ready = take_memory_request(s, k, t, prev);

  s.block->step(in, s.out);
  const ReglessOutputs& out = s.out;

  // Answers to this cycle's operand requests.
  std::vector<uint32_t> taken_writes;
  std::vector<uint32_t> touched;
  for (uint32_t j = 0; j < n; ++j) {
    if ((out.rsp_err >> j) & 1) {
      std::string where;
      if (slots[j].coll >= 0) {
        const Collector& c = colls_[size_t(slots[j].coll)];
        const WarpState& ws = warps_[c.slot];
        where = " of the instruction at PC " + std::to_string(ws.warp->insts[c.dyn].pc) + " (dynamic " +
                std::to_string(c.dyn) + ", static " + std::to_string(ws.sidx[c.dyn]) + ", region instance " +
                std::to_string(ws.cur) + " of region " + std::to_string(ws.inst[size_t(ws.cur)].region) + ")";
      }
      throw std::logic_error("regless/sm" + std::to_string(sm_id_) + "/s" + std::to_string(k) + ": operand request " +
                             std::to_string(j) + " (kind " + std::to_string(in.op_kind[j]) + ", warp " +
                             std::to_string(in.op_warp[j]) + ", R" + std::to_string(in.op_reg[j]) + ")" + where +
                             " at cycle " + std::to_string(t) +
                             " answered with an error: a region's register was not in the OSU");
    }
    if (!((out.rsp_valid >> j) & 1)) {
      n_.op_retries += 1;
      continue;
    }
    if (slots[j].coll < 0) {
      const WriteOp& w = s.writes[slots[j].op];
      golden_[w.slot][w.reg] = w.data;
      if (s.comp) {  // the share of register values the compressor knows the shape of
        const ReglessPattern shape = regless_value_pattern(w.data, p_.data_bits);
        n_.value_writes += 1;
        n_.values_known += shape != ReglessPattern::None;
        n_.values_compressible += compressible(shape);
        n_.values_emitted += w.source == ReglessValueSource::Emitted;
        n_.values_analysis += w.source == ReglessValueSource::Analysis;
      }
      WarpState& ww = warps_[w.slot];
      if (ww.used && ww.unwritten[w.reg] == int32_t(w.dyn)) ww.unwritten[w.reg] = -1;
      if (ww.used && in.op_rel[j] != kRlKeep) release_line(ww, local_of(w.slot), w.reg);
      taken_writes.push_back(slots[j].op);
      n_.writes += 1;
      continue;
    }
    Collector& c = colls_[size_t(slots[j].coll)];
    Op& o = c.ops[slots[j].op];
    o.done = true;
    WarpState& cw = warps_[c.slot];
    if (o.kind == kRlRead) {
      n_.reads += 1;
      if ((out.rsp_data[j] & data_mask_) != (golden_[c.slot][o.reg] & data_mask_)) n_.value_errors += 1;
      if (o.rel != kRlKeep) release_line(cw, local_of(c.slot), o.reg);
    } else {
      n_.allocs += 1;
      o.line = uint8_t(out.rsp_line[j]);
      cw.unwritten[o.reg] = int32_t(c.dyn);
      hold_line(cw, local_of(c.slot), o.reg);
    }
    touched.push_back(uint32_t(slots[j].coll));
  }
  for (auto it = taken_writes.rbegin(); it != taken_writes.rend(); ++it) s.writes.erase(s.writes.begin() + *it);
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  for (uint32_t ci : touched) {
    Collector& c = colls_[ci];
    if (c.done || !std::all_of(c.ops.begin(), c.ops.end(), [](const Op& o) { return o.done; })) continue;
    c.done = true;
    WarpState& ws = warps_[c.slot];
    const ReglessStaticInst& si = ws.code->insts()[size_t(ws.sidx[c.dyn])];
    std::vector<WriteOp> wr;
    for (const Op& o : c.ops)
      if (o.kind == kRlAlloc) {
        const ReglessValueShape sh = shape_of(c.slot, o.reg, c.dyn);
        wr.push_back(WriteOp{c.slot, c.dyn, o.reg, o.line, rel_of(si, o.reg), value_of(c.slot, o.reg, c.dyn, sh), sh.source});
      }
    if (!wr.empty()) ws.writes[c.dyn] = std::move(wr);
    instruction_done(c.slot, c.dyn, t + 1);
  }

  if (launched) s.launches.pop_front();
  if (in.fill_valid) s.fills.pop_front();
  if (in.end_valid) s.ends.pop_front();
  if (offered >= 0) {
    const uint64_t bit = uint64_t(1) << offered;
    if ((prev.stacked & bit) && !(out.stacked & bit) && ((out.preloading | out.active) & bit)) {
      WarpState& ws = warps_[slot_of(k, uint32_t(offered))];
      ws.cur += 1;
      ws.ended = false;
      ws.done = 0;
      const ReglessRegion& r = ws.code->regions()[ws.inst[size_t(ws.cur)].region];
      for (uint32_t b = 0; b < p_.n_banks; ++b) ws.reserved[(b + uint32_t(offered)) % p_.n_banks] = uint8_t(r.usage[b]);
      for (uint64_t m = r.pre; m; m &= m - 1) hold_line(ws, uint32_t(offered), uint32_t(__builtin_ctzll(m)));
      n_.regions += 1;
      n_.metadata += r.metadata;
      n_.preloads += r.preloads();
    } else {
      for (uint32_t b = 0; b < p_.n_banks; ++b)
        if (in.rgn_need[b] > prev.avail[b]) {
          n_.capacity_stalls += 1;
          break;
        }
    }
  }
  if (out.active != prev.active) epoch_ += 1;
  // Where the shard's warps spend their cycles (the state the CM leaves them in this cycle).
  n_.warp_active += uint64_t(__builtin_popcountll(out.active));
  n_.warp_preloading += uint64_t(__builtin_popcountll(out.preloading));
  n_.warp_draining += uint64_t(__builtin_popcountll(out.draining));
  n_.warp_stacked += uint64_t(__builtin_popcountll(out.stacked & ~in.blocked));
  n_.warp_blocked += uint64_t(__builtin_popcountll(out.stacked & in.blocked));
}

void ReglessSm::hold_line(WarpState& ws, uint32_t local, uint32_t reg) const {
  if ((ws.held >> reg) & 1) return;
  ws.held |= uint64_t(1) << reg;
  ws.held_in_bank[p_.bank_of(local, reg)] += 1;
}

void ReglessSm::release_line(WarpState& ws, uint32_t local, uint32_t reg) const {
  if (!((ws.held >> reg) & 1)) return;
  ws.held &= ~(uint64_t(1) << reg);
  ws.held_in_bank[p_.bank_of(local, reg)] -= 1;
}

// ---- issue gate ------------------------------------------------------------------------------

void ReglessSm::begin_cycle(uint64_t now) { advance(now); }

bool ReglessSm::may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const {
  (void)info;
  const WarpState& ws = warps_[warp];
  bool ok = ws.used && ws.cur >= 0 && !ws.ended && ((shards_[shard_of(warp)].out.active >> local_of(warp)) & 1);
  if (ok) {
    const size_t dyn = size_t(&inst - ws.warp->insts.data());
    const Instance& i = ws.inst[size_t(ws.cur)];
    ok = dyn >= i.first && dyn <= i.last;
  }
  if (!ok) refusals_ += 1;
  return ok;
}

void ReglessSm::issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) {
  WarpState& ws = warps_[warp];
  const uint32_t dyn = uint32_t(&inst - ws.warp->insts.data());
  if (info.unit == UnitClass::BARRIER && dyn + 1 < ws.warp->insts.size()) {
    ws.at_barrier = true;
    n_.barrier_blocked += 1;
  }
  // Instructions the SM does not hand to the register storage (barriers, exits, NOPs: no
  // operands) are past their operand stage when they issue; allocate() takes the others back.
  issued_.push_back({warp, dyn});
}

void ReglessSm::instruction_done(uint32_t slot, uint32_t dyn, uint64_t now) {
  WarpState& ws = warps_[slot];
  (void)dyn;
  ws.done += 1;
  const Instance& i = ws.inst[size_t(ws.cur)];
  if (ws.done < i.last - i.first + 1) return;
  const bool final = size_t(ws.cur) + 1 == ws.inst.size();
  shards_[shard_of(slot)].ends.emplace_back(local_of(slot), final);
  ws.ended = true;
  if (!final) ws.meta_ready = now + ws.code->regions()[ws.inst[size_t(ws.cur) + 1].region].metadata;
}

// ---- warps, blocks and kernels ---------------------------------------------------------------

void ReglessSm::warp_launched(const WarpLaunch& w, uint64_t now) {
  advance(now);
  WarpState& ws = warps_[w.warp_slot];
  ws = WarpState{};
  ws.unwritten.fill(-1);
  ws.used = true;
  ws.warp = w.warp;
  ws.launch_id = w.launch_id;
  ws.block_slot = w.block_slot;
  pending_.push_back(PendingWarp{w.warp_slot, w.header, w.opcodes});
}

void ReglessSm::block_launched(uint32_t block_slot, uint32_t launch_id, uint64_t warp_mask, uint64_t now) {
  advance(now);
  (void)warp_mask;
  std::vector<PendingWarp> mine;
  for (const PendingWarp& p : pending_)
    if (warps_[p.slot].block_slot == block_slot) mine.push_back(p);
  pending_.erase(std::remove_if(pending_.begin(), pending_.end(),
                                [&](const PendingWarp& p) { return warps_[p.slot].block_slot == block_slot; }),
                 pending_.end());
  // Kernels none of whose blocks is here any more, other than this one, are forgotten.
  for (auto it = kernels_.begin(); it != kernels_.end();)
    it = (it->second.resident == 0 && it->first != launch_id) ? kernels_.erase(it) : std::next(it);
  KernelEntry& e = kernels_[launch_id];
  e.resident += 1;
  if (mine.empty()) return;

  bool covered = e.code != nullptr;
  for (const PendingWarp& p : mine)
    if (covered && !e.code->covers(*warps_[p.slot].warp)) covered = false;
  if (!covered) {
    auto tb = std::make_unique<ThreadBlock>();
    for (const PendingWarp& p : mine) tb->warps.push_back(*warps_[p.slot].warp);
    e.blocks.push_back(std::move(tb));
    std::vector<const ThreadBlock*> blocks;
    for (const auto& b : e.blocks) blocks.push_back(b.get());
    e.code = std::make_shared<const ReglessKernelCode>(*mine[0].header, *mine[0].opcodes, blocks, p_);
    n_.tables += 1;
    if (e.code->renumbered()) n_.renumbered += 1;
  }

  for (const PendingWarp& p : mine) {
    WarpState& ws = warps_[p.slot];
    ws.code = e.code;
    const std::vector<Instruction>& insts = ws.warp->insts;
    ws.sidx.resize(insts.size());
    int32_t prev_s = -2, prev_r = -1;
    for (size_t i = 0; i < insts.size(); ++i) {
      const int32_t s = int32_t(e.code->index_of(insts[i].pc));  // covered: never -1
      const int32_t r = e.code->insts()[size_t(s)].region;
      ws.sidx[i] = s;
      if (r != prev_r || s != prev_s + 1)
        ws.inst.push_back(Instance{uint32_t(r), uint32_t(i), uint32_t(i)});
      else
        ws.inst.back().last = uint32_t(i);
      prev_s = s;
      prev_r = r;
    }
    if (p_.compressor) ws.shapes.build(*ws.warp, ws.sidx, *e.code);
    if (ws.inst.empty()) continue;  // a warp with no instructions never enters the CM
    ws.meta_ready = ~uint64_t(0);    // blocked until it reaches the CM (advance)
    fresh_.push_back(p.slot);
  }
}

void ReglessSm::warp_retired(uint32_t warp_slot, uint64_t now) {
  advance(now);
  // Its last instruction (an EXIT) may have issued in this very cycle.
  for (auto it = issued_.begin(); it != issued_.end();)
    if (it->first == warp_slot) {
      instruction_done(it->first, it->second, now_);
      it = issued_.erase(it);
    } else {
      ++it;
    }
  warps_[warp_slot] = WarpState{};
}

void ReglessSm::block_retired(uint32_t block_slot, uint32_t launch_id, uint64_t now) {
  advance(now);
  (void)block_slot;
  auto it = kernels_.find(launch_id);
  if (it != kernels_.end() && it->second.resident > 0) it->second.resident -= 1;
}

void ReglessSm::barrier_released(uint32_t block_slot, uint64_t warp_mask, uint64_t now) {
  advance(now);
  for (uint64_t m = warp_mask; m; m &= m - 1) {
    WarpState& ws = warps_[size_t(__builtin_ctzll(m))];
    if (ws.used && ws.block_slot == block_slot) ws.at_barrier = false;
  }
}

// ---- register storage ------------------------------------------------------------------------

bool ReglessSm::can_allocate(uint32_t sched) const {
  // The thesis gives each execution unit a register read unit that serves instructions of any
  // scheduler group (an arbiter routes their requests to the right shard, §4.5): the collectors
  // are a pool of the SM, partitioned only where the baseline's are (sub-core SMs).
  if (sub_core_) return shards_[sched % n_sched_].collectors.size() < coll_limit_;
  return colls_in_use_ < coll_limit_;
}

void ReglessSm::allocate(const OperandRequest& r, uint64_t now) {
  advance(now);
  WarpState& ws = warps_[r.warp_slot];
  const uint32_t dyn = uint32_t(r.inst - ws.warp->insts.data());
  for (auto it = issued_.rbegin(); it != issued_.rend(); ++it)
    if (it->first == r.warp_slot && it->second == dyn) {
      issued_.erase(std::next(it).base());
      break;
    }
  uint32_t ci;
  if (free_colls_.empty()) {
    ci = uint32_t(colls_.size());
    colls_.emplace_back();
  } else {
    ci = free_colls_.back();
    free_colls_.pop_back();
  }
  Collector& c = colls_[ci];
  c = Collector{};
  c.token = r.token;
  c.slot = r.warp_slot;
  c.dyn = dyn;
  c.seq = seq_++;
  const ReglessStaticInst& si = ws.code->insts()[size_t(ws.sidx[dyn])];
  for (uint64_t m = si.uses; m; m &= m - 1) {
    const uint32_t reg = uint32_t(__builtin_ctzll(m));
    Op o;
    o.kind = kRlRead;
    o.reg = uint8_t(reg);
    o.rel = ((si.defs >> reg) & 1) ? uint8_t(kRlKeep) : rel_of(si, reg);  // a redefined register's release goes with its write
    c.ops.push_back(o);
  }
  for (uint64_t m = si.defs; m; m &= m - 1) {
    Op o;
    o.kind = kRlAlloc;
    o.reg = uint8_t(__builtin_ctzll(m));
    c.ops.push_back(o);
  }
  coll_of_token_[r.token] = ci;
  shards_[shard_of(r.warp_slot)].collectors.push_back(ci);
  colls_in_use_ += 1;
  if (c.ops.empty()) {  // nothing to read or reserve: ready in the next cycle
    c.done = true;
    instruction_done(c.slot, dyn, now);
  }
}

void ReglessSm::operand_cycle(uint64_t now) {
  advance(now);
  ready_.clear();
  std::vector<std::pair<uint64_t, uint32_t>> done;
  for (const Shard& s : shards_)
    for (uint32_t ci : s.collectors)
      if (colls_[ci].done) done.emplace_back(colls_[ci].seq, colls_[ci].token);
  std::sort(done.begin(), done.end());
  for (const auto& d : done) ready_.push_back(d.second);
}

void ReglessSm::release(uint32_t token) {
  auto it = coll_of_token_.find(token);
  if (it == coll_of_token_.end()) return;
  const uint32_t ci = it->second;
  coll_of_token_.erase(it);
  auto& list = shards_[shard_of(colls_[ci].slot)].collectors;
  list.erase(std::find(list.begin(), list.end(), ci));
  free_colls_.push_back(ci);
  colls_in_use_ -= 1;
}

bool ReglessSm::storage_empty() const {
  for (const Shard& s : shards_)
    if (!s.collectors.empty() || !s.writes.empty()) return false;
  return true;
}

void ReglessSm::write(uint32_t warp_slot, const Instruction& inst, uint64_t now) {
  advance(now);
  WarpState& ws = warps_[warp_slot];
  const uint32_t dyn = uint32_t(&inst - ws.warp->insts.data());
  auto it = ws.writes.find(dyn);
  if (it == ws.writes.end()) return;
  Shard& s = shards_[shard_of(warp_slot)];
  for (const WriteOp& w : it->second) s.writes.push_back(w);
  ws.writes.erase(it);
}

// ---- backing store ---------------------------------------------------------------------------

// The shard's memory-stage request (write back a victim, fetch, invalidate), taken at the edge
// ending cycle t when the L1 queue has room for what it may send; false: held (mem_ready 0).
// With a compressor, a dirty victim of a compressible value stays in compressed space, a fetch of
// a compressed register is answered from it, and everything else reaches the L1 one cycle later.
bool ReglessSm::take_memory_request(Shard& s, uint32_t k, uint64_t t, const ReglessOutputs& prev) {
  if (!s.comp && l1q_.size() + 2 > kL1QueueDepth) return false;
  if (s.comp) {
    // Room for what it may send: an uncompressed request, or a compressed line's fetch and the
    // write-back of the line it replaces.
    size_t need = 0;
    if (prev.mem_wb) need += compressible(regless_value_pattern(prev.mem_data, p_.data_bits)) ? 2 : 1;
    if (prev.mem_rd) need += s.comp->compressed(prev.mem_warp, prev.mem_reg) ? 2 : 1;
    if (l1q_.size() + need > kL1QueueDepth || !s.comp->can_take()) return false;
  }
  const uint64_t not_before = s.comp ? t + 2 : 0;
  if (prev.mem_wb) {
    const uint32_t slot = slot_of(k, prev.mem_wb_warp);
    backing_[slot][prev.mem_wb_reg] = prev.mem_data;
    backing_valid_[slot] |= uint64_t(1) << prev.mem_wb_reg;
    n_.writebacks += 1;
    if (!(s.comp && s.comp->evict(prev.mem_wb_warp, prev.mem_wb_reg, prev.mem_data, t))) {
      L1Req r;
      r.addr = line_addr(slot, prev.mem_wb_reg);
      r.write = true;
      r.shard = k;
      r.not_before = not_before;
      l1q_.push_back(r);
    }
  }
  const uint32_t slot = slot_of(k, prev.mem_warp);
  const uint64_t bit = uint64_t(1) << prev.mem_reg;
  if (prev.mem_rd && !(backing_valid_[slot] & bit)) {
    // No memory copy (never written back since the warp launched, or invalidated): the value
    // is undefined and the backing store's valid bits answer at once, without a memory access.
    s.fills.push_back(Fill{prev.mem_warp, prev.mem_reg, prev.mem_line, 0});
    n_.fetches_undefined += 1;
  } else if (prev.mem_rd) {
    n_.fetches += 1;
    if (s.comp && s.comp->compressed(prev.mem_warp, prev.mem_reg)) {
      s.comp->preload(prev.mem_warp, prev.mem_reg, prev.mem_line, t);
    } else {
      L1Req r;
      r.addr = line_addr(slot, prev.mem_reg);
      r.shard = k;
      r.fill = Fill{prev.mem_warp, prev.mem_reg, prev.mem_line, backing_[slot][prev.mem_reg]};
      r.not_before = not_before;
      l1q_.push_back(r);
    }
  }
  if (prev.mem_inv) {
    backing_valid_[slot] &= ~bit;
    n_.invalidations += 1;
    if (s.comp) s.comp->invalidate(prev.mem_warp, prev.mem_reg);
  }
  if (s.comp) {  // the compressor's line fetches and write-backs
    std::vector<ReglessCompressor::L1Op> ops;
    s.comp->take_l1(ops);
    for (const auto& o : ops) {
      L1Req r;
      r.addr = o.addr;
      r.write = o.write;
      r.shard = k;
      r.cline = o.line;
      r.not_before = o.ready + 1;
      l1q_.push_back(r);
    }
  }
  return true;
}

void ReglessSm::memory_cycle(uint64_t now, MemoryClientPort& port) {
  advance(now);
  if (l1q_.empty()) return;
  const L1Req& r = l1q_.front();
  if (r.not_before > now) return;  // still in the compressor's stage
  MemoryClientPort::Result res;
  if (r.write) {
    res = port.write_back(r.addr, kLineSectors, now);
  } else {
    res = port.read(r.addr, kLineSectors, next_token_, now);
    if (res.accepted) {
      awaiting_[next_token_++] = r;
      if (r.cline < 0) (res.hit ? n_.fetch_l1_hits : n_.fetch_l1_misses) += 1;
    }
  }
  if (!res.accepted) {
    n_.l1_retries += 1;
    return;
  }
  n_.l1_requests += 1;
  l1q_.pop_front();
}

void ReglessSm::memory_data(uint32_t token, uint64_t now) {
  advance(now);
  auto it = awaiting_.find(token);
  if (it == awaiting_.end()) return;
  if (it->second.cline >= 0)
    shards_[it->second.shard].comp->line_arrived(it->second.cline, now);
  else
    shards_[it->second.shard].fills.push_back(it->second.fill);
  awaiting_.erase(it);
}

bool ReglessSm::memory_idle() const {
  if (!l1q_.empty() || !awaiting_.empty() || !fresh_.empty()) return false;
  for (const Shard& s : shards_)
    if (!s.fills.empty() || !s.ends.empty() || !s.launches.empty() || !s.writes.empty() || s.out.mem_valid ||
        (s.comp && !s.comp->idle()))
      return false;
  return true;
}

// ---- statistics ------------------------------------------------------------------------------

void ReglessSm::collect(StatsMap& m) const {
  add_stat(m, "regless_cycles", double(n_.cycles));
  add_stat(m, "regless_operand_reads", double(n_.reads));
  add_stat(m, "regless_allocations", double(n_.allocs));
  add_stat(m, "regless_writes", double(n_.writes));
  add_stat(m, "regless_operand_retries", double(n_.op_retries));
  add_stat(m, "regless_regions", double(n_.regions));
  add_stat(m, "regless_metadata_instructions", double(n_.metadata));
  add_stat(m, "regless_preloads", double(n_.preloads));
  add_stat(m, "regless_preloads_osu", double(n_.preloads - std::min(n_.preloads, n_.fetches + n_.fetches_undefined)));
  add_stat(m, "regless_preloads_undefined", double(n_.fetches_undefined));
  add_stat(m, "regless_preloads_l1", double(n_.fetch_l1_hits));
  add_stat(m, "regless_preloads_l2_dram", double(n_.fetch_l1_misses));
  add_stat(m, "regless_fetches", double(n_.fetches));
  add_stat(m, "regless_writebacks", double(n_.writebacks));
  add_stat(m, "regless_memory_invalidations", double(n_.invalidations));
  add_stat(m, "regless_capacity_stall_cycles", double(n_.capacity_stalls));
  add_stat(m, "regless_warp_cycles_active", double(n_.warp_active));
  add_stat(m, "regless_warp_cycles_preloading", double(n_.warp_preloading));
  add_stat(m, "regless_warp_cycles_draining", double(n_.warp_draining));
  add_stat(m, "regless_warp_cycles_stacked", double(n_.warp_stacked));
  add_stat(m, "regless_warp_cycles_blocked", double(n_.warp_blocked));
  add_stat(m, "regless_barrier_waits", double(n_.barrier_blocked));
  add_stat(m, "regless_l1_requests", double(n_.l1_requests));
  add_stat(m, "regless_l1_port_retries", double(n_.l1_retries));
  add_stat(m, "regless_value_errors", double(n_.value_errors));
  add_stat(m, "regless_region_tables", double(n_.tables));
  add_stat(m, "regless_renumbered_tables", double(n_.renumbered));
  add_stat(m, "regless_gate_refusals", double(refusals_));
  if (shards_[0].comp) {
    add_stat(m, "regless_value_writes", double(n_.value_writes));
    add_stat(m, "regless_value_writes_known", double(n_.values_known));
    add_stat(m, "regless_value_writes_compressible", double(n_.values_compressible));
    // By source: lane values the stream carried, the analysis's shape, neither (incompressible).
    add_stat(m, "regless_value_writes_emitted", double(n_.values_emitted));
    add_stat(m, "regless_value_writes_analysis", double(n_.values_analysis));
    add_stat(m, "regless_value_writes_unknown", double(n_.value_writes - n_.values_emitted - n_.values_analysis));
    for (const Shard& s : shards_) s.comp->collect(m);
  }
  for (const Shard& s : shards_) s.block->collect(m);
}

}  // namespace gpucosim
