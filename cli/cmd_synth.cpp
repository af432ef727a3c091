// `gpucosim synth BLOCK`: synthesise an RTL block with Yosys onto a standard-cell liberty, time it
// with OpenSTA, cost its SRAM macros with the SRAM model, and write DIR/synth.json + synth.md.
// Optionally compares with (or refreshes) the block's golden values for the area/fmax regression.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/numeric_options.h"
#include "cli/progress.h"
#include "kernel/input_error.h"
#include "synth/flow/golden.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_flow.h"

namespace gpucosim::cli {

namespace {

struct SynthArgs {
  std::string block, liberty, out, rtl_dir, golden, yosys = "yosys", sta = "sta";
  std::optional<double> clock_ns, node_nm;  // unset: the manifest's clock, the liberty's node
  double sram_activity = 0.1;
  int progress = -1;  // --progress 1, --no-progress 0, neither -1
  std::vector<std::string> params;
  std::string activity, activity_window, activity_scope, workload;
  bool check_golden = false, update_golden = false, quiet = false, flat = false;
};

std::string fixed(double v, int prec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", prec, v);
  return buf;
}

// Paths the tools see are made absolute here: the tools run inside the output folder, so a path
// relative to where the user stands would name another file there. Bare program names are left
// for the PATH lookup.
std::string absolute_path(const std::string& p) {
  if (p.empty()) return p;
  return std::filesystem::absolute(p).lexically_normal().string();
}
std::string absolute_program(const std::string& p) { return p.find('/') == std::string::npos ? p : absolute_path(p); }


void run(const SynthArgs& a) {
  namespace fs = std::filesystem;
  const synth::BlockManifest m = synth::load_manifest(
      synth::locate_manifest(a.block, a.rtl_dir.empty() ? synth::default_rtl_dir() : absolute_path(a.rtl_dir)));

  synth::SynthOptions o;
  o.out_dir = absolute_path(a.out.empty() ? (fs::path("gpucosim-out") / "synth" / m.block).string() : a.out);
  o.liberty = absolute_path(a.liberty);
  o.node_nm = a.node_nm.value_or(0);    // 0 = from the liberty
  o.clock_ns = a.clock_ns.value_or(0);  // 0 = the manifest's
  o.yosys = absolute_program(a.yosys);
  o.sta = absolute_program(a.sta);
  o.flat = a.flat;
  o.sram_activity = a.sram_activity;
  // Golden values are those of the regression, which runs the manifest's CI-sized configuration.
  const bool golden_run = a.check_golden || a.update_golden || !a.golden.empty();
  if (golden_run) o.parameters = m.regression_parameters;
  for (const auto& p : a.params) {
    const size_t eq = p.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == p.size())
      throw InputError("--param", 0, "'" + p + "': expected NAME=VALUE, e.g. DEPTH=128");
    o.parameters[p.substr(0, eq)] = p.substr(eq + 1);
  }

  if (!a.activity.empty()) {
    // Checked before Yosys runs (options are checked before anything runs); the VCD itself is read after.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(a.activity, ec))
      throw InputError(a.activity, 0, std::string(std::filesystem::is_directory(a.activity, ec) ? "is a folder" : "not found") +
                                          ": --activity expects a VCD file of the block's simulation");
    o.activity.vcd = absolute_path(a.activity);
    if (!a.activity_window.empty()) o.activity.window = synth::parse_activity_window(a.activity_window, "--activity-window");
    o.activity.scope = a.activity_scope;
    o.activity.workload = a.workload;
  } else if (!a.activity_window.empty() || !a.activity_scope.empty() || !a.workload.empty()) {
    throw InputError("--activity", 0, "--activity-window, --activity-scope and --workload need --activity FILE.vcd");
  }

  std::unique_ptr<StageTicker> ticker;
  if (progress_wanted(a.progress, a.quiet)) {
    ticker = std::make_unique<StageTicker>("gpucosim synth " + m.block);
    o.on_stage = [&ticker](const std::string& s) { ticker->stage(s); };
  }
  const synth::SynthResult r = synth::run_synth(m, o);
  ticker.reset();
  if (!a.quiet) {
    std::cout << r.block << ": " << r.cells << " cells, " << r.sram_macros << " SRAM macros; area " << fixed(r.total_area_um2, 1)
              << " um^2 (logic " << fixed(r.logic_area_um2, 1) << ", SRAM " << fixed(r.sram_area_um2, 1) << ") at "
              << fixed(r.node_nm, 0) << " nm\n"
              << "  setup slack " << fixed(r.worst_setup_slack_ns, 3) << " ns, hold slack "
              << fixed(r.worst_hold_slack_ns, 3) << " ns at " << fixed(r.clock_ns, 3) << " ns; fmax "
              << fixed(r.fmax_mhz, 1) << " MHz (" << r.fmax_limited_by << "); power " << fixed(r.power_mw, 3) << " mW\n";
    if (r.has_activity) {
      const synth::ActivityPower& p = r.power_activity;
      std::cout << "  power from activity: " << fixed(p.power_mw, 3) << " mW (logic " << fixed(p.logic_mw, 3)
                << ": dynamic " << fixed(p.logic_internal_mw + p.logic_switching_mw, 3) << ", leakage "
                << fixed(p.logic_leakage_mw, 6) << "; SRAM " << fixed(p.sram_mw, 3) << ") over " << p.cycles
                << " cycles from " << p.first_cycle << " of " << p.vcd << "; annotated " << p.inputs_annotated << "/"
                << p.input_bits << " input bits, " << p.registers_annotated << "/" << p.register_bits << " registers\n"
                << "  power at the mean recorded activity (every net " << fixed(p.mean_activity, 4)
                << " transitions/cycle, duty " << fixed(p.mean_duty, 3) << "): " << fixed(p.mean_power_mw, 3)
                << " mW\n";
    }
    if (r.flow == "hierarchical")
      std::cout << "  flow: hierarchical, " << r.unique_modules << " unique modules each mapped once (per-module "
                << "breakdown in synth.md)\n";
    else
      std::cout << "  flow: flat\n";
    for (const auto& s : r.scaled)
      std::cout << "  estimate at " << fixed(s.node_nm, 0) << " nm: area " << fixed(s.total_area_um2 * 1e-6, 5)
                << " mm^2, fmax " << fixed(s.fmax_mhz, 0) << " MHz, power " << fixed(s.power_mw, 3) << " mW\n";
    std::cout << "  wrote " << (fs::path(o.out_dir) / "synth.json").string() << " and synth.md\n";
  }

