#pragma once
// How much memory the GPU model a configuration describes will take, estimated from the
// configuration alone, so that a configuration that would exhaust the machine
// (`--set gpgpu_n_clusters=1000000`, an 8 GB L1, 2^30 sets, 4e9 MSHRs, a latency of 2^31 cycles
// that sizes every SM's timing wheel) is refused in microseconds, naming the option to change,
// instead of allocating until the process is killed.
//
// The estimate is the sum of parts, each a count of units times the bytes of one unit (an SM, an
// L1 tag array, an L2 slice's queues ...). The bytes per part are those of the data structures
// the components preallocate (tag arrays, MSHR hash tables, ring buffers, timing wheels), plus a
// measured constant per SM, L2 slice and DRAM channel for everything of fixed size (SystemC
// modules, sockets, warp slots). Instruction streams are not part of it: they are bounded per
// thread block (kernel/stream_limits.h).
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/config/option_set.h"

namespace gpucosim {

struct FootprintPart {
  std::string what;          // "L1 tag arrays"
  uint64_t count = 0;        // units (SMs, slices ...)
  uint64_t unit_bytes = 0;   // bytes of one unit
  // The option that sets the count and the one that sets the size of one unit; the estimate
  // blames whichever is further above its default.
  std::string count_option, unit_option;
  // Saturating: count x unit_bytes, or UINT64_MAX.
  uint64_t bytes() const;
};

struct ModelFootprint {
  std::vector<FootprintPart> parts;
  uint64_t total_bytes() const;  // saturating sum
};

ModelFootprint estimate_model_footprint(const GpuConfig& cfg);

// The default limit: half of this machine's physical memory, at most 16 GiB (an estimate above
// that is far beyond any real GPU's model: the GTX480 preset needs about 12 MB).
uint64_t default_memory_limit();

// Throws InputError at the origin of the option most responsible (the file and line or --set that
// gave it) when the estimate exceeds limit_bytes (0 = no limit). `limit_source` says where the
// limit came from, for the message (e.g. "the default: half of the physical memory, at most
// 16 GiB; --memory-limit changes it"). Returns the estimate's total bytes (also with no limit).
uint64_t check_model_footprint(const GpuConfig& cfg, const OptionSet& options, uint64_t limit_bytes,
                               const std::string& limit_source);

// "1.5 GB", "43 KB": bytes for messages (powers of 1024).
std::string human_bytes(uint64_t bytes);

}  // namespace gpucosim
