#pragma once
// Synthesis manifest of an RTL block (rtl/<block>/block.json): what to read, the top module and
// its parameters, the clock, and which modules are SRAM macros. The format is documented in
// docs/how-to-add-a-block.md, section "Synthesis manifest". Every error names the manifest file
// and, for JSON syntax errors, the line.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "synth/flow/seed_figures.h"

namespace gpucosim::synth {

// A module the flow keeps as a blackbox and costs with the SRAM model instead of mapping its
// array to flip-flops. Its size is read from the behavioural array in its RTL; `words`/`bits`
// are only needed for a stub without one (and must agree with the RTL when both exist).
struct MacroDecl {
  std::string module;
  std::string clock = "clk";       // the macro's clock port
  std::string ports;               // "" = from the RTL memory (N read, M write ports), else e.g. "1rw"
  std::optional<uint64_t> words;   // declared size (stub macros)
  std::optional<uint64_t> bits;
};

struct BlockManifest {
  std::string path;                // the manifest file
  std::string dir;                 // its folder; sources are relative to it
  std::string block;               // block name (defaults to the folder name)
  std::string top;                 // top module
  std::vector<std::string> sources;       // absolute paths
  std::vector<std::string> include_dirs;  // absolute paths
  std::map<std::string, std::string> parameters;  // top-level parameter overrides (Verilog literals)
  // Applied on top of `parameters` by the area/fmax regression only: a smaller configuration keeps
  // a large block's CI synthesis within minutes while `gpucosim synth` reports the full one.
  std::map<std::string, std::string> regression_parameters;
  std::string clock_port;          // "" for a purely combinational block (virtual clock)
  double clock_ns = 5.0;           // target clock period unless --clock-ns overrides it
  std::vector<MacroDecl> macros;
  // Names for the synthesis report's per-module breakdown, by Verilog module (e.g. "instruction
  // queues" for the module holding them); modules without one are listed by module name.
  std::map<std::string, std::string> module_labels;
  SeedFigures seed;                // the block's published figures ("seed"), if the manifest gives them
};

// Reads and validates a manifest; throws InputError(path, line, ...) on any problem (JSON syntax,
// unknown key, wrong type, missing source file, duplicate macro).
BlockManifest load_manifest(const std::string& path);

// Parses manifest text (for tests); `path` names it in errors and anchors relative sources.
BlockManifest parse_manifest(const std::string& text, const std::string& path);

// Finds a block: a path to a block.json, a folder holding one, or a name looked up as
// <rtl_dir>/<name>/block.json. Throws InputError naming what was tried and listing known blocks.
std::string locate_manifest(const std::string& block_or_path, const std::string& rtl_dir);

// Every <dir>/*/block.json, sorted by path (the regression's block list).
std::vector<std::string> discover_manifests(const std::string& dir);

}  // namespace gpucosim::synth
