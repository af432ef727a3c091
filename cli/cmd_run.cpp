// `gpucosim run`: simulates a trace or a built-in workload on a configured GPU and prints the
// statistics under GPGPU-Sim names; writes them as JSON and the effective configuration to --out.
//
// Everything that can be checked before the simulation is: option values (at parse time), the
// configuration and the memory its model needs, the trace's headers, the energy model, and that
// every output file can be written. A run that ends early still writes its statistics: a
// SIGINT/SIGTERM (run_end = interrupted, exit 130) or bad input found during the run, such as a
// trace error in a late thread block (run_end = error, exit 1).
#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/cmd_run_apps.h"
#include "cli/configs_dir.h"
#include "cli/interrupt.h"
#include "cli/numeric_options.h"
#include "cli/progress.h"
#include "cli/run_file.h"
#include "cli/run_energy.h"
#include "kernel/input_error.h"
#include "power/gpu_energy.h"
#include "power/technology.h"
#include "systemc/config/config_build.h"
#include "systemc/config/effective_config.h"
#include "systemc/config/presets.h"
#include "systemc/gpu/clock_domains.h"
#include "systemc/memory/address_map.h"
#include "systemc/gpu/app_address.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/gpu_model.h"
#include "systemc/gpu/host_heap.h"
#include "systemc/gpu/model_footprint.h"
#include "systemc/gpu/multiprogram_metrics.h"
#include "systemc/gpu/stats_interval.h"

namespace gpucosim::cli {

namespace {

namespace fs = std::filesystem;

struct RunArgs {
  std::vector<AppArg> apps;     // --trace and --workload in command-line order
  bool solo_baselines = false;  // --solo-baselines [FILE]
  std::string solo_file;
  std::vector<std::string> configs, sets;
  std::string stats_json;
  std::string out_dir = "gpucosim-out";
  std::optional<uint64_t> max_cycles;
  std::optional<uint64_t> binary_version;
  bool json_stdout = false, quiet = false;
  bool energy = false;          // per-kernel energy -> stdout and <out>/energy.json
  double energy_node_nm = 45;
  std::string energy_label;     // "" = the --out folder's name
  std::optional<uint64_t> memory_limit;  // bytes; 0 = no limit; unset = model_footprint.h's default
  int progress = -1;            // --progress 1, --no-progress 0, neither -1
  uint64_t stats_interval = 0;  // > 0: time series every N core cycles -> <out>/stats-interval.jsonl
  std::optional<uint64_t> threads;  // host threads; unset = as many as the process may run on, at most kMaxAutoThreads
};

// More host threads than this gain little on the reference GPUs (the per-edge work is tens of
// microseconds; the crossbar's tick stays on one thread); --threads asks for more explicitly.
constexpr uint64_t kMaxAutoThreads = 8;

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open for writing");
  f << text;
  if (!f) throw InputError(path, 0, "write failed");
}

// stats.json: the report as JSON, written kernel by kernel (write_json).
void write_stats_file(const std::string& path, const RunReport& report) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InputError(path, 0, "cannot open for writing");
  write_json(f, report);
  f << "\n";
  if (!f) throw InputError(path, 0, "write failed");
}

// The DRAM address mapping is parsed by the memory model (systemc/memory/address_map.h), which
// the configuration library cannot call: built here once, before anything else, so that a bad
// mapping is named at the option's file and line rather than after the outputs are written.
void check_address_mapping(const LoadedConfig& cfg) {
  try {
    const AddressMap probe(cfg.gpu.mem);
    (void)probe;
  } catch (const AddressMapError& e) {
    const OptionEntry* o = cfg.options.find(e.option);
    throw InputError(o ? o->origin.error_file() : "(default)", o ? o->origin.error_line() : 0,
                     "-" + e.option + (o ? " " + o->value : "") + ": " + e.detail);
  }
}

// Creates (or keeps) the file, so an output that cannot be written fails before the simulation.
// (Folders in the way were looked for among all outputs before any is created.)
void check_writable(const std::string& path, const std::string& option) {
  std::ofstream f(path, std::ios::binary | std::ios::app);
  if (!f) throw InputError(path, 0, "cannot open for writing (" + option + "): expected a writable file path");
}

// The run's name for energy.json: --energy-label, else the --out folder's name (trailing
// slashes and "." resolved: `--out out/baseline/` is "baseline").
std::string energy_label(const RunArgs& a) {
  if (!a.energy_label.empty()) return a.energy_label;
  fs::path p = fs::absolute(a.out_dir).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();
  const std::string name = p.filename().string();
  return name.empty() ? "run" : name;
}

