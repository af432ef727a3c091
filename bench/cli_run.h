#pragma once
// Runs the `gpucosim` CLI as a child process and reads back its stats JSON. The benchmarks and
// the results generators run every simulation this way: SystemC elaborates once per process.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpucosim::bench {

// <folder of this executable>/../cli/gpucosim, i.e. the CLI of the same build.
std::string gpucosim_exe();

struct CliResult {
  bool ok = false;
  nlohmann::json stats;  // {"kernels": [...], "total": {...}, ...}
  nlohmann::json config; // the run's resolved configuration (effective-config.json "resolved")
  std::string dir;       // the run's --out folder (empty for run_workload's, which is removed)
  // Shortcuts into stats["total"].
  double total(const char* key) const { return stats["total"].value(key, 0.0); }
  // SMs of the simulated GPU (clusters x cores per cluster).
  double sms() const;
};

// The statistics and configuration a run wrote into its --out folder (stats.json,
// effective-config.json); ok=false when they are missing or unreadable.
CliResult read_run_dir(const std::string& dir);

// `gpucosim run --quiet --workload SPEC --config CONFIG [--set S]...`; prints the command to
// stderr and returns ok=false when the run fails.
CliResult run_workload(const std::string& spec, const std::string& config, const std::vector<std::string>& sets = {});

// `gpucosim blocks --json`: the research blocks this build registered (name, modes, params ...);
// an empty array when the CLI fails.
nlohmann::json registered_blocks();

}  // namespace gpucosim::bench
