#include "systemc/sm/sm.h"

#include <algorithm>
#include <stdexcept>

namespace gpucosim {

namespace {
uint32_t wheel_horizon(const CoreConfig& c, uint32_t max_unit_latency) {
  // Shared memory: the worst conflict degree is 32 lanes x 4 words in one bank.
  uint32_t h = std::max({max_unit_latency, c.shmem_latency + 4 * kWarpSize, c.l1_latency});
  return h + 8;
}
}  // namespace

Sm::Sm(sc_core::sc_module_name name, uint32_t sm_id, const CoreConfig& core, const MemoryConfig& mem,
       PayloadPool& pool, SmOptions options)
    : sc_core::sc_module(name),
      mem_port("mem_port"),
      sm_id_(sm_id),
      c_(core),
      n_sched_(std::max(1u, core.n_schedulers)),
      max_warps_(core.max_warps()),
      own_map_(options.partition_map ? nullptr : std::make_unique<AddressMapPartitions>(mem)),
      coalescer_(options.coalescer ? std::move(options.coalescer) : make_baseline_coalescer(core.coalesce_arch)),
      oc_(options.operand_collector ? std::move(options.operand_collector)
                                    : std::make_unique<BankedOperandCollector>(core)),
      global_path_(std::move(options.global_path)),
      units_(core),
      residency_(options.residency ? std::move(options.residency) : std::make_unique<Occupancy>(core)),
      listeners_(std::move(options.listeners)),
      memory_clients_(std::move(options.memory_clients)),
      wheel_(wheel_horizon(core, units_.max_latency())) {
  if (c_.warp_size != uint32_t(kWarpSize)) throw std::invalid_argument("Sm: only 32-thread warps are modelled");
  if (max_warps_ == 0 || max_warps_ > 64) throw std::invalid_argument("Sm: 1 to 64 warps per SM are supported");
  for (auto& g : options.issue_gates) gates_.add(std::move(g));
  if (c_.max_blocks == 0) throw std::invalid_argument("Sm: gpgpu_shader_cta must be at least 1");
  mover_ = std::move(options.context_mover);
  std::vector<MemoryClient*> clients;
  for (const auto& mc : memory_clients_) clients.push_back(mc.get());
  if (mover_) clients.push_back(mover_.get());
  lsu_ = std::make_unique<LdstUnit>(c_, sm_id_, mem_port, pool, *coalescer_, static_cast<LsuListener&>(*this),
                                    global_path_.get(), std::move(clients));
  lsu_->set_partition_map(options.partition_map ? options.partition_map : own_map_.get());
  for (uint32_t s = 0; s < n_sched_; ++s) scheds_.emplace_back(s, c_.scheduler, c_.two_level_active);
  warps_.resize(max_warps_);
  blocks_.resize(c_.max_blocks);
  demote_.reserve(max_warps_);
  sched_slots_.assign(n_sched_, 0);
  for (uint32_t w = 0; w < max_warps_; ++w) sched_slots_[w % n_sched_] |= uint64_t(1) << w;
  static_residency_ = !options.residency;
  quiet_allowed_ = !options.operand_collector && !global_path_ && gates_.empty() && listeners_.empty() &&
                   memory_clients_.empty() && !mover_;
}

Sm::~Sm() = default;

bool Sm::can_launch(const KernelHeader& h) const {
  // Warp slots: freed slots are reused, so a block that fits always finds enough of them; the
  // block slot likewise (the policy counts blocks against max_blocks).
  // The dispatcher asks every cycle; with the baseline occupancy rule the answer for the same
  // block shape cannot change until a block is admitted or released here (refusal_ is cleared then).
  const Refusal key{h.block.volume(), h.nregs, h.shmem, true};
  if (static_residency_ && refusal_ == key) return false;
  const bool ok = residency_->fits(h);
  if (!ok && static_residency_) refusal_ = key;
  return ok;
}

bool Sm::can_ever_launch(const KernelHeader& h) const { return residency_->fits_empty(h); }

void Sm::launch_block(const KernelContext& ctx, ThreadBlock&& tb) {
  BlockContext bc;
  bc.launch_id = ctx.launch_id;
  bc.tb = std::move(tb);
  launch_block(ctx, std::move(bc));
}

void Sm::launch_block(const KernelContext& ctx, BlockContext&& bc) {
  const KernelHeader& h = *ctx.header;
  wake_ = 0;  // a quiet SM is ticked again (its skipped cycles still count as quiet: add_quiet_cycles)
  if (!residency_->fits(h)) throw std::logic_error("Sm::launch_block: block does not fit (check can_launch first)");
  uint32_t b = 0;
  while (b < blocks_.size() && blocks_[b].used) ++b;
  BlockSlot& blk = blocks_[b];
  const bool resumed = bc.resumed();
  if (resumed && bc.warps.size() != bc.tb.warps.size())
    throw std::logic_error("Sm::launch_block: a block context with a warp count of another block");
  // A resumed block waits for its context to be restored before its warps are scheduled.
  const bool restore = resumed && mover_ && bc.context_bytes > 0;
  blk.used = true;
  blk.tb = std::move(bc.tb);
  blk.ctx = ctx;
  blk.res = residency_->admit(h);
  refusal_ = Refusal{};
  blk.warps_live = blk.warps_issuing = blk.arrived = 0;
  blk.warp_mask = 0;
  blk.seq = bc.seq;
  blk.preemptions = bc.preemptions;
  blk.slot_of.assign(blk.tb.warps.size(), -1);
  blk.phase = restore ? Phase::Restoring : Phase::Running;
  blk.suspend_after_restore = false;
  blk.ctx_bytes = bc.context_bytes;
  // The trace may list fewer warps than the block shape implies (or, defensively, more): the
  // resources follow the shape, the simulated warps follow the trace.
  uint32_t slot = 0;
  for (uint32_t i = 0; i < blk.tb.warps.size(); ++i) {
    if (resumed && bc.warps[i].done) continue;  // completed before the block was preempted
    const Warp& wp = blk.tb.warps[i];
    while (slot < max_warps_ && warps_[slot].used) ++slot;
    if (slot >= max_warps_) throw std::logic_error("Sm::launch_block: more warps than warp slots");
    WarpSlot& w = warps_[slot];
    w = WarpSlot{};
    w.used = true;
    w.block = b;
    w.launch_id = ctx.launch_id;
    w.warp = &wp;
    w.ops = ctx.opcodes;
    w.n_insts = uint32_t(wp.insts.size());
    w.age = next_age_++;
    w.ctx_warp = i;
    if (resumed) {
      w.next_issue = w.next_fetch = bc.warps[i].next_issue;
      w.at_barrier = bc.warps[i].at_barrier;
      if (w.at_barrier) blk.arrived += 1;
    }
    blk.slot_of[i] = int(slot);
    blk.warp_mask |= uint64_t(1) << slot;
    blk.warps_live += 1;
    ++resident_warps_;
    if (w.next_issue >= w.n_insts) w.finished_issue = true;
    else blk.warps_issuing += 1;
    if (w.n_insts - std::min(w.n_insts, w.next_issue) > max_issue()) blk.warps_far += 1;
    if (!restore) activate_warp(slot);
    oc_->warp_launched(slot, h.nregs);
    for (const auto& l : listeners_)
      l->warp_launched(WarpLaunch{slot, b, ctx.launch_id, wp.id, h.nregs, &wp, &h, ctx.opcodes}, now_);
  }
  if (blk.warps_far) ++far_blocks_;
  for (const auto& l : listeners_) l->block_launched(b, ctx.launch_id, blk.warp_mask, now_);
  if (restore) {
    blk.job = mover_->start(ctx.launch_id, context_addr(ctx.launch_id, blk.seq, blk.ctx_bytes), blk.ctx_bytes, false);
    ++contexts_busy_;
  } else if (resumed) {
    release_barrier_if_ready(blk);
  }
  if (blk.warps_live == 0) {  // an empty block completes at once
    if (restore) {
      mover_->forget(blk.job);
      --contexts_busy_;
    }
    for (const auto& l : listeners_) l->block_retired(b, ctx.launch_id, now_);
    residency_->release(blk.res);
    refusal_ = Refusal{};
    completed_.push_back(BlockDone{ctx.launch_id, blk.seq});
    ledger_.charge_to(ctx.launch_id, n_);
    n_.blocks_done += 1;
    free_block_slot(blk);
  }
}

// A warp the schedulers may pick: in the order the baseline launch always used.
void Sm::activate_warp(uint32_t slot) {
  WarpSlot& w = warps_[slot];
  const uint64_t bit = uint64_t(1) << slot;
  ++issue_epoch_;
  if (w.finished_issue) {
    maybe_done_ |= bit;
  } else {
    need_fetch_ |= bit;
    issuing_ |= bit;
    mem_ready_ &= ~bit;
    clear_exec_ready(slot);
  }
  scheds_[slot % n_sched_].add_warp(slot, w.age);
}

uint32_t Sm::alloc_token() {
  if (free_tokens_.empty()) {
    inflight_.emplace_back();
    return uint32_t(inflight_.size() - 1);
  }
  uint32_t t = free_tokens_.back();
  free_tokens_.pop_back();
  return t;
}

void Sm::tick(uint64_t core_cycle) {
  // Cycles the SM was skipped for (idle: GpuModel ticks an SM only while it has work) are what
  // an idle tick counts (below).
  if (core_cycle > now_ + 1) {
    const uint64_t skipped = core_cycle - now_ - 1;
    if (quiet_) {  // skipped while quiet (skippable())
      add_quiet_cycles(n_, skipped);
    } else {
      n_.cycles += skipped;
      n_.stall[kIdle] += skipped * n_sched_;
    }
  }
  quiet_ = false;
  now_ = core_cycle;
  n_.cycles += 1;
  if (resident_warps_ == 0 && wheel_.empty() && lsu_->idle() && !contexts_busy_) {
    n_.stall[kIdle] += n_sched_;
    lsu_->receive(core_cycle);  // stray responses (none expected) are still consumed
    return;
  }
  wheel_drained_ = false;
  lsu_->receive(core_cycle);
  wheel_.drain(core_cycle, [this](uint32_t t) { writeback(t); });
  wheel_drained_ = true;
  lsu_->process(core_cycle);
  dispatch(core_cycle);
  issue(core_cycle);
  fetch();
  if (maybe_done_) retire_done_warps();
  if (contexts_busy_) advance_contexts();
  if (resident_warps_) {
    n_.active_cycles += 1;
    n_.warp_cycles += resident_warps_;
  }
  if (quiet_allowed_) update_quiet();
}

// The SM is quiet when the next tick could change nothing but counters: no response to take (the
// caller checks mem_port), no writeback due, the LSU with nothing to process or send, no
// collector busy, no warp to fetch for or to retire, no context moving, and every scheduler's
// issue walk taken by its fast path (every live warp blocked on the scoreboard or on the busy
// memory path; two-level scheduling always walks). Each such cycle then counts exactly what this
// one would: a cycle, one stall reason per scheduler, the resident warps.
void Sm::update_quiet() {
  // Cheapest and most often failing tests first (a busy LSU is the common case): this runs
  // after every tick.
  if (resident_warps_ == 0 || need_fetch_ || maybe_done_ || contexts_busy_ || !lsu_->quiet() || !oc_->empty()) return;
  // Every scheduler took the issue stage's fast path this tick: what it tested then still holds
  // (nothing issued; fetch and retirement change no mask it reads, and a scheduler left empty
  // counts kIdle either way), so its counts are this loop's answer.
  if (issue_fast_) {
    for (size_t s = 0; s < kNumStall; ++s) quiet_stall_[s] = (issue_stall_ >> (8 * s)) & 0xFF;
    quiet_resident_ = resident_warps_;
    wake_ = wheel_.next_due(now_);
    quiet_ = true;
    return;
  }
  std::array<uint64_t, kNumStall> st{};
  for (const WarpScheduler& sch : scheds_) {
    if (sch.empty()) {
      st[kIdle] += 1;
      continue;
    }
    if (sch.policy() == SchedulerPolicy::TwoLevel) return;
    const uint32_t sid = sch.id();
    const uint64_t live = sched_slots_[sid] & issuing_;
    const uint64_t ready = live & mem_ready_;
    const uint64_t mem_wait = ready && !mem_path_free(sid) ? ready : 0;
    if (live & ~sb_blocked_ & ~mem_wait) return;  // the walk would look at a warp
    st[mem_wait ? kMem : (live & sb_blocked_) ? kScoreboard : kIdle] += 1;
  }
  quiet_stall_ = st;
  quiet_resident_ = resident_warps_;
  wake_ = wheel_.next_due(now_);
  quiet_ = true;
}

void Sm::add_quiet_cycles(Counters& n, uint64_t k) const {
  n.cycles += k;
  for (size_t s = 0; s < kNumStall; ++s) n.stall[s] += k * quiet_stall_[s];
  if (quiet_resident_) {
    n.active_cycles += k;
    n.warp_cycles += k * quiet_resident_;
  }
}

void Sm::mem_inst_done(uint32_t token, uint64_t at) {
  // Events for this cycle can still be taken only before the writeback stage has run.
  uint64_t earliest = wheel_drained_ ? now_ + 1 : now_;
  wheel_.schedule(now_, std::max(at, earliest), token);
}

void Sm::write_acked(uint32_t warp) { maybe_done_ |= uint64_t(1) << warp; }

void Sm::writeback(uint32_t token) {
  InFlight& f = inflight_[token];
  WarpSlot& w = warps_[f.warp];
  w.sb.release(*f.inst);
  oc_->write(f.warp, *f.inst, now_);
  for (const auto& l : listeners_) l->writeback(f.warp, *f.inst, now_);
  if ((sb_blocked_ >> f.warp) & 1u) {  // a warp on the scoreboard may issue again
    sb_blocked_ &= ~(uint64_t(1) << f.warp);
    ++issue_epoch_;
  }
  w.in_pipeline -= 1;
  if (f.is_mem) w.mem_in_flight -= 1;
  if (w.finished_issue) maybe_done_ |= uint64_t(1) << f.warp;
  free_tokens_.push_back(token);
}

void Sm::dispatch(uint64_t now) {
  if (oc_->empty()) return;
  oc_->cycle(now);
  // ready() is not changed by release(), so it can be walked while collectors are released.
  for (uint32_t token : oc_->ready()) {
    InFlight& f = inflight_[token];
    if (f.is_mem) {
      if (!lsu_->can_accept()) continue;
      WarpSlot& w = warps_[f.warp];
      LsuInst li;
      li.token = token;
      li.warp = f.warp;
      li.launch_id = w.launch_id;
      li.inst = f.inst;
      li.info = &(*w.ops)[f.inst->opcode];
      li.addrs = f.inst->has_addresses() ? &w.warp->lane_addrs(*f.inst) : nullptr;
      lsu_->accept(li);
      mem_in_collectors_ -= 1;
    } else {
      wheel_.schedule(now, now + f.latency, token);
    }
    oc_->release(token);
    ++issue_epoch_;  // a collector (and, for a memory instruction, the memory path) freed up
  }
}

void Sm::retire_done_warps() {
  uint64_t m = maybe_done_;
  maybe_done_ = 0;
  while (m) {
    uint32_t s = uint32_t(__builtin_ctzll(m));
    m &= m - 1;
    WarpSlot& w = warps_[s];
    if (!w.used || !w.finished_issue || w.in_pipeline != 0 || lsu_->pending_writes(s) != 0) continue;
    BlockSlot& blk = blocks_[w.block];
    scheds_[s % n_sched_].remove_warp(s);
    ++issue_epoch_;
    oc_->warp_exited(s);
    gates_.forget(s);
    for (const auto& l : listeners_) l->warp_retired(s, now_);
    w.used = false;
    w.warp = nullptr;
    sb_blocked_ &= ~(uint64_t(1) << s);
    need_fetch_ &= ~(uint64_t(1) << s);
    --resident_warps_;
    blk.warps_live -= 1;
    // The slot may go to another block's warp now: this block's barrier must not release it.
    blk.warp_mask &= ~(uint64_t(1) << s);
    blk.slot_of[w.ctx_warp] = -1;
    if (blk.warps_live == 0) {
      if (blk.phase == Phase::Suspending) --contexts_busy_;  // completed before its precise point
      for (const auto& l : listeners_) l->block_retired(w.block, blk.ctx.launch_id, now_);
      residency_->release(blk.res);
    refusal_ = Refusal{};
      completed_.push_back(BlockDone{blk.ctx.launch_id, blk.seq});
      ledger_.charge_to(blk.ctx.launch_id, n_);
      n_.blocks_done += 1;
      free_block_slot(blk);  // frees the block's instruction streams too
    }
  }
}

bool Sm::idle() const {
  return resident_warps_ == 0 && wheel_.empty() && lsu_->idle() && oc_->empty() && !contexts_busy_;
}

std::vector<uint32_t> Sm::take_completed_blocks() {
  std::vector<uint32_t> out;
  for (const BlockDone& d : completed_) out.push_back(d.launch_id);
  completed_.clear();
  return out;
}

std::vector<Sm::BlockDone> Sm::take_completed() {
  std::vector<BlockDone> out;
  out.swap(completed_);
  return out;
}

}  // namespace gpucosim
