#include "systemc/gpu/dispatcher.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace gpucosim {

namespace {
// Active-queue (KSRT) entries: N_SMs for the policies of seed 003; FCFS keeps GPGPU-Sim's limit.
uint32_t ksrt_entries(const LimitsConfig& l, uint32_t n_sms) {
  const uint32_t lim = std::max(1u, l.max_concurrent_kernels);
  return l.sched_policy == SchedPolicyKind::Fcfs ? lim : std::min(lim, std::max(1u, n_sms));
}
}  // namespace

Dispatcher::Dispatcher(const LimitsConfig& limits, uint32_t n_sms, DispatchHooks hooks, uint32_t max_blocks_per_sm)
    : limits_(limits),
      n_sms_(n_sms),
      hooks_(std::move(hooks)),
      ptbq_bound_(std::max(1u, n_sms) * std::max(1u, max_blocks_per_sm ? max_blocks_per_sm : 32u)),
      policy_(make_sched_policy(limits.sched_policy)),
      tables_(n_sms, ksrt_entries(limits, n_sms)),
      sm_refused_(n_sms, 0),
      reserved_at_(n_sms, kNotReserved) {}

uint32_t Dispatcher::add_kernel(KernelOpener open, uint64_t stream, uint32_t app, uint64_t not_before,
                                KernelSchedOptions sched) {
  Kernel k;
  k.open = std::move(open);
  k.stream = stream;
  k.app = app;
  k.not_before = not_before;
  k.sched = sched;
  k.launch_id = uint32_t(kernels_.size() + 1);
  const size_t index = kernels_.size();
  auto [it, first] = last_in_stream_.try_emplace({app, stream}, index);
  const size_t prev = first ? kNoKernel : it->second;
  it->second = index;
  if (prev != kNoKernel) next_in_stream_[prev] = index;
  next_in_stream_.push_back(kNoKernel);
  kernels_.push_back(std::move(k));
  if (prev == kNoKernel || kernels_[prev].finished) startable_.insert(index);
  return kernels_.back().launch_id;
}

void Dispatcher::fetch_next(Kernel& k) {
  k.has_next = k.src->next_block(k.next);
}

void Dispatcher::start_kernels(uint64_t cycle) {
  // In command-list order, as if every kernel were looked at: a kernel that is started or still
  // waits for an earlier kernel of its stream would be passed over. A kernel that finishes here
  // (no thread blocks), or one that a finish hook adds, makes a later one startable: the walk
  // meets it further on, as the walk over every kernel would.
  size_t it_index = 0;
  for (auto it = startable_.begin(); it != startable_.end(); it = startable_.upper_bound(it_index)) {
    const size_t i = *it;
    it_index = i;
    Kernel& k = kernels_[i];
    if (tables_.full()) return;  // the active queue: a kernel waits in its command buffer
    if (cycle < k.not_before) continue;
    if (!k.eligible) {
      k.eligible = true;
      k.eligible_cycle = cycle + limits_.kernel_launch_latency;
      // Opened as it becomes eligible, so that its first thread blocks are read ahead during the
      // launch latency (PrefetchingSource); a failure to open it is raised at its start, as if
      // it had been opened then.
      if (cycle < k.eligible_cycle) {
        try {
          k.src = k.open();
        } catch (...) {
          k.open_error = std::current_exception();
        }
      }
    }
    if (cycle < k.eligible_cycle) continue;
    if (k.open_error) std::rethrow_exception(k.open_error);
    if (!k.src) k.src = k.open();
    startable_.erase(it);
    k.started = true;
    running_.insert(std::upper_bound(running_.begin(), running_.end(), i), i);
    refusals_stale();  // a kernel more to offer
    const KernelHeader& h = k.src->header();
    const uint32_t per_sm = hooks_.blocks_per_sm ? hooks_.blocks_per_sm(h) : 1;
    tables_.insert(k.launch_id, k.app, k.sched.priority, k.sched.tokens, per_sm);
    trigger_ = true;
    n_.triggers += 1;
    k.blocks = h.thread_blocks();
    if (hooks_.kernel_started) hooks_.kernel_started(k.launch_id, h, cycle);
    fetch_next(kernels_[i]);
    finish_if_done(kernels_[i], cycle);  // a kernel with no thread blocks finishes at once
  }
}

