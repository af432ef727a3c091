// Orchestration of the synthesis flow (see synth_flow.h).
#include "synth/flow/synth_flow.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>

#include "kernel/input_error.h"
#include "power/node_scaling.h"
#include "power/technology.h"
#include "synth/flow/flow_scripts.h"
#include "synth/flow/liberty_info.h"
#include "synth/flow/macro_liberty.h"
#include "synth/flow/module_breakdown.h"
#include "synth/flow/netlist_names.h"
#include "synth/flow/progress.h"
#include "synth/flow/sram_macros.h"
#include "synth/flow/port_usage.h"
#include "synth/flow/sta_output.h"
#include "synth/flow/tool_runner.h"
#include "synth/flow/yosys_output.h"

namespace fs = std::filesystem;

namespace gpucosim::synth {

namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw InputError(path, 0, "cannot write this file");
}

struct YosysStage {
  CellStats stats;
  DesignStats design;
  std::vector<SizedMacro> macros;
  double wall_s = 0;
};

// The hierarchical flow's first Yosys pass (port_usage.h): the top alone, as JSON.
std::vector<PrunedModule> find_unread_outputs(const BlockManifest& m, const std::map<std::string, std::string>& params,
                                              const LibertyInfo& lib, const SynthOptions& opt, const FlowPaths& paths) {
  write_file(paths.ports_script, ports_script(m, params, lib, paths));
  fs::remove(paths.ports_json);
  const ToolRun run = run_tool(opt.yosys, {"-s", paths.ports_script}, paths.dir, paths.ports_log, {});
  if (run.exit_code != 0) throw_yosys_error(read_text_file(paths.ports_log), paths.ports_log, m.path);
  std::set<std::string> macros;
  for (const auto& d : m.macros) macros.insert(d.module);
  return find_pruned_modules(read_text_file(paths.ports_json), m.top, macros, paths.ports_json);
}

YosysStage run_yosys(const BlockManifest& m, const std::map<std::string, std::string>& params, const LibertyInfo& lib,
                     double clock_ns, const SynthOptions& opt, const FlowPaths& paths, Progress* progress) {
  std::string prune;
  if (!opt.flat) {
    if (progress) progress->stage("yosys: outputs the top's instances leave unread");
    prune = pruning_commands(find_unread_outputs(m, params, lib, opt, paths), m.top);
  }
  if (progress) progress->stage(std::string("yosys: ") + (opt.flat ? "flat" : "hierarchical") + " synthesis of " + m.block);
  write_file(paths.yosys_script, yosys_script(m, params, lib, clock_ns, paths, opt.flat, prune));
  if (!lib.driving_cell.empty()) write_file(paths.abc_constr, abc_constraints(lib));
  if (!lib.strong_driving_cell.empty()) write_file(paths.abc_inner_constr, abc_inner_constraints(lib));
  fs::remove(paths.macros_rtlil);
  std::function<void(const std::string&)> watch;
  if (progress) watch = [progress](const std::string& line) { progress->yosys_line(line); };
  const ToolRun run = run_tool(opt.yosys, {"-s", paths.yosys_script}, paths.dir, paths.yosys_log, watch);
  const std::string log = read_text_file(paths.yosys_log);
  if (run.exit_code != 0) throw_yosys_error(log, paths.yosys_log, m.path);

  YosysStage st;
  st.wall_s = run.wall_s;
  st.design = parse_design_stat(read_text_file(paths.stat), m.top, paths.stat);
  st.stats = st.design.flat;
  if (!m.macros.empty()) st.macros = resolve_macros(m, parse_rtlil_modules(read_text_file(paths.macros_rtlil)), st.stats);
  for (const auto& type : st.stats.unknown_area) {
    const bool is_macro = std::any_of(st.macros.begin(), st.macros.end(),
                                      [&type](const SizedMacro& s) { return s.yosys_name == type; });
    if (!is_macro)
      throw InputError(m.path, 0,
                       "cell type " + type + " has no area in " + lib.path +
                           ": Yosys left it unmapped (a module missing from \"sources\", or a flip-flop kind the "
                           "liberty lacks); see " + paths.yosys_log);
  }
  return st;
}

double total_sram_area(const std::vector<MacroCost>& costs) {
  double a = 0;
  for (const auto& c : costs) a += c.area_um2 * double(c.instances);
  return a;
}

double slowest_cycle_ns(const std::vector<MacroCost>& costs) {
  double t = 0;
  for (const auto& c : costs) t = std::max(t, c.cycle_ns);
  return t;
}

