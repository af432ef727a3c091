#pragma once
// One streaming multiprocessor. A plain cycle-ticked component wrapped in an sc_module only for
// its TLM socket: it has no SystemC process; the GPU top level calls tick() once per core cycle.
//
// Pipeline per tick (reverse order, so an instruction advances at most one stage per cycle):
//   1. memory responses (L1 fills, bypassed loads, write acks)
//   2. writeback of results due this cycle: scoreboard released
//   3. load/store unit: one L1 request (or shared-memory pass) per cycle, miss queue to mem_port
//   4. operand collectors read the banked register file and dispatch to execution units
//   5. issue: each scheduler issues up to max_issue_per_warp instructions of one warp
//   6. fetch+decode: inst_fetch_throughput warps with an empty instruction buffer get refilled
//      (perfect instruction cache); the instructions are visible to issue next cycle
// Timing constants (documented for tests): an ALU-type instruction issued at cycle t reads its
// operands at t+1 (one cycle longer per register bank conflict) and writes back at t+1+latency,
// so a dependent instruction issues latency+1 cycles after its producer. A memory instruction
// reaches the LSU at t+2 (operand read, LSU dispatch register): a shared-memory load writes back
// at t+2+shmem_latency+(degree-1), an L1 hit at t+2+l1_latency.
#include <systemc>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/stats.h"
#include "systemc/sm/block_context.h"
#include "systemc/sm/coalescer.h"
#include "systemc/sm/context_mover.h"
#include "systemc/sm/exec_units.h"
#include "systemc/sm/issue_gates.h"
#include "systemc/sm/kernel_context.h"
#include "systemc/sm/ldst_unit.h"
#include "systemc/sm/memory_clients.h"
#include "systemc/sm/occupancy.h"
#include "systemc/sm/operand_collector.h"
#include "systemc/sm/partition_map.h"
#include "systemc/sm/residency_policy.h"
#include "systemc/sm/scoreboard.h"
#include "systemc/sm/sm_hooks.h"
#include "systemc/sm/timing_wheel.h"
#include "systemc/sm/warp_scheduler.h"
#include "systemc/tlm/payload_pool.h"
#include "systemc/tlm/ports.h"

namespace gpucosim {

// Sees every issued warp instruction (tests, visualisation, issue traces). Optional.
class IssueObserver {
 public:
  virtual ~IssueObserver() = default;
  virtual void issued(uint64_t cycle, uint32_t sched, uint32_t warp_slot, const Instruction& inst) = 0;
};

// Research hooks (sm_hooks.h states each one's per-cycle contract): replace the coalescer, put a
// front end between dispatch and the L1 for global loads/stores (ldst_unit_frontend.h), replace
// the register storage (operand_collector.h) or the residency policy (residency_policy.h), gate
// the issue of any instruction, listen to warp/block/barrier/writeback events, add clients of the
// memory path (memory_clients.h: register backing store, context mover, metadata). Null or empty
// members select the baseline. Built from a GpuConfig by the block registry
// (systemc/blocks/registry/block_registry.h); one object may serve several hooks (shared_ptr).
struct SmOptions {
  std::unique_ptr<CoalescerInterface> coalescer;
  std::unique_ptr<OperandCollectorInterface> operand_collector;
  std::shared_ptr<GlobalFrontEnd> global_path;
  std::unique_ptr<ResidencyPolicy> residency;
  std::vector<std::shared_ptr<IssueGate>> issue_gates;
  std::vector<std::shared_ptr<SmEventListener>> listeners;
  // Clients of the memory path besides the LSU (memory_clients.h), in L1-port priority order.
  std::vector<std::shared_ptr<MemoryClient>> memory_clients;
  // Preemption by context switch (context_mover.h): attached after the memory clients above.
  // Null: preempt_all() frees a block without moving its context (a zero-cost switch).
  std::shared_ptr<ContextMover> context_mover;
  // The memory system's address -> sub-partition mapping, shared by all SMs and outliving them
  // (the GPU top level's). Null: the SM builds its own from the MemoryConfig it is given (an
  // AddressMap: parsing the mapping and its index tables, about 90 K instructions an SM). Not
  // a research block: baseline() does not look at it.
  const PartitionMap* partition_map = nullptr;
  // Every member null or empty (partition_map aside): the baseline SM, with no research block's object in it.
  bool baseline() const {
    return !coalescer && !operand_collector && !global_path && !residency && issue_gates.empty() &&
           listeners.empty() && memory_clients.empty() && !context_mover;
  }
};

class Sm : public sc_core::sc_module, private LsuListener {
 public:
  Sm(sc_core::sc_module_name name, uint32_t sm_id, const CoreConfig& core, const MemoryConfig& mem,
     PayloadPool& pool, SmOptions options = {});
  ~Sm() override;