uint64_t Dispatcher::quiet_until(uint64_t core_cycle) const {
  const uint64_t next = core_cycle + 1;
  if (!running_.empty() || tables_.full()) return next;
  // The SMST and the policy's triggers matter only to the policies that assign SMs (tick()).
  if (!policy_->shares_sms()) {
    if (trigger_) return next;
    for (uint32_t s = 0; s < n_sms_; ++s)
      if (tables_.sm(s).state != SmState::Idle || tables_.sm(s).running) return next;
  }
  uint64_t until = ~uint64_t(0);
  for (size_t i : startable_) {
    const Kernel& k = kernels_[i];
    // Not yet eligible: it becomes so on the first cycle past its application's start.
    const uint64_t at = k.eligible ? k.eligible_cycle : k.not_before;
    until = std::min(until, std::max(at, next));
  }
  return until;
}

// Transitions the SM driver makes itself (spec §2.3): a reserved SM with no block left has been
// preempted and runs its `next` kernel; a running SM with no block whose kernel has nothing
// left to issue becomes idle (a trigger of the policy).
void Dispatcher::settle() {
  for (uint32_t s = 0; s < n_sms_; ++s) {
    const SmStatus& st = tables_.sm(s);
    if (st.running) continue;
    if (st.state == SmState::Reserved) {
      if (st.kernel) {
        Kernel& victim = kernel(st.kernel);
        victim.sm_preempted += 1;
        if (reserved_at_[s] != kNotReserved) victim.preempt_cycles += now_ - reserved_at_[s];
      }
      reserved_at_[s] = kNotReserved;
      tables_.preempted(s);
      n_.sm_preemptions += 1;
    }
    if (st.state == SmState::Running) {
      const uint32_t k = st.kernel;
      if (!k || kernels_.at(k - 1).finished || !kernels_.at(k - 1).has_work()) {
        tables_.release(s);
        trigger_ = true;
        n_.triggers += 1;
      }
    }
  }
}

void Dispatcher::refresh_work() {
  for (const KsrEntry* e : tables_.active()) {
    const Kernel& k = kernels_.at(e->launch_id - 1);
    uint64_t left = k.ptbq.size();
    if (k.has_next) left += std::max<uint64_t>(1, k.blocks > k.issued ? k.blocks - k.issued : 0);
    tables_.entry(e->launch_id)->blocks_left = left;
  }
}

void Dispatcher::run_policy() {
  for (int round = 0; round < 4 && trigger_; ++round) {
    trigger_ = false;
    refresh_work();
    policy_->schedule(tables_);
    n_.schedule_calls += 1;
    note_reservations();
    tables_.check_tokens();
    if (limits_.preemption == PreemptionKind::ContextSwitch)
      for (uint32_t s = 0; s < n_sms_; ++s) {
        const SmStatus& st = tables_.sm(s);
        if (st.state == SmState::Reserved && st.running && !st.preempt_sent) {
          tables_.mark_preempt_sent(s);
          if (hooks_.preempt_sm) hooks_.preempt_sm(s);
        }
      }
    settle();
  }
}

void Dispatcher::note_reservations() {
  for (uint32_t s = 0; s < n_sms_; ++s)
    if (tables_.sm(s).state == SmState::Reserved && reserved_at_[s] == kNotReserved) reserved_at_[s] = now_;
}

