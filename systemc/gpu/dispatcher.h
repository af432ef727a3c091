#pragma once
// Kernel and thread-block dispatch. Kernels start in command-list order; a kernel waits for every
// earlier kernel of its CUDA stream, and at most -gpgpu_max_concurrent_kernel run at once. Each
// core cycle every SM may receive one thread block of the earliest running kernel that fits
// under its occupancy limits (the SM decides what fits: threads, warps, blocks, registers,
// shared memory).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"

namespace gpucosim {

// What the dispatcher needs from the SMs and tells the rest of the GPU.
struct DispatchHooks {
  std::function<bool(uint32_t sm, const KernelHeader&)> can_launch;
  // Hands a thread block of kernel `launch_id` to an SM. The header and opcode table stay valid
  // until kernel_finished() for that launch id has returned.
  std::function<void(uint32_t sm, uint32_t launch_id, const KernelHeader&, const OpcodeTable&, ThreadBlock&&)>
      launch_block;
  std::function<void(uint32_t launch_id, const KernelHeader&, uint64_t cycle)> kernel_started;
  std::function<void(uint32_t launch_id, const KernelHeader&, uint64_t cycle)> kernel_finished;
};

class Dispatcher {
 public:
  using KernelOpener = std::function<std::unique_ptr<KernelSource>()>;

  Dispatcher(const LimitsConfig& limits, uint32_t n_sms, DispatchHooks hooks);

  // Queues a kernel; returns its launch id (1, 2, ... in the order kernels are added, also while
  // the run goes on). `open` is called when the kernel becomes eligible to start, so trace files
  // are opened one (or a few, with concurrent streams) at a time. A kernel waits for every earlier
  // kernel of the same `stream` of the same application `app` (applications of a multiprogrammed
  // run have separate streams) and does not start before core cycle `not_before`.
  uint32_t add_kernel(KernelOpener open, uint64_t stream, uint32_t app = 0, uint64_t not_before = 0);

  // One core cycle: start eligible kernels and issue thread blocks.
  void tick(uint64_t core_cycle);

  // An SM finished a thread block of kernel `launch_id`.
  void block_completed(uint32_t launch_id, uint64_t core_cycle);

  bool all_done() const { return finished_ == kernels_.size(); }
  size_t kernels_total() const { return kernels_.size(); }
  size_t kernels_finished() const { return finished_; }
  uint64_t blocks_issued() const { return blocks_issued_; }
  uint64_t blocks_completed() const { return blocks_completed_; }
  // Whether work waits only on a launch latency at this cycle (a kernel not yet past
  // -gpgpu_kernel_launch_latency, or thread blocks held by -gpgpu_TB_launch_latency): the GPU is
  // then idle by design, not stuck.
  bool waiting_on_latency(uint64_t core_cycle) const;
  std::string describe_state() const;

 private:
  struct Kernel {
    KernelOpener open;
    uint64_t stream = 0;
    uint32_t app = 0;
    uint64_t not_before = 0;
    uint32_t launch_id = 0;
    std::unique_ptr<KernelSource> src;
    ThreadBlock next;              // the next block to issue, already read (so "has more" is known)
    bool has_next = false;
    bool started = false, finished = false;
    uint64_t eligible_cycle = 0;   // start after the launch latency
    bool eligible = false;
    uint64_t issued = 0, completed = 0;
  };

  void start_kernels(uint64_t cycle);
  void fetch_next(Kernel& k);
  void finish_if_done(Kernel& k, uint64_t cycle);

  LimitsConfig limits_;
  uint32_t n_sms_;
  DispatchHooks hooks_;
  std::vector<Kernel> kernels_;
  size_t finished_ = 0;
  uint32_t running_ = 0;
  uint32_t next_sm_ = 0;           // round-robin starting SM
  uint64_t blocks_issued_ = 0, blocks_completed_ = 0;
  uint64_t next_block_cycle_ = 0;  // -gpgpu_TB_launch_latency spacing
};

}  // namespace gpucosim