  InitiatorPort mem_port;  // to the crossbar

  uint32_t sm_id() const { return sm_id_; }
  // Residency (baseline: occupancy of threads, warps, blocks, registers, shared memory).
  bool can_launch(const KernelHeader& h) const;
  // Whether a block of `h` fits on an empty SM at all (false: the kernel can never run here).
  bool can_ever_launch(const KernelHeader& h) const;
  // Whether a refusal of can_launch() stands until a block is admitted or released here (the
  // baseline occupancy rule; a research block's residency policy may change its mind any cycle).
  bool refusals_stand() const { return static_residency_; }
  // A new thread block.
  void launch_block(const KernelContext& ctx, ThreadBlock&& tb);
  // A thread block as a context (block_context.h): new, or preempted earlier on any SM and
  // resumed here; a resumed block first has its context restored by the context mover.
  void launch_block(const KernelContext& ctx, BlockContext&& bc);
  // Preemption by context switch (spec 003 §2.4): every block on the SM stops issuing, reaches a
  // precise point (nothing of it in flight: results written back, loads returned, stores
  // acknowledged; barrier arrivals are kept), has its context saved and leaves the SM; it is
  // then handed back by take_preempted(). A block that completes meanwhile completes as usual.
  void preempt_all();
  std::vector<BlockContext> take_preempted();
  // Bytes of a saved context of a block of `h`: its registers (as many as the kernel uses per
  // thread, 4 bytes each, for every thread of the block), its shared memory and 32 bytes of
  // control state per warp (next PC, SIMT stack pointer, barrier state), in whole 128-byte lines.
  static uint64_t context_bytes(const KernelHeader& h);
  void tick(uint64_t core_cycle);
  bool idle() const;  // nothing resident and nothing in flight
  // Whether tick(core_cycle) may be skipped: after the last tick the SM was quiet (every warp
  // waits on the scoreboard or on a busy memory path, nothing in the LSU, collectors or fetch)
  // and nothing can wake it before core_cycle: no writeback is due and no response waits at
  // mem_port. Anything given to the SM from outside (a block, an L1 flush, a preemption) wakes
  // it. The skipped cycles are counted as the quiet ticks would have counted them (sm_cycles,
  // the schedulers' stall reasons, occupancy) at the next tick or by collect(): statistics do
  // not depend on skipping (tests/gpu/test_tick_idle.cpp).
  bool skippable(uint64_t core_cycle) const { return quiet_ && core_cycle < wake_ && !mem_port.peek_response(); }
  // Launch ids of the thread blocks completed since the last call, one entry per block.
  std::vector<uint32_t> take_completed_blocks();
  struct BlockDone {
    uint32_t launch_id = 0;
    uint64_t seq = 0;  // BlockContext::seq
  };
  std::vector<BlockDone> take_completed();
  // Whether take_completed() or take_preempted() has something to hand over.
  bool has_departures() const { return !completed_.empty() || !preempted_.empty(); }
  // `through` (core cycle, 0 = none): the run has reached this cycle; cycles after the last tick
  // that the SM was skipped for being idle (smart ticking) count as idle ticks would have
  // (sm_cycles, stall_idle), so the statistics do not depend on ticking.
  void collect(StatsMap& m, uint64_t through = 0) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names. The
  // SM's cycle, stall and occupancy counts measure time, not work: they are charged to whichever
  // launch was counted last, and the GPU reports them per kernel over its time window instead.
  void collect_launch(StatsMap& m, uint32_t launch) const;
  // Drops the charges of a launch the caller has collected (kernel_ledger.h).
  void forget_launch(uint32_t launch) {
    ledger_.forget(launch, n_);
    oc_->forget_launch(launch);
    lsu_->forget_launch(launch);
  }
  // Whether collect_launch() would report anything non-zero for `launch` (forget_launch since).
  bool charged(uint32_t launch) const {
    return ledger_.charged(launch, n_) || oc_->charged(launch) || lsu_->charged(launch);
  }
  std::string describe_state() const;
  // Cheap progress counters for the top level's limits and deadlock detection.
  uint64_t warp_insn_issued() const { return n_.warp_insn; }
  uint64_t thread_insn_issued() const { return n_.thread_insn; }