int run(const RunArgs& a) {
  if (a.apps.empty())  // a missing argument: a usage error (exit 2)
    throw CLI::RequiredError("--trace PATH, --workload NAME[:k=v,...] or --run-file FILE (several of them, in any mix, "
                             "run together)");
  std::vector<std::string> files;
  for (const std::string& c : a.configs.empty() ? std::vector<std::string>{"GTX480"} : a.configs)
    files.push_back(find_preset(c, configs_dir()));
  std::vector<std::string> sets = a.sets;
  if (a.max_cycles) sets.push_back("gpgpu_max_cycle=" + std::to_string(*a.max_cycles));
  LoadedConfig cfg = load_gpu_config(files, sets);
  check_address_mapping(cfg);
  // The model's memory, before anything is allocated (a million SMs fails here, in microseconds).
  const uint64_t model_bytes = check_model_footprint(
      cfg.gpu, cfg.options, a.memory_limit ? *a.memory_limit : default_memory_limit(),
      a.memory_limit ? "--memory-limit"
                     : "the default: half of the physical memory, at most 16 GB; --memory-limit "
                       "BYTES changes it, 0 turns the check off");
  // The heap for the model and the trace blocks, before either is allocated and before the
  // reader's threads start (host_heap.h: huge pages, nothing trimmed, one arena for at most two
  // host threads).
  const uint32_t host_threads =
      uint32_t(a.threads ? *a.threads : std::min<uint64_t>(HostWorkers::available(), kMaxAutoThreads));
  prefer_huge_page_heap(heap_region_bytes(model_bytes), host_threads <= 2);
  const std::string warn = cfg.options.unmodelled_warning();
  if (!warn.empty() && !a.quiet) std::cerr << "gpucosim: warning: " << warn << "\n";
  const std::string idle = idle_options_warning(cfg.options, cfg.gpu);
  if (!idle.empty() && !a.quiet) std::cerr << "gpucosim: warning: " << idle << "\n";

  // The energy model sizes its SRAMs now, so a node it cannot model fails before the run.
  std::unique_ptr<power::GpuEnergyModel> energy_model;
  if (a.energy) energy_model = make_run_energy_model(cfg.gpu, a.energy_node_nm);

  TraceReadOptions topts;
  if (a.binary_version) topts.assume_binary_version = uint32_t(*a.binary_version);
  std::vector<Application> apps = build_applications(a.apps, topts, lane_values_wanted(cfg.gpu));
  // The model counts time in femtoseconds (64 bits): a start beyond that count cannot be reached.
  const uint64_t max_start = ClockDomains(cfg.gpu.clock).max_core_cycles();
  char core_mhz[32];
  std::snprintf(core_mhz, sizeof core_mhz, "%g", cfg.gpu.clock.core_mhz);
  for (const Application& app : apps)
    if (app.options.start > max_start)
      throw InputError(app.origin.empty() ? app.label : app.origin, 0,
                       "start=" + std::to_string(app.options.start) + " is beyond the " + std::to_string(max_start) +
                           " core cycles the model's clock counts at " + core_mhz +
                           " MHz (about 2.5 hours of simulated time): expected a smaller start");
  check_app_options_for_policy(a.apps, apps, cfg.gpu.limits.sched_policy);
  place_applications(apps);  // overlapping traces fail now, before any output is written
  SoloBaselines solo;
  if (a.solo_baselines && !a.solo_file.empty()) solo = read_solo_baselines(a.solo_file, apps);
  // The first kernels' blocks are read while the outputs are prepared and the model is built;
  // with solo runs to make, only after their fork (a child would not have the reader threads).
  const bool solo_runs = a.solo_baselines && a.solo_file.empty();
  if (!solo_runs) open_first_kernels_early(apps);

  // Every output is created before the run: an unwritable path fails now, not after hours. The
  // effective configuration goes out first, so even a run that is stopped early can be reproduced.
  std::error_code ec;
  if (fs::exists(a.out_dir, ec) && !fs::is_directory(a.out_dir, ec))
    throw InputError(a.out_dir, 0, "--out names a file: expected a folder");
  fs::create_directories(a.out_dir, ec);
  if (ec) throw InputError(a.out_dir, 0, "cannot create the --out folder: " + ec.message());
  // Every path is checked before any file is written: a folder in the way of the last one must not
  // leave the first ones truncated.
  std::vector<std::pair<std::string, std::string>> outputs = {{a.out_dir + "/effective.config", "--out"},
                                                               {a.out_dir + "/effective-config.json", "--out"},
                                                               {a.out_dir + "/stats.json", "--out"}};
  if (!a.stats_json.empty()) outputs.emplace_back(a.stats_json, "--stats-json");
  if (a.energy) outputs.emplace_back(a.out_dir + "/energy.json", "--out");
  if (a.stats_interval) outputs.emplace_back(a.out_dir + "/stats-interval.jsonl", "--stats-interval");
  if (solo_runs) outputs.emplace_back(a.out_dir + "/solo-baselines.json", "--out");
  for (const auto& [path, option] : outputs)
    if (fs::is_directory(path, ec)) throw InputError(path, 0, option + " names a folder: expected a file path");
  for (const auto& [path, option] : outputs) check_writable(path, option);
  write_file(a.out_dir + "/effective.config", effective_config_text(cfg.options));
  write_file(a.out_dir + "/effective-config.json", effective_config_json(cfg.options, cfg.gpu));
  if (solo_runs) {
    solo = run_solo_baselines(cfg.gpu, apps);  // each application alone, in a child process
    write_file(a.out_dir + "/solo-baselines.json", solo_baselines_json(solo));
    open_first_kernels_early(apps);
  }

  auto write_stats = [&](RunReport& report) {
    report.unmodelled_options = cfg.options.unmodelled_names();
    write_stats_file(a.out_dir + "/stats.json", report);
    if (!a.stats_json.empty()) write_stats_file(a.stats_json, report);
  };

  InterruptGuard interrupt;
  GpuModelOptions model_opts;
  model_opts.stop = interrupt.flag();
  model_opts.host_threads = host_threads;
  std::unique_ptr<IntervalStatsWriter> intervals;
  if (a.stats_interval) {
    intervals = std::make_unique<IntervalStatsWriter>(a.out_dir + "/stats-interval.jsonl", a.stats_interval, cfg.gpu.clock.core_mhz);
    intervals->attach(model_opts);
  }
  std::unique_ptr<RunProgressLine> progress;
  if (progress_wanted(a.progress, a.quiet)) {
    progress = std::make_unique<RunProgressLine>();
    model_opts.on_progress = [&progress](const RunProgress& p) { progress->update(p); };
  }
  auto gpu = std::make_unique<GpuModel>("gpu", cfg.gpu, model_opts);
  RunReport report;
  try {
    report = gpu->run(apps);
  } catch (const InputError&) {
    // Bad input found during the run: keep what was simulated, then report the error.
    if (progress) progress->finish();
    RunReport partial = gpu->partial_report();
    write_stats(partial);
    throw;
  }
  if (progress) progress->finish();
  if (a.solo_baselines) compute_multiprogram_metrics(report, solo);

  write_stats(report);
  if (a.quiet) {
    // --quiet: nothing but errors, even with --json
  } else if (a.json_stdout) {
    write_json(std::cout, report);
    std::cout << "\n";
  } else {
    write_text(std::cout, report, /*with_units=*/false);
  }
  if (a.energy) {
    const nlohmann::ordered_json e = run_energy_json(*energy_model, report, energy_label(a), a.energy_node_nm);
    write_file(a.out_dir + "/energy.json", e.dump(2) + "\n");
    if (!a.quiet && !a.json_stdout) print_run_energy(std::cout, e);
  }
  // Every output is written and the process ends with this command: a model that completed its
  // run is left to the operating system instead of being taken apart object by object (an
  // 80-SM GPU's destructors free some hundred thousand blocks: milliseconds on the simulation
  // thread after the run). Completed, every kernel has finished and freed its trace reader, so
  // no thread of the model outlives the command's end; a run that stopped early is destroyed,
  // which stops its readers. The model stays reachable from SystemC's object registry.
  // AddressSanitizer builds destroy it, so their leak check still covers the model's frees.
#if !defined(__SANITIZE_ADDRESS__)
  if (report.end == RunEnd::Completed) (void)gpu.release();
#endif
  if (report.end == RunEnd::Interrupted) {
    std::cerr << "gpucosim: interrupted at core cycle " << uint64_t(report.total["gpu_sim_cycle"])
              << "; the statistics so far are in " << a.out_dir << "/stats.json\n";
    return kInterruptedExitCode;
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
  // Repeatable, in any mix: each is one application of a multiprogrammed run (docs/multitasking.md).
  // The values are taken in command-line order from the parse order in the callback.
  auto traces = std::make_shared<std::vector<std::string>>();
  auto workloads = std::make_shared<std::vector<std::string>>();
  CLI::Option* trace_opt = cmd->add_option("--trace", *traces,
                                           "kernelslist.g, .traceg or .traceg.xz to simulate; repeatable, and "
                                           "PATH@priority=N,tokens=N,start=CYCLE,repeat=N sets per-application options")
                               ->allow_extra_args(false);
  CLI::Option* workload_opt =
      cmd->add_option("--workload", *workloads,
                      "built-in workload NAME or NAME:k=v,k=v (see `gpucosim workloads`); repeatable, and "
                      "SPEC@priority=N,tokens=N,start=CYCLE,repeat=N sets per-application options")
          ->allow_extra_args(false);
  auto run_files = std::make_shared<std::vector<std::string>>();
  CLI::Option* run_file_opt =
      cmd->add_option("--run-file", *run_files,
                      "JSON (.json) or TOML (.toml) file listing applications with the fields of --workload and "
                      "--trace (docs/multitasking.md); repeatable, in any mix with them")
          ->allow_extra_args(false);
  cmd->add_option("--solo-baselines", a->solo_file,
                  "compute NTT, ANTT, STP and fairness: run each application alone first, or read the solo "
                  "cycles from FILE ({\"LABEL\": cycles}; a run without FILE writes <out>/solo-baselines.json)")
      ->expected(0, 1);
  cmd->add_option("--config", a->configs,
                  "preset name (see `gpucosim presets`) or gpgpusim.config file; repeat to layer, "
                  "later files override earlier (default GTX480)");
  cmd->add_option("--set", a->sets, "override one option: key=value (repeatable; after all files)");
  cmd->add_option("--stats-json", a->stats_json, "also write the statistics JSON to this file")
      ->check(CLI::Validator([](std::string& v) { return v.empty() ? std::string("expected a file path, got ''") : ""; },
                             "FILE"));
  cmd->add_option("--out", a->out_dir, "folder for stats.json, effective.config, effective-config.json")
      ->capture_default_str();
  add_uint_option(cmd, "--max-cycles", &a->max_cycles, "stop after this many core cycles (gpgpu_max_cycle; 0 = no limit)");
  add_uint_option(cmd, "--binary-version", &a->binary_version,
                  "SASS binary version to assume for traces whose version has no opcode map", 0, 1000);
  cmd->add_flag("--energy", a->energy,
                "also report each kernel's energy (power/gpu_energy.h) and write it to <out>/energy.json");
  add_real_option(cmd, "--energy-node", &a->energy_node_nm, "process node of the energy model in nm (16..180, default 45)",
                  power::kMinNodeNm, power::kMaxNodeNm);
  cmd->add_option("--energy-label", a->energy_label,
                  "name of this run in energy.json and `gpucosim report` (default: the --out folder's name)");
  add_bytes_option(cmd, "--memory-limit", &a->memory_limit,
                   "refuse a configuration whose model needs more bytes than this (default: half the physical memory, "
                   "at most 16 GB; K/M/G suffixes; 0 = no limit)");
  cmd->add_flag_function(
      "--progress", [a](int64_t) { a->progress = 1; },
      "show kernels done, cycles, rate and time left on stderr (default: when stderr is a terminal)");
  cmd->add_flag_function("--no-progress", [a](int64_t) { a->progress = 0; }, "never show progress");
  cmd->add_flag("--json", a->json_stdout, "print the statistics JSON instead of text (not with --quiet)");
  cmd->add_flag("--quiet", a->quiet, "print nothing but errors (and progress only if --progress is given)");
  add_uint_option(cmd, "--threads", &a->threads,
                  "host threads that tick the SMs and memory partitions of a clock edge side by side (same results "
                  "for every value; default: the CPUs this process may use, at most 8; 1 = one thread)",
                  1, 256);
  add_uint_option(cmd, "--stats-interval", &a->stats_interval,
                  "also write a time series: statistics every N core cycles to <out>/stats-interval.jsonl "
                  "(0, the default: none)");
  // A run that ends in a deadlock reports it through *exit_code, not by throwing: the model's
  // SystemC threads are still suspended on their own stacks then, and a throw on the main stack
  // makes AddressSanitizer misread the stale stack poisoning (a false report in the ASan build).
  cmd->callback([a, exit_code, cmd, trace_opt, workload_opt, run_file_opt, traces, workloads, run_files] {
    size_t ti = 0, wi = 0, ri = 0;
    for (const CLI::Option* o : cmd->parse_order()) {
      if (o == trace_opt && ti < traces->size()) a->apps.push_back(AppArg{true, (*traces)[ti++], "", 0, {}});
      if (o == workload_opt && wi < workloads->size()) a->apps.push_back(AppArg{false, (*workloads)[wi++], "", 0, {}});
      if (o == run_file_opt && ri < run_files->size())
        for (AppArg& f : read_run_file((*run_files)[ri++])) a->apps.push_back(std::move(f));
    }
    a->solo_baselines = cmd->count("--solo-baselines") > 0;
    *exit_code = run(*a);
  });
}

}  // namespace gpucosim::cli
