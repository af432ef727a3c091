// Markdown form of a synthesis result (DIR/synth.md), the same figures as synth.json.
#include <cstdio>
#include <sstream>

#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

namespace {

std::string fmt(double v, int prec = 2) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", prec, v);
  return buf;
}

std::string sci(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

}  // namespace

std::string module_table(const SynthResult& r) {
  std::ostringstream o;
  o << "| module | instances | cells each | area each um^2 | area um^2 | share of the block |\n"
       "|---|---|---|---|---|---|\n";
  for (const auto& m : r.modules) {
    std::string name = std::string(size_t(2 * m.depth), '.') + (m.depth > 0 ? " " : "");
    name += m.label.empty() ? "`" + m.base + "`" : m.label + " (`" + m.base + "`)";
    const double each = m.logic_area_each_um2 + m.sram_area_each_um2;
    o << "| " << name << " | " << m.instances << " | " << m.cells_each
      << (m.macros_each ? " + " + std::to_string(m.macros_each) + " SRAM" : std::string()) << " | " << fmt(each, 1)
      << " | " << fmt(m.area_um2, 1) << " | " << fmt(100.0 * m.share, 1) << "% |\n";
  }
  o << "\nA module's figures include everything below it; rows are indented by depth (`..` per level). "
       "The top's own logic (its glue) is "
    << (r.modules.empty() ? 0 : r.modules.front().own_cells) << " cells, "
    << fmt(r.modules.empty() ? 0.0 : r.modules.front().own_area_um2, 1) << " um^2.\n";
  return o.str();
}