double sram_power_mw(const std::vector<MacroCost>& costs) {
  double p = 0;
  for (const auto& c : costs) p += c.dynamic_mw + c.leakage_mw * double(c.instances);
  return p;
}

// Figures at another node: logic by Stillmaker & Baas, macros re-estimated by the SRAM model.
ScaledFigures scale_to(const SynthResult& r, const std::vector<SizedMacro>& macros, double node, const SynthOptions& opt) {
  const power::NodeScaling s = power::stillmaker_scaling(r.node_nm, node);
  std::vector<MacroCost> costs;
  for (const auto& m : macros) costs.push_back(cost_macro(m, {node, r.clock_ns, opt.sram_activity}));
  ScaledFigures f;
  f.node_nm = node;
  f.interpolated = s.interpolated;
  f.logic_area_um2 = r.logic_area_um2 * s.area;
  f.sram_area_um2 = total_sram_area(costs);
  f.total_area_um2 = f.logic_area_um2 + f.sram_area_um2;
  const double logic_fmax = r.logic_fmax_mhz / s.delay;
  const double cycle = slowest_cycle_ns(costs);
  f.fmax_mhz = cycle > 0 ? std::min(logic_fmax, 1000.0 / cycle) : logic_fmax;
  f.power_mw = r.logic_power_mw * s.energy + sram_power_mw(costs);
  return f;
}

}  // namespace

