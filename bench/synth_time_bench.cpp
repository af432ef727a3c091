// Synthesis time per block: runs `gpucosim synth BLOCK` for every block with a manifest
// (rtl/*/block.json) at its default parameters, one after the other, and prints the wall time,
// the CPU time of the tools (Yosys with its ABC children, OpenSTA), cells, area and the flow. The
// target (issue 17): every block at its defaults within 10 minutes of one core. Options:
//   --block NAME   only this block      --flat     the flat flow instead of the hierarchical one
//   --out DIR      keep the runs there (default: a temporary folder, removed afterwards)
//   --progress     pass --progress on (each stage on stderr)
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/cli_run.h"
#include "kernel/input_error.h"
#include "synth/flow/golden.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_result.h"

namespace {

double children_cpu_s() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

int bench_synth_time(int argc, char** argv) {
  namespace fs = std::filesystem;
  using namespace gpucosim;
  std::string only, out;
  bool flat = false, progress = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--block" && i + 1 < argc) only = argv[++i];
    else if (a == "--out" && i + 1 < argc) out = argv[++i];
    else if (a == "--flat") flat = true;
    else if (a == "--progress") progress = true;
    else {
      std::fprintf(stderr, "usage: gpucosim-bench synth-time [--block NAME] [--out DIR] [--flat] [--progress]\n");
      return 2;
    }
  }
  const bool keep = !out.empty();
  if (!keep) out = (fs::temp_directory_path() / ("gpucosim-synth-time-" + std::to_string(getpid()))).string();
  constexpr double kTargetS = 600;
  std::printf("%-12s %-13s %10s %10s %9s %9s %9s %12s  %s\n", "block", "flow", "wall s", "tools CPU s", "yosys s",
              "sta s", "cells", "area mm2", "target (<= 600 s of one core)");
  int failures = 0;
  for (const auto& manifest : synth::discover_manifests(synth::default_rtl_dir())) {
    synth::BlockManifest m;
    try {
      m = synth::load_manifest(manifest);
    } catch (const InputError& e) {
      std::fprintf(stderr, "gpucosim: error: %s\n", e.what());
      return 1;
    }
    if (!only.empty() && m.block != only) continue;
    const std::string dir = out + "/" + m.block;
    const std::string cmd = bench::gpucosim_exe() + " synth " + m.block + " --quiet --out " + dir +
                            (flat ? " --flat" : "") + (progress ? " --progress" : "");
    const double cpu0 = children_cpu_s();
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = std::system(cmd.c_str());
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = children_cpu_s() - cpu0;
    if (rc != 0) {
      std::printf("%-12s failed (%s)\n", m.block.c_str(), cmd.c_str());
      ++failures;
      continue;
    }
    const synth::SynthResult r = synth::load_synth_result(dir);
    std::printf("%-12s %-13s %10.1f %10.1f %9.1f %9.1f %9llu %12.4f  %s\n", m.block.c_str(), r.flow.c_str(), wall, cpu,
                r.yosys_s, r.sta_s, static_cast<unsigned long long>(r.cells), r.total_area_um2 * 1e-6,
                cpu <= kTargetS ? "holds" : "does NOT hold");
    if (cpu > kTargetS) ++failures;
    std::fflush(stdout);
  }
  std::printf("(wall time depends on what else the machine runs; the tools' CPU time is the one-core figure)\n");
  if (!keep) fs::remove_all(out);
  return failures ? 1 : 0;
}
