#pragma once
// Readers for what Yosys writes: the `stat -liberty` report, the RTLIL of the sized SRAM macro
// modules, and its log when it fails (turned into an InputError naming file and line).
#include <map>
#include <string>
#include <vector>

namespace gpucosim::synth {

// The Verilog module a Yosys module name was derived from: "$paramod$<hash>\base" or
// "$paramod\base\P=..." -> base; a public name is its own base.
std::string yosys_module_base(const std::string& name);

struct CellStats {
  std::map<std::string, uint64_t> cells;  // cell type -> count, as stat prints them
  uint64_t total_cells = 0;
  double chip_area = 0;                   // liberty area units (um^2); unknown-area cells count 0
  std::vector<std::string> unknown_area;  // cell types stat had no area for
};

// One module's own figures as `stat` prints them: its cells (submodule instances among them, as
// cell types named like the submodules) and the area of its liberty cells.
struct ModuleStats {
  std::string name;                       // as stat prints it: "fifo" or "$paramod$<hash>\fifo"
  std::string base;                       // the Verilog module it was derived from
  std::map<std::string, uint64_t> cells;
  uint64_t total_cells = 0;
  double chip_area = 0;                   // liberty cells of this module only
  bool has_area = false;
  std::vector<std::string> unknown_area;  // cell types stat had no area for (submodules, macros)
};

// A whole design's `stat -liberty [-top TOP]` report: every module's own figures, how many times
// each is instantiated in the design below the top, and the top's flat totals (each submodule's
// cells and area counted once per instance; submodule instances themselves are not cells).
struct DesignStats {
  std::string top;
  std::map<std::string, ModuleStats> modules;
  std::map<std::string, uint64_t> instances;  // module -> instances in the design (top: 1)
  CellStats flat;
};

// Parses the report for the design under `top` (one module after flattening, the hierarchy
// otherwise). Throws InputError(origin, 0, ...) when the top or its figures are missing.
DesignStats parse_design_stat(const std::string& text, const std::string& top, const std::string& origin);

// The flat totals of parse_design_stat.
CellStats parse_stat(const std::string& text, const std::string& top, const std::string& origin);

struct RtlilPort {
  std::string name;
  bool input = false, output = false;
  int width = 1;
};

struct RtlilMemory {
  uint64_t size = 0, width = 0;       // words x bits
  int rd_ports = 0, wr_ports = 0;
  bool rd_clocked = true;             // every read port registered (a synchronous SRAM)
};

struct RtlilModule {
  std::string name;                   // as stat prints it: "fifo_mem" or "$paramod$<hash>\fifo_mem"
  std::string base;                   // the Verilog module it was derived from
  std::vector<RtlilPort> ports;       // in declaration order
  std::vector<RtlilMemory> memories;  // $mem_v2 cells
};

// Parses `write_rtlil -selected` output: modules, their ports and $mem_v2 cells.
std::vector<RtlilModule> parse_rtlil_modules(const std::string& text);

// The first Yosys error in a log, as InputError: "file:line: ERROR: msg" keeps file and line;
// otherwise the error is reported against `fallback_origin` with the log path. `check -assert`
// failures list the problems it found.
[[noreturn]] void throw_yosys_error(const std::string& log, const std::string& log_path,
                                    const std::string& fallback_origin);

}  // namespace gpucosim::synth
