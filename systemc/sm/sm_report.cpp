// Statistics and deadlock reports of the SM.
#include <sstream>

#include "systemc/sm/sm.h"

namespace gpucosim {

void Sm::collect(StatsMap& m, uint64_t through) const {
  Counters n = n_;
  if (through > now_ && quiet_) {  // quiet since the last tick (skippable())
    add_quiet_cycles(n, through - now_);
  } else if (through > now_) {  // idle since the last tick (see tick())
    n.cycles += through - now_;
    n.stall[kIdle] += (through - now_) * n_sched_;
  }
  emit(m, n);
  oc_->collect(m);
  lsu_->collect(m);
  for (const auto& l : listeners_) l->collect(m);
}

void Sm::collect_launch(StatsMap& m, uint32_t launch) const {
  emit(m, ledger_.of(launch, n_));
  oc_->collect_launch(m, launch);
  lsu_->collect_launch(m, launch);
}

void Sm::emit(StatsMap& m, const Counters& n) const {
  add_stat(m, "gpu_sim_insn", double(n.thread_insn));
  add_stat(m, "warp_insn", double(n.warp_insn));
  add_stat(m, "gpgpu_n_tot_w_icount", double(n.warp_insn));
  add_stat(m, "sm_dual_issue", double(n.dual_issued));
  add_stat(m, "sm_cycles", double(n.cycles));
  add_stat(m, "sm_blocks_completed", double(n.blocks_done));
  // Scheduler-cycles by outcome (n_schedulers entries per SM cycle).
  static const char* const kNames[kNumStall] = {"issued", "stall_idle", "stall_scoreboard", "stall_mem",
                                                "stall_exec_unit_busy", "stall_barrier", "stall_ibuffer_empty"};
  for (int s = 0; s < kNumStall; ++s) add_stat(m, kNames[s], double(n.stall[size_t(s)]));
  // gpu_occupancy = occupancy_warp_cycles / (occupancy_active_cycles x occupancy_max_warps_per_sm),
  // computed by the caller over all SMs (GPGPU-Sim averages over cycles an SM has work).
  add_stat(m, "occupancy_warp_cycles", double(n.warp_cycles));
  add_stat(m, "occupancy_active_cycles", double(n.active_cycles));
}

std::string Sm::describe_state() const {
  std::ostringstream o;
  o << "SM " << sm_id_ << " (" << basename() << "): " << resident_warps_ << " warps, " << residency_->resident_blocks()
    << " blocks resident; " << wheel_.size() << " results pending writeback; " << mem_in_collectors_
    << " memory instructions in collectors\n";
  for (size_t b = 0; b < blocks_.size(); ++b) {
    const BlockSlot& blk = blocks_[b];
    if (!blk.used) continue;
    o << "  block slot " << b << ": kernel " << blk.ctx.launch_id << " block (" << blk.tb.id.x << "," << blk.tb.id.y
      << "," << blk.tb.id.z << "), " << blk.warps_live << " warps live, " << blk.warps_issuing << " issuing, "
      << blk.arrived << " at barrier\n";
  }
  for (size_t s = 0; s < warps_.size(); ++s) {
    const WarpSlot& w = warps_[s];
    if (!w.used) continue;
    o << "  warp slot " << s << " (block slot " << w.block << ", warp " << w.warp->id << ", sched " << s % n_sched_
      << "): " << w.next_issue << "/" << w.n_insts << " issued, " << w.in_pipeline << " in pipeline, "
      << w.mem_in_flight << " memory, " << lsu_->pending_writes(uint32_t(s)) << " writes unacknowledged; ";
    if (w.finished_issue) {
      o << "stream done, draining";
    } else if (w.at_barrier) {
      o << "waiting at barrier";
    } else if (w.next_issue == w.next_fetch) {
      o << "instruction buffer empty";
    } else {
      const Instruction& in = w.warp->insts[w.next_issue];
      const OpcodeInfo& info = (*w.ops)[in.opcode];
      o << "next " << info.text << " pc 0x" << std::hex << in.pc << std::dec;
      if (w.sb.hazard(in)) {
        o << " waits on registers";
        for (int k = 0; k < in.n_src; ++k)
          if (w.sb.pending(in.src[size_t(k)])) o << " R" << int(in.src[size_t(k)]);
        for (int k = 0; k < in.n_dst; ++k)
          if (w.sb.pending(in.dst[size_t(k)])) o << " R" << int(in.dst[size_t(k)]) << "(WAW)";
      } else {
        o << " ready";
      }
    }
    o << "\n";
  }
  o << oc_->describe() << lsu_->describe();
  return o.str();
}

}  // namespace gpucosim
