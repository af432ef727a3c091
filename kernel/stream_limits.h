#pragma once
// The bound on one thread block's instruction streams. A thread block is the unit a kernel source
// delivers (kernel/kernel.h), and all of its warps' instructions are held at once while it is
// resident, so a trace or generator parameters that make one block enormous
// (`branchy:n=16777216,block=1024,max_trips=100000`: 32 warps of ~1.2 million instructions, ~3 GB)
// are refused with a clear error when the bound is crossed, before the memory is spent.
#include <cstdint>
#include <string>

#include "kernel/kernel.h"

namespace gpucosim {

// 1 GiB per thread block; a block has at most 32 warps (1024 threads), so each warp may use 1/32.
// The largest block of the built-in workloads at their test sizes needs under 10 MB.
constexpr uint64_t kMaxBlockStreamBytes = uint64_t(1) << 30;
constexpr uint64_t kMaxWarpStreamBytes = kMaxBlockStreamBytes / 32;

// Bytes a warp's stream holds (instructions, lane addresses and generated lane values).
inline uint64_t warp_stream_bytes(uint64_t instructions, uint64_t memory_instructions, uint64_t value_sets = 0) {
  return instructions * sizeof(Instruction) + memory_instructions * sizeof(LaneAddrs) + value_sets * sizeof(LaneValues);
}

inline std::string stream_limit_text() {
  return std::to_string(kMaxBlockStreamBytes >> 20) + " MB per thread block (" +
         std::to_string(kMaxWarpStreamBytes >> 20) + " MB per warp)";
}

}  // namespace gpucosim
