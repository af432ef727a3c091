#pragma once
// The whole GPU: SMs, the crossbar and the memory partitions wired through TLM-2.0 sockets, the
// dispatcher, and ONE SystemC process that advances the four clock domains and ticks the plain
// C++ components on their edges (design brief §3.2: no process per warp or per component).
//
// Per edge, downstream first, so a request moves at most one hop per cycle:
//   DRAM edge: every busy channel;  L2 edge: every busy L2 slice;  interconnect edge: crossbar;
//   core edge: dispatcher (kernel start, one thread block per SM), then every SM with work.
// Components with nothing to do are skipped (smart ticking); a skipped component is one whose
// idle() says no state can change until new input arrives, so skipping never changes results.
//
// SystemC elaborates once per process: construct one GpuModel, call run() once.
#include <systemc>

#include <array>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/app_runs.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/clock_domains.h"
#include "systemc/gpu/dispatcher.h"
#include "systemc/gpu/host_workers.h"
#include "systemc/gpu/thread_governor.h"
#include "systemc/gpu/run_report.h"
#include "systemc/memory/address_map.h"
#include "systemc/memory/crossbar.h"
#include "systemc/memory/memory_partition.h"
#include "systemc/sm/sm.h"
#include "systemc/tlm/payload_pool.h"

namespace gpucosim {

// Where a run stands (GpuModelOptions::on_progress).
struct RunProgress {
  uint64_t core_cycle = 0;
  uint32_t kernels_finished = 0, kernels_total = 0;
  uint64_t blocks_completed = 0, blocks_issued = 0;
  uint64_t blocks_total = 0;  // of every kernel of the application; 0 when not known
  uint64_t max_cycles = 0;    // gpgpu_max_cycle (0 = none)
};

struct GpuModelOptions {
  // Research blocks per SM (WarpPool front end, register storage ...); empty = the blocks the
  // configuration selects (builtin_block_registry(), systemc/blocks/registry/block_registry.h).
  std::function<SmOptions(uint32_t sm_id)> sm_options;
  // When set and true (a signal handler sets it: `gpucosim run` on SIGINT/SIGTERM), the run ends
  // at the next core-cycle boundary as RunEnd::Interrupted, with the statistics so far.
  const std::atomic<bool>* stop = nullptr;
  // Called after every activation of the simulation process (edges_per_activation edges) and
  // once at the end; `gpucosim run --progress` prints from it.
  std::function<void(const RunProgress&)> on_progress;
  // Tick every component on every edge of its domain (tests compare this with smart ticking).
  bool tick_idle_components = false;
  // Edges simulated per activation of the SystemC process before SystemC time is advanced.
  uint32_t edges_per_activation = 4096;
  // Called with the cumulative statistics every sample_interval core cycles and once when the
  // run ends (`gpucosim run --stats-interval`, systemc/gpu/stats_interval.h); 0 = never.
  uint64_t sample_interval = 0;
  std::function<void(uint64_t core_cycle, const StatsMap& cumulative)> on_sample;
  // Host threads that tick the components of one clock edge side by side (the memory
  // partitions of a DRAM/L2 edge, the SMs of a core edge); 1 = all on the simulation thread.
  // Results are the same for every value (docs/architecture.md, "Host threads"). Research
  // blocks on the SMs (hooks, listeners, memory clients, context movers) or an issue observer
  // make a run use one thread: their objects may be shared between SMs.
  uint32_t host_threads = 1;
  // Off: hand every edge with enough work to the host threads, even while they are slower than
  // one thread (ThreadGovernor); tests that must exercise the threads
  // turn it off.
  bool host_threads_adaptive = true;
};

class GpuModel : public sc_core::sc_module {
 public:
  GpuModel(sc_core::sc_module_name name, const GpuConfig& cfg, GpuModelOptions opts = {});
  ~GpuModel() override;

