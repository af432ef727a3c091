// Rendering of the per-run Yosys and OpenSTA scripts (see flow_scripts.h).
#include "synth/flow/flow_scripts.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "kernel/input_error.h"
#include "synth/flow/port_usage.h"
#include "synth/flow/templates.h"

namespace gpucosim::synth {

namespace {

// Yosys passes quotes through to some commands (tee -o "x" opens a file named with quotes), so
// its scripts name files bare, and a path Yosys cannot take is refused up front.
std::string yosys_path(const std::string& p) {
  if (p.find_first_of(" \t\n\"';") != std::string::npos)
    throw InputError(p, 0, "Yosys scripts cannot name a file whose path holds spaces, quotes or ';'; move it");
  return p;
}

// Tcl: a braced word is taken literally.
std::string tcl_path(const std::string& p) {
  if (p.find_first_of("{}") != std::string::npos) throw InputError(p, 0, "OpenSTA scripts cannot name a path with braces");
  return "{" + p + "}";
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

FlowPaths FlowPaths::in(const std::string& dir) {
  namespace fs = std::filesystem;
  auto p = [&dir](const char* f) { return (fs::path(dir) / f).string(); };
  FlowPaths f;
  f.dir = dir;
  f.ports_script = p("ports.ys");
  f.ports_log = p("ports.log");
  f.ports_json = p("ports.json");
  f.yosys_script = p("synth.ys");
  f.yosys_log = p("yosys.log");
  f.stat = p("stat.txt");
  f.macros_rtlil = p("macros.il");
  f.netlist = p("netlist.v");
  f.macro_liberty = p("sram_macros.lib");
  f.sta_script = p("sta.tcl");
  f.sta_log = p("sta.log");
  f.abc_constr = p("abc.constr");
  f.abc_inner_constr = p("abc_inner.constr");
  f.activity_tcl = p("activity.tcl");
  f.power_activity_script = p("power_activity.tcl");
  f.power_activity_log = p("power_activity.log");
  f.activity_mean_tcl = p("activity_mean.tcl");
  f.power_mean_script = p("power_activity_mean.tcl");
  f.power_mean_log = p("power_activity_mean.log");
  return f;
}

namespace {

std::string read_sources(const BlockManifest& m) {
  std::string read = "read_verilog -sv";
  for (const auto& d : m.include_dirs) read += " -I" + yosys_path(d);
  for (const auto& s : m.sources) read += " " + yosys_path(s);
  return read;
}

std::string chparam_command(const BlockManifest& m, const std::map<std::string, std::string>& parameters) {
  if (parameters.empty()) return {};
  std::string chparam = "chparam";
  for (const auto& [k, v] : parameters) chparam += " -set " + k + " " + v;
  return chparam + " " + m.top;
}

}  // namespace

std::string ports_script(const BlockManifest& m, const std::map<std::string, std::string>& parameters,
                         const LibertyInfo& lib, const FlowPaths& paths) {
  return render_template("ports.ys", {{"BLOCK", m.block},
                                      {"TOP", m.top},
                                      {"TOP_PATTERN", yosys_exact_pattern(m.top)},
                                      {"LIBERTY", yosys_path(lib.path)},
                                      {"READ_SOURCES", read_sources(m)},
                                      {"CHPARAM", chparam_command(m, parameters)},
                                      {"JSON", yosys_path(paths.ports_json)}});
}

std::string yosys_script(const BlockManifest& m, const std::map<std::string, std::string>& parameters,
                         const LibertyInfo& lib, double clock_ns, const FlowPaths& paths, bool flat,
                         const std::string& prune) {
  const std::string read = read_sources(m);
  const std::string chparam = chparam_command(m, parameters);

  std::string macros;
  if (!m.macros.empty()) {
    std::string names, selection;
    for (const auto& d : m.macros) {
      names += (names.empty() ? "" : ", ") + d.module;
      // The module itself (default parameters) and every parameterised copy Yosys derived; '='
      // lets the patterns match modules that are blackboxes already (stub macros).
      selection += " =" + d.module + " =$paramod*\\" + d.module + " =$paramod\\" + d.module + "\\*";
    }
    macros = render_template("macros.ys", {{"MACRO_MODULES", names},
                                           {"MACRO_SELECTION", selection.substr(1)},
                                           {"MACROS_RTLIL", yosys_path(paths.macros_rtlil)}});
  }

  // ABC's script (synth.ys says why it buffers and sizes), the same for the top and, in the
  // hierarchical flow, for every other module, mapped with the inner boundary constraints.
  const std::string abc_script =
      "+strash;ifraig;scorr;dc2;dretime;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer,-p;upsize,{D};dnsize,{D};stime,-p";
  const std::string delay_ps = std::to_string(long(std::lround(clock_ns * 1000)));
  std::string abc_inner;
  if (!flat)
    abc_inner = "abc -D " + delay_ps + " -liberty " + yosys_path(lib.path) +
                (lib.strong_driving_cell.empty() ? "" : " -constr " + yosys_path(paths.abc_inner_constr)) +
                " -script " + abc_script + " * " + m.top + " %d";

  return render_template("synth.ys", {{"BLOCK", m.block},
                                      {"TOP", m.top},
                                      {"LIBERTY", yosys_path(lib.path)},
                                      {"READ_SOURCES", read},
                                      {"CHPARAM", chparam},
                                      {"MACROS", macros},
                                      {"FLOW_NOTE", flat ? "Flat flow (--flat): one netlist, mapped as a whole."
                                                         : "Hierarchical flow: the top's instances are kept (flatten skips cells "
                                                           "marked keep_hierarchy), each of their modules synthesised and "
                                                           "mapped once with everything below it flattened into it."},
                                      {"KEEP_HIERARCHY", flat ? "" : "setattr -set keep_hierarchy 1 " + m.top + "/c:*"},
                                      {"PRUNE", flat || prune.empty()
                                                    ? ""
                                                    : "# Instances that leave outputs unread get a copy of their module "
                                                      "with those outputs cut\n# (synth/flow/port_usage.h).\n" + prune},
                                      {"STAT_TOP", flat ? "" : " -top " + m.top},
                                      {"CONSTR", lib.driving_cell.empty() ? "" : " -constr " + yosys_path(paths.abc_constr)},
                                      {"ABC_TOP_SELECTION", flat ? "" : " " + m.top},
                                      {"ABC_INNER", flat ? "" : abc_inner},
                                      {"INNER_CONSTR_NOTE", lib.strong_driving_cell.empty()
                                                                ? "none in this liberty: no constraint"
                                                                : "driving cell " + lib.strong_driving_cell},
                                      {"CONSTR_NOTE", lib.driving_cell.empty()
                                                          ? "none: the liberty has no buffer cell"
                                                          : "driving cell " + lib.driving_cell + ", " + num(kAbcOutputLoadFf) +
                                                                " fF on every output"},
                                      {"DELAY_PS", delay_ps},
                                      {"ABC_SCRIPT", abc_script},
                                      {"STAT", yosys_path(paths.stat)},
                                      {"NETLIST", yosys_path(paths.netlist)}});
}

namespace {

// ABC's boundary constraints for inputs driven by `cell` ("" without one).
std::string constraints_driven_by(const std::string& cell) {
  if (cell.empty()) return {};
  return "set_driving_cell " + cell + "\nset_load " + num(kAbcOutputLoadFf) + "\n";
}

}  // namespace

std::string abc_constraints(const LibertyInfo& lib) { return constraints_driven_by(lib.driving_cell); }

std::string abc_inner_constraints(const LibertyInfo& lib) { return constraints_driven_by(lib.strong_driving_cell); }

namespace {

std::string create_clock(const BlockManifest& m, double clock_ns) {
  const std::string period = num(clock_ns);
  if (m.clock_port.empty()) return "create_clock -name gpucosim_clk -period " + period;
  return "create_clock -name gpucosim_clk -period " + period + " [get_ports {" + m.clock_port + "}]";
}

}  // namespace

std::string power_activity_script(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& opt,
                                  const FlowPaths& paths, const std::string& source, const std::string& activity_tcl) {
  std::string one_line = source;
  for (auto& c : one_line)
    if (c == '\n' || c == '\r') c = ' ';
  return render_template("power_activity.tcl",
                         {{"BLOCK", m.block},
                          {"TOP", m.top},
                          {"SOURCE", one_line},
                          {"LIBERTY", tcl_path(lib.path)},
                          {"READ_MACRO_LIBERTY", opt.macro_liberty ? "read_liberty " + tcl_path(paths.macro_liberty) : ""},
                          {"NETLIST", tcl_path(paths.netlist)},
                          {"CREATE_CLOCK", create_clock(m, opt.clock_ns)},
                          {"OUTPUT_LOAD_PF", num(opt.output_load_pf)},
                          {"ACTIVITY_TCL", tcl_path(activity_tcl)}});
}

std::string sta_script(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& opt,
                       const FlowPaths& paths) {
  const std::string period = num(opt.clock_ns);
  std::string clock, inputs;
  if (m.clock_port.empty()) {
    // No clock port: a virtual clock times the input-to-output paths.
    clock = "create_clock -name gpucosim_clk -period " + period;
    inputs = "[all_inputs]";
  } else {
    clock = "create_clock -name gpucosim_clk -period " + period + " [get_ports {" + m.clock_port + "}]";
    inputs = "[delete_from_list [all_inputs] [get_ports {" + m.clock_port + "}]]";
  }
  return render_template("sta.tcl", {{"BLOCK", m.block},
                                     {"TOP", m.top},
                                     {"LIBERTY", tcl_path(lib.path)},
                                     {"READ_MACRO_LIBERTY", opt.macro_liberty ? "read_liberty " + tcl_path(paths.macro_liberty) : ""},
                                     {"NETLIST", tcl_path(paths.netlist)},
                                     {"CREATE_CLOCK", clock},
                                     {"IO_DELAY_NS", num(opt.io_delay_ns)},
                                     {"INPUTS", inputs},
                                     {"OUTPUT_LOAD_PF", num(opt.output_load_pf)}});
}

}  // namespace gpucosim::synth
