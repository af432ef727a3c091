#include "systemc/blocks/regless/regless_cm_twin.h"

namespace gpucosim {

namespace {
uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }
}  // namespace

ReglessCmTwin::ReglessCmTwin(const ReglessParams& p)
    : p_(p),
      NW_(p.n_warps),
      NB_(p.n_banks),
      wmask_(low_mask(p.n_warps)),
      rmask_(low_mask(p.n_regs)),
      cmask_(uint32_t(low_mask(p.count_bits()))) {
  reset();
}

void ReglessCmTwin::reset() {
  State s;
  s.wst.assign(NW_, kRlNone);
  s.pend.assign(NW_, 0);
  s.fin.assign(NW_, 0);
  s.resv.assign(NW_ * NB_, 0);
  s.ow.assign(NW_ * NB_, 0);
  s.stack.assign(NW_, 0);
  s.avail.assign(NB_, p_.lines_per_bank);
  cur_ = next_ = s;
}

int ReglessCmTwin::top(const State& s) const {
  for (int i = int(s.sp) - 1; i >= 0; --i)
    if (!((s.blocked >> s.stack[size_t(i)]) & 1u)) return i;
  return -1;
}

// Bank b's push: the enqueuer's lowest register that maps to bank b.
void ReglessCmTwin::pushes(std::vector<ReglessPush>& push) const {
  const State& c = cur_;
  push.assign(NB_, ReglessPush{});
  if (!c.enq_valid) return;
  const uint64_t items = c.enq_pre | c.enq_cinv;
  for (uint32_t r = 0; r < p_.n_regs; ++r) {
    if (!((items >> r) & 1u)) continue;
    const uint32_t b = p_.bank_of(c.enq_warp, r);
    if (push[b].valid || ((qfull_ >> b) & 1u)) continue;
    push[b] = ReglessPush{true, c.enq_warp, r, ((c.enq_cinv >> r) & 1u) ? 2u : ((c.enq_inv >> r) & 1u) ? 1u : 0u};
  }
}