  // Simulates the application to completion, a configured limit, a deadlock or a stop request.
  // Once per process. Throws InputError when a kernel can never run on this GPU (resources
  // exceed an empty SM) or an input turns out bad during the run (a trace error in a later
  // thread block); partial_report() then holds what was simulated up to the error.
  RunReport run(const Application& app);
  // A multiprogrammed run: the applications share the GPU, each with its own streams and address
  // range (app_address.h: generated workloads are moved apart, overlapping traces refused),
  // started at AppOptions::start and relaunched per AppOptions::repeat. One application is the
  // same run as run(app).
  RunReport run(std::vector<Application> apps);
  // After run() threw: the statistics up to the error, end = RunEnd::Error. (A run that returned
  // handed its report over: nothing is left here then.)
  const RunReport& partial_report() const { return report_; }

  uint32_t n_sms() const { return uint32_t(sms_.size()); }
  Sm& sm(uint32_t i) { return *sms_[i]; }
  Crossbar& crossbar() { return *xbar_; }
  MemoryPartition& partition(uint32_t channel) { return *parts_[channel]; }
  const AddressMap& address_map() const { return map_; }
  const ClockDomains& clocks() const { return clocks_; }
  // Host threads the run used (GpuModelOptions::host_threads, or 1 where the run had to use one).
  uint32_t host_threads_used() const { return host_threads_used_; }
  // Edges (ranges of SMs, sets of memory partitions) the run ticked on its host threads.
  uint64_t host_parallel_jobs() const { return parallel_jobs_; }
  // Core cycles the clocks passed at once with the whole GPU idle (skip_idle; tests).
  uint64_t idle_cycles_skipped() const { return idle_cycles_skipped_; }
  // Memory edges ticked beside an earlier core edge's SMs (plan_memory_ahead).
  uint64_t memory_edges_ahead() const { return memory_edges_ahead_; }

  // Every component's cumulative counters plus the GPGPU-Sim aliases (L2_total_cache_* ...).
  StatsMap collect_stats() const;
  // The work counters charged to kernel launch `launch` (0: to no kernel), under the same names
  // (kernel_ledger.h, kernel_stats.h); time counters are left out. `charged_only`: only from the
  // components holding a charge for it (the others' counters are left out, not listed as 0).
  StatsMap collect_launch_stats(uint32_t launch, bool charged_only = false) const;
  // Moves what launch `launch` has been charged so far out of the components into the result
  // (at its end: the components then hold charges only for launches still in flight).
  StatsMap take_launch_stats(uint32_t launch);
  // What every component with work holds now (deadlock reports).
  std::string describe_state() const;

 private:
  class SmPartitionMap;

  // The SystemC process: a method (no coroutine stack of its own), triggered again after each
  // activation's edges at the SystemC time they reach, until the run ends.
  void simulate();
  uint64_t fs_done_ = 0;           // model time (fs) SystemC time has been advanced to
  bool step_edge();                // one edge of the earliest domain(s); false when the run ends
  void tick_core(uint64_t cycle);
  // A DRAM and/or L2 edge of the memory partitions and those domains' cycle numbers at it.
  struct MemoryEdge {
    bool dram = false, l2 = false;
    uint64_t dram_cycle = 0, l2_cycle = 0;
  };
  // The memory part of the edge `mask` that `c` has just advanced to (ClockDomains::advance()).
  static MemoryEdge memory_edge(uint32_t mask, const ClockDomains& c);
  // One partition's edge: its channel, then its slices.
  void tick_partition(MemoryPartition& p, const MemoryEdge& e);
  // One DRAM and/or L2 edge of every memory partition with work (partitions touch only their own
  // state and their crossbar ports' doorbells).
  void tick_memory(const MemoryEdge& e);
  // SMs [lo, hi] (on the host threads when team_), then their completions in SM order
  // (tick_core). `last`: the core edge's final range, after which no kernel can end on this edge.
  void tick_sm_range(uint64_t cycle, size_t lo, size_t hi, bool last);
  // Whether nothing that reads the memory partitions can follow this core edge's final range
  // (tick_core): the condition for ticking memory edges beside it (ahead_left_).
  bool memory_ahead_allowed(uint64_t cycle) const;
  // Whether the memory edges up to the next interconnect or core edge can tick beside this core
  // edge's final range; if so fills ahead_edges_ and sets ahead_left_.
  bool plan_memory_ahead(uint64_t cycle);
  void tick_interconnect(uint64_t icnt_cycle);  // the crossbar's two networks
  void tick_sm(uint32_t i, uint64_t cycle);      // SM i's tick and its activity flag (sm_active_)
  void after_sm_tick(size_t i, uint64_t cycle);  // completions and preemptions of SM i
  void launch_block(uint32_t sm, uint32_t launch_id, const KernelHeader& h, const OpcodeTable& ops,
                    BlockContext&& bc);
  void kernel_started(uint32_t launch_id, const KernelHeader& h, uint64_t cycle);
  void kernel_finished(uint32_t launch_id, const KernelHeader& h, uint64_t cycle);
  bool all_idle() const;
  // Passes the clock edges until the dispatcher's next action when the whole GPU is idle.
  void skip_idle(uint64_t cycle);
  uint64_t progress() const;       // grows whenever anything in the GPU moves forward
  bool stalled(uint64_t cycle);    // the deadlock detector (checked every 256 core cycles)
  void end_run(RunEnd why, std::string report);
  void finish_report(double wall_s);
  void report_progress() const;
  void warm_l2_from(const std::vector<Application>& apps);

