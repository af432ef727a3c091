#include "systemc/gpu/gpu_model.h"
#include "systemc/sm/occupancy.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <sstream>

#include "kernel/input_error.h"
#include "systemc/gpu/app_address.h"
#include "systemc/blocks/registry/block_registry.h"
#include "systemc/sm/partition_map.h"

namespace gpucosim {

// All SMs share the memory system's one AddressMap (rather than each building its own copy).
class GpuModel::SmPartitionMap : public PartitionMap {
 public:
  explicit SmPartitionMap(const AddressMap& m) : map_(m) {}
  uint32_t partition(uint64_t addr) const override { return map_.partition_of(addr); }

 private:
  const AddressMap& map_;
};

GpuModel::GpuModel(sc_core::sc_module_name name, const GpuConfig& cfg, GpuModelOptions opts)
    : sc_core::sc_module(name),
      cfg_(cfg),
      opts_(std::move(opts)),
      map_(cfg_.mem),
      sm_map_(std::make_unique<SmPartitionMap>(map_)),
      clocks_(cfg_.clock) {
  const uint32_t n_sms = cfg_.core.n_sms();
  const uint32_t n_parts = cfg_.mem.n_partitions();
  for (uint32_t i = 0; i < n_sms; ++i) {
    // Without an explicit factory the research blocks come from the configuration (warppool=...).
    SmOptions so = opts_.sm_options ? opts_.sm_options(i) : builtin_block_registry().make_sm_options(cfg_, i);
    // Preemption by context switch: a context mover per SM, only where a policy can preempt.
    const SchedPolicyKind pol = cfg_.limits.sched_policy;
    if (cfg_.limits.preemption == PreemptionKind::ContextSwitch &&
        (pol == SchedPolicyKind::Ppq || pol == SchedPolicyKind::PpqShared || pol == SchedPolicyKind::Dss))
      so.context_mover = std::make_shared<ContextMover>();
    // Host threads tick SMs side by side only when every SM is the baseline: a research block's
    // objects may be shared between SMs (GpuModelOptions::host_threads).
    host_parallel_ok_ = host_parallel_ok_ && so.baseline();
    so.partition_map = sm_map_.get();
    pools_.push_back(std::make_unique<PayloadPool>());
    sms_.push_back(
        std::make_unique<Sm>(("sm" + std::to_string(i)).c_str(), i, cfg_.core, cfg_.mem, *pools_.back(), std::move(so)));
  }
  sm_active_.assign(n_sms, 0);
  sm_app_.assign(n_sms, -1);
  CrossbarHostLayout layout;
  layout.threads = std::max(1u, opts_.host_threads);
  layout.partition_block = cfg_.mem.sub_partitions;
  xbar_ = std::make_unique<Crossbar>("icnt", n_sms, n_parts, cfg_.icnt, cfg_.clock, layout);
  for (uint32_t c = 0; c < cfg_.mem.n_channels; ++c)
    parts_.push_back(
        std::make_unique<MemoryPartition>(("partition" + std::to_string(c)).c_str(), c, cfg_.mem, cfg_.clock, map_));
  // Wiring: SM i <-> crossbar port i; crossbar partition port c*sub+s <-> slice s of channel c.
  for (uint32_t i = 0; i < n_sms; ++i) sms_[i]->mem_port.socket.bind(xbar_->sm_port(i).socket);
  for (uint32_t c = 0; c < cfg_.mem.n_channels; ++c)
    for (uint32_t s = 0; s < cfg_.mem.sub_partitions; ++s)
      xbar_->partition_port(c * cfg_.mem.sub_partitions + s).socket.bind(parts_[c]->port(s).socket);

  DispatchHooks hooks;
  hooks.can_launch = [this](uint32_t sm, const KernelHeader& h) { return sms_[sm]->can_launch(h); };
  hooks.refusals_stand = [this](uint32_t sm) { return sms_[sm]->refusals_stand(); };
  hooks.launch_block = [this](uint32_t sm, uint32_t id, const KernelHeader& h, const OpcodeTable& ops,
                              BlockContext&& bc) { launch_block(sm, id, h, ops, std::move(bc)); };
  hooks.preempt_sm = [this](uint32_t sm) {
    sms_[sm]->preempt_all();
    sm_active_[sm] = 1;
  };
  hooks.blocks_per_sm = [this](const KernelHeader& h) {
    uint32_t blocks = 0;
    for (Occupancy o(cfg_.core); blocks < cfg_.core.max_blocks && o.fits(h); ++blocks) o.admit(h);
    return blocks;
  };
  hooks.kernel_started = [this](uint32_t id, const KernelHeader& h, uint64_t c) { kernel_started(id, h, c); };
  hooks.kernel_finished = [this](uint32_t id, const KernelHeader& h, uint64_t c) { kernel_finished(id, h, c); };
  dispatcher_ = std::make_unique<Dispatcher>(cfg_.limits, n_sms, std::move(hooks), cfg_.core.max_blocks);

  SC_HAS_PROCESS(GpuModel);
  SC_METHOD(simulate);
}

GpuModel::~GpuModel() = default;

// Host-to-device copies warm the L2 (Accel-Sim's -gpgpu_perf_sim_memcpy, on by default), each
// trimmed to the part the L2 can still hold at its end (trim_copy_to_l2_tail), so the warm-up
// time is bounded whatever the copy's size. A stop request ends the warm-up too.
// Several applications warm it in application order.
void GpuModel::warm_l2_from(const std::vector<Application>& apps) {
  if (!cfg_.mem.perf_sim_memcpy) return;
  const uint64_t l2_bytes = uint64_t(cfg_.mem.n_partitions()) * cfg_.mem.l2.size_bytes();
  std::vector<MemoryPartition*> parts;
  for (auto& p : parts_) parts.push_back(p.get());
  for (const Application& app : apps)
    for (const Command& c : app.memcpys) {
      if (opts_.stop && opts_.stop->load(std::memory_order_relaxed)) return;
      uint64_t addr = c.addr, bytes = c.bytes;
      trim_copy_to_l2_tail(addr, bytes, l2_bytes);
      warm_l2(parts, map_, addr, bytes);
    }
}

RunReport GpuModel::run(const Application& app) { return run(std::vector<Application>{app}); }

RunReport GpuModel::run(std::vector<Application> apps) {
  if (ran_) throw std::logic_error("GpuModel::run: SystemC elaborates once per process; run() once");
  ran_ = true;
  place_applications(apps);
  warm_l2_from(apps);
  apps_ = std::make_unique<ApplicationRuns>(std::move(apps), n_sms());
  apps_->launch_first_runs(*dispatcher_);
  blocks_total_ = apps_->blocks_queued();

  running_ = true;
  bool observed = false;
  for (const auto& sm : sms_) observed = observed || sm->issue_observer();
  if (opts_.host_threads > 1 && host_parallel_ok_ && !observed) {
    workers_ = std::make_unique<HostWorkers>(opts_.host_threads);
    shares_.assign(workers_->threads(), {});
    departed_by_.assign(workers_->threads(), {});
    cursors_ = std::make_unique<Cursor[]>(workers_->threads());
    governor_ = std::make_unique<ThreadGovernor>();
  }
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  host_threads_used_ = workers_ ? workers_->threads() : 1;
  workers_.reset();  // the final report is collected on this thread (collect_items)
  if (error_) {
    // What was simulated up to the error is kept (partial_report()), so a late trace error does
    // not throw the run away.
    try {
      std::rethrow_exception(error_);
    } catch (const std::exception& e) {
      end_run(RunEnd::Error, e.what());
    } catch (...) {
      end_run(RunEnd::Error, "unknown error");
    }
    finish_report(wall);
    std::rethrow_exception(error_);
  }
  if (opts_.sample_interval) opts_.on_sample(clocks_.cycle(kCore), collect_stats());  // the last, partial interval
  finish_report(wall);
  report_progress();
  return std::move(report_);  // handed over, not copied: it holds every kernel's statistics
}

void GpuModel::report_progress() const {
  if (!opts_.on_progress) return;
  RunProgress p;
  p.core_cycle = clocks_.cycle(kCore);
  p.kernels_finished = uint32_t(dispatcher_->kernels_finished());
  p.kernels_total = uint32_t(dispatcher_->kernels_total());
  p.blocks_completed = dispatcher_->blocks_completed();
  p.blocks_issued = dispatcher_->blocks_issued();
  p.blocks_total = apps_ ? apps_->blocks_queued() : blocks_total_;
  p.max_cycles = cfg_.limits.max_cycles;
  opts_.on_progress(p);
}

void GpuModel::simulate() {
  // A method rather than a thread: it runs on the scheduler's own stack, so nothing in the model
  // runs on a coroutine stack (an exception thrown there is one that a sanitizer cannot follow)
  // and no context is switched per activation.
  if (!running_) return;
  try {
    for (uint32_t e = 0; e < opts_.edges_per_activation && running_; ++e) running_ = step_edge();
    report_progress();
    // SystemC time mirrors model time (picosecond resolution); the model itself counts in fs.
    const uint64_t fs = clocks_.now_fs();
    const uint64_t ps = fs / 1000 - fs_done_ / 1000;
    fs_done_ = fs;
    if (running_) sc_core::next_trigger(sc_core::sc_time(double(ps), sc_core::SC_PS));
  } catch (...) {
    error_ = std::current_exception();
    running_ = false;
  }
  // No sc_stop(): with no further trigger sc_start() returns by itself (and prints nothing).
}

bool GpuModel::step_edge() {
  const uint32_t mask = clocks_.advance();
  const bool all = opts_.tick_idle_components;
  team_ = use_workers();
  if (mask & ((1u << kDram) | (1u << kL2))) {
    if (ahead_left_) --ahead_left_;  // ticked beside an earlier core edge's SMs (plan_memory_ahead)
    else tick_memory(memory_edge(mask, clocks_));
  }
  if (mask & (1u << kIcnt))
    if (all || !xbar_->idle()) tick_interconnect(clocks_.cycle(kIcnt));
  if (!(mask & (1u << kCore))) return true;

  const uint64_t cycle = clocks_.cycle(kCore);
  tick_core(cycle);
  if (opts_.sample_interval && cycle % opts_.sample_interval == 0) opts_.on_sample(cycle, collect_stats());
  if (dispatcher_->all_done() && all_idle()) return false;

  const LimitsConfig& lim = cfg_.limits;
  if (opts_.stop && opts_.stop->load(std::memory_order_relaxed)) {
    end_run(RunEnd::Interrupted, "interrupted at core cycle " + std::to_string(cycle) + "; statistics up to it");
    return false;
  }
  if (lim.max_cycles && cycle >= lim.max_cycles) {
    end_run(RunEnd::MaxCycles, "stopped at gpgpu_max_cycle = " + std::to_string(lim.max_cycles) + " core cycles");
    return false;
  }
  if ((cycle & 255) == 0) {  // the limits below need a sum over all SMs: checked every 256 cycles
    if (stalled(cycle)) {
      end_run(RunEnd::Deadlock, "deadlock: nothing moved in the GPU (no instruction issued, no thread block or "
                                "memory request moved, no launch latency pending) for " +
                                    std::to_string(cycle - last_progress_cycles_[kCore]) + " core cycles (at cycle " +
                                    std::to_string(cycle) + ")\n" + describe_state());
      return false;
    }
    if (lim.max_insn) {
      uint64_t insn = 0;
      for (const auto& s : sms_) insn += s->thread_insn_issued();
      if (insn >= lim.max_insn) {
        end_run(RunEnd::MaxInsn, "stopped at gpgpu_max_insn = " + std::to_string(lim.max_insn) +
                                     " thread instructions (" + std::to_string(insn) + " issued)");
        return false;
      }
    }
  }
  skip_idle(cycle);
  return true;
}

void GpuModel::skip_idle(uint64_t cycle) {
  // With the whole GPU idle (nothing resident, in flight or queued in the memory system) the
  // edges until the dispatcher's next action change nothing: every component skips them already
  // (smart ticking; its idle-cycle statistics are counted from the cycle counts), so the clocks
  // pass them at once. A launch latency between kernels costs a few steps, not thousands. Every
  // 256th core cycle (the deadlock and instruction-limit checks), each statistics sample and the
  // cycle limit are still stepped on.
  if (opts_.tick_idle_components || !all_idle()) return;
  uint64_t until = dispatcher_->quiet_until(cycle);
  const uint64_t next_check = ((cycle >> 8) + 1) << 8;
  if (until > next_check && until != ~uint64_t(0) && dispatcher_->waiting_on_latency(cycle)) {
    // Waiting for a kernel that becomes eligible at `until` (an application's start, a launch
    // latency): every check on the way would find the dispatcher waiting and only move the
    // deadlock window's start (stalled()), which the last check before `until` sets anyway. So the
    // clocks land on that last check point and step from there: an application starting at cycle
    // 2^62 costs a few steps, not 2^54.
    until = std::max(next_check, ((until - 1) >> 8) << 8);
  } else {
    until = std::min(until, next_check);
  }
  if (opts_.sample_interval) until = std::min(until, (cycle / opts_.sample_interval + 1) * opts_.sample_interval);
  if (cfg_.limits.max_cycles) until = std::min(until, cfg_.limits.max_cycles);
  if (until <= cycle + 1) return;
  clocks_.skip_to_core_cycle(until);
  // Memory edges planned ahead of this core edge (idle partitions: nothing was ticked) are
  // among those passed.
  ahead_left_ = 0;
  idle_cycles_skipped_ += until - cycle - 1;
}

GpuModel::MemoryEdge GpuModel::memory_edge(uint32_t mask, const ClockDomains& c) {
  MemoryEdge e;
  e.dram = mask & (1u << kDram);
  e.l2 = mask & (1u << kL2);
  e.dram_cycle = c.cycle(kDram);
  e.l2_cycle = c.cycle(kL2);
  return e;
}

void GpuModel::tick_partition(MemoryPartition& p, const MemoryEdge& e) {
  // The channel, then the slices: a partition's slices read only its own channel, so partition
  // by partition is the same as every channel and then every slice.
  const bool all = opts_.tick_idle_components;
  if (e.dram && (all || !p.dram_idle())) p.tick_dram(e.dram_cycle);
  if (e.l2 && (all || !p.l2_idle())) p.tick_l2(e.l2_cycle, all);
}

void GpuModel::tick_memory(const MemoryEdge& e) {
  if (!team_) {
    for (auto& p : parts_) tick_partition(*p, e);
    return;
  }
  const bool all = opts_.tick_idle_components;
  due_.clear();
  for (uint32_t c = 0; c < parts_.size(); ++c) {
    const MemoryPartition& p = *parts_[c];
    if (all || (e.dram && !p.dram_idle()) || (e.l2 && !p.l2_idle())) due_.push_back(c);
  }
  if (due_.size() < kMinParallel) {
    for (uint32_t c : due_) tick_partition(*parts_[c], e);
    return;
  }
  // Each partition in the same member's share every edge, as the SMs (tick_sm_range).
  clear_shares();
  for (uint32_t c : due_) shares_[c % shares_.size()].push_back(c);
  run_shares([&](uint32_t c, uint32_t) { tick_partition(*parts_[c], e); });
}

void GpuModel::clear_shares() {
  for (auto& s : shares_) s.clear();
}

template <class Tick>
void GpuModel::run_shares(Tick&& tick_item) {
  const uint32_t n = workers_->threads();
  for (uint32_t m = 0; m < n; ++m) cursors_[m].next.store(0, std::memory_order_relaxed);  // published by run()
  auto job = [&](uint32_t member) {
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t o = (member + k) % n;
      const std::vector<uint32_t>& share = shares_[o];
      for (uint32_t i; (i = cursors_[o].next.fetch_add(1, std::memory_order_relaxed)) < share.size();)
        tick_item(share[i], member);
    }
  };
  workers_->run(job);
  ++parallel_jobs_;
}

