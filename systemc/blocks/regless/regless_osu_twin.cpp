#include "systemc/blocks/regless/regless_osu_twin.h"

namespace gpucosim {

ReglessOsuTwin::ReglessOsuTwin(const ReglessParams& p)
    : p_(p), L_(p.lines_per_bank), NB_(p.n_banks), dmask_(p.data_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << p.data_bits) - 1) {
  reset();
}

void ReglessOsuTwin::reset() {
  State s;
  s.line.assign(NB_ * L_, Line{});
  s.ram.assign(NB_ * L_, 0);  // the RAM has no reset; the RTL's initial contents are never read before written
  s.q.assign(NB_, 0);
  s.queue.assign(NB_ * L_, Entry{});
  s.head.assign(NB_, 0);
  s.count.assign(NB_, 0);
  s.r_line.assign(p_.n_ops, 0);
  s.r_bank.assign(p_.n_ops, 0);
  cur_ = next_ = s;
}

int ReglessOsuTwin::find_state(const State& s, uint32_t b, uint32_t st) const {
  for (uint32_t l = 0; l < L_; ++l)
    if (s.line[b * L_ + l].st == st) return int(l);
  return -1;
}

int ReglessOsuTwin::lookup(const State& s, uint32_t b, uint32_t warp, uint32_t reg) const {
  for (uint32_t l = 0; l < L_; ++l) {
    const Line& x = s.line[b * L_ + l];
    if (x.st != kRlFree && x.warp == warp && x.reg == reg) return int(l);
  }
  return -1;
}

// Allocation order: the free list, then the clean list, then the dirty list (lowest line of each).
int ReglessOsuTwin::victim(const State& s, uint32_t b) const {
  int v = find_state(s, b, kRlFree);
  if (v < 0) v = find_state(s, b, kRlClean);
  if (v < 0) v = find_state(s, b, kRlDirty);
  return v;
}

