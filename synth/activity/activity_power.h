#pragma once
// Power of a synthesised block from switching activity recorded in a co-simulation (a VCD): the
// activity of the block's input bits and named registers over a window of clock cycles is handed
// to OpenSTA (set_power_activity), whose report_power then gives the logic power on that workload.
#include <string>

#include "synth/activity/vcd_activity.h"
#include "synth/flow/flow_scripts.h"
#include "synth/flow/liberty_info.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

struct ActivityRequest {
  std::string vcd;         // the VCD file
  ActivityWindow window;   // clock cycles of the VCD's block clock
  std::string scope;       // instance name of the block in the VCD; "" = the top module's name
  std::string workload;    // a label for reports, e.g. "transpose_naive on GTX480, SM 0"
};

// Reads the VCD, writes paths.activity_tcl and paths.power_activity_script, runs OpenSTA on the
// netlist already in paths.netlist and returns the figures (SRAM macros at the run's assumed SRAM
// activity: the VCD does not say which signals are a macro's enables). Throws InputError on a
// malformed VCD (file:line), a block without a clock port, or an OpenSTA error.
ActivityPower activity_power(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& so,
                             const FlowPaths& paths, const ActivityRequest& req, const std::string& sta_program);

// Parses what power_activity.tcl prints: (internal, switching, leakage, total) W. Throws
// InputError(origin, 0, ...) on an OpenSTA error or a missing result.
void parse_activity_power_log(const std::string& log, const std::string& origin, ActivityPower& out);

}  // namespace gpucosim::synth
