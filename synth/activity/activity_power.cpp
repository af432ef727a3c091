// Power from recorded switching activity (see activity_power.h).
#include "synth/activity/activity_power.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "kernel/input_error.h"
#include "synth/activity/sta_activity.h"
#include "synth/flow/tool_runner.h"
#include "synth/flow/text_trim.h"

namespace gpucosim::synth {

namespace {

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw InputError(path, 0, "cannot write this file");
}

}  // namespace

void parse_activity_power_log(const std::string& log, const std::string& origin, ActivityPower& out) {
  std::istringstream in(log);
  std::string line;
  bool have = false, done = false, in_power = false;
  double table[4] = {0, 0, 0, 0};
  bool have_table = false;
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    // sta exits 0 whatever happens (toolchain.md): its messages are the only failure signal.
    if (t.rfind("Error", 0) == 0) throw InputError(origin, 0, "OpenSTA: " + t);
    if (t.rfind("Warning:", 0) == 0 && t.find(" not found") != std::string::npos)
      throw InputError(origin, 0, "OpenSTA: " + t + " (an activity names a pin or port the netlist lacks)");
    if (t == "GPUCOSIM section power") in_power = true;
    if (in_power && t.rfind("Total ", 0) == 0) {
      std::istringstream row(t.substr(6));
      have_table = static_cast<bool>(row >> table[0] >> table[1] >> table[2] >> table[3]);
    }
    if (t.rfind("GPUCOSIM activity_power_w ", 0) == 0) {
      std::istringstream f(t.substr(26));
      have = static_cast<bool>(f >> table[0] >> table[1] >> table[2] >> table[3]);
    }
    if (t == "GPUCOSIM done") done = true;
  }
  if (!done) throw InputError(origin, 0, "OpenSTA stopped before the end of its script (no 'GPUCOSIM done' line)");
  if (!have && !have_table) throw InputError(origin, 0, "OpenSTA printed no power figures");
  out.logic_internal_mw = table[0] * 1e3;
  out.logic_switching_mw = table[1] * 1e3;
  out.logic_leakage_mw = table[2] * 1e3;
  out.logic_mw = table[3] * 1e3;
}

ActivityPower activity_power(const BlockManifest& m, const LibertyInfo& lib, const StaScriptOptions& so,
                             const FlowPaths& paths, const ActivityRequest& req, const std::string& sta_program) {
  if (m.clock_port.empty())
    throw InputError(m.path, 0, "power from activity needs the block's clock (\"clock\": {\"port\": ...}) to count cycles");
  VcdActivityOptions vo;
  vo.top = req.scope.empty() ? m.top : req.scope;
  vo.clock = m.clock_port;
  vo.window = req.window;
  const VcdActivity vcd = read_vcd_activity_file(req.vcd, vo);
  const ActivityAnnotation ann = annotate_activity(vcd, read_text_file(paths.netlist), m.top, m.clock_port);
  if (ann.inputs_annotated == 0 && ann.registers_annotated == 0)
    throw InputError(req.vcd, 0,
                     "no input port or register of " + m.top + " has a signal in scope " + vcd.top_scope +
                         " of this VCD: is it the block's waves (--activity-scope names its instance)?");

  write_text(paths.activity_tcl, ann.tcl);
  const std::string source = req.vcd + ", cycles " + std::to_string(vcd.first_cycle) + ".." +
                             std::to_string(vcd.first_cycle + vcd.cycles - 1);
  write_text(paths.power_activity_script, power_activity_script(m, lib, so, paths, source, paths.activity_tcl));
  run_tool(sta_program, {"-no_init", "-exit", paths.power_activity_script}, paths.dir, paths.power_activity_log);
  ActivityPower p;
  parse_activity_power_log(read_text_file(paths.power_activity_log), paths.power_activity_log, p);

  // The same netlist with every net at the recorded mean (a separate run: OpenSTA caches power,
  // and -global overrides the per-input figures).
  char mean[160];
  std::snprintf(mean, sizeof mean, "set_power_activity -global -activity %.6g -duty %.6g\n", ann.mean_activity,
                ann.mean_duty);
  write_text(paths.activity_mean_tcl, "# Every net at the mean recorded activity of " +
                                          std::to_string(ann.inputs_annotated + ann.registers_annotated) +
                                          " matched input and register bits of " + source + "\n" + mean);
  write_text(paths.power_mean_script, power_activity_script(m, lib, so, paths, source + ", all nets at the mean",
                                                            paths.activity_mean_tcl));
  run_tool(sta_program, {"-no_init", "-exit", paths.power_mean_script}, paths.dir, paths.power_mean_log);
  ActivityPower q;
  parse_activity_power_log(read_text_file(paths.power_mean_log), paths.power_mean_log, q);
  p.mean_activity = ann.mean_activity;
  p.mean_duty = ann.mean_duty;
  p.mean_logic_mw = q.logic_mw;
  p.mean_logic_dynamic_mw = q.logic_internal_mw + q.logic_switching_mw;
  p.mean_logic_leakage_mw = q.logic_leakage_mw;
  p.vcd = req.vcd;
  p.scope = vcd.top_scope;
  p.clock = vcd.clock;
  p.workload = req.workload;
  p.first_cycle = vcd.first_cycle;
  p.cycles = vcd.cycles;
  p.input_bits = ann.input_bits;
  p.inputs_annotated = ann.inputs_annotated;
  p.register_bits = ann.register_bits;
  p.registers_annotated = ann.registers_annotated;
  p.mean_input_activity = ann.mean_input_activity;
  p.mean_register_activity = ann.mean_register_activity;
  return p;
}

}  // namespace gpucosim::synth
