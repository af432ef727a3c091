#pragma once
// The figures of the multitasking results page (bench/multitasking_results_bench.cpp) and the
// Markdown that sets them beside seed 003 chapter 5's trends (spec 003 §4.1-4.5). Arithmetic and
// text only, no simulation, so tests/bench can check that every verdict follows from the numbers
// it is given.
#include <string>
#include <vector>

namespace gpucosim::bench::multitasking {

// One application of a shared run.
struct AppResult {
  std::string label;       // workload spec, without the @ options
  double priority = 0;     // NPQ / PPQ priority (0 = low)
  double solo = 0;         // turnaround alone, core cycles (the --solo-baselines file)
  double turnaround = 0;   // mean turnaround of its finished runs in the shared run
  double ntt = 0;          // turnaround / solo
  double runs = 0;         // finished runs
};

// Preemption figures of one kernel launch (the stats JSON's per-kernel keys).
struct KernelResult {
  std::string name;
  unsigned app = 0;
  double preemptions = 0;        // blocks saved by context switch
  double save_bytes = 0, restore_bytes = 0;
  double sm_preemptions = 0;     // SMs taken from it (either mechanism)
  double preemption_cycles = 0;  // summed over those: reservation -> SM free
};

// One mix under one policy and mechanism.
struct MixRun {
  std::string policy;     // fcfs, npq, ppq, ppq_shared, dss
  std::string mechanism;  // context_switch, drain ("" where nothing is preempted: fcfs, npq)
  bool ok = false;
  std::vector<AppResult> apps;  // in the mix's order
  std::vector<KernelResult> kernels;
  double antt = 0, stp = 0, fairness = 0;
  double cycles = 0;
  std::string label() const;      // "PPQ-CS", "NPQ", ...
};

// What a priority mix is built to show (spec 003 §4.1 AT-1/AT-3 and §4.4 AT-7).
enum class Regime { LongBlocks, BigContext };

// A set of applications run under several policies. Priority mixes: the last application is the
// high-priority one, arriving later. DSS mixes: all arrive together, equal sharing.
struct Mix {
  std::string name;
  std::vector<std::string> apps;  // workload specs with their @ options, as run
  Regime regime = Regime::LongBlocks;
  std::vector<MixRun> runs;
  // The run of `policy` with `mechanism` ("" matches a run without one); null when absent or failed.
  const MixRun* find(const std::string& policy, const std::string& mechanism = "") const;
  size_t processes() const { return apps.size(); }
};

// One kernel's context save: measured in the context-switch run of its priority mix beside the
// analytic model (`gpucosim analyze save-time`) on the same configuration.
struct SaveRow {
  std::string workload;  // spec
  std::string kernel;
  bool ok = false;
  // The analytic model (analyze save-time --control-bytes-per-warp 32 --json).
  double blocks_per_sm = 0, context_bytes_per_sm = 0, save_us = 0;
  // Measured: context switch (victim kernel of the PPQ-CS run) and draining (the PPQ-drain run).
  double preemptions = 0, save_bytes = 0, cs_sm_preemptions = 0, cs_preemption_cycles = 0;
  double drain_sm_preemptions = 0, drain_preemption_cycles = 0;
  double analytic_cycles(double clock_mhz) const { return save_us * clock_mhz; }
  double measured_sm_cycles() const { return cs_sm_preemptions > 0 ? cs_preemption_cycles / cs_sm_preemptions : 0; }
  double drain_sm_cycles() const {
    return drain_sm_preemptions > 0 ? drain_preemption_cycles / drain_sm_preemptions : 0;
  }
  double blocks_per_preemption() const { return cs_sm_preemptions > 0 ? preemptions / cs_sm_preemptions : 0; }
  double bytes_per_block() const { return preemptions > 0 ? save_bytes / preemptions : 0; }
};

struct Input {
  std::string config;   // how the runs' GPU was given, e.g. "TANASIC-T51 with 4 SMs"
  double sms = 0;
  double clock_mhz = 0;  // core clock (cycles -> µs)
  std::vector<Mix> priority;  // NPQ / PPQ experiments
  std::vector<Mix> dss;       // FCFS vs DSS, growing process counts
  std::vector<SaveRow> saves;
  bool quick = false;
  std::string command;  // the command that generated the page
};

// Ratio thresholds of the verdicts (stated on the page).
constexpr double kMuchLonger = 4.0;       // "blocks run much longer than a save" and the converse
constexpr double kNpqNeutral = 0.10;      // NPQ ~1.0x: within +-10 %
constexpr double kShortShare = 0.25;      // a DSS application is short when solo <= 1/4 of the longest
constexpr double kSaveModelFactor = 2.0;  // measured save within a factor 2 of the analytic model
// Two figures compare (better, more, less) only when they differ by more than this share; a
// difference below it is noise of one run, not a trend.
constexpr double kMargin = 0.01;
inline bool exceeds(double a, double b) { return a > b * (1 + kMargin); }       // a clearly above b
inline bool not_below(double a, double b) { return a >= b * (1 - kMargin); }   // a at least about b

struct Check {
  std::string id;      // "a", "b", "c1" ...
  std::string what;    // the trend
  std::string ours;    // the measured figures behind the verdict
  std::string seed;    // the seed's figures
  bool holds = false;
};

struct Summary {
  std::vector<Check> checks;
  int held() const;
};

// High-priority NTT improvement of `r` over the non-prioritised (FCFS) run of the same mix.
double hp_improvement(const Mix& m, const MixRun& r);

Summary summarise(const Input& in);
std::string results_page(const Input& in, const Summary& s);
std::string summary_text(const Summary& s);

}  // namespace gpucosim::bench::multitasking
