#pragma once
// From options to the model's GpuConfig: apply every option, derive the combined fields, then
// check that the whole is consistent. Also the one entry point a run uses (load_gpu_config).
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/config/option_set.h"

namespace gpucosim {

// Throws InputError naming the option's origin (file:line, --set or "(default)") when a value is
// bad or the configuration is inconsistent.
GpuConfig build_gpu_config(const OptionSet& options);

// Consistency checks across options (warp size, scheduler/warp split, cache geometry, units ...).
// Called by build_gpu_config; exposed for tests.
void check_gpu_config(const GpuConfig& gpu, const OptionSet& options);

struct LoadedConfig {
  OptionSet options;
  GpuConfig gpu;
};
// Loads the files in order, applies the --set "key=value" overrides, builds and checks.
LoadedConfig load_gpu_config(const std::vector<std::string>& files, const std::vector<std::string>& sets);

// Figures derived from a configuration, used by reports and tests.
double dram_peak_bytes_per_s(const GpuConfig& gpu);  // channels x chips x bus x data rate x clock
uint64_t l2_total_bytes(const GpuConfig& gpu);       // slices x slice size
uint64_t l1_bytes(const GpuConfig& gpu);             // 0 when the L1 is "none"; adaptive: with no shared memory

}  // namespace gpucosim