void GpuModel::tick_interconnect(uint64_t cycle) {
  // The two networks side by side when both carry something (an idle network's tick changes
  // nothing).
  if (xbar_->network_idle(Crossbar::kRequests) || xbar_->network_idle(Crossbar::kReplies) || !team_) {
    xbar_->tick(cycle);
    return;
  }
  auto job = [&](uint32_t member) {
    if (member < 2) xbar_->tick_network(Crossbar::Network(member), cycle);
  };
  workers_->run(job);
  ++parallel_jobs_;
}

void GpuModel::after_sm_tick(size_t i, uint64_t cycle) {
  Sm& s = *sms_[i];
  for (const Sm::BlockDone& d : s.take_completed()) dispatcher_->block_completed(uint32_t(i), d.launch_id, d.seq, cycle);
  for (BlockContext& ctx : s.take_preempted()) {
    if (launch_ctx_.size() < ctx.launch_id) launch_ctx_.resize(ctx.launch_id);
    launch_ctx_[ctx.launch_id - 1].save_bytes += ctx.context_bytes;
    dispatcher_->block_preempted(uint32_t(i), std::move(ctx), cycle);
  }
}

void GpuModel::tick_sm(uint32_t i, uint64_t cycle) {
  Sm& s = *sms_[i];
  s.tick(cycle);
  // Whether the SM has work left, as after its departures are handed over (after_sm_tick): that
  // changes nothing the SM holds. A kernel started by a departure prepares every SM's L1 and
  // marks those with write-backs active itself (prepare_l1). Each SM writes its own flag, so the
  // team may set them side by side.
  // Written only when it changes: the flags of SMs ticked on different host threads share
  // cache lines, and a store every tick would move the line between the cores each time.
  const uint8_t active = !s.idle();
  if (sm_active_[i] != active) sm_active_[i] = active;
}

