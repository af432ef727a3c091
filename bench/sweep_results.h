#pragma once
// The finished runs of a sweep (bench/sweeps/*.yaml), found by document, workload and the values
// of the options that vary: what the results generators read after `gpucosim sweep` ran.
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bench/cli_run.h"
#include "sweep/sweep_spec.h"

namespace gpucosim::bench {

class SweepResults {
 public:
  using Coords = std::vector<std::pair<std::string, std::string>>;
  // Reads every point of `spec` from `out_dir`; a point that did not finish is kept as a
  // CliResult with ok=false and reported on stderr under `who`.
  SweepResults(const sweep::SweepSpec& spec, const std::string& out_dir, const std::string& who);
  // The run of `workload` in document `group` whose options have these values.
  const CliResult& get(size_t group, const std::string& workload, const Coords& coords) const;

 private:
  static std::string key(size_t group, const std::string& workload, const Coords& coords);
  std::map<std::string, CliResult> runs_;
};

// Runs `gpucosim sweep FILE -j JOBS --out DIR` (the CLI of this build); false when it fails.
bool run_sweep(const std::string& sweep_file, unsigned jobs, const std::string& out_dir, const std::string& who);

}  // namespace gpucosim::bench
