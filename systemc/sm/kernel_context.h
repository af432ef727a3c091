#pragma once
// What an SM needs to know about the kernel a thread block belongs to. The dispatcher keeps the
// header and the opcode table alive until the kernel's last block has completed.
#include <cstdint>

#include "kernel/kernel.h"

namespace gpucosim {

struct KernelContext {
  uint32_t launch_id = 0;
  const KernelHeader* header = nullptr;
  const OpcodeTable* opcodes = nullptr;
};

}  // namespace gpucosim
