#pragma once
// The applications of `gpucosim run`: --trace and --workload, each repeatable and in any mix
// (command-line order is application order), each optionally followed by per-application options
// `@priority=N,tokens=N,start=CYCLE,repeat=N` (docs/multitasking.md); and the solo baselines of
// --solo-baselines (each application run alone in a child process, or read from a file).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/stats.h"
#include "trace/trace_reader.h"

namespace gpucosim::cli {

struct AppArg {
  bool trace = false;     // --trace PATH, else --workload SPEC
  std::string text;       // as given, with any @options
  std::string file;       // from a --run-file (cli/run_file.h): its path and the entry's line, which
  uint64_t line = 0;      // errors about this application name; "" for a command-line option
  // From a run file: the line of each application option (priority, tokens, start, repeat), which
  // errors about that option name instead.
  std::map<std::string, uint64_t> option_lines;
  uint64_t line_of(const std::string& option) const {
    const auto it = option_lines.find(option);
    return it == option_lines.end() ? line : it->second;
  }
};

// Sets one application option (priority, tokens, start, repeat) from its text; false for an
// unknown key; InputError naming `where` when the value is out of its range.
bool set_app_option(const std::string& where, const std::string& key, const std::string& value, AppOptions& out);
// Splits "SPEC@k=v,..." into the spec and its options; `option` ("--workload") names errors.
// Without '@' the options are the defaults.
std::string split_app_options(const std::string& option, const std::string& text, AppOptions& out);

// Builds the applications (traces' headers are read now, so a bad one fails before the run).
// `lane_values`: generated kernels carry their registers' lane values (lane_values_wanted).
std::vector<Application> build_applications(const std::vector<AppArg>& args, const TraceReadOptions& topts,
                                            bool lane_values);

// priority=N is for npq/ppq/ppq_shared and tokens=N for dss: under another policy, an error
// naming the application's option (a value the policy would ignore is not taken silently).
void check_app_options_for_policy(const std::vector<AppArg>& args, const std::vector<Application>& apps,
                                  SchedPolicyKind policy);

// Solo turnaround (core cycles) per application label.
using SoloBaselines = StatsMap;  // application label -> its solo cycles

// Reads a solo-baselines file: a JSON object {"LABEL": cycles, ...}; every application's label
// must be present (errors name the file and the missing label).
SoloBaselines read_solo_baselines(const std::string& path, const std::vector<Application>& apps);
// Runs every application alone (start 0, one run), each in a forked child process (SystemC
// elaborates once per process), and returns its turnaround.
SoloBaselines run_solo_baselines(const GpuConfig& cfg, const std::vector<Application>& apps);
std::string solo_baselines_json(const SoloBaselines& s);

}  // namespace gpucosim::cli