void GpuModel::tick_core(uint64_t cycle) {
  sm_ticked_ = 0;
  dispatcher_->tick(cycle);
  // The SMs of a range tick first (side by side on the host threads, or one after the other)
  // and their completions are handled after, in SM order. That is the result of handling each
  // SM's completions right after its tick as long as no completion changes what a later SM
  // sees: only a kernel's end does (its statistics are taken then, with the SMs after it not yet
  // at this cycle, and a kernel started by it prepares every SM's L1). A kernel can end only at
  // its last block's completion, so with no block left to issue it ends, if at all, at the
  // highest SM holding one of its blocks: the ranges end there. A kernel one of whose blocks
  // still has a warp with more instructions to issue than one cycle issues cannot end on this
  // cycle (Sm::holds_far_block): it splits no range.
  seg_end_.clear();
  tail_.clear();
  dispatcher_->tail_launches(tail_);
  for (uint32_t id : tail_) {
    // A launch with a block that cannot complete on this cycle cannot end on it.
    bool far = false;
    for (size_t i = 0; i < sms_.size() && !far; ++i) far = sms_[i]->holds_far_block(id);
    if (far) continue;
    for (size_t i = sms_.size(); i-- > 0;)
      if (sms_[i]->holds_launch(id)) {
        seg_end_.push_back(i);
        break;
      }
  }
  std::sort(seg_end_.begin(), seg_end_.end());
  // The final range (up to the last SM) can end a kernel only if it holds a tail kernel's highest SM.
  const bool last_ends_none = seg_end_.empty() || seg_end_.back() + 1 < sms_.size();
  seg_end_.push_back(sms_.size() - 1);
  size_t lo = 0;
  for (size_t end : seg_end_) {
    if (end < lo) continue;
    tick_sm_range(cycle, lo, end, last_ends_none && end + 1 == sms_.size());
    lo = end + 1;
  }
  // Every SM has passed this cycle, ticked or skipped (a skipped SM's idle cycles are counted
  // later, by Sm::tick or Sm::collect).
  sm_ticked_ = sms_.size();
}