  GpuConfig cfg_;
  GpuModelOptions opts_;
  AddressMap map_;
  std::unique_ptr<SmPartitionMap> sm_map_;
  // One payload pool per SM (its LSU's requests), so SMs ticked on different host threads never
  // share one.
  std::vector<std::unique_ptr<PayloadPool>> pools_;
  ClockDomains clocks_;
  std::vector<std::unique_ptr<Sm>> sms_;
  std::vector<uint8_t> sm_active_;
  // Application (index) of the last thread block each SM received; -1 before any. An SM given a
  // block of another application handles its L1 per -gpucosim_l1_app_switch.
  std::vector<int64_t> sm_app_;
  // L1 set-up for a kernel on SM `sm`: dirty lines written back (charged to `launch`), then
  // invalidated and sized for the kernel's shared memory.
  void prepare_l1(uint32_t sm, uint32_t launch, const KernelHeader& h);
  // SMs [0, sm_ticked_) have had (or been skipped for) the current core cycle's tick: the cycle
  // an SM's idle-cycle count runs to when statistics are collected in the middle of tick_core.
  size_t sm_ticked_ = 0;
  std::unique_ptr<Crossbar> xbar_;
  std::vector<std::unique_ptr<MemoryPartition>> parts_;
  std::unique_ptr<Dispatcher> dispatcher_;
  std::unique_ptr<ApplicationRuns> apps_;
  // Host threads (GpuModelOptions::host_threads); null: everything on the simulation thread.
  bool host_parallel_ok_ = true;   // no SM has research blocks
  std::unique_ptr<HostWorkers> workers_;
  std::unique_ptr<ThreadGovernor> governor_;
  std::vector<uint32_t> due_;      // scratch: components to tick on the current edge
  // Memory edges ahead (plan_memory_ahead): the DRAM/L2 edges up to the next interconnect or
  // core edge are ticked beside this core edge's last SM ticks on the host threads
  // (tick_sm_range), and those edges then skip them (step_edge). Exact: a core edge's SMs and
  // those memory edges touch disjoint state (the SMs their own state and their crossbar ports,
  // the partitions theirs and theirs; this edge's interconnect tick has run already, and nothing
  // but their own ticks changes the partitions before the next one). Done only where nothing
  // after those SM ticks reads the partitions before the next edge: no kernel can end (its
  // statistics), the run cannot end (all_idle()), no statistics sample, no deadlock check.
  std::vector<MemoryEdge> ahead_edges_;  // scratch: the memory edges ticked ahead, in order
  uint64_t idle_cycles_skipped_ = 0;    // core cycles passed by skip_idle (tests)
  uint32_t ahead_left_ = 0;              // memory edges still to come that were ticked ahead
  uint64_t memory_edges_ahead_ = 0;
  std::vector<uint32_t> tail_;     // scratch: Dispatcher::tail_launches
  std::vector<size_t> seg_end_;    // scratch: SMs whose completions can finish a kernel
  uint32_t host_threads_used_ = 1;
  uint64_t parallel_jobs_ = 0;
  // The team for this edge (every phase of it: memory, interconnect, core): whether the
  // governor's timing says it pays now. Asked once per edge (step_edge), so the governor's slices
  // are whole edges whether or not memory edges went ahead (plan_memory_ahead).
  bool use_workers() { return workers_ && (!opts_.host_threads_adaptive || governor_->parallel()); }
  bool team_ = false;  // use_workers() of the current edge
  // A job's components shared out among the team (run_shares): member m's share first, then
  // what is left of the others'. An item is an SM index, or kPartitionItem | a partition index.
  static constexpr uint32_t kPartitionItem = 0x80000000u;
  std::vector<std::vector<uint32_t>> shares_;
  // Scratch of tick_sm_range: the SMs with completed or preempted blocks after their tick, per
  // member of the team, and all of them in SM order.
  std::vector<std::vector<uint32_t>> departed_by_;
  std::vector<uint32_t> departed_;
  // Whether SM i ticks on this core cycle: it has work and is not quiet (Sm::skippable).
  bool due(size_t i, uint64_t cycle) const {
    return opts_.tick_idle_components || (sm_active_[i] && !sms_[i]->skippable(cycle));
  }
  struct alignas(64) Cursor {
    std::atomic<uint32_t> next{0};
  };
  std::unique_ptr<Cursor[]> cursors_;  // per member: the next item of its share to take
  // Empties shares_ for the next job, one share per member.
  void clear_shares();
  // Runs tick_item(item, member) once for every item of shares_ on the team: each member takes the
  // items of its own share in order, then those left of the others' shares, so one with little
  // work helps one with much; whoever takes an item runs it.
  template <class Tick>
  void run_shares(Tick&& tick_item);
  // Fewer components than this on an edge are ticked on the simulation thread alone (waking
  // the other threads would cost more than their ticks).
  static constexpr size_t kMinParallel = 3;
  // Statistics of `n` items (collect(i, map) adds item i's counters to map), in order.
  template <class Collect>
  StatsMap collect_items(size_t n, Collect&& collect) const;
  // collect_items of items [0, n_first) and [n_first, n) in two maps, then summed when every
  // shared counter is an exact integer (the same result as one map); otherwise collect_items(n).
  template <class Collect>
  StatsMap collect_grouped(size_t n_first, size_t n, Collect&& collect) const;

