#pragma once
// Occupancy bookkeeping of one SM: a thread block is admitted only when its threads (rounded up
// to whole warps), warps, a block slot, its registers and its shared memory all fit. Registers
// follow the CUDA occupancy rule: registers per warp = nregs x warp size rounded up to the
// allocation granularity (register_alloc_granularity), a block takes that times its warps, and
// a block may not take more than registers_per_block. Shared memory per block is rounded up to
// shmem_alloc_granularity and limited by shmem_per_block.
#include <cstdint>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/sm/residency_policy.h"

namespace gpucosim {

// The baseline ResidencyPolicy.
class Occupancy : public ResidencyPolicy {
 public:
  explicit Occupancy(const CoreConfig& c);

  bool fits_empty(const KernelHeader& h) const override;
  BlockResources admit(const KernelHeader& h) override {
    const BlockResources r = needs(h);
    add(r);
    return r;
  }
  void release(const BlockResources& r) override { remove(r); }
  uint32_t resident_blocks() const override { return blocks_; }

  BlockResources needs(const KernelHeader& h) const;
  // Whether a block of `h` fits now.
  bool fits(const KernelHeader& h) const override;
  void add(const BlockResources& r);
  void remove(const BlockResources& r);

  uint32_t warps() const { return used_.warps; }
  uint32_t blocks() const { return blocks_; }
  const BlockResources& used() const { return used_; }

 private:
  bool fits_with(const BlockResources& used, uint32_t blocks, const BlockResources& r) const;
  CoreConfig c_;
  BlockResources used_;
  uint32_t blocks_ = 0;
};

}  // namespace gpucosim
