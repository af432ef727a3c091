#pragma once
// What the flow needs to know about a standard-cell liberty before running the tools: that it can
// be read, its library name, units, nominal voltage, and its process node (for the SRAM model and
// the scaling to 45/28 nm). Not a liberty parser: only the header attributes are read.
#include <string>

namespace gpucosim::synth {

struct LibertyInfo {
  std::string path;
  std::string library;         // library(<name>)
  std::string time_unit;       // e.g. "1ns"
  std::string capacitive_unit; // e.g. "1,pf"
  double nom_voltage = 0;      // V; 0 when not given
  double node_nm = 0;          // process node
  std::string node_source;     // how the node was found: "--node", "file name", "library name"
  // The weakest buffer of the library (the first BUF* cell by name, else the first INV* cell; ""
  // when it has neither): what ABC assumes drives a module's inputs (synth/scripts/synth.ys).
  std::string driving_cell;
  // The strongest buffer or inverter (the largest drive number after the last 'X' of the name,
  // e.g. INVX8; a buffer on a tie): what ABC assumes drives the inputs of a module kept in the
  // hierarchical flow, whose driver is another module's output, sized for kAbcOutputLoadFf.
  std::string strong_driving_cell;
};

// Debian's qflow-tech-osu018 (180 nm), the default liberty.
std::string default_liberty_path();

// Reads the header of `path`. The node comes from `node_override_nm` when > 0, else from the file
// or library name ("osu018" = 180 nm, "osu035" = 350 nm, "osu05"/"osu050" = 500 nm, or "<N>nm").
// Throws InputError(path, line, ...) when the file is missing, has no library(...) group, or the
// node cannot be told (the message suggests --node).
LibertyInfo read_liberty_info(const std::string& path, double node_override_nm);

}  // namespace gpucosim::synth
