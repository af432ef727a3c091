#pragma once
// Reader for what the generated OpenSTA script prints. `sta` exits 0 even when a command fails
// (toolchain.md), so this is where failures are found: any "Error:" line, "... not found" warnings
// (an unlinked cell or a misspelt port), or missing GPUCOSIM result lines.
#include <string>
#include <vector>

#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

struct StaReport {
  double worst_setup_slack_ns = 0, worst_hold_slack_ns = 0;
  CriticalPath critical_path;          // the setup path with the least slack
  double internal_w = 0, switching_w = 0, leakage_w = 0, total_w = 0;
  std::vector<std::string> warnings;   // harmless warnings, kept for the report
};

// Parses the log of the generated sta.tcl. Throws InputError(origin, 0, ...) quoting the first
// error (OpenSTA's own "Error: file, line ..." text names the script or netlist line).
StaReport parse_sta_output(const std::string& log, const std::string& origin);

}  // namespace gpucosim::synth
