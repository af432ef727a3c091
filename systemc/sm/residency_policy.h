#pragma once
// RESEARCH HOOK: which thread blocks may become resident on the SM (sm_hooks.h). The SM asks
// fits() before the dispatcher launches a block, admit() when it does and release() when the
// block retires; fits_empty() tells a kernel that can never run here. Register-management blocks
// (FineReg, RegLess, preemption) replace the baseline, the CUDA occupancy rule (Occupancy).
#include <cstdint>
#include <string>

#include "kernel/kernel.h"

namespace gpucosim {

struct BlockResources {
  uint32_t warps = 0, threads = 0, registers = 0, shmem = 0;
};

class ResidencyPolicy {
 public:
  virtual ~ResidencyPolicy() = default;
  virtual bool fits(const KernelHeader& h) const = 0;
  virtual bool fits_empty(const KernelHeader& h) const = 0;
  // Allocates what a block of `h` takes (fits() was true) and returns it for release().
  virtual BlockResources admit(const KernelHeader& h) = 0;
  virtual void release(const BlockResources& r) = 0;
  virtual uint32_t resident_blocks() const = 0;
};

}  // namespace gpucosim
