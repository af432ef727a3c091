#pragma once
// Accel-Sim's reference runs (../shared/accelsim-reference/, see its README): the rows of
// accelsim_results.csv, the command that rebuilds a row's trace as the README says, and the
// `--config` files of the row's configuration. One reading of the reference for the cycle test,
// the counter test and the speed benchmark.
#include <string>
#include <vector>

namespace gpucosim::validation {

struct ReferenceRow {
  std::string case_name, workload, params, config;  // config as the CSV names it
  double gpu_sim_cycle = 0, warp_insn = 0;
  double l1d_accesses = 0, l1d_misses = 0, l2_accesses = 0, l2_misses = 0, dram_reads = 0;
  double wall_s = 0, max_rss_mb = 0;
};

// Every row of accelsim_results.csv, its columns found by their header names. Throws InputError
// (file, line) for an unreadable file, a missing column or a malformed number.
std::vector<ReferenceRow> read_reference_rows(const std::string& csv);

// A shell command that writes the row's trace into `dir` (DIR/kernelslist.g): the vectorAdd
// fixture as it is (fixture_x1) or made ten times larger with replicate_trace.py (fixture_x10),
// a built-in workload with `gpucosim trace gen` at the row's parameters. `shared` is ../shared,
// `gpucosim` the CLI. Throws InputError for a fixture case the README does not name.
std::string trace_command(const ReferenceRow& row, const std::string& shared, const std::string& gpucosim,
                          const std::string& dir);

// Accel-Sim's configuration files of a CSV configuration name ("SM7_QV100 + UDP unit": SM7_QV100
// with its UDP unit file; "SM86_RTX3070"), in the order they are layered; empty when unknown.
std::vector<std::string> config_files(const std::string& shared, const std::string& config);

// The same as command-line text: " --config F1 --config F2 ...".
std::string config_args(const std::string& shared, const std::string& config);

}  // namespace gpucosim::validation
