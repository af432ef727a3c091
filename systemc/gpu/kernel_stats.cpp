#include "systemc/gpu/kernel_stats.h"

namespace gpucosim {

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

bool is_time_window_stat(const std::string& n) {
  // SM: cycles, the outcome of every issue slot, resident-warp samples.
  if (n == "sm_cycles" || n == "issued" || starts_with(n, "stall_") || starts_with(n, "occupancy_")) return true;
  // DRAM command bus: cycles with and without commands, with requests pending, and the share of
  // cycles carrying data.
  for (const char* s : {".n_cmd", ".n_nop", ".n_activity", ".bw_util"})
    if (starts_with(n, "dram[") && ends_with(n, s)) return true;
  // Interconnect switch-allocation conflicts are counted per network, not per packet.
  return n == "icnt_arb_conflicts";
}

const std::vector<std::string>& derived_stat_names() {
  static const std::vector<std::string> kNames = {
      "gpu_sim_cycle",           "gpu_ipc",  "gpu_warp_ipc", "gpu_occupancy", "L1D_total_cache_miss_rate",
      "L2_total_cache_miss_rate", "dram_row_buffer_hit_rate"};
  return kNames;
}

}  // namespace gpucosim
