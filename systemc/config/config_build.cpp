#include "systemc/config/config_build.h"

#include "kernel/input_error.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

GpuConfig build_gpu_config(const OptionSet& options) {
  BuildState state;
  for (const OptionEntry& e : options.modelled()) {
    try {
      apply_option(*e.def, e.value, state);
    } catch (const ValueError& err) {
      // Values are validated when set; this only fires for a bad registry default.
      throw InputError(e.origin.error_file(), e.origin.error_line(), "-" + e.name + ": " + err.what());
    }
  }
  finalize_build(state);
  check_gpu_config(state.gpu, options);
  return state.gpu;
}

LoadedConfig load_gpu_config(const std::vector<std::string>& files, const std::vector<std::string>& sets) {
  LoadedConfig c;
  for (const std::string& f : files) c.options.load_file(f);
  for (const std::string& s : sets) c.options.apply_set(s);
  c.gpu = build_gpu_config(c.options);
  return c;
}

double dram_peak_bytes_per_s(const GpuConfig& gpu) {
  const MemoryConfig& m = gpu.mem;
  return double(m.n_channels) * m.chips_per_channel * m.bus_width_bytes * m.data_command_freq_ratio *
         gpu.clock.dram_mhz * 1e6;
}

uint64_t l2_total_bytes(const GpuConfig& gpu) {
  return gpu.mem.l2.enabled ? uint64_t(gpu.mem.n_partitions()) * gpu.mem.l2.size_bytes() : 0;
}

uint64_t l1_bytes(const GpuConfig& gpu) {
  if (!gpu.core.l1d.enabled) return 0;
  if (!gpu.core.adaptive_l1) return gpu.core.l1d.size_bytes();
  CacheConfig largest = gpu.core.l1d;  // a kernel without shared memory
  largest.assoc = adaptive_l1_assoc(gpu.core, 0);
  return largest.size_bytes();
}

}  // namespace gpucosim