void GpuModel::tick_sm_range(uint64_t cycle, size_t lo, size_t hi, bool last) {
  const bool all = opts_.tick_idle_components;
  departed_.clear();
  // The memory edges up to the next interconnect or core edge tick beside these SMs.
  const bool pl = team_ && last && plan_memory_ahead(cycle);
  size_t active = 0;  // an upper bound of the SMs due (quiet SMs among them are skipped)
  if (team_ && !pl)
    for (size_t i = lo; i <= hi && active < kMinParallel; ++i) active += all || sm_active_[i];
  if (!pl && (!team_ || active < kMinParallel)) {
    // Quiet SMs are skipped: their cycles are counted at their next tick.
    for (size_t i = lo; i <= hi; ++i)
      if (due(i, cycle)) {
        tick_sm(uint32_t(i), cycle);
        if (sms_[i]->has_departures()) departed_.push_back(uint32_t(i));
      }
  } else {
    // Each SM in the same member's share every cycle (SM index modulo the threads), so its state
    // mostly stays in that core's caches; likewise each partition. Whether an SM is due is
    // decided by the member that ticks it, for the same reason (a tick changes no other SM).
    clear_shares();
    const size_t n = shares_.size();
    for (size_t i = lo; i <= hi; ++i) shares_[i % n].push_back(uint32_t(i));
    if (pl)
      for (uint32_t k = 0; k < parts_.size(); ++k) shares_[k % n].push_back(kPartitionItem | k);
    for (auto& d : departed_by_) d.clear();
    run_shares([&](uint32_t item, uint32_t member) {
      if (!(item & kPartitionItem)) {
        if (!due(item, cycle)) return;
        tick_sm(item, cycle);
        if (sms_[item]->has_departures()) departed_by_[member].push_back(item);
        return;
      }
      MemoryPartition& p = *parts_[item & ~kPartitionItem];
      for (const MemoryEdge& e : ahead_edges_) tick_partition(p, e);
    });
    for (const auto& d : departed_by_) departed_.insert(departed_.end(), d.begin(), d.end());
    std::sort(departed_.begin(), departed_.end());
  }
  // Completions and preemptions in SM order, after every SM of the range has ticked.
  for (uint32_t i : departed_) {
    // SM i has passed this cycle: statistics taken from here on (a kernel's end) see it at `cycle`.
    sm_ticked_ = size_t(i) + 1;
    after_sm_tick(i, cycle);
  }
}

