#pragma once
// A thread block as a context, not a slot (design brief §3.13, issue 13): its identity and its
// progress are independent of the SM and of the warp and block slots it occupies, so a block can
// leave an SM at a precise point (no instruction of it in flight, its loads returned and its
// stores acknowledged, its barrier arrivals kept) and resume later on any SM of its kernel.
//
// The model is trace-driven: a warp's architectural state is where it stands in its instruction
// stream (the next instruction to issue; the SIMT stack is in the trace's active masks) and
// whether it waits at a barrier. Register and shared-memory *values* are not simulated; their
// size is what a context switch moves through the memory system (context_mover.h).
#include <cstdint>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

// Stable id of a warp context: its block's id and its index in the block.
struct WarpContext {
  uint32_t next_issue = 0;  // index of the next instruction of the warp's stream to issue
  bool at_barrier = false;  // arrived at a barrier that has not released yet
  bool done = false;        // completed before the block was suspended (not re-created)
};

struct BlockContext {
  uint32_t launch_id = 0;
  uint64_t seq = 0;                  // the block's number in its kernel (0 .. blocks - 1): stable id
  ThreadBlock tb;
  // Empty for a block that has never run; otherwise one entry per warp of `tb`.
  std::vector<WarpContext> warps;
  uint32_t preemptions = 0;          // times this block has been preempted so far
  uint64_t context_bytes = 0;        // what a save of it moved (0: drained or never saved)
  bool resumed() const { return !warps.empty(); }
};

}  // namespace gpucosim