void Dispatcher::tick(uint64_t core_cycle) {
  now_ = core_cycle;
  start_kernels(core_cycle);
  const bool shared = policy_->shares_sms();
  if (!shared) {
    settle();
    run_policy();
  }
  if (running_.empty() || core_cycle < next_block_cycle_) return;
  // Shared SMs with no running kernel holding a block to issue: the walk below would issue none.
  if (shared && std::none_of(running_.begin(), running_.end(), [&](size_t i) { return kernels_[i].has_work(); })) {
    next_sm_ = (next_sm_ + 1) % n_sms_;
    return;
  }
  for (uint32_t n = 0; n < n_sms_; ++n) {
    uint32_t sm = (next_sm_ + n) % n_sms_;
    if (shared) {
      if (sm_refused_[sm]) continue;  // as every can_launch() below would answer again
      bool issued = false;
      for (size_t i : running_) {  // no kernel starts or ends in this loop
        Kernel& k = kernels_[i];
        if (!k.has_work()) continue;
        if (!hooks_.can_launch(sm, k.src->header())) continue;
        issue(sm, k, core_cycle);
        issued = true;
        break;  // one block per SM per cycle
      }
      if (!issued && hooks_.refusals_stand && hooks_.refusals_stand(sm)) sm_refused_[sm] = 1;
    } else {
      const SmStatus& st = tables_.sm(sm);
      if (st.state != SmState::Running) {
        if (st.state == SmState::Idle && (refresh_work(), true))
          for (const KsrEntry* e : tables_.active())
            if (tables_.wants_sm(*e)) {
              n_.idle_sm_with_work += 1;  // invariant 16 (checked by tests for DSS)
              break;
            }
        continue;
      }
      Kernel& k = kernel(st.kernel);
      if (!k.finished && k.has_work() && hooks_.can_launch(sm, k.src->header())) issue(sm, k, core_cycle);
    }
    if (limits_.tb_launch_latency && core_cycle < next_block_cycle_) break;
  }
  next_sm_ = (next_sm_ + 1) % n_sms_;
}

void Dispatcher::issue(uint32_t sm, Kernel& k, uint64_t cycle) {
  BlockContext ctx;
  if (!k.ptbq.empty()) {  // invariant 4: the PTBQ before any new block
    ctx = std::move(k.ptbq.front());
    k.ptbq.pop_front();
    n_.blocks_resumed += 1;
  } else {
    ctx.launch_id = k.launch_id;
    ctx.seq = k.issued;
    ctx.tb = std::move(k.next);
    k.next = ThreadBlock{};
    k.issued += 1;
    fetch_next(k);
  }
  if (policy_->shares_sms()) {
    tables_.shared_block_started(sm, k.launch_id);
  } else {
    const SmStatus& st = tables_.sm(sm);
    if (st.state != SmState::Running || st.kernel != k.launch_id)
      throw std::logic_error("Dispatcher: a block of kernel " + std::to_string(k.launch_id) + " issued to SM " +
                             std::to_string(sm) + ", which is " + sm_state_name(st.state) + " for kernel " +
                             std::to_string(st.kernel));
    tables_.block_started(sm);
  }
  k.resident += 1;
  blocks_issued_ += 1;
  hooks_.launch_block(sm, k.launch_id, k.src->header(), k.src->opcodes(), std::move(ctx));
  if (limits_.tb_launch_latency) next_block_cycle_ = cycle + limits_.tb_launch_latency;
}

void Dispatcher::tail_launches(std::vector<uint32_t>& out) const {
  for (const KsrEntry& e : tables_.entries()) {
    if (!e.launch_id) continue;
    const Kernel& k = kernels_.at(e.launch_id - 1);
    if (!k.finished && !k.has_work()) out.push_back(k.launch_id);
  }
}

void Dispatcher::finish_if_done(Kernel& k, uint64_t cycle) {
  if (k.finished || k.has_work() || k.resident) return;
  k.finished = true;
  running_.erase(std::find(running_.begin(), running_.end(), size_t(k.launch_id - 1)));
  finished_ += 1;
  if (k.completed != k.issued)
    throw std::logic_error("Dispatcher: kernel " + std::to_string(k.launch_id) + " ends with " +
                           std::to_string(k.completed) + " of " + std::to_string(k.issued) + " blocks completed");
  tables_.remove(k.launch_id, !policy_->shares_sms());
  // The next kernel of its stream may start now (start_kernels).
  if (const size_t next = next_in_stream_[k.launch_id - 1]; next != kNoKernel) startable_.insert(next);
  // The source is freed after the hook (the trace reader and its opcode table: no block of it is
  // resident now); it is moved out first because the hook may add kernels, which moves `k`.
  std::unique_ptr<KernelSource> src = std::move(k.src);
  const uint32_t id = k.launch_id;
  if (hooks_.kernel_finished) hooks_.kernel_finished(id, src->header(), cycle);
}

