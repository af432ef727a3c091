#pragma once
// The context mover of preemption by context switch (spec 003 §2.4; docs/multitasking.md): it
// moves a thread block's context - its registers, its shared-memory partition and its control
// state - between the SM and the kernel's context area in global memory, through the real memory
// system. It is a memory client (memory_clients.h) of kind ContextMover: its requests bypass the
// L1 and cross the interconnect to the L2 and DRAM like any other, one 128-byte line per cycle
// when the LSU's miss queue has room, and are counted per client there
// (sm_client_context_mover_requests, L2.client_context_mover_accesses ...) and charged to the
// block's kernel launch.
//  save:    writes; done when every line has left the SM (the data has left the register file
//           and shared memory, so the block's resources can be freed);
//  restore: reads; done when every line's data is back.
#include <cstdint>
#include <deque>
#include <unordered_map>

#include "systemc/sm/memory_clients.h"

namespace gpucosim {

class ContextMover : public MemoryClient {
 public:
  static constexpr uint32_t kLineBytes = 128;

  // Queues a move of `bytes` (rounded up to whole lines) at `addr`; returns its id.
  uint32_t start(uint32_t launch, uint64_t addr, uint64_t bytes, bool save);
  bool done(uint32_t job) const;
  void forget(uint32_t job) { jobs_.erase(job); }

  MemClient kind() const override { return MemClient::ContextMover; }
  void cycle(uint64_t now, MemoryClientPort& port) override;
  void data(uint32_t token, uint64_t now) override;
  bool idle() const override { return queue_.empty() && awaited_ == 0; }

 private:
  struct Job {
    uint32_t launch = 0;
    uint64_t addr = 0;
    uint32_t lines = 0, sent = 0, returned = 0;
    bool save = true;
  };
  std::unordered_map<uint32_t, Job> jobs_;
  std::deque<uint32_t> queue_;  // jobs with lines to send, in order
  uint32_t next_id_ = 1;
  uint64_t awaited_ = 0;        // read lines whose data has not returned
};

}  // namespace gpucosim