void GpuModel::prepare_l1(uint32_t sm, uint32_t launch, const KernelHeader& h) {
  // Accel-Sim's adaptive carve-out sizes the L1 for the shared memory of as many of the kernel's
  // blocks as fit on an SM.
  uint64_t blocks = 0;
  for (Occupancy o(cfg_.core); blocks < cfg_.core.max_blocks && o.fits(h); ++blocks) o.admit(h);
  sms_[sm]->flush_l1(launch);
  sms_[sm]->configure_l1(uint64_t(h.shmem) * blocks);
  if (!sms_[sm]->idle()) sm_active_[sm] = 1;  // write-backs to send
}

void GpuModel::launch_block(uint32_t sm, uint32_t launch_id, const KernelHeader& h, const OpcodeTable& ops,
                            BlockContext&& bc) {
  if (bc.resumed()) {
    if (launch_ctx_.size() < launch_id) launch_ctx_.resize(launch_id);
    launch_ctx_[launch_id - 1].restore_bytes += bc.context_bytes;
  }
  // An SM changing application: a new address space (docs/multitasking.md).
  const int64_t app = int64_t(apps_->owner(launch_id).app);
  if (sm_app_[sm] >= 0 && sm_app_[sm] != app && !cfg_.limits.l1_keep_on_app_switch) prepare_l1(sm, launch_id, h);
  sm_app_[sm] = app;
  sms_[sm]->launch_block(KernelContext{launch_id, &h, &ops}, std::move(bc));
  sm_active_[sm] = 1;
}

