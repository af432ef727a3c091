// Whole-GPU simulation rate: runs `gpucosim run` on vecadd, transpose_naive, spmv_csr and
// gemm_naive, each scaled so that the simulation takes at least --min-seconds (10 s by default,
// issue 3), and prints warp instructions and core cycles simulated per wall-clock second. The
// size is found by extrapolating the wall time of shorter runs.
// Each run is its own process: SystemC elaborates once per process.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "bench/cli_run.h"

namespace {

struct Scaled {
  const char* workload;
  const char* param;       // the size parameter that is scaled
  double base;             // its calibration value
  double exponent;         // work grows as param^exponent
  uint64_t multiple;       // the parameter must be a multiple of this
  const char* fixed;       // other parameters ("" for none)
};

// The four workloads of issue 3's benchmark.
const Scaled kWorkloads[] = {
    {"vecadd", "n", 262144, 1.0, 256, ""},
    {"transpose_naive", "n", 1024, 2.0, 32, ""},
    {"spmv_csr", "rows", 65536, 1.0, 128, ""},
    {"gemm_naive", "m", 128, 1.0, 4, "n=256,k=128"},
};

constexpr double kFloorVecaddGtx480 = 250000.0;  // warp instructions/s (issue 3)

struct Result {
  double warp_insn = 0, cycles = 0, wall = 0, rate_insn = 0, rate_cycles = 0;
  bool ok = false;
};

Result run_once(const std::string& spec, const std::string& config, const std::vector<std::string>& sets) {
  const gpucosim::bench::CliResult c = gpucosim::bench::run_workload(spec, config, sets);
  Result r;
  if (!c.ok) return r;
  r.warp_insn = c.total("warp_insn");
  r.cycles = c.total("gpu_sim_cycle");
  r.wall = c.total("sim_wall_s");
  r.rate_insn = c.total("sim_rate_warp_insn_per_s");
  r.rate_cycles = c.total("sim_rate_cycles_per_s");
  r.ok = true;
  return r;
}

std::string spec_of(const Scaled& w, uint64_t value) {
  std::string s = std::string(w.workload) + ":" + w.param + "=" + std::to_string(value);
  if (*w.fixed) s += std::string(",") + w.fixed;
  return s;
}

}  // namespace

int bench_sim_rate(int argc, char** argv) {
  std::string config = "GTX480", only;
  std::vector<std::string> sets;
  double min_seconds = 10.0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--config") && i + 1 < argc) {
      config = argv[++i];
    } else if (!std::strcmp(argv[i], "--min-seconds") && i + 1 < argc) {
      if (!gpucosim::bench::parse_number_arg("sim-rate", "--min-seconds", argv[++i], 0, 86400, &min_seconds)) return 2;
    } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
      only = argv[++i];
    } else if (!std::strcmp(argv[i], "--set") && i + 1 < argc) {
      sets.push_back(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: sim-rate [--config PRESET] [--min-seconds S] [--only WORKLOAD] [--set KEY=VALUE]...\n");
      return 2;
    }
  }
  std::string settings;
  for (const std::string& x : sets) settings += " " + x;
  std::printf("whole-GPU simulation rate on %s%s (runs of >= %.0f s; one core)\n", config.c_str(), settings.c_str(),
              min_seconds);
  std::printf("%-16s %-28s %12s %10s %8s %14s %12s\n", "workload", "size", "warp_insn", "cycles", "wall_s",
              "warp_insn/s", "cycles/s");
  int rc = 0;
  for (const Scaled& w : kWorkloads) {
    if (!only.empty() && only != w.workload) continue;
    // Wall time grows roughly with param^exponent (plus fixed costs that make small runs
    // misleading): extrapolate from the last run, aiming 20% above the minimum, until a run is
    // long enough.
    uint64_t value = uint64_t(w.base);
    std::string spec = spec_of(w, value);
    Result r = run_once(spec, config, sets);
    for (int attempt = 0; r.ok && r.wall < min_seconds && attempt < 4; ++attempt) {
      const double factor = std::pow(1.2 * min_seconds / std::max(r.wall, 1e-3), 1.0 / w.exponent);
      value = std::max<uint64_t>(w.multiple, uint64_t(double(value) * factor) / w.multiple * w.multiple);
      spec = spec_of(w, value);
      r = run_once(spec, config, sets);
    }
    if (!r.ok) return 1;
    std::printf("%-16s %-28s %12.0f %10.0f %8.2f %14.0f %12.0f\n", w.workload, spec.substr(spec.find(':') + 1).c_str(),
                r.warp_insn, r.cycles, r.wall, r.rate_insn, r.rate_cycles);
    if (!std::strcmp(w.workload, "vecadd") && config == "GTX480" && sets.empty()) {
      const bool pass = r.rate_insn >= kFloorVecaddGtx480;
      std::printf("  floor %.0f warp insn/s on vecadd/GTX480: %s\n", kFloorVecaddGtx480, pass ? "met" : "NOT MET");
      if (!pass) rc = 1;
    }
    std::fflush(stdout);
  }
  return rc;
}
