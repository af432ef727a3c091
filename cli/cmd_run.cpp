// `gpucosim run`: simulates a trace or a built-in workload on a configured GPU and prints the
// statistics under GPGPU-Sim names; writes them as JSON and the effective configuration to --out.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/configs_dir.h"
#include "cli/run_energy.h"
#include "kernel/input_error.h"
#include "systemc/config/config_build.h"
#include "systemc/config/effective_config.h"
#include "systemc/config/presets.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/gpu_model.h"
#include "systemc/gpu/stats_interval.h"

namespace gpucosim::cli {

namespace {

struct RunArgs {
  std::string trace, workload;
  std::vector<std::string> configs, sets;
  std::string stats_json;
  std::string out_dir = "gpucosim-out";
  uint64_t max_cycles = 0;
  int64_t binary_version = -1;
  bool json_stdout = false, quiet = false;
  bool energy = false;          // per-kernel energy -> stdout and <out>/energy.json
  double energy_node_nm = 45;
  std::string energy_label;     // "" = the --out folder's name
  uint64_t stats_interval = 0;  // > 0: time series every N core cycles -> <out>/stats-interval.jsonl
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open for writing");
  f << text;
  if (!f) throw InputError(path, 0, "write failed");
}

int run(const RunArgs& a) {
  if (a.trace.empty() == a.workload.empty())
    throw InputError("gpucosim run", 0, "give exactly one of --trace PATH or --workload NAME[:k=v,...]");
  std::vector<std::string> files;
  for (const std::string& c : a.configs.empty() ? std::vector<std::string>{"GTX480"} : a.configs)
    files.push_back(find_preset(c, configs_dir()));
  std::vector<std::string> sets = a.sets;
  if (a.max_cycles) sets.push_back("gpgpu_max_cycle=" + std::to_string(a.max_cycles));
  LoadedConfig cfg = load_gpu_config(files, sets);
  const std::string warn = cfg.options.unmodelled_warning();
  if (!warn.empty() && !a.quiet) std::cerr << "gpucosim: warning: " << warn << "\n";

  TraceReadOptions topts;
  if (a.binary_version >= 0) topts.assume_binary_version = uint32_t(a.binary_version);
  Application app = a.trace.empty() ? application_from_workload(a.workload) : application_from_trace(a.trace, topts);

  // The effective configuration goes out before the run, so even a run that is stopped early
  // can be reproduced.
  std::filesystem::create_directories(a.out_dir);
  write_file(a.out_dir + "/effective.config", effective_config_text(cfg.options));
  write_file(a.out_dir + "/effective-config.json", effective_config_json(cfg.options, cfg.gpu));

  GpuModelOptions model_opts;
  std::unique_ptr<IntervalStatsWriter> intervals;
  if (a.stats_interval) {
    intervals = std::make_unique<IntervalStatsWriter>(a.out_dir + "/stats-interval.jsonl", a.stats_interval, cfg.gpu.clock.core_mhz);
    intervals->attach(model_opts);
  }
  GpuModel gpu("gpu", cfg.gpu, model_opts);
  RunReport report = gpu.run(app);
  report.unmodelled_options = cfg.options.unmodelled_names();

  const std::string json = to_json(report).dump(2) + "\n";
  write_file(a.out_dir + "/stats.json", json);
  if (!a.stats_json.empty()) write_file(a.stats_json, json);
  if (a.json_stdout)
    std::cout << json;
  else if (!a.quiet)
    std::cout << to_text(report, /*with_units=*/false);
  if (a.energy) {
    namespace fs = std::filesystem;
    const std::string label =
        a.energy_label.empty() ? fs::path(a.out_dir).lexically_normal().filename().string() : a.energy_label;
    const nlohmann::ordered_json e = run_energy_json(cfg.gpu, report, label.empty() ? "run" : label, a.energy_node_nm);
    write_file(a.out_dir + "/energy.json", e.dump(2) + "\n");
    if (!a.quiet && !a.json_stdout) print_run_energy(std::cout, e);
  }
  if (report.end == RunEnd::Deadlock) {
    std::cerr << "gpucosim: error: " << report.end_report << "\n";
    return 3;
  }
  return 0;
}

}  // namespace

void register_run_command(CLI::App& app, int* exit_code) {
  auto a = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Simulate a trace or a built-in workload on the GPU model and print its statistics");
  cmd->add_option("--trace", a->trace, "kernelslist.g, .traceg or .traceg.xz to simulate");
  cmd->add_option("--workload", a->workload, "built-in workload NAME or NAME:k=v,k=v (see `gpucosim workloads`)");
  cmd->add_option("--config", a->configs,
                  "preset name (GTX480, GTX980, FINEREG, QV100) or gpgpusim.config file; repeat to layer, "
                  "later files override earlier (default GTX480)");
  cmd->add_option("--set", a->sets, "override one option: key=value (repeatable; after all files)");
  cmd->add_option("--stats-json", a->stats_json, "also write the statistics JSON to this file");
  cmd->add_option("--out", a->out_dir, "folder for stats.json, effective.config, effective-config.json")
      ->capture_default_str();
  cmd->add_option("--max-cycles", a->max_cycles, "stop after this many core cycles (gpgpu_max_cycle)");
  cmd->add_option("--binary-version", a->binary_version,
                  "SASS binary version to assume for traces whose version has no opcode map");
  cmd->add_flag("--energy", a->energy,
                "also report each kernel's energy (power/gpu_energy.h) and write it to <out>/energy.json");
  cmd->add_option("--energy-node", a->energy_node_nm, "process node of the energy model in nm (16..180)")
      ->capture_default_str();
  cmd->add_option("--energy-label", a->energy_label,
                  "name of this run in energy.json and `gpucosim report` (default: the --out folder's name)");
  cmd->add_option("--stats-interval", a->stats_interval,
                  "also write a time series: statistics every N core cycles to <out>/stats-interval.jsonl");
  cmd->add_flag("--json", a->json_stdout, "print the statistics JSON instead of text");
  cmd->add_flag("--quiet", a->quiet, "print nothing but errors");
  // A run that ends in a deadlock reports it through *exit_code, not by throwing: the model's
  // SystemC threads are still suspended on their own stacks then, and a throw on the main stack
  // makes AddressSanitizer misread the stale stack poisoning (a false report in the ASan build).
  cmd->callback([a, exit_code] { *exit_code = run(*a); });
}

}  // namespace gpucosim::cli
