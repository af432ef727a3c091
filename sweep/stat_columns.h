#pragma once
// The statistics a sweep collects, one CSV column each. A column is either an alias of a figure
// people usually want, or any name in stats.json's "total" (e.g. stall_mem, L2_total_cache_hits).
//   cycles        gpu_sim_cycle                      ipc           gpu_ipc (thread instructions / cycle)
//   warp_insn     warp instructions                  l1_miss_rate  L1D_total_cache_miss_rate
//   l2_miss_rate  L2_total_cache_miss_rate           dram_bw_gbps  DRAM bytes read + written / run time
//   energy_uj     energy.json's total (runs with --energy)
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpucosim::sweep {

// What one run left behind: stats.json, and when present effective-config.json and energy.json.
struct RunFiles {
  nlohmann::json stats;   // {"kernels": [...], "total": {...}, "end": ...}
  nlohmann::json config;  // effective-config.json, or null
  nlohmann::json energy;  // energy.json, or null
};
// Reads stats_file and the other two beside it. Throws InputError when stats_file is unreadable.
RunFiles read_run_files(const std::string& stats_file);

// cycles, ipc, warp_insn, l1_miss_rate, l2_miss_rate, dram_bw_gbps (and energy_uj with_energy).
std::vector<std::string> default_stat_columns(bool with_energy);

bool is_stat_alias(const std::string& column);
// "expected an alias (cycles, ...) or a name in stats.json's "total"": the end of every message
// about a statistic name that no run has.
std::string stat_name_expected();

// The column's value for one run; nullopt when the run does not have it (a statistic its
// configuration does not produce, energy not measured).
std::optional<double> stat_value(const std::string& column, const RunFiles& run);

// Numbers as the CSV holds them: integers without a fraction, others with 10 significant digits.
std::string format_number(double v);

}  // namespace gpucosim::sweep
