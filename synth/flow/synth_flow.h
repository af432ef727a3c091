#pragma once
// The synthesis flow of one block: Yosys (liberty first, synth, flip-flop mapping, ABC with
// buffering, stat) with SRAM macros kept as blackboxes and, unless flat, the hierarchy kept (each
// unique module synthesised and mapped once, OpenSTA timing the stitched hierarchical netlist), the SRAM model for the macros, OpenSTA
// (setup/hold slack, critical path, power) and the scaling to other nodes. Writes the scripts,
// logs, netlist and DIR/synth.json + DIR/synth.md into the output folder.
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "synth/activity/activity_power.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

struct SynthOptions {
  std::string out_dir;                 // required; created if missing
  std::string liberty;                 // "" = Debian's qflow-tech-osu018 (180 nm)
  double node_nm = 0;                  // 0 = from the liberty's name
  double clock_ns = 0;                 // 0 = the manifest's period
  std::map<std::string, std::string> parameters;  // override the manifest's top parameters
  std::string yosys = "yosys", sta = "sta";       // tool names or paths
  double sram_activity = 0.1;          // accesses per macro port per cycle (OpenSTA's default input activity)
  double io_delay_fraction = 0.1;      // input arrival / output requirement as a share of the period
  double output_load_pf = 0.01;
  std::vector<double> scale_to_nm = {45, 28};
  ActivityRequest activity;            // activity.vcd non-empty: also the power from that VCD
  // Called as each stage starts ("Yosys: synthesis", "OpenSTA: timing and power" ...), for
  // `gpucosim synth --progress`.
  std::function<void(const std::string& stage)> on_stage;
  bool flat = false;                   // --flat: flatten before mapping (the one-netlist flow)
};

// Runs the flow. Throws InputError on bad input or a tool failure: the message names the file and
// line when the tool gave one, else the manifest and the tool's log.
SynthResult run_synth(const BlockManifest& manifest, const SynthOptions& options);

}  // namespace gpucosim::synth
