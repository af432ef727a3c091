#pragma once
// The Yosys and OpenSTA scripts of one run, rendered from the templates in synth/scripts/.
#include <map>
#include <string>

#include "synth/flow/liberty_info.h"
#include "synth/flow/manifest.h"

namespace gpucosim::synth {

// Where one run keeps its files (all inside the output folder).
struct FlowPaths {
  std::string dir;
  std::string ports_script, ports_log, ports_json;  // the hierarchical flow's port-usage pass
  std::string yosys_script, yosys_log, stat, macros_rtlil, netlist;
  std::string macro_liberty, sta_script, sta_log;
  std::string abc_constr;  // ABC's boundary constraints (driving cell, output load)
  std::string abc_inner_constr;  // the same for modules kept in the hierarchical flow (strong driver)
  std::string activity_tcl, power_activity_script, power_activity_log;  // --activity only
  std::string activity_mean_tcl, power_mean_script, power_mean_log;     // its all-nets-at-the-mean run
  static FlowPaths in(const std::string& dir);
};

// `flat`: flatten the design before mapping (the --flat flow); otherwise the hierarchy is kept,
// every unique module (one per parameter set and set of outputs its instances read) is
// synthesised and mapped once, and stat reports each module and the hierarchy's totals.
// `prune`: the hierarchical flow's commands that give instances with unread outputs their pruned
// module copies (port_usage.h); ignored when flat.
std::string yosys_script(const BlockManifest& m, const std::map<std::string, std::string>& parameters,
                         const LibertyInfo& lib, double clock_ns, const FlowPaths& paths, bool flat,
                         const std::string& prune = "");

// The Yosys script that writes paths.ports_json: the top alone after proc and clean-up, every
// other module a blackbox (port_usage.h reads it).
std::string ports_script(const BlockManifest& m, const std::map<std::string, std::string>& parameters,
                         const LibertyInfo& lib, const FlowPaths& paths);

// The text of paths.abc_constr ("" when the liberty has no buffer or inverter to name).
constexpr double kAbcOutputLoadFf = 50;  // a module output's load: a few gates in other modules
std::string abc_constraints(const LibertyInfo& lib);
// The text of paths.abc_inner_constr: the library's strongest buffer or inverter drives a kept
// module's inputs ("" when the liberty has none).
std::string abc_inner_constraints(const LibertyInfo& lib);

struct StaScriptOptions {
  double clock_ns = 0;
  double io_delay_ns = 0;     // input arrival and output requirement, from the clock edge
  double output_load_pf = 0;  // load on every output
  bool macro_liberty = false; // read paths.macro_liberty
};

std::string sta_script(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& opt,
                       const FlowPaths& paths);

// The OpenSTA script of the power from recorded activity: the same design and clock as
// sta_script, then `source` of paths.activity_tcl (set_power_activity commands) and report_power.
// `source` names the VCD and window in the script's header.
// `activity_tcl` is the file it sources (paths.activity_tcl or paths.activity_mean_tcl).
std::string power_activity_script(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& opt,
                                  const FlowPaths& paths, const std::string& source, const std::string& activity_tcl);

}  // namespace gpucosim::synth
