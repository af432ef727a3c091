#pragma once
// Kernel and thread-block dispatch: the SM driver of the scheduling framework of seed 003
// (spec 003 §2.3, §2.6; docs/multitasking.md).
//  - Command buffers: kernels start in command-list order; a kernel waits for every earlier
//    kernel of its stream (of its application) and for its application's start cycle.
//  - Active queue and KSRT (sched/sched_tables.h): an eligible kernel enters when an entry is
//    free. Size: N_SMs entries, at most -gpgpu_max_concurrent_kernel; FCFS keeps GPGPU-Sim's
//    -gpgpu_max_concurrent_kernel alone (so its runs are those of before the framework).
//  - SMST: what each SM runs; the policy (sched/sched_policy.h, -gpucosim_sched_policy) assigns
//    idle SMs and reserves running ones, on the triggers of seed 003 (a kernel entered the
//    active queue, an SM became idle).
//  - PTBQ per kernel: blocks preempted by context switch, issued before any new block of the
//    kernel (spec §5.1 invariant 4), bounded by N_SMs x max blocks per SM (invariant 5).
// Each core cycle every SM may receive one thread block: under FCFS of the earliest active kernel
// that fits (first fit, blocks of several kernels share an SM), otherwise of the kernel the SMST
// says it runs. A reserved SM receives none (draining, invariant 6); under context switch it is
// asked to save its blocks (preempt_sm). It runs its `next` kernel once no block is left on it.
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/completed_blocks.h"
#include "systemc/gpu/sched/sched_policy.h"
#include "systemc/gpu/sched/sched_tables.h"
#include "systemc/sm/block_context.h"

namespace gpucosim {

// What the dispatcher needs from the SMs and tells the rest of the GPU.
struct DispatchHooks {
  std::function<bool(uint32_t sm, const KernelHeader&)> can_launch;
  // Whether a refusal of can_launch(sm, ...) stands until a block leaves or enters the SM (the
  // baseline occupancy rule; not a research block's residency policy). Null: never assumed.
  std::function<bool(uint32_t sm)> refusals_stand;
  // Hands a thread block of kernel `launch_id` to an SM: a new one, or a preempted one to resume
  // (BlockContext::resumed()). The header and opcode table stay valid until kernel_finished()
  // for that launch id has returned.
  std::function<void(uint32_t sm, uint32_t launch_id, const KernelHeader&, const OpcodeTable&, BlockContext&&)>
      launch_block;
  // Context switch: the SM saves every block it holds and hands each back (block_preempted).
  std::function<void(uint32_t sm)> preempt_sm;
  // Blocks of `h` an empty SM holds (policies size a kernel's SM demand with it); null: 1.
  std::function<uint32_t(const KernelHeader&)> blocks_per_sm;
  std::function<void(uint32_t launch_id, const KernelHeader&, uint64_t cycle)> kernel_started;
  std::function<void(uint32_t launch_id, const KernelHeader&, uint64_t cycle)> kernel_finished;
};

// Scheduling of one kernel launch (from its application's options).
struct KernelSchedOptions {
  uint32_t priority = 0;  // NPQ / PPQ: larger = more urgent
  int64_t tokens = 0;     // DSS: SM budget
};

// What the dispatcher has seen (tests of the invariants of spec §5.1-5.2).
struct DispatchCounters {
  uint64_t schedule_calls = 0;     // policy invocations
  uint64_t triggers = 0;           // active-queue insertions + SMs that became idle
  uint64_t blocks_resumed = 0;     // issued from a PTBQ
  uint64_t max_ptbq = 0;           // longest PTBQ seen
  uint64_t sm_preemptions = 0;     // reserved -> running transitions (preemptions done)
  uint64_t idle_sm_with_work = 0;  // cycles x SMs idle after scheduling while a kernel wanted an SM
};

class Dispatcher {
 public:
  using KernelOpener = std::function<std::unique_ptr<KernelSource>()>;

  Dispatcher(const LimitsConfig& limits, uint32_t n_sms, DispatchHooks hooks, uint32_t max_blocks_per_sm = 0);

  // Queues a kernel; returns its launch id (1, 2, ... in the order kernels are added, also while
  // the run goes on). `open` is called when the kernel becomes eligible to start, so trace files
  // are opened one (or a few, with concurrent streams) at a time. A kernel waits for every earlier
  // kernel of the same `stream` of the same application `app` (applications of a multiprogrammed
  // run have separate streams) and does not start before core cycle `not_before`.
  uint32_t add_kernel(KernelOpener open, uint64_t stream, uint32_t app = 0, uint64_t not_before = 0,
                      KernelSchedOptions sched = {});

  // One core cycle: start eligible kernels, run the policy on its triggers, issue thread blocks.
  void tick(uint64_t core_cycle);

  // SM `sm` finished block `seq` of kernel `launch_id`.
  void block_completed(uint32_t sm, uint32_t launch_id, uint64_t seq, uint64_t core_cycle);
  // SM `sm` saved a block (context switch): its handle goes to its kernel's PTBQ.
  void block_preempted(uint32_t sm, BlockContext&& ctx, uint64_t core_cycle);