void ReglessOsuTwin::step(const ReglessInputs& in, const std::vector<ReglessPush>& push, ReglessOsuEvents& ev) {
  const State& c = cur_;
  State& n = next_;
  n = c;
  const uint32_t nops = p_.n_ops;
  ev.alloc.assign(nops, false);
  ev.write.assign(nops, false);
  ev.warp.assign(nops, 0);
  ev.bank.assign(nops, 0);
  ev.done.assign(NB_, false);
  ev.done_warp.assign(NB_, 0);
  ev.fill = false;
  ev.fill_warp = 0;
  std::vector<bool> tag_used(NB_, false), data_used(NB_, false);

  // Stage 2 (the pins) empties when taken; stage 1 moves on when it has its data and stage 2 is free.
  const bool s1_leave = c.s1_valid && (c.s1_have || !c.s1_wb) && (!c.m_valid || in.mem_ready);
  bool s1_free = !c.s1_valid || s1_leave;
  if (c.m_valid && in.mem_ready) n.m_valid = false;
  if (s1_leave) {
    n.m_valid = true;
    n.m_wb = c.s1_wb;
    n.m_rd = c.s1_rd;
    n.m_inv = c.s1_inv;
    n.m_wb_warp = c.s1_wb_warp;
    n.m_wb_reg = c.s1_wb_reg;
    n.m_warp = c.s1_warp;
    n.m_reg = c.s1_reg;
    n.m_line = c.s1_line;
    n.m_data = c.s1_data;
    n.s1_valid = false;
  }
  if (c.s1_valid && c.s1_wb && !c.s1_have) {  // the victim's value, read at the claiming edge
    n.s1_data = c.q[c.s1_bank];
    n.s1_have = true;
  }
  auto claim = [&](bool wb, uint32_t wb_warp, uint32_t wb_reg, bool rd, bool inv, uint32_t warp, uint32_t reg,
                   uint32_t bank, uint32_t line) {
    n.s1_valid = true;
    n.s1_have = false;
    n.s1_wb = wb;
    n.s1_wb_warp = wb_warp;
    n.s1_wb_reg = wb_reg;
    n.s1_rd = rd;
    n.s1_inv = inv;
    n.s1_warp = warp;
    n.s1_reg = reg;
    n.s1_bank = bank;
    n.s1_line = line;
    s1_free = false;
  };

  // A fill has the data port of its bank first (memory returns cannot wait).
  if (in.fill_valid) {
    const uint32_t b = p_.bank_of(in.fill_warp, in.fill_reg), i = b * L_ + in.fill_line;
    data_used[b] = true;
    n.ram[i] = in.fill_data & dmask_;
    n.line[i].fill = false;
    ev.fill = true;
    ev.fill_warp = in.fill_warp;
  }

  // Operand requests in slot order: writes need the data port; reads the tag and data ports;
  // allocations the tag port (and the data port and stage 1 to write back a dirty victim).
  n.r_valid = n.r_err = n.r_read = 0;
  for (uint32_t k = 0; k < nops; ++k) {
    n.r_line[k] = 0;
    n.r_bank[k] = 0;
    if (!((in.op_valid >> k) & 1u)) continue;
    const uint32_t w = in.op_warp[k], r = in.op_reg[k], b = p_.bank_of(w, r), bit = 1u << k;
    ev.warp[k] = w;
    ev.bank[k] = b;
    if (in.op_kind[k] == kRlWrite) {
      if (data_used[b]) continue;
      data_used[b] = true;
      const uint32_t i = b * L_ + in.op_line[k];
      n.ram[i] = in.op_data[k] & dmask_;
      n.line[i].dirty = true;
      if (in.op_rel[k] == kRlErase) n.line[i].st = kRlFree;
      if (in.op_rel[k] == kRlEvict) n.line[i].st = kRlDirty;
      n.r_valid |= bit;
      ev.write[k] = true;
    } else if (in.op_kind[k] == kRlRead) {
      if (tag_used[b] || data_used[b]) continue;
      tag_used[b] = data_used[b] = true;
      n.r_valid |= bit;
      n.r_bank[k] = b;
      const int l = lookup(c, b, w, r);
      if (l < 0 || c.line[b * L_ + l].st != kRlOwned || c.line[b * L_ + l].fill) {
        n.r_err |= bit;
        continue;
      }
      const uint32_t i = b * L_ + uint32_t(l);
      n.q[b] = c.ram[i];
      n.r_read |= bit;
      if (in.op_rel[k] == kRlErase) n.line[i].st = kRlFree;
      if (in.op_rel[k] == kRlEvict) n.line[i].st = c.line[i].dirty ? kRlDirty : kRlClean;
    } else if (in.op_kind[k] == kRlAlloc) {
      if (tag_used[b]) continue;
      const int l = lookup(c, b, w, r);
      if (l >= 0) {  // the line is the region's already, or an earlier region's on a list
        tag_used[b] = true;
        n.r_valid |= bit;
        n.r_line[k] = uint32_t(l);
        n.line[b * L_ + uint32_t(l)].st = kRlOwned;
        ev.alloc[k] = true;
        continue;
      }
      const int v = victim(c, b);
      if (v < 0) {
        tag_used[b] = true;
        n.r_valid |= bit;
        n.r_err |= bit;
        continue;
      }
      const uint32_t i = b * L_ + uint32_t(v);
      if (c.line[i].st == kRlDirty) {
        if (data_used[b] || !s1_free) continue;
        claim(true, c.line[i].warp, c.line[i].reg, false, false, 0, 0, b, uint32_t(v));
        data_used[b] = true;
        n.q[b] = c.ram[i];
      }
      tag_used[b] = true;
      n.r_valid |= bit;
      n.r_line[k] = uint32_t(v);
      n.line[i] = Line{kRlOwned, w, r, false, false};
      ev.alloc[k] = true;
    }
  }

  // Preload engines: a bank whose tag port no operand request used serves the head of its queue.
  for (uint32_t b = 0; b < NB_; ++b) {
    if (tag_used[b] || c.count[b] == 0) continue;
    const Entry e = c.queue[b * L_ + c.head[b]];
    const int l = lookup(c, b, e.warp, e.reg);
    bool done = false;
    if (e.kind == 2) {  // cache invalidation: drop a listed copy, invalidate the memory copy
      if (!s1_free) continue;
      claim(false, 0, 0, false, true, e.warp, e.reg, b, 0);
      if (l >= 0 && c.line[b * L_ + uint32_t(l)].st != kRlOwned) n.line[b * L_ + uint32_t(l)].st = kRlFree;
      done = true;
    } else if (l >= 0) {  // hit: the line leaves its list and belongs to the region
      const uint32_t i = b * L_ + uint32_t(l);
      if (e.kind == 1) {  // invalidating read: the memory copy goes, the OSU holds the only one
        if (!s1_free) continue;
        claim(false, 0, 0, false, true, e.warp, e.reg, b, 0);
        n.line[i].dirty = true;
      }
      n.line[i].st = kRlOwned;
      done = true;
    } else {  // miss: a line by the allocation order, and a fetch (with the victim's write-back)
      const int v = victim(c, b);
      if (v < 0 || !s1_free) continue;
      const uint32_t i = b * L_ + uint32_t(v);
      const bool wb = c.line[i].st == kRlDirty;
      if (wb && data_used[b]) continue;
      claim(wb, c.line[i].warp, c.line[i].reg, true, e.kind == 1, e.warp, e.reg, b, uint32_t(v));
      if (wb) {
        data_used[b] = true;
        n.q[b] = c.ram[i];
      }
      n.line[i] = Line{kRlOwned, e.warp, e.reg, true, e.kind == 1};
    }
    tag_used[b] = true;
    n.head[b] = c.head[b] + 1 == L_ ? 0 : c.head[b] + 1;
    n.count[b] -= 1;
    if (done) {
      ev.done[b] = true;
      ev.done_warp[b] = e.warp;
    }
  }

  // The CM's pushes go to the tail (the position the old head and count name).
  for (uint32_t b = 0; b < NB_; ++b) {
    if (!push[b].valid) continue;
    uint32_t t = c.head[b] + c.count[b];
    if (t >= L_) t -= L_;
    n.queue[b * L_ + t] = Entry{push[b].warp, push[b].reg, push[b].kind};
    n.count[b] += 1;
  }
}