void GpuModel::kernel_started(uint32_t launch_id, const KernelHeader& h, uint64_t cycle) {
  if (!sms_.empty() && !sms_[0]->can_ever_launch(h)) {
    std::ostringstream o;
    o << "kernel " << launch_id << " (" << h.name << "): a thread block of " << h.block.x * h.block.y * h.block.z
      << " threads, " << h.nregs << " registers per thread and " << h.shmem
      << " bytes of shared memory does not fit on an empty SM of this GPU (" << cfg_.core.max_threads
      << " threads, " << cfg_.core.registers << " registers, " << cfg_.core.shmem_bytes << " bytes of shared memory)";
    // Blame the trace's line of the resource that does not fit (threads, registers, shared memory).
    const CoreConfig& c = cfg_.core;
    const uint64_t threads = h.block.volume();
    const uint64_t line = threads > c.max_threads                       ? h.origin.block_line
                          : uint64_t(h.shmem) > c.shmem_bytes           ? h.origin.shmem_line
                          : uint64_t(h.nregs) * threads > c.registers   ? h.origin.nregs_line
                                                                        : h.origin.block_line;
    if (h.origin.file.empty()) throw InputError(h.name, 0, o.str());
    throw InputError(h.origin.file, line, o.str());
  }
  // GPGPU-Sim invalidates the L1 data caches when a kernel is launched (here after writing dirty
  // lines back): every SM that last ran this application or nothing yet. An SM running another
  // application is left alone; it prepares its L1 when it changes application (launch_block).
  const int64_t app = int64_t(apps_->owner(launch_id).app);
  for (uint32_t s = 0; s < sms_.size(); ++s)
    if (sm_app_[s] < 0 || sm_app_[s] == app) prepare_l1(s, launch_id, h);
  if (report_.kernels.size() < launch_id) {
    report_.kernels.resize(launch_id);
    kernel_start_stats_.resize(launch_id);
  }
  KernelReport& k = report_.kernels.at(launch_id - 1);
  k.launch_id = launch_id;
  k.name = h.name;
  k.start_cycle = cycle;
  const KernelOwner& own = apps_->owner(launch_id);
  k.application = own.app;
  k.app_run = own.run;
  k.stream = own.stream;
  kernel_start_stats_.at(launch_id - 1) = collect_stats();
}

