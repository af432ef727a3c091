#pragma once
// A sweep file (YAML): which workloads and traces run on which base configurations, which options
// vary (the product of `axes`, times each `zip` group whose options vary together), which options
// are fixed (`set`) and which statistics are collected (`stats`). Everything is checked when the
// file is read, before any point runs; errors name the file, the line and the key.
//
//   name: L1 size                    # optional title of the HTML index
//   workloads: [vecadd:n=4096, transpose_naive:n=256]
//   traces: [traces/bfs/kernelslist.g]   # relative to the sweep file's folder
//   configs: [GTX480]                # presets or gpgpusim.config files (default GTX480)
//   axes: {gpgpu_n_clusters: [1, 2, 4, 8]}
//   zip: {gpgpu_shader_registers: [16384, 32768], gpgpu_shader_cta: [4, 8]}   # or a list of such maps
//   set: {gpgpu_max_cycle: 1000000}
//   stats: [cycles, ipc, l1_miss_rate]    # aliases (sweep/stat_columns.h) or stats.json names
//   energy: 45                       # also measure energy (process node in nm, or true = 45)
//   stats_interval: 1000             # also write each point's time series every N core cycles
//   ---                              # optional further documents: more points (workloads ...
//   workloads: [rowwalk]             # configs, axes, zip, set); name, stats, energy and
//   zip: {warppool: [off, tlm]}      # stats_interval belong in the first document
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpucosim::sweep {

// One workload or trace of the sweep.
struct SweepInput {
  bool is_trace = false;
  std::string text;       // as written in the file ("vecadd:n=4096", "traces/x/kernelslist.g")
  std::string name;       // workload name or trace folder name, for point folder names
  std::string canonical;  // workload: name and every parameter resolved; trace: absolute path
  std::string run_arg;    // what `gpucosim run --workload/--trace` gets
  uint64_t line = 0;
};

struct SweepConfig {
  std::string text;  // as written ("GTX480", "my.config")
  std::string file;  // the file it resolved to, absolute
  uint64_t line = 0;
};

struct SweepValue {
  std::string value;
  uint64_t line = 0;
};

// An option and its values (an axis, or one option of a zip group).
struct SweepAxis {
  std::string option;  // as written, without a leading '-'
  uint64_t line = 0;
  std::vector<SweepValue> values;
};

struct SweepZip {
  uint64_t line = 0;
  std::vector<SweepAxis> options;  // all with the same number of values
};

struct SweepSet {
  std::string option, value;
  uint64_t line = 0;
};

struct SweepStat {
  std::string name;
  uint64_t line = 0;
};

// One YAML document of a sweep file: its inputs, base configs and options. A file may hold
// several documents (separated by ---), e.g. a grid plus a few special points; the sweep is the
// union of their points.
struct SweepGroup {
  uint64_t line = 1;  // the document's first line
  std::vector<SweepInput> inputs;  // workloads, then traces
  std::vector<SweepConfig> configs;
  std::vector<SweepAxis> axes;
  std::vector<SweepZip> zips;
  std::vector<SweepSet> sets;
  uint64_t line_of_axes = 0;  // where point-level errors point (the axes key, else the document's line)

  // Option names that vary, in column order: axes, then zip options.
  std::vector<std::string> varying_options() const;
};

struct SweepSpec {
  std::string file;  // the sweep file as given
  std::string dir;   // its folder, absolute
  // Sweep-wide keys (first document only).
  std::string name;
  std::vector<SweepStat> stats;  // empty: the default columns (sweep/stat_columns.h)
  std::optional<double> energy_node_nm;
  uint64_t stats_interval = 0;
  std::vector<SweepGroup> groups;  // one per document, at least one

  // The varying options of every group, each once, in order of first appearance.
  std::vector<std::string> varying_options() const;
};

// Reads and checks a sweep file. configs_dir is where presets are found. Throws InputError(file,
// line, ...) for bad YAML, unknown or repeated keys, empty lists, unknown workloads or workload
// parameters, missing traces or configs, unknown options or bad option values.
SweepSpec read_sweep_file(const std::string& path, const std::string& configs_dir);

}  // namespace gpucosim::sweep
