#pragma once
// Theoretical peak bandwidths of the memory side as functions of the configuration, for
// validation tests and reports (Accel-Sim's mem-bw microbenchmark reaches ~82-85 % of DRAM peak).
#include "systemc/config/gpu_config.h"

namespace gpucosim {

// Bytes one DRAM column command moves: bus width x chips x burst length.
uint32_t dram_access_bytes(const MemoryConfig& m);
// Command clocks the data bus is held per access: burst length / data-command frequency ratio (>= 1).
uint32_t dram_burst_cycles(const MemoryConfig& m);
// All channels' data buses busy every DRAM command clock.
double dram_peak_bytes_per_s(const MemoryConfig& m, const ClockConfig& c);
// Every L2 slice returning one data port's worth (data_port_bytes, or a line if 0) per L2 clock.
double l2_peak_bytes_per_s(const MemoryConfig& m, const ClockConfig& c);

}  // namespace gpucosim
