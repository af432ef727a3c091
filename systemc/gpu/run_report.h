#pragma once
// The result of a run: statistics per kernel and in total under GPGPU-Sim names, printed for
// people and written as JSON {"kernels": [...], "total": {...}}.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/gpu/app_runs.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/stats.h"
#include "systemc/gpu/stats_row.h"

namespace gpucosim {

struct KernelReport {
  uint32_t launch_id = 0;
  std::string name;
  uint64_t start_cycle = 0, end_cycle = 0;
  uint32_t application = 0;   // index into RunReport::applications
  uint32_t app_run = 0;       // which run of it (AppOptions::repeat)
  uint64_t stream = 0;        // the application's own stream id
  // Preemption (issue 13, a later step): thread blocks of this kernel preempted, context bytes
  // saved and restored. 0 until preemption exists.
  uint64_t preemptions = 0, save_bytes = 0, restore_bytes = 0;
  // SMs taken from it by a preemption (context switch or draining) and the core cycles from each
  // reservation to the SM being free, summed (Dispatcher::sm_preemptions).
  uint64_t sm_preemptions = 0, preemption_cycles = 0;
  StatsRow stats;  // compact: a run keeps every kernel's report to its end
};

// One application of a (multiprogrammed) run and its runs; docs/multitasking.md.
struct AppReport {
  uint32_t index = 0;
  std::string label;
  AppOptions options;
  std::vector<AppRunRecord> runs;
  // Filled by compute_multiprogram_metrics (systemc/gpu/multiprogram_metrics.h) when the solo
  // turnaround is known: mean turnaround of the finished runs, solo turnaround, NTT.
  double turnaround = 0, solo_turnaround = 0, ntt = 0;
  bool has_metrics = false;
};

// Eyerman & Eeckhout's metrics over the applications (spec 003 §3.3).
struct MultiprogramMetrics {
  bool valid = false;
  double antt = 0, stp = 0, fairness = 0;
};

// Interrupted: SIGINT/SIGTERM (or GpuModelOptions::stop) ended the run at a cycle boundary.
// Error: bad input found during the run (e.g. a trace error in a later thread block); the report
// holds what was simulated up to it and end_report the error.
enum class RunEnd { Completed, MaxCycles, MaxInsn, Deadlock, Interrupted, Error };
const char* to_string(RunEnd e);

struct RunReport {
  std::vector<KernelReport> kernels;
  StatsMap total;
  RunEnd end = RunEnd::Completed;
  std::string end_report;          // deadlock report or limit message
  std::vector<std::string> unmodelled_options;
  std::vector<AppReport> applications;
  MultiprogramMetrics metrics;
  // Work counters charged to no kernel launch (kernel_stats.h): with the kernels' own they sum
  // to the total.
  StatsMap unattributed;
  std::vector<std::string> attributed;  // the names charged per launch (the others: time windows)
};

// Adds the ratios GPGPU-Sim prints (gpu_ipc, gpu_occupancy, hit rates ...) to a map holding
// cumulative counters and gpu_sim_cycle.
void add_derived_stats(StatsMap& m, uint32_t n_sms, uint32_t max_warps_per_sm);

nlohmann::ordered_json to_json(const RunReport& r);
// Writes to_json(r).dump(2) kernel by kernel (no document of every kernel in memory).
void write_json(std::ostream& o, const RunReport& r);
// with_units = false leaves out the per-unit counters (L2[p].*, dram[c].*) that JSON always has.
std::string to_text(const RunReport& r, bool with_units = true);
void write_text(std::ostream& o, const RunReport& r, bool with_units = true);  // to_text, streamed

}  // namespace gpucosim
