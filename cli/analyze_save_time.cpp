#include "cli/analyze_save_time.h"

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/configs_dir.h"
#include "compiler/kernel_opener.h"
#include "systemc/config/config_build.h"
#include "systemc/config/presets.h"
#include "systemc/gpu/save_time_model.h"

namespace gpucosim::cli {

void analyze_save_time(const SaveTimeArgs& a) {
  std::vector<std::string> files;
  for (const std::string& c : a.configs.empty() ? std::vector<std::string>{"GTX480"} : a.configs)
    files.push_back(find_preset(c, configs_dir()));
  const LoadedConfig cfg = load_gpu_config(files, a.sets);
  const compiler::KernelList list = compiler::kernel_list("gpucosim analyze save-time", a.trace, a.workload, a.trace_options);
  SaveTimeOptions opts;
  opts.control_bytes_per_warp = a.control_bytes_per_warp;

  nlohmann::ordered_json doc;
  doc["origin"] = list.origin;
  doc["analysis"] = "save-time";
  doc["config"] = a.configs.empty() ? std::vector<std::string>{"GTX480"} : a.configs;  // as given
  doc["control_bytes_per_warp"] = a.control_bytes_per_warp;
  doc["kernels"] = nlohmann::ordered_json::array();
  if (!a.json)
    std::printf("%-28s %8s %8s %8s %8s %8s %7s %13s %9s %9s\n", "kernel", "thr/TB", "regs/thr", "regs/TB",
                "ShM/TB", "ShM/SM", "TBs/SM", "limit", "Resour/SM", "save(us)");
  double bandwidth = 0;
  for (const compiler::KernelOpener& k : list.kernels) {
    const KernelHeader h = k.open()->header();
    const SaveTimeEstimate e = estimate_save_time(cfg.gpu, h, opts, k.origin());
    bandwidth = e.sm_bandwidth;
    if (a.json) {
      doc["kernels"].push_back({{"kernel", h.name},
                                {"threads_per_block", e.threads_per_block},
                                {"regs_per_thread", e.regs_per_thread},
                                {"regs_per_block", e.regs_per_block},
                                {"shmem_per_block", e.shmem_per_block},
                                {"control_bytes_per_block", e.control_per_block},
                                {"shmem_config_bytes", e.shmem_config},
                                {"blocks_per_sm", e.blocks_per_sm},
                                {"limited_by", e.limited_by},
                                {"context_bytes_per_sm", e.context_bytes_per_sm},
                                {"resource_share", e.resource_share},
                                {"sm_bandwidth_bytes_per_s", e.sm_bandwidth},
                                {"save_us", e.save_seconds * 1e6},
                                {"restore_us", e.restore_seconds * 1e6}});
    } else {
      std::printf("%-28s %8u %8u %8llu %8llu %8llu %7u %13s %8.2f%% %9.2f\n", h.name.substr(0, 28).c_str(),
                  e.threads_per_block, e.regs_per_thread, (unsigned long long)e.regs_per_block,
                  (unsigned long long)e.shmem_per_block, (unsigned long long)e.shmem_config, e.blocks_per_sm,
                  e.limited_by.c_str(), e.resource_share * 100, e.save_seconds * 1e6);
    }
  }
  if (a.json) {
    std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else if (!list.kernels.empty()) {
    std::printf("per-SM bandwidth %.3f GB/s (DRAM peak / %u SMs); restore = save; control state %u B per warp\n",
                bandwidth / 1e9, cfg.gpu.core.n_sms(), a.control_bytes_per_warp);
  }
}

}  // namespace gpucosim::cli
