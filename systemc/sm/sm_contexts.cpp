// Thread blocks as contexts (block_context.h): suspension at a precise point, context save and
// restore through the context mover (context_mover.h), for preemption by context switch.
#include <stdexcept>

#include "systemc/sm/sm.h"

namespace gpucosim {

namespace {
// Context areas: one per kernel launch, 1 GiB apart, far below the address ranges of the
// applications (generated ones from 0x7f4a20000000 up, app_address.h).
constexpr uint64_t kContextBase = uint64_t(0x4000) << 32;
constexpr uint64_t kContextAreaBits = 30;
}  // namespace

uint64_t Sm::context_bytes(const KernelHeader& h) {
  const uint64_t regs = uint64_t(h.nregs) * 4 * h.block.volume();
  const uint64_t control = uint64_t(32) * h.warps_per_block();
  const uint64_t b = regs + h.shmem + control;
  return (b + ContextMover::kLineBytes - 1) / ContextMover::kLineBytes * ContextMover::kLineBytes;
}

uint64_t Sm::context_addr(uint32_t launch, uint64_t seq, uint64_t bytes) const {
  const uint64_t area = uint64_t(launch & 0xfff) << kContextAreaBits;
  return kContextBase + area + ((seq * bytes) & ((uint64_t(1) << kContextAreaBits) - 1));
}

void Sm::preempt_all() {
  wake_ = 0;  // a quiet SM is ticked again
  for (uint32_t b = 0; b < blocks_.size(); ++b) {
    BlockSlot& blk = blocks_[b];
    if (!blk.used) continue;
    if (blk.phase == Phase::Running) begin_suspend(b);
    else if (blk.phase == Phase::Restoring) blk.suspend_after_restore = true;
  }
}

// The block's warps leave their schedulers: nothing of it issues any more. What is in flight
// drains (advance_contexts waits for it).
void Sm::begin_suspend(uint32_t b) {
  BlockSlot& blk = blocks_[b];
  blk.phase = Phase::Suspending;
  ++contexts_busy_;
  for (uint64_t m = blk.warp_mask; m; m &= m - 1) {
    const uint32_t s = uint32_t(__builtin_ctzll(m));
    const uint64_t bit = uint64_t(1) << s;
    scheds_[s % n_sched_].remove_warp(s);
    ++issue_epoch_;
    issuing_ &= ~bit;
    need_fetch_ &= ~bit;
    mem_ready_ &= ~bit;
    clear_exec_ready(s);
  }
}

void Sm::advance_contexts() {
  for (uint32_t b = 0; b < blocks_.size(); ++b) {
    BlockSlot& blk = blocks_[b];
    if (!blk.used) continue;
    if (blk.phase == Phase::Restoring && mover_->done(blk.job)) {
      mover_->forget(blk.job);
      --contexts_busy_;
      blk.phase = Phase::Running;
      for (uint64_t m = blk.warp_mask; m; m &= m - 1) activate_warp(uint32_t(__builtin_ctzll(m)));
      release_barrier_if_ready(blk);
      if (blk.suspend_after_restore) begin_suspend(b);
    }
    if (blk.phase == Phase::Suspending) {
      // The precise point: no instruction of the block in flight (collectors, units, LSU: all
      // counted in in_pipeline until written back) and every store acknowledged.
      bool quiet = true;
      for (uint64_t m = blk.warp_mask; m && quiet; m &= m - 1) {
        const uint32_t s = uint32_t(__builtin_ctzll(m));
        quiet = warps_[s].in_pipeline == 0 && lsu_->pending_writes(s) == 0;
      }
      if (!quiet) continue;
      blk.saved.assign(blk.tb.warps.size(), WarpContext{});
      for (uint32_t i = 0; i < blk.tb.warps.size(); ++i) {
        const int s = blk.slot_of[i];
        if (s < 0) {
          blk.saved[i].done = true;
          continue;
        }
        const WarpSlot& w = warps_[size_t(s)];
        blk.saved[i].next_issue = w.next_issue;
        blk.saved[i].at_barrier = w.at_barrier;
      }
      for (uint64_t m = blk.warp_mask; m; m &= m - 1) {
        const uint32_t s = uint32_t(__builtin_ctzll(m));
        const uint64_t bit = uint64_t(1) << s;
        oc_->warp_exited(s);
        gates_.forget(s);
        for (const auto& l : listeners_) l->warp_retired(s, now_);
        WarpSlot& w = warps_[s];
        w.used = false;
        w.warp = nullptr;
        sb_blocked_ &= ~bit;
        ++issue_epoch_;
        maybe_done_ &= ~bit;
        --resident_warps_;
      }
      for (const auto& l : listeners_) l->block_retired(b, blk.ctx.launch_id, now_);
      blk.warp_mask = 0;
      blk.warps_live = blk.warps_issuing = blk.arrived = 0;
      blk.ctx_bytes = context_bytes(*blk.ctx.header);
      if (mover_) {
        blk.phase = Phase::Saving;
        blk.job = mover_->start(blk.ctx.launch_id, context_addr(blk.ctx.launch_id, blk.seq, blk.ctx_bytes),
                                blk.ctx_bytes, true);
      } else {
        blk.ctx_bytes = 0;
        finish_save(b);
        continue;
      }
    }
    if (blk.phase == Phase::Saving && mover_->done(blk.job)) {
      mover_->forget(blk.job);
      finish_save(b);
    }
  }
}

// The context has left the SM: the block's registers and shared memory are free.
void Sm::finish_save(uint32_t b) {
  BlockSlot& blk = blocks_[b];
  residency_->release(blk.res);
  refusal_ = Refusal{};
  BlockContext out;
  out.launch_id = blk.ctx.launch_id;
  out.seq = blk.seq;
  out.tb = std::move(blk.tb);
  out.warps = std::move(blk.saved);
  out.preemptions = blk.preemptions;
  out.context_bytes = blk.ctx_bytes;
  preempted_.push_back(std::move(out));
  free_block_slot(blk);
  --contexts_busy_;
}

std::vector<BlockContext> Sm::take_preempted() {
  std::vector<BlockContext> out;
  out.swap(preempted_);
  return out;
}

}  // namespace gpucosim
