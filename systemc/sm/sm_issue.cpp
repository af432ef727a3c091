// Issue and fetch stages of the SM (see sm.h for the pipeline).
#include <algorithm>

#include "systemc/sm/sm.h"

namespace gpucosim {

namespace {
bool is_memory(UnitClass u) {
  return u == UnitClass::LOAD || u == UnitClass::STORE || u == UnitClass::ATOMIC || u == UnitClass::TEXTURE;
}
// Instructions that occupy only an issue slot.
bool is_issue_only(UnitClass u) {
  return u == UnitClass::BARRIER || u == UnitClass::MEMBAR || u == UnitClass::EXIT || u == UnitClass::NOP;
}
// Active lanes of a mask, inline (__builtin_popcount is a libgcc call when the build does not
// target POPCNT).
uint32_t lanes_in(uint32_t m) {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return (((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}
}  // namespace

// A scheduler that issues nothing reports the reason of the warp that got furthest: a structural
// hazard (unit or LSU busy) beats a data hazard, which beats a barrier, which beats an empty
// instruction buffer. Warps that have issued their whole stream (waiting for results or store
// acknowledgements) count as idle.
int Sm::stall_rank(Stall s) {
  switch (s) {
    case kExecBusy: return 5;
    case kMem: return 5;
    case kScoreboard: return 4;
    case kBarrier: return 3;
    case kIbufferEmpty: return 2;
    default: return 1;
  }
}

// The walk of one LRR or GTO scheduler, visiting only the warps whose answer is not known from
// the SM's masks, with the result of visiting every warp in order: a warp on the scoreboard
// answers kScoreboard, one waiting for the memory path kMem, one held by a gate kExecBusy, one
// that issued its whole stream kIdle (try_issue's first tests, in its order). The walk keeps the
// first reason of the highest rank; kScoreboard is the only rank-4 reason and kIdle the only
// rank-1 one, so among the known answers only the place of the first rank-5 one (kMem or
// kExecBusy, which tie) can matter, and only when the rank-5 answers differ: then it is found in
// walk order. Tried warps run in walk order and the walk stops at the first issue, as before, so
// their side effects (sb_blocked_, mem_ready_) are the same.
template <class Attempt>
void Sm::walk_known_answers(const WarpScheduler& sch, uint64_t mem_wait, uint64_t gate_wait, Stall& why,
                            Attempt&& attempt) {
  const uint64_t members = sch.members();
  const uint64_t held = (mem_wait | gate_wait) & members;
  const uint64_t tried = members & issuing_ & ~sb_blocked_ & ~held;
  if (members & sb_blocked_ & ~held) why = kScoreboard;
  uint32_t first_tried5 = 64;  // walk index of the first tried warp answering rank 5
  for (uint64_t m = tried ? sch.walk_mask(tried) : 0; m; m &= m - 1) {
    const uint32_t k = uint32_t(__builtin_ctzll(m));
    if (attempt(sch.walk_slot(k))) return;
    if (first_tried5 == 64 && stall_rank(why) == 5) first_tried5 = k;
  }
  if (!held) return;
  // Every known rank-5 answer is the same unless some held warps wait on the memory path and
  // others on a gate.
  const bool mixed = (held & mem_wait) && (held & gate_wait & ~mem_wait);
  const Stall uniform = (held & mem_wait) ? kMem : kExecBusy;
  if (stall_rank(why) < 5) {
    if (!mixed) {
      why = uniform;
      return;
    }
  } else if (!mixed && uniform == why) {
    return;
  }
  const uint32_t first_held = uint32_t(__builtin_ctzll(sch.walk_mask(held)));
  if (first_held < first_tried5) why = ((mem_wait >> sch.walk_slot(first_held)) & 1u) ? kMem : kExecBusy;
}

void Sm::issue(uint64_t now) {
  if (replay_epoch_ == issue_epoch_) {  // nothing the fast path reads changed since it last ran
    for (size_t s = 0; s < kNumStall; ++s) n_.stall[s] += (issue_stall_ >> (8 * s)) & 0xFF;
    return;
  }
  gates_.refresh(now);  // a gate may answer differently now: forget cached refusals
  issue_fast_ = n_sched_ < 256;  // issue_stall_ holds counts below 256
  issue_stall_ = 0;
  // Every scheduler has the SM's policy. A gate's refusal recorded during one scheduler's walk
  // is of that scheduler's warp, so the gate masks read here serve every scheduler.
  const bool two_level = c_.scheduler == SchedulerPolicy::TwoLevel;
  const uint64_t held_mem = gates_.held_mem(), held_other = gates_.held_other();
  for (WarpScheduler& sch : scheds_) {
    if (sch.empty()) {
      n_.stall[kIdle] += 1;
      issue_stall_ += uint64_t(1) << (8 * kIdle);
      continue;
    }
    const uint32_t sid = sch.id();
    // Fast path (the common case of a memory-bound kernel): every warp of this scheduler waits on
    // the scoreboard or has issued its whole stream, so the walk below would issue nothing and
    // report exactly this. Two-level scheduling refills its active set during the walk: no shortcut.
    const uint64_t live = sch.members() & issuing_;  // an issuing warp is always in its scheduler
    // The memory path is asked about only when a warp waits for it (a virtual call saved).
    const uint64_t ready = live & mem_ready_;
    const uint64_t mem_wait = (ready && !mem_path_free(sid) ? ready : 0) | (live & held_mem);
    const uint64_t gate_wait = live & held_other;
    if (!two_level && (live & ~sb_blocked_ & ~mem_wait & ~gate_wait) == 0) {
      const Stall st = mem_wait ? kMem : gate_wait ? kExecBusy : (live & sb_blocked_) ? kScoreboard : kIdle;
      n_.stall[st] += 1;
      issue_stall_ += uint64_t(1) << (8 * st);
      continue;
    }
    issue_fast_ = false;
    // Warps waiting for a busy unit answer kExecBusy, as a gate's refusal of a non-memory
    // instruction does: the walk places them without trying them.
    const uint64_t exec_wait = (live & exec_ready_) ? exec_waiting(sid, live, now) : 0;
    bool issued = false;
    Stall why = kIdle;  // the reason of the warp that came closest to issuing
    // Issues warp w if it can; false (with `why` updated) otherwise.
    auto attempt = [&](uint32_t w) {
      Pool prev = Pool::None;
      uint32_t k = 0;
      for (; k < max_issue(); ++k) {
        Stall s = try_issue(w, sid, now, prev, k > 0);
        if (s != kIssued) {
          if (k == 0 && stall_rank(s) > stall_rank(why)) why = s;
          break;
        }
      }
      if (k == 0) return false;
      if (k > 1) n_.dual_issued += 1;
      issued = true;
      sch.issued(w);
      return true;
    };
    if (sch.policy() == SchedulerPolicy::TwoLevel) {
      sch.for_each_candidate([&](uint32_t w) {
        if ((mem_wait >> w) & 1u) {  // what try_issue would find (see mem_ready_, IssueGates)
          if (stall_rank(kMem) > stall_rank(why)) why = kMem;
          return false;
        }
        if ((gate_wait >> w) & 1u) {
          if (stall_rank(kExecBusy) > stall_rank(why)) why = kExecBusy;
          return false;
        }
        return attempt(w);
      });
    } else {
      walk_known_answers(sch, mem_wait, gate_wait | exec_wait, why, attempt);
    }
    if (issued)
      n_.stall[kIssued] += 1;
    else
      n_.stall[why] += 1;
    for (uint32_t w : demote_) sch.demote(w);
    demote_.clear();
  }
  if (issue_fast_ && quiet_allowed_) replay_epoch_ = issue_epoch_;
}

// kIssued when warp w's next instruction was issued; otherwise why not. `second`: this is the
// second instruction of a dual issue, `prev_pool` the pool the first one went to.
Sm::Stall Sm::try_issue(uint32_t w, uint32_t sched, uint64_t now, Pool& prev_pool, bool second) {
  if ((sb_blocked_ >> w) & 1u) return kScoreboard;
  WarpSlot& ws = warps_[w];
  if (ws.next_issue == ws.next_fetch) return ws.finished_issue ? kIdle : kIbufferEmpty;
  if (ws.at_barrier) return kBarrier;
  const Instruction& in = ws.warp->insts[ws.next_issue];
  const OpcodeInfo& info = (*ws.ops)[in.opcode];
  const UnitClass cls = info.unit;
  if (cls == UnitClass::MEMBAR && (ws.mem_in_flight > 0 || lsu_->pending_writes(w) > 0)) return kBarrier;
  if (ws.sb.hazard(in)) {
    sb_blocked_ |= uint64_t(1) << w;
    ++issue_epoch_;
    if (!second && c_.scheduler == SchedulerPolicy::TwoLevel && ws.sb.long_hazard(in)) demote_.push_back(w);
    return kScoreboard;
  }
  // A class a specialised unit executes (texture on Accel-Sim's TEX unit) is not a memory access.
  const bool mem = is_memory(cls) && units_.pool_of(cls) == Pool::None;
  const bool only_issue = is_issue_only(cls);
  Pool pool = Pool::None;
  int unit = -1;
  if (mem) {
    if (second && c_.dual_issue_diff_units && prev_pool == Pool::None) return kMem;  // LSU twice: no
    if (!mem_path_free(sched)) {
      if (!second) mem_ready_ |= uint64_t(1) << w;
      ++issue_epoch_;
      return kMem;
    }
  } else if (!only_issue) {
    pool = units_.pool_of(cls);
    if (second && c_.dual_issue_diff_units && pool == prev_pool) return kExecBusy;
    unit = units_.find(pool, sched, now + 1);
    if (unit < 0 || !oc_->can_allocate(sched)) {
      if (!second) {
        exec_ready_ |= uint64_t(1) << w;
        exec_ready_pool_[size_t(pool)] |= uint64_t(1) << w;
        exec_pools_ |= 1u << uint32_t(pool);
        exec_pool_of_[w] = uint8_t(pool);
      }
      return kExecBusy;
    }
  }
  if (!gates_.empty() && !gates_.may_issue(w, in, info, mem, !second)) return mem ? kMem : kExecBusy;

  // Issue.
  ++issue_epoch_;
  mem_ready_ &= ~(uint64_t(1) << w);
  clear_exec_ready(w);
  if (!gates_.empty()) gates_.issued(w, in, info);
  if (observer_) observer_->issued(now, sched, w, in);
  ledger_.charge_to(ws.launch_id, n_);
  n_.warp_insn += 1;
  n_.thread_insn += lanes_in(in.active_mask);
  ws.next_issue += 1;
  if (ws.n_insts - ws.next_issue == max_issue()) {  // the warp can now finish issuing within a tick
    BlockSlot& b = blocks_[ws.block];
    if (--b.warps_far == 0) --far_blocks_;
  }
  if (!only_issue) {
    uint32_t token = alloc_token();
    InFlight& f = inflight_[token];
    f.warp = w;
    f.inst = &in;
    f.is_mem = mem;
    f.latency = mem ? 0 : std::max(1u, units_.timing(cls).latency);
    ws.sb.reserve(in, mem && info.is_load);
    ws.in_pipeline += 1;
    if (mem) {
      mem_in_collectors_ += 1;
      ws.mem_in_flight += 1;
    } else {
      units_.reserve(pool, unit, now + 1, std::max(1u, units_.timing(cls).initiation));
    }
    oc_->allocate(OperandRequest{token, w, sched, &in, ws.launch_id}, now);
  } else if (cls == UnitClass::BARRIER && ws.next_issue < ws.n_insts) {
    barrier_arrive(w);
  }
  prev_pool = mem ? Pool::None : pool;
  if (ws.next_issue == ws.n_insts) {
    warp_finished_issue(w);
  } else if (ws.next_issue == ws.next_fetch) {
    need_fetch_ |= uint64_t(1) << w;
  }
  return kIssued;
}

uint64_t Sm::exec_waiting(uint32_t sched, uint64_t live, uint64_t now) const {
  const uint64_t ready = live & exec_ready_;
  if (!oc_->can_allocate(sched)) return ready;
  uint64_t wait = 0;
  for (uint32_t m = exec_pools_; m; m &= m - 1) {
    const uint32_t p = uint32_t(__builtin_ctz(m));
    const uint64_t in_pool = ready & exec_ready_pool_[p];
    if (in_pool && units_.find(Pool(p), sched, now + 1) < 0) wait |= in_pool;
  }
  return wait;
}

bool Sm::mem_path_free(uint32_t sched) const {
  return mem_in_collectors_ < std::max(1u, c_.n_mem_units) && oc_->can_allocate(sched);
}

void Sm::barrier_arrive(uint32_t w) {
  WarpSlot& ws = warps_[w];
  BlockSlot& b = blocks_[ws.block];
  ws.at_barrier = true;
  b.arrived += 1;
  release_barrier_if_ready(b);
}

void Sm::warp_finished_issue(uint32_t w) {
  WarpSlot& ws = warps_[w];
  ws.finished_issue = true;
  issuing_ &= ~(uint64_t(1) << w);
  maybe_done_ |= uint64_t(1) << w;
  BlockSlot& b = blocks_[ws.block];
  b.warps_issuing -= 1;
  release_barrier_if_ready(b);  // an exited warp no longer holds the others back
}

void Sm::release_barrier_if_ready(BlockSlot& b) {
  if (b.arrived == 0 || b.arrived < b.warps_issuing) return;
  for (uint64_t m = b.warp_mask; m; m &= m - 1) warps_[size_t(__builtin_ctzll(m))].at_barrier = false;
  b.arrived = 0;
  for (const auto& l : listeners_) l->barrier_released(uint32_t(&b - blocks_.data()), b.warp_mask, now_);
}

void Sm::fetch() {
  if (!need_fetch_) return;
  const uint32_t per_cycle = std::max(1u, c_.inst_fetch_throughput);
  const uint32_t ib = std::max(1u, c_.ibuffer_entries);
  for (uint32_t k = 0; k < per_cycle && need_fetch_; ++k) {
    // Round robin: the first warp needing instructions at or after fetch_rr_.
    uint64_t upper = fetch_rr_ < 64 ? need_fetch_ & (~uint64_t(0) << fetch_rr_) : 0;
    uint32_t w = uint32_t(__builtin_ctzll(upper ? upper : need_fetch_));
    need_fetch_ &= ~(uint64_t(1) << w);
    WarpSlot& ws = warps_[w];
    ws.next_fetch = std::min(ws.n_insts, ws.next_issue + ib);
    fetch_rr_ = (w + 1) % max_warps_;
  }
}

}  // namespace gpucosim
