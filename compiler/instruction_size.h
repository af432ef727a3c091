#pragma once
// Bytes per SASS instruction: 128-bit encodings from Volta (sm_70) on, 64-bit before (Kepler,
// Maxwell, Pascal). Trace PCs are byte offsets, so this is the step between consecutive PCs.
#include <cstdint>

namespace gpucosim::compiler {

constexpr uint32_t instruction_size(uint32_t binary_version) { return binary_version >= 70 ? 16 : 8; }

}  // namespace gpucosim::compiler