  const std::string golden = a.golden.empty() ? (fs::path(synth::default_golden_dir()) / (r.block + ".json")).string()
                                              : a.golden;
  if (a.update_golden) {
    synth::write_golden(golden, r);
    if (!a.quiet) std::cout << "  golden values written to " << golden << "\n";
  } else if (a.check_golden || !a.golden.empty()) {
    const synth::GoldenCheck c = synth::compare_with_golden(r, synth::load_golden(golden), golden);
    if (!a.quiet)
      for (const auto& i : c.improvements) std::cout << "  improved: " << i << " (refresh with --update-golden)\n";
    if (!c.ok()) {
      std::string msg = "synthesis regression against the golden values:";
      for (const auto& f : c.failures) msg += "\n  " + f;
      throw InputError(golden, 0, msg);
    }
    if (!a.quiet) std::cout << "  matches the golden values in " << golden << "\n";
  }
}

}  // namespace

void register_synth_command(CLI::App& app) {
  auto a = std::make_shared<SynthArgs>();
  CLI::App* cmd = app.add_subcommand(
      "synth", "Synthesise an RTL block (Yosys + OpenSTA + SRAM model): area, timing, fmax, power -> DIR/synth.json");
  cmd->add_option("block", a->block, "block name (rtl/<block>/block.json), a folder with block.json, or a manifest")
      ->required();
  cmd->add_option("--liberty", a->liberty, "standard-cell liberty (default: Debian qflow-tech-osu018, 180 nm)");
  add_real_option(cmd, "--clock-ns", &a->clock_ns, "target clock period in ns, e.g. 5 or 5ns (default: the manifest's)", 0,
                  1e6, /*min_exclusive=*/true, "ns");
  cmd->add_option("--out", a->out, "output folder (default: gpucosim-out/synth/<block>)");
  add_real_option(cmd, "--node", &a->node_nm, "process node of the liberty in nm (5..1000, e.g. 45 or 45nm), when its name does not tell",
                  5, 1000, /*min_exclusive=*/false, "nm");
  cmd->add_flag("--flat", a->flat,
                "flatten the design before mapping (one netlist) instead of mapping each unique module once");
  cmd->add_option("--param", a->params, "override a top-level parameter: NAME=VALUE (repeatable)");
  cmd->add_option("--rtl-dir", a->rtl_dir, "where block names are looked up (default: the source tree's rtl/)");
  add_real_option(cmd, "--sram-activity", &a->sram_activity,
                  "SRAM accesses per macro port per cycle for power (0..1, default 0.1)", 0, 1);
  cmd->add_option("--activity", a->activity,
                  "VCD of the block recorded in a co-simulation: also report power_activity_mw from its switching activity");
  cmd->add_option("--activity-window", a->activity_window,
                  "START:END clock cycles of the VCD to average over (default: the whole file)");
  cmd->add_option("--activity-scope", a->activity_scope,
                  "instance name of the block in the VCD (default: the top module's name)");
  cmd->add_option("--workload", a->workload, "label of the recorded run for the reports, e.g. transpose_naive");
  cmd->add_flag("--check-golden", a->check_golden, "compare area and fmax with synth/golden/<block>.json (5% tolerance)");
  cmd->add_option("--golden", a->golden, "golden file to compare with or update (implies --check-golden)");
  cmd->add_flag("--update-golden", a->update_golden, "write this run's figures as the block's golden values");
  cmd->add_option("--yosys", a->yosys, "yosys executable (default: yosys on PATH)");
  cmd->add_option("--sta", a->sta, "OpenSTA executable (default: sta on PATH)");
  cmd->add_flag_function(
      "--progress", [a](int64_t) { a->progress = 1; },
      "show the running stage and its time on stderr (default: when stderr is a terminal)");
  cmd->add_flag_function("--no-progress", [a](int64_t) { a->progress = 0; }, "never show progress");
  cmd->add_flag("--quiet", a->quiet, "print nothing but errors");
  cmd->callback([a] { run(*a); });
}

}  // namespace gpucosim::cli
