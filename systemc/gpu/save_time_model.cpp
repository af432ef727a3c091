#include "systemc/gpu/save_time_model.h"

#include <algorithm>

#include "kernel/input_error.h"
#include "systemc/memory/peak.h"
#include "systemc/sm/occupancy.h"

namespace gpucosim {

namespace {

// The SM's shared memory for blocks of `need` bytes: the configured size, or the first bigger
// option that holds one block (Table 5.1's footnote); 0 when none does.
uint64_t shmem_configuration(const CoreConfig& c, uint64_t need) {
  if (need <= c.shmem_bytes) return c.shmem_bytes;
  for (uint32_t kb : c.shmem_options_kb)  // ascending (config parser)
    if (uint64_t(kb) * 1024 >= need) return uint64_t(kb) * 1024;
  return 0;
}

uint64_t largest_shmem(const CoreConfig& c) {
  uint64_t m = c.shmem_bytes;
  for (uint32_t kb : c.shmem_options_kb) m = std::max<uint64_t>(m, uint64_t(kb) * 1024);
  return m;
}

}  // namespace

SaveTimeEstimate estimate_save_time(const GpuConfig& gpu, const KernelHeader& h, const SaveTimeOptions& o,
                                    const std::string& origin) {
  const CoreConfig& c = gpu.core;
  const BlockResources r = Occupancy(c).needs(h);
  if (r.warps == 0) throw InputError(origin, 0, "kernel " + h.name + " has an empty block");
  SaveTimeEstimate e;
  e.threads_per_block = r.threads;
  e.warps_per_block = r.warps;
  e.regs_per_thread = h.nregs;
  e.regs_per_block = r.registers;
  e.shmem_per_block = r.shmem;
  e.control_per_block = uint64_t(o.control_bytes_per_warp) * r.warps;
  e.shmem_config = shmem_configuration(c, r.shmem);
  if (r.shmem > 0 && e.shmem_config == 0)
    throw InputError(origin, 0, "kernel " + h.name + " needs " + std::to_string(r.shmem) +
                                    " bytes of shared memory per block: more than the largest configuration (" +
                                    std::to_string(largest_shmem(c)) + " bytes)");
  if (r.registers > c.registers_per_block || r.threads > c.max_threads)
    throw InputError(origin, 0, "kernel " + h.name + " has blocks that cannot be resident (" +
                                    std::to_string(r.threads) + " threads, " + std::to_string(r.registers) +
                                    " registers; an SM holds " + std::to_string(c.max_threads) + " threads, a block " +
                                    std::to_string(c.registers_per_block) + " registers)");
  // The binding limit; ties go to the earlier in this order.
  struct Limit {
    const char* name;
    uint64_t blocks;
  };
  const uint64_t none = UINT64_MAX;
  const Limit limits[] = {{"blocks", c.max_blocks},
                          {"threads", c.max_threads / r.threads},
                          {"registers", r.registers ? c.registers / r.registers : none},
                          {"shared memory", r.shmem ? e.shmem_config / r.shmem : none}};
  const Limit* bind = &limits[0];
  for (const Limit& l : limits)
    if (l.blocks < bind->blocks) bind = &l;
  e.blocks_per_sm = uint32_t(bind->blocks);
  e.limited_by = bind->name;
  e.context_bytes_per_block = e.regs_per_block * 4 + e.shmem_per_block + e.control_per_block;
  e.context_bytes_per_sm = e.context_bytes_per_block * e.blocks_per_sm;
  e.resource_share = double(e.context_bytes_per_sm) / double(uint64_t(c.registers) * 4 + largest_shmem(c));
  e.sm_bandwidth = dram_peak_bytes_per_s(gpu.mem, gpu.clock) / double(c.n_sms());
  e.save_seconds = double(e.context_bytes_per_sm) / e.sm_bandwidth;
  e.restore_seconds = e.save_seconds;
  return e;
}

}  // namespace gpucosim
