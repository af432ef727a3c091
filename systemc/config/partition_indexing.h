#pragma once
// Which -gpgpu_memory_partition_indexing values and memory shapes can run, shared by the config
// checks (which report them with file and line) and the address map (which refuses to build).
// Facts from GPGPU-Sim's address decoder (Accel-Sim's fork, commit 667834c, addrdec.cc/hashing.cc):
// its values are 0 consecutive, 1 bitwise XOR (asserts a power-of-two channel count), 2 IPOLY
// (tables for 16, 32 or 64 sub-partitions in all, asserts otherwise), 3 PAE (no case in the
// decoder: asserts), 4 random (rand() per address), 5 custom (none implemented: consecutive).
#include <cstdint>
#include <string>

namespace gpucosim {

// Why the combination cannot run here, or "" when it can.
inline std::string partition_indexing_unsupported(uint32_t indexing, uint32_t channels, uint32_t subs) {
  const auto pow2 = [](uint64_t v) { return v != 0 && (v & (v - 1)) == 0; };
  const std::string n = std::to_string(channels);
  switch (indexing) {
    case 0:
    case 5: return "";
    case 1: return pow2(channels) ? "" : "XOR indexing (1) needs a power-of-two channel count (GPGPU-Sim asserts), got " + n;
    case 2:
      // GPGPU-Sim also runs IPOLY on other channel counts (hash over the next power of two, then
      // modulo the slice count); that can send two lines with one partition address to the same
      // slice, which our L2 (tagged by partition address) cannot hold apart.
      if (!pow2(channels))
        return "IPOLY indexing (2) with " + n + " channels (not a power of two) is not modelled";
      if (!pow2(subs) || (uint64_t(channels) * subs != 16 && uint64_t(channels) * subs != 32 &&
                          uint64_t(channels) * subs != 64))
        return "IPOLY indexing (2) needs 16, 32 or 64 sub-partitions in all (GPGPU-Sim has no other table), got " +
               n + " channels x " + std::to_string(subs);
      return "";
    case 3: return "PAE indexing (3) is not implemented by GPGPU-Sim's address decoder (it asserts)";
    case 4: return "random indexing (4) draws slices from rand() and is not modelled";
    default: return "unknown value " + std::to_string(indexing) + " (expected 0, 1, 2 or 5)";
  }
}

}  // namespace gpucosim
