// Speed beside Accel-Sim (issue 15 point 4). Every row of
// ../shared/accelsim-reference/accelsim_results.csv is rebuilt as that folder's README says (the
// vectorAdd fixture as it is or ten times larger with ../shared/tools/replicate_trace.py, the
// built-in workloads written with `gpucosim trace gen` at the row's parameters, all in a scratch
// folder) and run with Accel-Sim's own configuration files and -gpgpu_perf_sim_memcpy 0, the way
// Accel-Sim was run. Printed per row: our warp instructions/s and whole-process wall time beside
// Accel-Sim's recorded whole-process wall time, the ratio, and a verdict against 200x for rows of
// more than 100 K warp instructions. Then the memory-bound kernels (transpose_naive, spmv_csr at
// the sim-rate benchmark's base sizes) on the GTX480 and QV100 presets against 300 K warp
// instructions/s. Wall times are the best of --repeat runs (the machine may be shared). Runs use
// `gpucosim run`'s default host threads (the CPUs the process may use, at most 8) unless
// --threads N is given; the header says how many CPUs there were.
// Skips with a message when ../shared is absent.
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "bench/cli_run.h"
#include "systemc/gpu/host_workers.h"
#include "validation/accelsim_reference.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;

constexpr double kTargetRatio = 200.0;          // x Accel-Sim's wall time (issue 15)
constexpr double kLargeTraceInsn = 100000.0;    // rows above this many warp instructions are held to it
constexpr double kMemoryBoundFloor = 300000.0;  // warp instructions/s on transpose_naive and spmv_csr

struct Timed {
  bool ok = false;
  double wall_s = 0, rss_mb = 0;
};

// Runs `argv` as a child process (no shell); whole-process wall time and the child's peak RSS.
Timed run_timed(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  Timed t;
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return t;
  int status = 0;
  struct rusage ru {};
  if (wait4(pid, &status, 0, &ru) != pid) return t;
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  t.rss_mb = double(ru.ru_maxrss) / 1024.0;
  t.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return t;
}

bool shell(const std::string& cmd) {
  if (std::system((cmd + " > /dev/null").c_str()) == 0) return true;
  std::fprintf(stderr, "failed: %s\n", cmd.c_str());
  return false;
}

struct Measured {
  bool ok = false;
  double wall_s = 1e30, rss_mb = 0, warp_insn = 0;
};

// Best whole-process wall time of `repeat` runs of `gpucosim run ARGS --out OUT`.
Measured measure(const std::string& exe, std::vector<std::string> args, const std::string& out, int repeat,
                 const std::string& threads) {
  args.insert(args.begin(), {exe, "run"});
  if (!threads.empty()) {
    args.push_back("--threads");
    args.push_back(threads);
  }
  for (const char* a : {"--quiet", "--no-progress", "--out"}) args.push_back(a);
  args.push_back(out);
  Measured m;
  for (int k = 0; k < repeat; ++k) {
    const Timed t = run_timed(args);
    if (!t.ok) {
      std::string cmd;
      for (const std::string& a : args) cmd += a + " ";
      std::fprintf(stderr, "failed: %s\n", cmd.c_str());
      return Measured{};
    }
    m.wall_s = std::min(m.wall_s, t.wall_s);
    m.rss_mb = std::max(m.rss_mb, t.rss_mb);
  }
  const gpucosim::bench::CliResult r = gpucosim::bench::read_run_dir(out);
  if (!r.ok || r.stats.value("end", "") != "completed") {
    std::fprintf(stderr, "run into %s did not complete\n", out.c_str());
    return Measured{};
  }
  m.warp_insn = r.total("warp_insn");
  m.ok = true;
  return m;
}

}  // namespace

