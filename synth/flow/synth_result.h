#pragma once
// The figures of one synthesis run, written as DIR/synth.json and DIR/synth.md and read back by
// the golden-value regression and `gpucosim report`. Units are in the field names.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "synth/flow/seed_figures.h"

namespace gpucosim::synth {

// One kind of SRAM macro instance (same module, same size), costed by the SRAM model.
struct MacroCost {
  std::string module;          // Verilog module of the macro
  std::string cell;            // cell name in the netlist and the macro liberty
  uint64_t words = 0, bits = 0;
  std::string ports;           // e.g. "1r1w"
  uint64_t instances = 0;
  double area_um2 = 0;         // per instance
  double access_ns = 0, cycle_ns = 0;
  double read_energy_pj = 0, write_energy_pj = 0;  // per access
  double leakage_mw = 0;       // per instance
  double dynamic_mw = 0;       // all instances, at the clock and SRAM activity of the run
};

struct CriticalPath {
  std::string startpoint, endpoint, group;
  double arrival_ns = 0;       // data arrival time at the endpoint
  double slack_ns = 0;
};

// Figures at another node, scaled from the liberty's: logic by Stillmaker & Baas, SRAM macros
// re-estimated by the SRAM model at that node. Always estimates.
struct ScaledFigures {
  double node_nm = 0;
  double logic_area_um2 = 0, sram_area_um2 = 0, total_area_um2 = 0;
  double fmax_mhz = 0;
  double power_mw = 0;         // at the same clock as the liberty-node run
  bool interpolated = false;   // the node is between the paper's table entries
};

// Power from switching activity recorded in a co-simulation (`gpucosim synth --activity`).
struct ActivityPower {
  std::string vcd, scope, clock, workload;
  uint64_t first_cycle = 0, cycles = 0;       // the window, in cycles of the VCD's clock
  uint64_t input_bits = 0, inputs_annotated = 0, register_bits = 0, registers_annotated = 0;
  double mean_input_activity = 0, mean_register_activity = 0;  // transitions per cycle
  double logic_mw = 0, logic_internal_mw = 0, logic_switching_mw = 0, logic_leakage_mw = 0;
  double sram_mw = 0;                          // SRAM dynamic + leakage at the run's sram_activity
  double power_mw = 0;                         // logic + SRAM
  // Second run: every net at the mean recorded activity and duty of all matched bits (inputs and
  // registers), since OpenSTA 2019 cannot take per-register activity (docs/synthesis.md).
  double mean_activity = 0, mean_duty = 0;
  double mean_logic_mw = 0, mean_logic_dynamic_mw = 0, mean_logic_leakage_mw = 0;
  double mean_power_mw = 0;                    // mean_logic_mw + sram_mw
};

// One row of the per-module breakdown of a hierarchical run: a module at one place in the
// hierarchy (rows are in depth-first order from the top; a module used under two parents has a
// row under each). Figures per instance include everything below the module (submodules, SRAM
// macros); `instances` counts its instances at this place in the whole block.
struct ModuleArea {
  std::string module;          // as Yosys named it: "fifo_ctrl" or "$paramod$<hash>\fifo_ctrl"
  std::string base;            // the Verilog module
  std::string label;           // the manifest's name for it ("" = none)
  int depth = 0;               // 0 = the top
  uint64_t instances = 0;
  uint64_t cells_each = 0;     // standard cells per instance, submodules included
  uint64_t own_cells = 0;      // standard cells of the module itself (its glue logic)
  uint64_t macros_each = 0;    // SRAM macro instances per instance, submodules included
  double logic_area_each_um2 = 0, sram_area_each_um2 = 0;
  double own_area_um2 = 0;     // logic area of the module itself, per instance
  double area_um2 = 0;         // (logic + SRAM per instance) x instances
  double share = 0;            // area_um2 / the block's total area
};

struct SynthResult {
  std::string block, top, liberty, library;
  std::string flow = "hierarchical";  // "hierarchical": each unique module mapped once; "flat": --flat
  double node_nm = 0;
  double clock_ns = 0;
  std::map<std::string, std::string> parameters;

  uint64_t cells = 0;          // standard cells (SRAM macros not included)
  uint64_t sram_macros = 0;    // SRAM macro instances
  std::map<std::string, uint64_t> cell_counts;
  double logic_area_um2 = 0, sram_area_um2 = 0, total_area_um2 = 0;

  double worst_setup_slack_ns = 0, worst_hold_slack_ns = 0;
  CriticalPath critical_path;
  double logic_fmax_mhz = 0;   // 1 / (period - worst setup slack)
  double sram_fmax_mhz = 0;    // 1 / slowest macro cycle time; 0 without macros
  double fmax_mhz = 0;         // the lower of the two
  std::string fmax_limited_by; // "logic" or "sram"

  double logic_power_mw = 0;   // OpenSTA report_power, default activity, at clock_ns
  double logic_internal_mw = 0, logic_switching_mw = 0, logic_leakage_mw = 0;
  double sram_dynamic_mw = 0, sram_leakage_mw = 0;
  double sram_activity = 0;    // accesses per port per cycle assumed for the macros
  double power_mw = 0;         // logic + SRAM
  bool has_activity = false;   // power_activity holds figures
  ActivityPower power_activity;

  std::vector<MacroCost> macros;
  std::vector<ModuleArea> modules;    // hierarchical runs: the per-module breakdown
  uint64_t unique_modules = 0;        // modules Yosys synthesised and mapped (one per parameter set)
  SeedFigures seed;                   // the manifest's seed figures, for the page beside the seeds
  std::vector<ScaledFigures> scaled;  // 45 and 28 nm
  std::string scaling_source;
  std::vector<std::string> warnings;  // OpenSTA/Yosys warnings worth reading, scaling gaps

  double yosys_s = 0, sta_s = 0;      // tool run times
};

nlohmann::ordered_json to_json(const SynthResult& r);

// Reads what to_json wrote; throws InputError(origin, 0, ...) naming a missing or mistyped field.
SynthResult synth_result_from_json(const nlohmann::json& j, const std::string& origin);

// Loads DIR/synth.json (or a synth.json path).
SynthResult load_synth_result(const std::string& dir_or_file);

// The same figures as Markdown (DIR/synth.md).
std::string to_markdown(const SynthResult& r);

// The per-module breakdown as a Markdown table (empty rows for a flat run).
std::string module_table(const SynthResult& r);

}  // namespace gpucosim::synth