  // Drops every L1 line with nothing pending (GPGPU-Sim invalidates the L1 at kernel launch).
  void invalidate_l1() {
    wake_ = 0;
    lsu_->invalidate_l1();
  }
  void configure_l1(uint64_t total_shmem) {
    wake_ = 0;
    lsu_->configure_l1(total_shmem);
  }
  // Writes the L1's dirty lines back (charged to kernel launch `launch`) before an invalidation.
  void flush_l1(uint32_t launch) {
    wake_ = 0;
    lsu_->flush_l1(launch);
  }
  const CoalescerInterface& coalescer() const { return *coalescer_; }
  void set_issue_observer(IssueObserver* o) { observer_ = o; }
  IssueObserver* issue_observer() const { return observer_; }
  // Whether a thread block of kernel launch `launch_id` is resident here or has completed and
  // not yet been taken by take_completed() (an empty block completes as it is launched).
  bool holds_launch(uint32_t launch_id) const {
    for (const BlockSlot& b : blocks_)
      if (b.used && b.ctx.launch_id == launch_id) return true;
    for (const BlockDone& d : completed_)
      if (d.launch_id == launch_id) return true;
    return false;
  }
  // Whether a resident thread block of kernel launch `launch_id` has a warp with more
  // instructions left to issue than the next tick can issue: that block, and so the launch,
  // cannot complete on the next tick.
  bool holds_far_block(uint32_t launch_id) const {
    if (far_blocks_ == 0) return false;
    for (const BlockSlot& b : blocks_)
      if (b.used && b.warps_far && b.ctx.launch_id == launch_id) return true;
    return false;
  }

 private:
  enum Stall : uint8_t { kIssued, kIdle, kScoreboard, kMem, kExecBusy, kBarrier, kIbufferEmpty, kNumStall };
  struct WarpSlot {
    bool used = false;
    bool at_barrier = false;
    bool finished_issue = false;  // every instruction of the stream issued
    uint32_t block = 0;
    uint32_t launch_id = 0;
    uint32_t next_issue = 0, next_fetch = 0, n_insts = 0;
    uint32_t in_pipeline = 0;     // issued, not yet written back
    uint32_t mem_in_flight = 0;   // memory instructions issued, not yet done
    uint64_t age = 0;
    const Warp* warp = nullptr;
    const OpcodeTable* ops = nullptr;
    uint32_t ctx_warp = 0;        // index of the warp in its block (its stable context id)
    Scoreboard sb;
  };
  // Where a block stands as a context: running; its context being restored (its warps are not
  // scheduled yet); suspending (its warps no longer issue; waiting for a precise point); its
  // context being saved (its warps gone, its registers and shared memory still held).
  enum class Phase : uint8_t { Running, Restoring, Suspending, Saving };
  struct BlockSlot {
    bool used = false;
    ThreadBlock tb;
    KernelContext ctx;
    BlockResources res;
    uint32_t warps_live = 0;      // warps not yet completed
    uint32_t warps_issuing = 0;   // warps still issuing: barrier participants
    uint32_t arrived = 0;         // warps waiting at the barrier
    uint64_t warp_mask = 0;       // warp slots of this block
    uint64_t seq = 0;             // BlockContext::seq
    uint32_t preemptions = 0;
    std::vector<int> slot_of;     // warp context (index in tb.warps) -> slot; -1: completed
    Phase phase = Phase::Running;
    bool suspend_after_restore = false;
    uint32_t job = 0;             // context mover job (restoring, saving)
    uint64_t ctx_bytes = 0;
    std::vector<WarpContext> saved;
    // Live warps with more instructions left to issue than one tick issues (max_issue()): while
    // any, the block cannot complete on the next tick (holds_far_block()).
    uint32_t warps_far = 0;
  };
  struct InFlight {
    uint32_t warp = 0;
    const Instruction* inst = nullptr;
    bool is_mem = false;
    uint32_t latency = 0;  // cycles in its execution unit (not memory): known at issue
  };