int bench_accelsim_speed(int argc, char** argv) {
  std::string shared = std::string(GPUCOSIM_BENCH_CONFIGS_DIR) + "/../../shared";
  double repeat = 3;
  bool keep = false;
  std::string threads;  // empty: gpucosim run's default
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--shared") && i + 1 < argc) {
      shared = argv[++i];
    } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      if (!gpucosim::bench::parse_number_arg("accelsim-speed", "--repeat", argv[++i], 1, 100, &repeat)) return 2;
    } else if (!std::strcmp(argv[i], "--keep")) {
      keep = true;
    } else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) {
      double t = 0;
      if (!gpucosim::bench::parse_number_arg("accelsim-speed", "--threads", argv[++i], 1, 256, &t)) return 2;
      threads = std::to_string(int(t));
    } else {
      std::fprintf(stderr, "usage: accelsim-speed [--shared DIR] [--repeat N] [--threads N] [--keep]\n");
      return 2;
    }
  }
  const std::string csv = shared + "/accelsim-reference/accelsim_results.csv";
  if (!fs::exists(csv)) {
    std::printf("accelsim-speed: skipped: %s is absent (the reference data lives in ../shared)\n", csv.c_str());
    return 0;
  }
  shared = fs::canonical(shared).string();
  const std::string exe = gpucosim::bench::gpucosim_exe();
  const fs::path scratch = fs::temp_directory_path() / ("gpucosim-accelsim-speed-" + std::to_string(getpid()));
  fs::create_directories(scratch);
  const int reps = int(repeat);

  std::printf("speed beside Accel-Sim (its recorded whole-process wall time, accelsim_results.csv); ours: whole "
              "process, best of %d, host threads: %s (%u CPUs available)\n",
              reps, threads.empty() ? "gpucosim run's default" : threads.c_str(), gpucosim::HostWorkers::available());
  std::printf("%-20s %-21s %10s %9s %12s %10s %8s %7s %7s  %s\n", "case", "config", "warp_insn", "wall_s",
              "warp_insn/s", "accel_s", "ratio", "rss_MB", "acc_MB", "verdict (>= 200x above 100 K insns)");
  int rc = 0;
  std::vector<gpucosim::validation::ReferenceRow> rows;
  try {
    rows = gpucosim::validation::read_reference_rows(csv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "accelsim-speed: %s\n", e.what());
    return 1;
  }
  for (const gpucosim::validation::ReferenceRow& r : rows) {
    const std::string trace = (scratch / ("trace-" + r.case_name)).string();
    std::string make;
    try {
      make = gpucosim::validation::trace_command(r, shared, exe, trace);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "accelsim-speed: %s\n", e.what());
      return 1;
    }
    if (!fs::exists(trace + "/kernelslist.g") && !shell(make)) return 1;
    const std::vector<std::string> files = gpucosim::validation::config_files(shared, r.config);
    if (files.empty()) {
      std::fprintf(stderr, "unknown configuration '%s' in %s\n", r.config.c_str(), csv.c_str());
      return 1;
    }
    std::vector<std::string> args = {"--trace", trace + "/kernelslist.g"};
    for (const std::string& f : files) args.insert(args.end(), {"--config", f});
    args.insert(args.end(), {"--set", "gpgpu_perf_sim_memcpy=0"});
    const Measured m = measure(exe, args, (scratch / "out").string(), reps, threads);
    if (!m.ok) return 1;
    const double ratio = r.wall_s / m.wall_s;
    const bool large = m.warp_insn > kLargeTraceInsn;
    const char* verdict = !large ? "n/a (small)" : ratio >= kTargetRatio ? "met" : "NOT MET";
    if (large && ratio < kTargetRatio) rc = 1;
    std::printf("%-20s %-21s %10.0f %9.3f %12.0f %10.2f %7.1fx %7.1f %7.1f  %s\n", r.case_name.c_str(),
                r.config.c_str(), m.warp_insn, m.wall_s, m.warp_insn / m.wall_s, r.wall_s, ratio, m.rss_mb, r.max_rss_mb,
                verdict);
    std::fflush(stdout);
  }

  std::printf("\nmemory-bound kernels (presets; floor %.0f warp insn/s over the whole process, best of %d)\n",
              kMemoryBoundFloor, reps);
  std::printf("%-32s %-8s %10s %9s %12s %7s  %s\n", "workload", "config", "warp_insn", "wall_s", "warp_insn/s",
              "rss_MB", "verdict");
  for (const char* spec : {"transpose_naive:n=1024", "spmv_csr:rows=65536"}) {
    for (const char* preset : {"GTX480", "QV100"}) {
      const Measured m = measure(exe, {"--workload", spec, "--config", preset}, (scratch / "out").string(), reps, threads);
      if (!m.ok) return 1;
      const double rate = m.warp_insn / m.wall_s;
      if (rate < kMemoryBoundFloor) rc = 1;
      std::printf("%-32s %-8s %10.0f %9.3f %12.0f %7.1f  %s\n", spec, preset, m.warp_insn, m.wall_s, rate, m.rss_mb,
                  rate >= kMemoryBoundFloor ? "met" : "NOT MET");
      std::fflush(stdout);
    }
  }
  if (keep)
    std::printf("traces and the last run kept in %s\n", scratch.c_str());
  else
    fs::remove_all(scratch);
  return rc;
}