  // Run state.
  bool ran_ = false, running_ = false;
  RunReport report_;
  std::vector<StatsMap> kernel_start_stats_;
  // Per launch that finished, the names of the work counters charged to it then: their values
  // went into its report (kernel_finished); finish_report() adds what came after. Launches with
  // the same names share one list, so a trace of thousands of kernels keeps one.
  std::vector<std::shared_ptr<const std::vector<std::string>>> charged_names_;
  std::shared_ptr<const std::vector<std::string>> last_charged_names_;
  std::shared_ptr<const StatsRow::Names> last_stat_names_;  // of the last kernel row made (shared)
  const std::vector<std::string>* charged_names_of(uint32_t launch) const {
    return launch <= charged_names_.size() ? charged_names_[launch - 1].get() : nullptr;
  }
  struct LaunchContexts {
    uint64_t save_bytes = 0, restore_bytes = 0;  // context bytes moved (context switch)
  };
  std::vector<LaunchContexts> launch_ctx_;  // by launch id - 1
  std::exception_ptr error_;
  uint64_t last_progress_ = 0;
  // Every domain's cycle count when the progress count last changed (the deadlock window must
  // pass in the slowest domain too, so a slow memory clock is not mistaken for a stall).
  std::array<uint64_t, kNumDomains> last_progress_cycles_{};
  uint64_t blocks_total_ = 0;
};

}  // namespace gpucosim
