// `gpucosim presets`: the GPU presets (configs/*.config) with their headline figures, read from the
// configuration each preset builds (so the list cannot drift from the files).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/configs_dir.h"
#include "systemc/config/config_build.h"
#include "systemc/config/presets.h"

namespace gpucosim::cli {

namespace {

struct Headline {
  std::string name;
  uint32_t sms = 0;
  double core_mhz = 0, icnt_mhz = 0, l2_mhz = 0, dram_mhz = 0;
  uint64_t l1_bytes = 0, shmem_bytes = 0, l2_bytes = 0;
  uint32_t channels = 0;
  double dram_gbps = 0;
};

Headline headline(const std::string& name) {
  const LoadedConfig c = load_gpu_config({find_preset(name, configs_dir())}, {});
  Headline h;
  h.name = name;
  h.sms = c.gpu.core.n_sms();
  h.core_mhz = c.gpu.clock.core_mhz;
  h.icnt_mhz = c.gpu.clock.icnt_mhz;
  h.l2_mhz = c.gpu.clock.l2_mhz;
  h.dram_mhz = c.gpu.clock.dram_mhz;
  h.l1_bytes = l1_bytes(c.gpu);
  h.shmem_bytes = c.gpu.core.shmem_bytes;
  h.l2_bytes = l2_total_bytes(c.gpu);
  h.channels = c.gpu.mem.n_channels;
  h.dram_gbps = dram_peak_bytes_per_s(c.gpu) / 1e9;
  return h;
}

std::string kib(uint64_t bytes) { return std::to_string(bytes / 1024) + " KB"; }

void print_text() {
  const std::vector<std::string> presets = list_presets(configs_dir());  // before the header: it may throw
  std::printf("%-8s %5s %-27s %9s %9s %9s %9s %12s\n", "preset", "SMs", "clocks core:icnt:L2:DRAM MHz", "L1/SM",
              "shmem/SM", "L2", "channels", "DRAM GB/s");
  for (const std::string& n : presets) {
    const Headline h = headline(n);
    char clocks[64];
    std::snprintf(clocks, sizeof clocks, "%.0f:%.0f:%.0f:%.0f", h.core_mhz, h.icnt_mhz, h.l2_mhz, h.dram_mhz);
    std::printf("%-8s %5u %-27s %9s %9s %9s %9u %12.1f\n", h.name.c_str(), h.sms, clocks, kib(h.l1_bytes).c_str(),
                kib(h.shmem_bytes).c_str(), kib(h.l2_bytes).c_str(), h.channels, h.dram_gbps);
  }
  std::printf("files: %s/<preset>.config (use with `gpucosim run --config <preset>`)\n", configs_dir().c_str());
}

void print_json() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const std::string& n : list_presets(configs_dir())) {
    const Headline h = headline(n);
    out.push_back({{"name", h.name},
                   {"file", find_preset(n, configs_dir())},
                   {"sms", h.sms},
                   {"clocks_mhz", {{"core", h.core_mhz}, {"icnt", h.icnt_mhz}, {"l2", h.l2_mhz}, {"dram", h.dram_mhz}}},
                   {"l1_bytes_per_sm", h.l1_bytes},
                   {"shmem_bytes_per_sm", h.shmem_bytes},
                   {"l2_bytes", h.l2_bytes},
                   {"dram_channels", h.channels},
                   {"dram_peak_gb_per_s", h.dram_gbps}});
  }
  std::cout << out.dump(2) << "\n";
}

}  // namespace

void register_presets_command(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "presets", "List the GPU presets (configs/*.config): SMs, clocks, L1/shared/L2 sizes, DRAM peak bandwidth");
  cmd->add_flag("--json", *json, "print JSON instead of text");
  cmd->callback([json] { *json ? print_json() : print_text(); });
}

}  // namespace gpucosim::cli
