// Co-simulation cost of a research block (issue 4 point 6): the whole-GPU simulation rate with
// the block off, as its C++ twin (tlm), as Verilated RTL (rtl) and both in lockstep, on the same
// workload (--block NAME; default: the first registered block with an RTL). The size is fixed
// (default transpose_naive n=1024 on GTX480, ~100k cycles) so every
// mode simulates the same work; each mode runs --repeat times and the fastest run counts (the
// machine is shared). Target: rtl at most 3x the wall time of tlm on transpose_naive.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "bench/cli_run.h"

namespace {

constexpr double kMaxRtlOverTlm = 3.0;  // issue 4

struct Mode {
  const char* name;
  double wall = 1e30, rate_insn = 0, rate_cycles = 0, cycles = 0;
};

}  // namespace

int bench_cosim_cost(int argc, char** argv) {
  std::string block, workload = "transpose_naive:n=1024", config = "GTX480";
  // The blocks with an RTL, from the registry (through the CLI of the same build).
  std::vector<std::string> with_rtl;
  for (const auto& b : gpucosim::bench::registered_blocks())
    for (const auto& m : b["modes"])
      if (m == "rtl") with_rtl.push_back(b["name"]);
  if (!with_rtl.empty()) block = with_rtl.front();
  int repeat = 2;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--block") && i + 1 < argc) {
      block = argv[++i];
    } else if (!std::strcmp(argv[i], "--workload") && i + 1 < argc) {
      workload = argv[++i];
    } else if (!std::strcmp(argv[i], "--config") && i + 1 < argc) {
      config = argv[++i];
    } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
      double r = 0;
      if (!gpucosim::bench::parse_number_arg("cosim-cost", "--repeat", argv[++i], 1, 100, &r) || r != std::floor(r))
        return 2;
      repeat = int(r);
    } else {
      std::fprintf(stderr, "usage: cosim-cost [--block NAME] [--workload SPEC] [--config PRESET] [--repeat N]\n");
      return 2;
    }
  }
  if (std::find(with_rtl.begin(), with_rtl.end(), block) == with_rtl.end()) {
    std::fprintf(stderr, "cosim-cost: no block '%s' with an RTL in this build (see gpucosim blocks)\n", block.c_str());
    return 2;
  }
  std::vector<Mode> modes = {{"off"}, {"tlm"}, {"rtl"}, {"lockstep"}};
  std::printf("co-simulation cost of %s on %s, %s (best of %d; one core)\n", block.c_str(), workload.c_str(),
              config.c_str(), repeat);
  std::printf("%-9s %10s %9s %14s %12s %10s\n", "mode", "cycles", "wall_s", "warp_insn/s", "cycles/s", "vs tlm");
  for (Mode& m : modes)
    for (int k = 0; k < repeat; ++k) {
      const auto r = gpucosim::bench::run_workload(workload, config, {block + "=" + m.name});
      if (!r.ok) return 1;
      if (r.total("sim_wall_s") < m.wall) {
        m.wall = r.total("sim_wall_s");
        m.rate_insn = r.total("sim_rate_warp_insn_per_s");
        m.rate_cycles = r.total("sim_rate_cycles_per_s");
        m.cycles = r.total("gpu_sim_cycle");
      }
    }
  const double tlm = modes[1].wall;
  for (const Mode& m : modes)
    std::printf("%-9s %10.0f %9.2f %14.0f %12.0f %9.2fx\n", m.name, m.cycles, m.wall, m.rate_insn, m.rate_cycles,
                m.wall / tlm);
  const double ratio = modes[2].wall / tlm;
  const bool pass = ratio <= kMaxRtlOverTlm;
  std::printf("rtl / tlm wall time %.2fx (target <= %.1fx): %s\n", ratio, kMaxRtlOverTlm, pass ? "met" : "NOT MET");
  return pass ? 0 : 1;
}
