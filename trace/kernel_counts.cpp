#include "trace/kernel_counts.h"

namespace gpucosim {

void count_block(const ThreadBlock& tb, KernelCounts& c) {
  c.thread_blocks += 1;
  c.warps += tb.warps.size();
  for (const Warp& w : tb.warps) {
    c.warp_instructions += w.insts.size();
    c.memory_instructions += w.addrs.size();
  }
}

KernelCounts count_kernel(KernelSource& src) {
  KernelCounts c;
  ThreadBlock tb;
  while (src.next_block(tb)) count_block(tb, c);
  return c;
}

}  // namespace gpucosim