// Warps that exit: their lines still on the clean and dirty lists are dead.
void ReglessOsuTwin::flash(uint64_t exit_mask) {
  if (!exit_mask) return;
  for (Line& x : next_.line)
    if ((x.st == kRlClean || x.st == kRlDirty) && ((exit_mask >> x.warp) & 1u)) x.st = kRlFree;
}

void ReglessOsuTwin::outputs(ReglessOutputs& out) const {
  const State& c = cur_;
  out.rsp_valid = c.r_valid;
  out.rsp_err = c.r_err;
  for (uint32_t k = 0; k < kReglessMaxOps; ++k) {
    out.rsp_line[k] = k < p_.n_ops ? c.r_line[k] : 0;
    out.rsp_data[k] = k < p_.n_ops && ((c.r_read >> k) & 1u) ? c.q[c.r_bank[k]] & dmask_ : 0;
  }
  out.mem_valid = c.m_valid;
  out.mem_wb = c.m_wb;
  out.mem_wb_warp = c.m_wb_warp;
  out.mem_wb_reg = c.m_wb_reg;
  out.mem_data = c.m_data & dmask_;
  out.mem_rd = c.m_rd;
  out.mem_inv = c.m_inv;
  out.mem_warp = c.m_warp;
  out.mem_reg = c.m_reg;
  out.mem_line = c.m_line;
}

uint32_t ReglessOsuTwin::queue_full() const {
  uint32_t m = 0;
  for (uint32_t b = 0; b < NB_; ++b)
    if (cur_.count[b] == L_) m |= 1u << b;
  return m;
}

bool ReglessOsuTwin::quiet() const {
  const State& c = cur_;
  if (c.s1_valid || c.m_valid || c.r_valid) return false;
  for (uint32_t b = 0; b < NB_; ++b)
    if (c.count[b]) return false;
  return true;
}

}  // namespace gpucosim