std::string to_markdown(const SynthResult& r) {
  std::ostringstream o;
  o << "# Synthesis of " << r.block << "\n\n";
  o << "Top module `" << r.top << "`, liberty `" << r.liberty << "` (" << r.library << ", " << fmt(r.node_nm, 0)
    << " nm), target clock " << fmt(r.clock_ns, 3) << " ns";
  if (!r.parameters.empty()) {
    o << ", parameters";
    for (const auto& [k, v] : r.parameters) o << " " << k << "=" << v;
  }
  o << ".\n\n";

  o << "| figure | value |\n|---|---|\n";
  o << "| standard cells | " << r.cells << " |\n";
  o << "| SRAM macro instances | " << r.sram_macros << " |\n";
  o << "| logic area | " << fmt(r.logic_area_um2, 1) << " um^2 |\n";
  o << "| SRAM area | " << fmt(r.sram_area_um2, 1) << " um^2 |\n";
  o << "| total area | " << fmt(r.total_area_um2, 1) << " um^2 (" << fmt(r.total_area_um2 * 1e-6, 4) << " mm^2) |\n";
  o << "| worst setup slack | " << fmt(r.worst_setup_slack_ns, 3) << " ns |\n";
  o << "| worst hold slack | " << fmt(r.worst_hold_slack_ns, 3) << " ns |\n";
  o << "| fmax | " << fmt(r.fmax_mhz, 1) << " MHz (limited by " << r.fmax_limited_by << "; logic "
    << fmt(r.logic_fmax_mhz, 1) << " MHz";
  if (r.sram_fmax_mhz > 0) o << ", SRAM " << fmt(r.sram_fmax_mhz, 1) << " MHz";
  o << ") |\n";
  o << "| power | " << fmt(r.power_mw, 3) << " mW at " << fmt(1000.0 / r.clock_ns, 1) << " MHz (default activity) |\n";
  if (r.has_activity)
    o << "| power from activity | " << fmt(r.power_activity.power_mw, 3) << " mW at " << fmt(1000.0 / r.clock_ns, 1)
      << " MHz (" << (r.power_activity.workload.empty() ? r.power_activity.vcd : r.power_activity.workload)
      << "; inputs as recorded, the rest propagated by OpenSTA) |\n"
      << "| power at the mean recorded activity | " << fmt(r.power_activity.mean_power_mw, 3) << " mW (every net at "
      << fmt(r.power_activity.mean_activity, 4) << " transitions/cycle, duty " << fmt(r.power_activity.mean_duty, 3)
      << ") |\n";
  o << "\n";

  o << "Flow: " << (r.flow == "flat" ? "flat (`--flat`: the design flattened, then mapped as one netlist)"
                                     : "hierarchical (each of the " + std::to_string(r.unique_modules) +
                                           " unique modules synthesised and mapped once, the netlist stitched for timing)")
    << ".\n\n";
  if (!r.modules.empty()) o << module_table(r) << "\n";

  o << "Critical path (" << r.critical_path.group << "): `" << r.critical_path.startpoint << "` -> `"
    << r.critical_path.endpoint << "`, arrival " << fmt(r.critical_path.arrival_ns, 3) << " ns, slack "
    << fmt(r.critical_path.slack_ns, 3) << " ns.\n\n";

  o << "## Power\n\n| part | mW |\n|---|---|\n";
  o << "| logic internal | " << sci(r.logic_internal_mw) << " |\n";
  o << "| logic switching | " << sci(r.logic_switching_mw) << " |\n";
  o << "| logic leakage | " << sci(r.logic_leakage_mw) << " |\n";
  o << "| SRAM dynamic | " << sci(r.sram_dynamic_mw) << " |\n";
  o << "| SRAM leakage | " << sci(r.sram_leakage_mw) << " |\n\n";
  o << "Logic power is OpenSTA's `report_power` with its default switching activity at the target clock; "
       "SRAM power is the SRAM model's energy per access times "
    << fmt(r.sram_activity, 2) << " accesses per port per cycle, plus its leakage.\n\n";

  if (r.has_activity) {
    const ActivityPower& a = r.power_activity;
    o << "## Power from recorded activity\n\n";
    o << "Workload: " << (a.workload.empty() ? std::string("(not named)") : a.workload) << "; VCD `" << a.vcd
      << "`, scope `" << a.scope << "`, cycles " << a.first_cycle << ".." << (a.first_cycle + a.cycles - 1) << " ("
      << a.cycles << " cycles of `" << a.clock << "`).\n\n";
    o << "| part | mW |\n|---|---|\n";
    o << "| logic internal | " << sci(a.logic_internal_mw) << " |\n";
    o << "| logic switching | " << sci(a.logic_switching_mw) << " |\n";
    o << "| logic leakage | " << sci(a.logic_leakage_mw) << " |\n";
    o << "| SRAM (dynamic at " << fmt(r.sram_activity, 2) << " accesses/port/cycle + leakage) | " << sci(a.sram_mw)
      << " |\n";
    o << "| total | " << fmt(a.power_mw, 3) << " |\n";
    o << "| total, every net at the mean recorded activity (logic " << sci(a.mean_logic_mw) << ") | "
      << fmt(a.mean_power_mw, 3) << " |\n\n";
    o << "Annotated: " << a.inputs_annotated << " of " << a.input_bits << " input bits (mean activity "
      << fmt(a.mean_input_activity, 4) << " transitions/cycle), " << a.registers_annotated << " of " << a.register_bits
      << " flip-flop outputs (mean " << fmt(a.mean_register_activity, 4)
      << "); the rest keep OpenSTA's default or propagated activity.\n\n";
  }

  if (!r.macros.empty()) {
    o << "## SRAM macros (SRAM model, " << fmt(r.node_nm, 0) << " nm)\n\n";
    o << "| module | cell | words x bits | ports | instances | area um^2 each | access ns | cycle ns | read pJ | "
         "write pJ | leakage mW each |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& m : r.macros)
      o << "| " << m.module << " | " << m.cell << " | " << m.words << " x " << m.bits << " | " << m.ports << " | "
        << m.instances << " | " << fmt(m.area_um2, 1) << " | " << fmt(m.access_ns, 3) << " | " << fmt(m.cycle_ns, 3)
        << " | " << fmt(m.read_energy_pj, 2) << " | " << fmt(m.write_energy_pj, 2) << " | " << sci(m.leakage_mw)
        << " |\n";
    o << "\n";
  }

  if (!r.scaled.empty()) {
    o << "## Scaled to other nodes (estimates)\n\n";
    o << "Logic area, delay and energy scaled with " << r.scaling_source
      << "; SRAM macros re-estimated by the SRAM model at the node. Power at the same clock.\n\n";
    o << "| node | logic area um^2 | SRAM area um^2 | total area mm^2 | fmax MHz | power mW |\n|---|---|---|---|---|---|\n";
    for (const auto& s : r.scaled)
      o << "| " << fmt(s.node_nm, 0) << " nm" << (s.interpolated ? " (interpolated)" : "") << " | "
        << fmt(s.logic_area_um2, 1) << " | " << fmt(s.sram_area_um2, 1) << " | " << fmt(s.total_area_um2 * 1e-6, 5)
        << " | " << fmt(s.fmax_mhz, 1) << " | " << fmt(s.power_mw, 3) << " |\n";
    o << "\n";
  }

  if (!r.cell_counts.empty()) {
    o << "## Cells\n\n| cell | count |\n|---|---|\n";
    for (const auto& [c, n] : r.cell_counts) o << "| " << c << " | " << n << " |\n";
    o << "\n";
  }
  if (!r.warnings.empty()) {
    o << "## Warnings\n\n";
    for (const auto& w : r.warnings) o << "- " << w << "\n";
    o << "\n";
  }
  o << "Run time: Yosys " << fmt(r.yosys_s, 1) << " s, OpenSTA " << fmt(r.sta_s, 1) << " s.\n";
  return o.str();
}

}  // namespace gpucosim::synth
