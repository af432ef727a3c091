#pragma once
// Shared by the end-to-end sweep tests: the acceptance sweep (3 workloads x 4 values of an
// option, small sizes), and reading back what a sweep folder holds.
#include <dirent.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"

namespace gpucosim::sweep::testutil {

// Points of about 0.1 to 0.5 s each: long enough to interrupt the sweep in the middle.
inline const char* const kAcceptanceSweep =
    "name: SM count\n"
    "workloads:\n"
    "  - vecadd:n=131072\n"
    "  - transpose_naive:n=512\n"
    "  - stencil2d:rows=256,cols=256\n"
    "axes:\n"
    "  gpgpu_n_clusters: [1, 2, 3, 4]\n"
    "stats: [cycles, ipc, warp_insn, l1_miss_rate, l2_miss_rate, dram_bw_gbps, stall_mem]\n";

// Point folder -> status ("ok", "failed") of every point with a result.json.
inline std::map<std::string, std::string> point_results(const std::string& out_dir) {
  std::map<std::string, std::string> r;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(out_dir + "/points", ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().string() + "/result.json";
    if (!std::filesystem::exists(file)) continue;
    r[it->path().filename().string()] = nlohmann::json::parse(test::read_text(file)).value("status", "");
  }
  return r;
}

// stats.json without the wall-clock figures (sim_wall_s, sim_rate_*), which differ run to run.
inline nlohmann::json stats_without_wall_clock(const std::string& file) {
  nlohmann::json j = nlohmann::json::parse(test::read_text(file));
  auto strip = [](nlohmann::json& m) {
    for (const char* k : {"sim_wall_s", "sim_rate_warp_insn_per_s", "sim_rate_cycles_per_s"}) m.erase(k);
  };
  strip(j["total"]);
  for (auto& k : j["kernels"]) strip(k);
  return j;
}

// Processes whose command line mentions `text` (a sweep's folder): none may outlive the sweep.
inline int processes_mentioning(const std::string& text) {
  int n = 0;
  DIR* proc = opendir("/proc");
  if (!proc) return 0;
  while (dirent* e = readdir(proc)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::string cmd = test::read_text(std::string("/proc/") + e->d_name + "/cmdline");
    for (char& c : cmd)
      if (c == '\0') c = ' ';
    if (cmd.find(text) != std::string::npos) ++n;
  }
  closedir(proc);
  return n;
}

inline size_t csv_lines(const std::string& file) {
  std::istringstream in(test::read_text(file));
  size_t n = 0;
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) ++n;
  return n;
}

}  // namespace gpucosim::sweep::testutil
