#include "systemc/gpu/dispatcher.h"

#include <sstream>

namespace gpucosim {

Dispatcher::Dispatcher(const LimitsConfig& limits, uint32_t n_sms, DispatchHooks hooks)
    : limits_(limits), n_sms_(n_sms), hooks_(std::move(hooks)) {}

uint32_t Dispatcher::add_kernel(KernelOpener open, uint64_t stream, uint32_t app, uint64_t not_before) {
  Kernel k;
  k.open = std::move(open);
  k.stream = stream;
  k.app = app;
  k.not_before = not_before;
  k.launch_id = uint32_t(kernels_.size() + 1);
  kernels_.push_back(std::move(k));
  return kernels_.back().launch_id;
}

void Dispatcher::fetch_next(Kernel& k) {
  k.has_next = k.src->next_block(k.next);
}

void Dispatcher::start_kernels(uint64_t cycle) {
  for (size_t i = 0; i < kernels_.size(); ++i) {
    Kernel& k = kernels_[i];
    if (k.started) continue;
    if (running_ >= limits_.max_concurrent_kernels) return;
    // A kernel waits for every earlier kernel of its stream (CUDA stream semantics).
    bool blocked = false;
    for (size_t j = 0; j < i && !blocked; ++j)
      blocked = kernels_[j].stream == k.stream && kernels_[j].app == k.app && !kernels_[j].finished;
    if (blocked || cycle < k.not_before) continue;
    if (!k.eligible) {
      k.eligible = true;
      k.eligible_cycle = cycle + limits_.kernel_launch_latency;
    }
    if (cycle < k.eligible_cycle) continue;
    k.src = k.open();
    k.started = true;
    running_ += 1;
    if (hooks_.kernel_started) hooks_.kernel_started(k.launch_id, k.src->header(), cycle);
    fetch_next(k);
    finish_if_done(k, cycle);  // a kernel with no thread blocks finishes at once
  }
}

void Dispatcher::tick(uint64_t core_cycle) {
  start_kernels(core_cycle);
  if (running_ == 0 || core_cycle < next_block_cycle_) return;
  for (uint32_t n = 0; n < n_sms_; ++n) {
    uint32_t sm = (next_sm_ + n) % n_sms_;
    for (Kernel& k : kernels_) {
      if (!k.started || k.finished || !k.has_next) continue;
      const KernelHeader& h = k.src->header();
      if (!hooks_.can_launch(sm, h)) continue;
      hooks_.launch_block(sm, k.launch_id, h, k.src->opcodes(), std::move(k.next));
      k.issued += 1;
      blocks_issued_ += 1;
      k.next = ThreadBlock{};
      fetch_next(k);
      if (limits_.tb_launch_latency) next_block_cycle_ = core_cycle + limits_.tb_launch_latency;
      break;  // one block per SM per cycle
    }
    if (limits_.tb_launch_latency && core_cycle < next_block_cycle_) break;
  }
  next_sm_ = (next_sm_ + 1) % n_sms_;
}

void Dispatcher::finish_if_done(Kernel& k, uint64_t cycle) {
  if (k.finished || k.has_next || k.completed < k.issued) return;
  k.finished = true;
  running_ -= 1;
  finished_ += 1;
  // The source is freed after the hook (the trace reader and its opcode table: no block of it is
  // resident now); it is moved out first because the hook may add kernels, which moves `k`.
  std::unique_ptr<KernelSource> src = std::move(k.src);
  if (hooks_.kernel_finished) hooks_.kernel_finished(k.launch_id, src->header(), cycle);
}

void Dispatcher::block_completed(uint32_t launch_id, uint64_t core_cycle) {
  Kernel& k = kernels_.at(launch_id - 1);
  k.completed += 1;
  blocks_completed_ += 1;
  finish_if_done(k, core_cycle);
}

bool Dispatcher::waiting_on_latency(uint64_t core_cycle) const {
  for (const Kernel& k : kernels_) {
    if (!k.started && k.eligible && core_cycle < k.eligible_cycle) return true;
    if (!k.started && core_cycle < k.not_before) return true;  // an application's start=CYCLE
    if (k.started && !k.finished && k.has_next && core_cycle < next_block_cycle_) return true;
  }
  return false;
}

std::string Dispatcher::describe_state() const {
  std::ostringstream o;
  o << "dispatcher: " << finished_ << "/" << kernels_.size() << " kernels finished, " << running_ << " running\n";
  for (const Kernel& k : kernels_) {
    if (!k.started || k.finished) continue;
    o << "  kernel " << k.launch_id << " (" << k.src->header().name << "): " << k.issued << " blocks issued, "
      << k.completed << " completed, " << (k.has_next ? "more to issue" : "all issued") << "\n";
  }
  return o.str();
}

}  // namespace gpucosim