SynthResult run_synth(const BlockManifest& m, const SynthOptions& opt) {
  if (opt.out_dir.empty()) throw InputError("--out", 0, "expected an output folder");
  // The tools run inside the output folder: every path they read is made absolute first.
  const std::string liberty = opt.liberty.empty() ? default_liberty_path() : fs::absolute(opt.liberty).string();
  const LibertyInfo lib = read_liberty_info(liberty, opt.node_nm);
  const double clock_ns = opt.clock_ns > 0 ? opt.clock_ns : m.clock_ns;
  if (!(clock_ns > 0)) throw InputError("--clock-ns", 0, "expected a positive clock period in ns");
  if (!m.macros.empty() && !(lib.node_nm >= power::kMinNodeNm && lib.node_nm <= power::kMaxNodeNm))
    throw InputError(lib.path, 0,
                     "the SRAM model sizes macros at 16..180 nm, but this liberty is " + std::to_string(int(lib.node_nm)) +
                         " nm (" + lib.node_source + "); use a liberty of 180 nm or below, or --node");
  std::error_code ec;
  fs::create_directories(opt.out_dir, ec);
  if (ec) throw InputError(opt.out_dir, 0, "cannot create the output folder: " + ec.message());
  const FlowPaths paths = FlowPaths::in(fs::absolute(opt.out_dir).string());

  std::map<std::string, std::string> params = m.parameters;
  for (const auto& [k, v] : opt.parameters) params[k] = v;

  // Yosys, then the SRAM model for the macros it kept.
  std::optional<Progress> progress;
  if (opt.on_stage) progress.emplace(opt.on_stage);
  Progress* prog = progress ? &*progress : nullptr;
  YosysStage ys = run_yosys(m, params, lib, clock_ns, opt, paths, prog);
  if (prog) prog->stage("sram model: " + std::to_string(ys.macros.size()) + " macro kind(s)");
  std::vector<MacroCost> costs;
  for (const auto& sm : ys.macros) costs.push_back(cost_macro(sm, {lib.node_nm, clock_ns, opt.sram_activity}));
  if (!ys.macros.empty()) {
    write_file(paths.netlist, rename_macro_cells(read_text_file(paths.netlist), ys.macros));
    write_file(paths.macro_liberty, macro_liberty(ys.macros, costs, {lib.nom_voltage > 0 ? lib.nom_voltage : 1.8}));
  }

  // OpenSTA.
  StaScriptOptions so;
  so.clock_ns = clock_ns;
  so.io_delay_ns = opt.io_delay_fraction * clock_ns;
  so.output_load_pf = opt.output_load_pf;
  so.macro_liberty = !ys.macros.empty();
  write_file(paths.sta_script, sta_script(m, lib, so, paths));
  if (prog) prog->stage("opensta: timing and power of the " + std::string(opt.flat ? "flat" : "stitched hierarchical") + " netlist");
  const ToolRun sta = run_tool(opt.sta, {"-no_init", "-exit", paths.sta_script}, paths.dir, paths.sta_log);
  const StaReport timing = parse_sta_output(read_text_file(paths.sta_log), paths.sta_log);

  SynthResult r;
  r.block = m.block;
  r.top = m.top;
  r.flow = opt.flat ? "flat" : "hierarchical";
  r.seed = m.seed;
  r.liberty = lib.path;
  r.library = lib.library;
  r.node_nm = lib.node_nm;
  r.clock_ns = clock_ns;
  r.parameters = params;
  for (const auto& [type, n] : ys.stats.cells) {
    const bool is_macro = std::any_of(ys.macros.begin(), ys.macros.end(),
                                      [&type](const SizedMacro& s) { return s.yosys_name == type; });
    if (is_macro) r.sram_macros += n;
    else r.cell_counts[type] = n;
  }
  r.cells = ys.stats.total_cells - r.sram_macros;
  r.logic_area_um2 = ys.stats.chip_area;
  r.sram_area_um2 = total_sram_area(costs);
  r.total_area_um2 = r.logic_area_um2 + r.sram_area_um2;

  r.worst_setup_slack_ns = timing.worst_setup_slack_ns;
  r.worst_hold_slack_ns = timing.worst_hold_slack_ns;
  r.critical_path = timing.critical_path;
  {
    const std::string netlist = read_text_file(paths.netlist);
    r.critical_path.startpoint = describe_instance(netlist, r.critical_path.startpoint);
    r.critical_path.endpoint = describe_instance(netlist, r.critical_path.endpoint);
  }
  const double critical_ns = clock_ns - timing.worst_setup_slack_ns;
  if (!(critical_ns > 0)) throw InputError(paths.sta_log, 0, "OpenSTA reported a critical path of no length");
  r.logic_fmax_mhz = 1000.0 / critical_ns;
  const double cycle = slowest_cycle_ns(costs);
  r.sram_fmax_mhz = cycle > 0 ? 1000.0 / cycle : 0.0;
  const bool sram_limits = r.sram_fmax_mhz > 0 && r.sram_fmax_mhz < r.logic_fmax_mhz;
  r.fmax_mhz = sram_limits ? r.sram_fmax_mhz : r.logic_fmax_mhz;
  r.fmax_limited_by = sram_limits ? "sram" : "logic";

  r.logic_internal_mw = timing.internal_w * 1e3;
  r.logic_switching_mw = timing.switching_w * 1e3;
  r.logic_leakage_mw = timing.leakage_w * 1e3;
  r.logic_power_mw = timing.total_w * 1e3;
  r.sram_activity = opt.sram_activity;
  for (const auto& c : costs) {
    r.sram_dynamic_mw += c.dynamic_mw;
    r.sram_leakage_mw += c.leakage_mw * double(c.instances);
  }
  r.power_mw = r.logic_power_mw + r.sram_dynamic_mw + r.sram_leakage_mw;
  r.macros = costs;
  r.warnings = timing.warnings;
  if (!opt.flat) {
    std::map<std::string, double> macro_area;
    for (size_t i = 0; i < ys.macros.size(); ++i) macro_area[ys.macros[i].yosys_name] = costs[i].area_um2;
    r.modules = module_breakdown(ys.design, macro_area, m.module_labels, r.total_area_um2);
    r.unique_modules = ys.design.instances.size();
  }

  r.scaling_source = power::stillmaker_citation();
  for (double node : opt.scale_to_nm) {
    if (node == r.node_nm) continue;
    if (!power::stillmaker_covers(r.node_nm) || !power::stillmaker_covers(node)) {
      r.warnings.push_back("no scaled figures for " + std::to_string(int(node)) + " nm: Stillmaker & Baas cover 7..180 nm");
      continue;
    }
    r.scaled.push_back(scale_to(r, ys.macros, node, opt));
  }
  if (!opt.activity.vcd.empty()) {
    if (prog) prog->stage("opensta: power from the recorded activity of " + opt.activity.vcd);
    r.power_activity = activity_power(m, lib, so, paths, opt.activity, opt.sta);
    r.power_activity.sram_mw = r.sram_dynamic_mw + r.sram_leakage_mw;
    r.power_activity.power_mw = r.power_activity.logic_mw + r.power_activity.sram_mw;
    r.power_activity.mean_power_mw = r.power_activity.mean_logic_mw + r.power_activity.sram_mw;
    r.has_activity = true;
  }
  r.yosys_s = ys.wall_s;
  r.sta_s = sta.wall_s;

  if (prog) prog->stage("done: " + (fs::path(paths.dir) / "synth.json").string());
  write_file((fs::path(paths.dir) / "synth.json").string(), to_json(r).dump(2) + "\n");
  write_file((fs::path(paths.dir) / "synth.md").string(), to_markdown(r));
  return r;
}

}  // namespace gpucosim::synth