  // LsuListener
  void mem_inst_done(uint32_t token, uint64_t at) override;
  void write_acked(uint32_t warp) override;

  static int stall_rank(Stall s);
  void writeback(uint32_t token);
  void dispatch(uint64_t now);
  void issue(uint64_t now);
  Stall try_issue(uint32_t w, uint32_t sched, uint64_t now, Pool& prev_pool, bool second);
  template <class Attempt>
  void walk_known_answers(const WarpScheduler& sch, uint64_t mem_wait, uint64_t gate_wait, Stall& why,
                          Attempt&& attempt);
  bool mem_path_free(uint32_t sched) const;  // a memory instruction could enter a collector now
  void barrier_arrive(uint32_t w);
  void warp_finished_issue(uint32_t w);
  void release_barrier_if_ready(BlockSlot& b);
  void fetch();
  void retire_done_warps();
  void update_quiet();                       // after a tick: quiet_, wake_, quiet_stall_
  void activate_warp(uint32_t slot);         // schedulable: in its scheduler, fetching, issuing
  void begin_suspend(uint32_t b);
  void advance_contexts();                   // restore done, precise point reached, save done
  void finish_save(uint32_t b);
  uint64_t context_addr(uint32_t launch, uint64_t seq, uint64_t bytes) const;
  uint32_t alloc_token();

