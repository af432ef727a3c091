#pragma once
// The analytic context-save time of seed 003 (spec 003 §2.4, invariant 7 of §5.1): preempting an
// SM by context switch moves the context of every resident thread block of the kernel (its
// registers, its shared-memory partition and its control state) to memory at the SM's share of
// the DRAM bandwidth:
//
//   save time = blocks per SM x (registers per block x 4 B + shared memory per block
//                                + control bytes per block) / (DRAM peak / SMs)
//
// Blocks per SM follow the configuration's occupancy limits (blocks, threads, registers, shared
// memory; registers and shared memory rounded as the SM allocates them, occupancy.h). Shared
// memory follows Table 5.1's footnote: the SM keeps its configured size (-gpgpu_shmem_size) unless
// a block needs more, then takes the first bigger of -gpgpu_shmem_option. Table 5.2 counts no
// control state, so it is a parameter (default 0). Restore is taken as symmetric (spec 003 §6 A6).
// The detailed model routes saves through the memory system; this is the closed form beside it.
#include <cstdint>
#include <string>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"

namespace gpucosim {

struct SaveTimeOptions {
  // Control state saved per warp (PC, reconvergence stack pointer, barrier state); spec 003
  // §2.4 names it but Table 5.2 does not count it.
  uint32_t control_bytes_per_warp = 0;
};

struct SaveTimeEstimate {
  uint32_t threads_per_block = 0;   // rounded up to whole warps
  uint32_t warps_per_block = 0;
  uint32_t regs_per_thread = 0;
  uint64_t regs_per_block = 0;      // as the SM allocates them (Table 5.2's #Regs/TB)
  uint64_t shmem_per_block = 0;     // rounded to the allocation granularity (ShM/TB)
  uint64_t control_per_block = 0;
  uint64_t shmem_config = 0;        // the SM's shared-memory size for this kernel (bytes)
  uint32_t blocks_per_sm = 0;       // TBs/SM
  std::string limited_by;           // "blocks", "threads", "registers" or "shared memory"
  uint64_t context_bytes_per_block = 0;
  uint64_t context_bytes_per_sm = 0;
  double resource_share = 0;        // context bytes / (register file + largest shared memory): Resour./SM
  double sm_bandwidth = 0;          // bytes/s: DRAM peak / SMs
  double save_seconds = 0;
  double restore_seconds = 0;
};

// Throws InputError (naming `origin`) when a block of the kernel cannot be resident at all.
SaveTimeEstimate estimate_save_time(const GpuConfig& gpu, const KernelHeader& h, const SaveTimeOptions& o,
                                    const std::string& origin);

}  // namespace gpucosim