void Dispatcher::block_completed(uint32_t sm, uint32_t launch_id, uint64_t seq, uint64_t core_cycle) {
  Kernel& k = kernel(launch_id);
  // Invariant 3: every block completes exactly once.
  if (seq < k.blocks && !k.done.add(seq))
    throw std::logic_error("Dispatcher: block " + std::to_string(seq) + " of kernel " + std::to_string(launch_id) +
                           " completed twice");
  if (k.resident == 0) throw std::logic_error("Dispatcher: a block completed that was not resident");
  k.completed += 1;
  k.resident -= 1;
  blocks_completed_ += 1;
  tables_.block_left(sm);
  sm_refused_[sm] = 0;  // room left by the block
  if (policy_->shares_sms() && tables_.sm(sm).running == 0) tables_.release(sm);
  finish_if_done(k, core_cycle);
}

void Dispatcher::block_preempted(uint32_t sm, BlockContext&& ctx, uint64_t core_cycle) {
  (void)core_cycle;
  Kernel& k = kernel(ctx.launch_id);
  if (k.resident == 0) throw std::logic_error("Dispatcher: a block was preempted that was not resident");
  k.resident -= 1;
  k.preempted += 1;
  tables_.block_left(sm);
  refusals_stale();  // room on this SM, and a block to issue again (its kernel may have had none)
  ctx.preemptions += 1;
  k.ptbq.push_back(std::move(ctx));
  // Preempted blocks are work entering the queue again: like an insertion, a trigger, so an
  // idle SM does not wait for them (work conservation, spec §5.2 invariant 16).
  trigger_ = true;
  n_.triggers += 1;
  n_.max_ptbq = std::max<uint64_t>(n_.max_ptbq, k.ptbq.size());
  if (k.ptbq.size() > ptbq_bound_)  // invariant 5
    throw std::logic_error("Dispatcher: the PTBQ of kernel " + std::to_string(k.launch_id) + " exceeds N_SMs x T_max = " +
                           std::to_string(ptbq_bound_));
}

bool Dispatcher::waiting_on_latency(uint64_t core_cycle) const {
  for (const Kernel& k : kernels_) {
    if (!k.started && k.eligible && core_cycle < k.eligible_cycle) return true;
    if (!k.started && core_cycle < k.not_before) return true;  // an application's start=CYCLE
    if (k.started && !k.finished && k.has_work() && core_cycle < next_block_cycle_) return true;
  }
  return false;
}

std::string Dispatcher::describe_state() const {
  std::ostringstream o;
  o << "dispatcher: " << finished_ << "/" << kernels_.size() << " kernels finished, " << running_.size() << " running\n";
  for (const Kernel& k : kernels_) {
    if (!k.started || k.finished) continue;
    o << "  kernel " << k.launch_id << " (" << k.src->header().name << "): " << k.issued << " blocks issued, "
      << k.completed << " completed, " << (k.has_next ? "more to issue" : "all issued");
    if (!k.ptbq.empty()) o << ", " << k.ptbq.size() << " preempted waiting";
    o << "\n";
  }
  if (!policy_->shares_sms()) {
    o << "  SMST (" << sched_policy_name(policy_->kind()) << "):";
    for (uint32_t s = 0; s < n_sms_; ++s) {
      const SmStatus& st = tables_.sm(s);
      o << " " << s << ":" << sm_state_name(st.state)[0] << st.kernel;
      if (st.state == SmState::Reserved) o << ">" << st.next;
    }
    o << "\n";
  }
  return o.str();
}

}  // namespace gpucosim
