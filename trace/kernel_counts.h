#pragma once
// Counts of a kernel as `gpucosim trace info` reports them.
#include <cstdint>

#include "kernel/kernel.h"

namespace gpucosim {

struct KernelCounts {
  uint64_t thread_blocks = 0;
  uint64_t warps = 0;
  uint64_t warp_instructions = 0;
  uint64_t memory_instructions = 0;  // instruction lines that carry lane addresses (mem_width > 0)

  KernelCounts& operator+=(const KernelCounts& o) {
    thread_blocks += o.thread_blocks;
    warps += o.warps;
    warp_instructions += o.warp_instructions;
    memory_instructions += o.memory_instructions;
    return *this;
  }
  bool operator==(const KernelCounts& o) const {
    return thread_blocks == o.thread_blocks && warps == o.warps && warp_instructions == o.warp_instructions &&
           memory_instructions == o.memory_instructions;
  }
};

// Adds one thread block to `c`.
void count_block(const ThreadBlock& tb, KernelCounts& c);

// Streams the whole kernel and counts it.
KernelCounts count_kernel(KernelSource& src);

}  // namespace gpucosim
