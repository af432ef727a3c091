#pragma once
// SRAM macros of a block: matching the manifest's declarations with the modules Yosys sized
// (one per parameterisation), checking them, counting their instances in the flattened netlist,
// and costing each with the SRAM model at a process node.
#include <string>
#include <vector>

#include "power/sram_model.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_result.h"
#include "synth/flow/yosys_output.h"

namespace gpucosim::synth {

struct SizedMacro {
  MacroDecl decl;
  std::string yosys_name;     // module name in Yosys (and in its stat and netlist)
  std::string cell;           // clean cell name for the netlist and the macro liberty
  uint64_t words = 0, bits = 0;
  power::PortCounts ports;
  std::vector<RtlilPort> pins;
  uint64_t instances = 0;
};

// Resolves every declared macro. Throws InputError(manifest, 0, ...) when a declared module is not
// in the design, holds no array and declares no size, holds more than one array, reads
// asynchronously, disagrees with its declared size, or lacks its clock port.
std::vector<SizedMacro> resolve_macros(const BlockManifest& manifest, const std::vector<RtlilModule>& modules,
                                       const CellStats& stats);

struct MacroCostOptions {
  double node_nm = 0;
  double clock_ns = 0;
  double activity = 0.1;   // accesses per port per cycle
};

// The SRAM model's figures for one macro kind (all its instances).
MacroCost cost_macro(const SizedMacro& m, const MacroCostOptions& opt);

// Replaces every Yosys macro module name in a write_verilog netlist by its clean cell name.
std::string rename_macro_cells(const std::string& netlist, const std::vector<SizedMacro>& macros);

}  // namespace gpucosim::synth