bool GpuModel::plan_memory_ahead(uint64_t cycle) {
  if (ahead_left_) throw std::logic_error("GpuModel: memory edges planned ahead before the last ones were reached");
  if (!memory_ahead_allowed(cycle)) return false;
  // The edges after this one up to the first with the interconnect or the core (whose memory
  // part comes first on it): until then nothing but the partitions' own ticks changes them.
  ahead_edges_.clear();
  ClockDomains c = clocks_;
  uint64_t edges = 0;
  for (;;) {
    const uint32_t mask = c.advance();
    ++edges;
    const MemoryEdge e = memory_edge(mask, c);
    if (e.dram || e.l2) ahead_edges_.push_back(e);
    if (mask & ((1u << kCore) | (1u << kIcnt))) break;
  }
  // Those edges are on the team too, as far as the governor knows now (each of its slices then
  // does its own edges' work).
  if (ahead_edges_.empty() || (opts_.host_threads_adaptive && !governor_->keeps_side_for(edges))) return false;
  // Every partition goes in the job: the member that ticks it asks whether it has work on each
  // edge (tick_partition), where its state is in that core's cache, rather than this thread
  // asking all of them first. An idle one stays idle until the interconnect brings it some.
  ahead_left_ = uint32_t(ahead_edges_.size());
  memory_edges_ahead_ += ahead_edges_.size();
  return true;
}

bool GpuModel::memory_ahead_allowed(uint64_t cycle) const {
  // What step_edge() does after tick_core(): a statistics sample, the end-of-run test (all_idle()
  // reads the partitions once every kernel is done), the cycle limit, the deadlock detector (its
  // progress count reads them every 256 cycles). A kernel ending earlier in this tick_core() has
  // already read them; the final range ends none (tick_core).
  if (dispatcher_->all_done()) return false;
  if (opts_.sample_interval && cycle % opts_.sample_interval == 0) return false;
  if (cfg_.limits.max_cycles && cycle >= cfg_.limits.max_cycles) return false;
  return (cycle & 255) != 0;
}

bool GpuModel::all_idle() const {
  for (size_t i = 0; i < sms_.size(); ++i)
    if (sm_active_[i]) return false;
  if (!xbar_->idle()) return false;
  for (const auto& p : parts_)
    if (!p->idle()) return false;
  return true;
}

uint64_t GpuModel::progress() const {
  uint64_t p = dispatcher_->blocks_issued() + dispatcher_->kernels_finished();
  for (const auto& s : sms_) p += s->warp_insn_issued();
  // The memory system moving counts too: a request crossing the interconnect, reaching an L2
  // slice or a DRAM command. A GPU whose warps all wait on slow memory is not stuck.
  const Crossbar::Counters& x = xbar_->counters();
  p += x.req_packets + x.reply_packets;
  for (const auto& part : parts_) {
    const DramChannel::Counters& d = part->dram().counters();
    p += d.n_act + d.n_pre + d.n_rd + d.n_write;
    for (uint32_t sub = 0; sub < cfg_.mem.sub_partitions; ++sub) {
      const L2Slice::Counters& l2 = part->slice(sub).counters();
      p += l2.requests + l2.responses;
    }
  }
  return p;
}

// A stall is a window with no progress that lasted deadlock_cycles core cycles AND as many cycles
// of every other clock domain (so a memory clock far slower than the core's is waited for), while
// the dispatcher waited on no launch latency (-gpgpu_kernel_launch_latency, -gpgpu_TB_launch_latency
// keep the GPU idle by design).
bool GpuModel::stalled(uint64_t cycle) {
  const uint64_t p = progress();
  if (p != last_progress_ || dispatcher_->waiting_on_latency(cycle)) {
    last_progress_ = p;
    for (int d = 0; d < kNumDomains; ++d) last_progress_cycles_[size_t(d)] = clocks_.cycle(ClockDomain(d));
    return false;
  }
  const uint64_t window = cfg_.limits.deadlock_cycles;
  if (!window) return false;
  for (int d = 0; d < kNumDomains; ++d)
    if (clocks_.cycle(ClockDomain(d)) - last_progress_cycles_[size_t(d)] < window) return false;
  return true;
}

void GpuModel::end_run(RunEnd why, std::string report) {
  report_.end = why;
  report_.end_report = std::move(report);
}

}  // namespace gpucosim