uint64_t ReglessCmTwin::step(const ReglessInputs& in, const ReglessOsuEvents& ev) {
  const State& c = cur_;
  State& n = next_;
  n = c;
  // The enqueuer drops what it pushed this cycle.
  if (c.enq_valid) {
    std::vector<ReglessPush> push;
    pushes(push);
    for (const ReglessPush& x : push)
      if (x.valid) {
        const uint64_t bit = ~(uint64_t(1) << x.reg);
        n.enq_pre &= bit;
        n.enq_inv &= bit;
        n.enq_cinv &= bit;
      }
    n.enq_valid = (n.enq_pre | n.enq_cinv) != 0;
  }
  // Outstanding writes per warp and bank: +1 per allocation, -1 per write.
  std::vector<uint32_t> wr(NW_ * NB_, 0);
  for (uint32_t k = 0; k < p_.n_ops; ++k) {
    const uint32_t i = ev.warp[k] * NB_ + ev.bank[k];
    if (ev.alloc[k]) n.ow[i] = (n.ow[i] + 1) & cmask_;
    if (ev.write[k]) {
      n.ow[i] = (n.ow[i] - 1) & cmask_;
      wr[i] += 1;
    }
  }
  // Completed preloads per warp.
  std::vector<uint32_t> dec(NW_, 0);
  for (uint32_t b = 0; b < NB_; ++b)
    if (ev.done[b]) dec[ev.done_warp[b]] += 1;
  if (ev.fill) dec[ev.fill_warp] += 1;

  uint64_t exits = 0, finished = 0;  // finished: drained, back to the stack
  for (uint32_t w = 0; w < NW_; ++w) {
    const uint32_t st = c.wst[w];
    bool all_written = true;
    for (uint32_t b = 0; b < NB_; ++b) all_written = all_written && n.ow[w * NB_ + b] == 0;
    bool finish = false;
    uint32_t final_region = c.fin[w];
    if (st == kRlPreloading) {
      n.pend[w] = c.pend[w] - dec[w];
      if (n.pend[w] == 0) n.wst[w] = kRlActive;
    } else if (st == kRlActive && in.end_valid && in.end_warp == w) {
      // Region end: lines with no outstanding write are returned now; the rest when written.
      for (uint32_t b = 0; b < NB_; ++b) {
        const uint32_t i = w * NB_ + b;
        n.avail[b] = (n.avail[b] + c.resv[i] - n.ow[i]) & cmask_;
        n.resv[i] = n.ow[i];
      }
      final_region = in.end_final;
      n.fin[w] = in.end_final;
      if (all_written)
        finish = true;
      else
        n.wst[w] = kRlDraining;
    } else if (st == kRlDraining) {
      for (uint32_t b = 0; b < NB_; ++b) {
        const uint32_t i = w * NB_ + b;
        n.resv[i] = (n.resv[i] - wr[i]) & cmask_;
        n.avail[b] = (n.avail[b] + wr[i]) & cmask_;
      }
      finish = all_written;
    }
    if (finish) {
      n.fin[w] = 0;
      if (final_region) {
        n.wst[w] = kRlNone;
        exits |= uint64_t(1) << w;
      } else {
        n.wst[w] = kRlInactive;
        finished |= uint64_t(1) << w;
      }
    }
  }

  // Activation of the topmost unblocked stacked warp when every bank has room for its region.
  const int t = top(c);
  bool fits = t >= 0 && in.rgn_valid && !c.enq_valid;
  for (uint32_t b = 0; b < NB_ && fits; ++b) fits = (in.rgn_need[b] & cmask_) <= c.avail[b];
  n.sp = c.sp;
  if (fits) {
    const uint32_t w = c.stack[size_t(t)];
    for (uint32_t i = uint32_t(t); i + 1 < NW_; ++i) n.stack[i] = c.stack[i + 1];
    n.sp = c.sp - 1;
    const uint64_t pre = in.rgn_pre & rmask_, cinv = in.rgn_cinv & rmask_ & ~pre;
    const uint32_t items = uint32_t(__builtin_popcountll(pre | cinv));
    for (uint32_t b = 0; b < NB_; ++b) {
      const uint32_t need = in.rgn_need[b] & cmask_;
      n.avail[b] = (n.avail[b] - need) & cmask_;
      n.resv[w * NB_ + b] = need;
    }
    n.pend[w] = items;
    n.wst[w] = items ? kRlPreloading : kRlActive;
    if (items) {
      n.enq_valid = true;
      n.enq_warp = w;
      n.enq_pre = pre;
      n.enq_inv = in.rgn_inv & pre;
      n.enq_cinv = cinv;
    }
  }
  // Pushes: the launched warp first, then the drained warps by number (the last pushed is the top).
  if (in.launch_valid) {
    n.wst[in.launch_warp] = kRlInactive;
    n.stack[n.sp % NW_] = in.launch_warp;
    n.sp += 1;
  }
  for (uint32_t w = 0; w < NW_; ++w)
    if ((finished >> w) & 1u) {
      n.stack[n.sp % NW_] = w;
      n.sp += 1;
    }
  n.blocked = in.blocked & wmask_;
  return exits;
}

void ReglessCmTwin::outputs(ReglessOutputs& out) const {
  const State& c = cur_;
  out.active = out.preloading = out.draining = out.stacked = 0;
  for (uint32_t w = 0; w < NW_; ++w) {
    const uint64_t bit = uint64_t(1) << w;
    if (c.wst[w] == kRlActive) out.active |= bit;
    if (c.wst[w] == kRlPreloading) out.preloading |= bit;
    if (c.wst[w] == kRlDraining) out.draining |= bit;
    if (c.wst[w] == kRlInactive) out.stacked |= bit;
  }
  const int t = top(c);
  out.top_valid = t >= 0;
  out.top_warp = t >= 0 ? c.stack[size_t(t)] : 0;
  for (uint32_t b = 0; b < kReglessMaxBanks; ++b) out.avail[b] = b < NB_ ? c.avail[b] : 0;
}

}  // namespace gpucosim