  bool all_done() const { return finished_ == kernels_.size(); }
  // Appends the launch ids of the running kernels with no thread block left to issue (none to
  // read, none preempted and waiting): the only kernels a block completion can finish.
  void tail_launches(std::vector<uint32_t>& out) const;
  size_t kernels_total() const { return kernels_.size(); }
  size_t kernels_finished() const { return finished_; }
  uint64_t blocks_issued() const { return blocks_issued_; }
  uint64_t blocks_completed() const { return blocks_completed_; }
  // Thread blocks of kernel `launch_id` preempted by context switch so far.
  uint64_t preemptions(uint32_t launch_id) const { return kernels_.at(launch_id - 1).preempted; }
  // SMs taken from kernel `launch_id` by a preemption (either mechanism: a reserved SM that ran
  // it became free), and the core cycles from each reservation to the SM being free, summed: the
  // preemption latency of spec 003 §2.4-2.5 (context switch: the precise point and the save;
  // draining: the rest of the resident blocks' run).
  uint64_t sm_preemptions(uint32_t launch_id) const { return kernels_.at(launch_id - 1).sm_preempted; }
  uint64_t preemption_cycles(uint32_t launch_id) const { return kernels_.at(launch_id - 1).preempt_cycles; }
  const SchedTables& tables() const { return tables_; }
  const DispatchCounters& counters() const { return n_; }
  SchedPolicyKind policy() const { return policy_->kind(); }
  // Whether work waits only on a launch latency at this cycle (a kernel not yet past
  // -gpgpu_kernel_launch_latency, or thread blocks held by -gpgpu_TB_launch_latency): the GPU is
  // then idle by design, not stuck.
  bool waiting_on_latency(uint64_t core_cycle) const;
  // The first core cycle after `core_cycle` on which tick() may change anything, when nothing
  // runs: the next kernel's start (its launch latency ended), the cycle it becomes eligible (its
  // application's start=CYCLE) or core_cycle + 1 if it may act at once (a kernel running or just
  // unblocked, a policy trigger, an SM not idle in the SMST). ~0 when no kernel is left to start.
  // The GPU model skips the cycles before it when the whole GPU is idle (GpuModel::skip_idle).
  uint64_t quiet_until(uint64_t core_cycle) const;
  std::string describe_state() const;

 private:
  struct Kernel {
    KernelOpener open;
    uint64_t stream = 0;
    uint32_t app = 0;
    uint64_t not_before = 0;
    KernelSchedOptions sched;
    uint32_t launch_id = 0;
    std::unique_ptr<KernelSource> src;
    std::exception_ptr open_error;  // opening it at eligibility failed: raised at its start
    ThreadBlock next;              // the next block to issue, already read (so "has more" is known)
    bool has_next = false;
    bool started = false, finished = false;
    uint64_t eligible_cycle = 0;   // start after the launch latency
    bool eligible = false;
    uint64_t issued = 0, completed = 0;  // new blocks issued; blocks completed
    uint64_t resident = 0;         // blocks on SMs (issued or resumed, not completed or preempted)
    uint64_t preempted = 0;        // blocks preempted by context switch
    uint64_t sm_preempted = 0, preempt_cycles = 0;  // sm_preemptions(), preemption_cycles()
    std::deque<BlockContext> ptbq; // preempted thread-block queue
    uint64_t blocks = 0;           // the grid's thread blocks
    CompletedBlocks done;          // by block seq: completed (no block lost or duplicated)
    bool has_work() const { return has_next || !ptbq.empty(); }
  };
  static constexpr size_t kNoKernel = ~size_t(0);

  void start_kernels(uint64_t cycle);
  void fetch_next(Kernel& k);
  void finish_if_done(Kernel& k, uint64_t cycle);
  void issue(uint32_t sm, Kernel& k, uint64_t cycle);
  void settle();                   // SMST transitions the SM driver makes itself
  void run_policy();
  void note_reservations();        // the cycle each newly reserved SM was reserved
  void refresh_work();             // KsrEntry::blocks_left of every active kernel
  Kernel& kernel(uint32_t launch_id) { return kernels_.at(launch_id - 1); }

  LimitsConfig limits_;
  uint32_t n_sms_;
  DispatchHooks hooks_;
  uint32_t ptbq_bound_;            // N_SMs x T_max
  std::unique_ptr<SchedPolicy> policy_;
  SchedTables tables_;
  std::vector<Kernel> kernels_;
  // Per kernel (by index), the next kernel of its stream of its application (kNoKernel: none yet).
  // A kernel waits for every earlier kernel of its stream, and those finish in order, so it
  // waits exactly until the one before it has finished.
  std::vector<size_t> next_in_stream_;
  std::map<std::pair<uint32_t, uint64_t>, size_t> last_in_stream_;  // (app, stream) -> its last kernel
  // Kernels not started whose previous kernel of the stream has finished (or that have none): the
  // only ones start_kernels() can act on, in command-list order. A trace of thousands of kernels
  // in one stream costs one entry per cycle, not thousands.
  std::set<size_t> startable_;
  size_t finished_ = 0;
  std::vector<size_t> running_;    // started, not finished: their indices, in command-list order
  uint32_t next_sm_ = 0;           // round-robin starting SM
  uint64_t blocks_issued_ = 0, blocks_completed_ = 0;
  uint64_t next_block_cycle_ = 0;  // -gpgpu_TB_launch_latency spacing
  bool trigger_ = false;           // the policy has to run
  uint64_t now_ = 0;               // the core cycle of the current tick
  // Shared SMs: per SM, whether it refused every kernel offered to it on its last walk with
  // refusals that stand (DispatchHooks::refusals_stand): it is passed over until a block leaves
  // it or the kernels with blocks to issue change (refusals_stale()). An SM full of long blocks
  // costs nothing per cycle.
  std::vector<uint8_t> sm_refused_;
  void refusals_stale() { std::fill(sm_refused_.begin(), sm_refused_.end(), 0); }
  std::vector<uint64_t> reserved_at_;  // per SM: the cycle it was reserved (kNotReserved: it is not)
  static constexpr uint64_t kNotReserved = ~uint64_t(0);
  DispatchCounters n_;
};

}  // namespace gpucosim