  uint32_t sm_id_;
  CoreConfig c_;
  uint32_t n_sched_;
  uint32_t max_warps_;
  std::unique_ptr<PartitionMap> own_map_;  // without SmOptions::partition_map
  std::unique_ptr<CoalescerInterface> coalescer_;
  std::unique_ptr<OperandCollectorInterface> oc_;
  std::shared_ptr<GlobalFrontEnd> global_path_;
  ExecUnits units_;
  std::unique_ptr<ResidencyPolicy> residency_;
  IssueGates gates_;
  std::vector<std::shared_ptr<SmEventListener>> listeners_;
  std::vector<std::shared_ptr<MemoryClient>> memory_clients_;
  std::unique_ptr<LdstUnit> lsu_;
  std::vector<WarpScheduler> scheds_;
  std::vector<WarpSlot> warps_;
  std::vector<BlockSlot> blocks_;
  std::vector<InFlight> inflight_;
  std::vector<uint32_t> free_tokens_;
  TimingWheel<uint32_t> wheel_;
  std::vector<BlockDone> completed_;
  std::shared_ptr<ContextMover> mover_;
  std::vector<BlockContext> preempted_;
  uint32_t contexts_busy_ = 0;        // blocks restoring, suspending or saving
  std::vector<uint32_t> demote_;      // two-level demotions found during the issue walk
  IssueObserver* observer_ = nullptr;
  // Warps whose next instruction failed the scoreboard: they cannot issue before one of their
  // results is written back, so the issue walk skips them without looking at the instruction.
  uint64_t sb_blocked_ = 0;
  uint64_t need_fetch_ = 0;           // warps whose instruction buffer is empty
  uint64_t issuing_ = 0;              // resident warps that have not issued their whole stream
  // Warps whose next instruction is a hazard-free memory instruction that found the LSU path busy.
  // That stays true until the warp issues (only its own issue can add scoreboard reservations),
  // so while the path is busy the issue walk answers kMem for them without looking again.
  uint64_t mem_ready_ = 0;
  // Likewise for execution units: warps whose next instruction is a hazard-free instruction for
  // a unit pool that found every unit of the pool (or every collector) busy. Until the warp
  // issues, its answer is kExecBusy whenever that pool or the collectors are still busy, which
  // the issue walk learns once per scheduler instead of once per warp.
  uint64_t exec_ready_ = 0;
  std::array<uint64_t, kNumPools> exec_ready_pool_{};  // exec_ready_ by the pool the warp waits for
  uint32_t exec_pools_ = 0;                           // bit p: exec_ready_pool_[p] may be non-zero
  std::array<uint8_t, 64> exec_pool_of_{};            // the pool of each exec_ready_ warp
  void clear_exec_ready(uint32_t w) {
    const uint64_t bit = uint64_t(1) << w;
    if (!(exec_ready_ & bit)) return;
    exec_ready_ &= ~bit;
    exec_ready_pool_[exec_pool_of_[w]] &= ~bit;
  }
  // The live warps of scheduler `sched` that exec_ready_ says answer kExecBusy now.
  uint64_t exec_waiting(uint32_t sched, uint64_t live, uint64_t now) const;
  std::vector<uint64_t> sched_slots_; // warp slots of each scheduler (slot % n_schedulers)
  uint64_t maybe_done_ = 0;           // warps to check for completion at the end of the tick
  uint32_t fetch_rr_ = 0;
  uint32_t mem_in_collectors_ = 0;
  uint32_t resident_warps_ = 0;
  uint32_t far_blocks_ = 0;  // used blocks with warps_far > 0
  // Instructions a warp may issue in one tick (dual issue: 2).
  uint32_t max_issue() const { return std::max(1u, c_.max_issue_per_warp); }
  // Frees a block's slot (completed, or its context saved), keeping far_blocks_ in step.
  void free_block_slot(BlockSlot& b) {
    if (b.warps_far) --far_blocks_;
    b = BlockSlot{};
  }
  uint64_t next_age_ = 0;
  uint64_t now_ = 0;
  bool wheel_drained_ = false;        // this cycle's writeback stage has run
  // The last block shape can_launch() refused with the baseline occupancy rule (static_residency_),
  // valid until a block is admitted or released.
  struct Refusal {
    uint64_t threads = 0;
    uint32_t nregs = 0, shmem = 0;
    bool valid = false;
    bool operator==(const Refusal& o) const {
      return valid == o.valid && threads == o.threads && nregs == o.nregs && shmem == o.shmem;
    }
  };
  bool static_residency_ = false;
  mutable Refusal refusal_;
  // Quiet-cycle skipping (skippable()). Allowed only without research hooks (their per-cycle
  // behaviour is theirs: gates, front ends, memory clients, register storage, context moves).
  bool quiet_allowed_ = false;
  bool quiet_ = false;                // the last tick left the SM quiet
  uint64_t wake_ = 0;                 // first cycle that must be ticked (the wheel's next event)
  std::array<uint64_t, kNumStall> quiet_stall_{};  // what one quiet cycle adds to each stall reason
  // This tick's issue stage: whether every scheduler took the fast path (no warp looked at, so
  // nothing issued and no mask changed) and what it counted then; update_quiet() reuses it.
  bool issue_fast_ = false;
  uint64_t issue_stall_ = 0;  // byte s: schedulers that counted stall reason s
  // Replaying an issue stage (baseline SM only, quiet_allowed_): issue_epoch_ moves with every
  // change of what the fast path reads (scheduler membership, issuing_, mem_ready_, sb_blocked_,
  // the memory path's and the collectors' occupancy). An issue stage whose schedulers all took
  // the fast path at the epoch still current would count exactly what the last one counted.
  uint64_t issue_epoch_ = 0;
  uint64_t replay_epoch_ = ~uint64_t(0);  // epoch of the last all-fast issue stage
  static_assert(kNumStall <= 8, "issue_stall_ packs one byte per stall reason");
  uint32_t quiet_resident_ = 0;       // resident warps while quiet (occupancy samples)

  struct Counters {
    uint64_t thread_insn = 0, warp_insn = 0, cycles = 0, active_cycles = 0, warp_cycles = 0;
    std::array<uint64_t, kNumStall> stall{};
    uint64_t blocks_done = 0, dual_issued = 0;
  } n_;
  KernelLedger<Counters> ledger_;
  void emit(StatsMap& m, const Counters& n) const;
  void add_quiet_cycles(Counters& n, uint64_t k) const;  // k quiet cycles' worth of counters
};

}  // namespace gpucosim
