// Cycle agreement with Accel-Sim (issue 15 point 3). Each reference row of
// ../shared/accelsim-reference/accelsim_results.csv is rebuilt as that folder's README says (the
// vectorAdd fixture as it is or made ten times larger with ../shared/tools/replicate_trace.py, the
// built-in workloads written with `gpucosim trace gen` at the row's parameters) and run with
// Accel-Sim's own configuration files (SM7_QV100 + its UDP unit file, or SM86_RTX3070) and
// -gpgpu_perf_sim_memcpy 0; gpucosim's gpu_sim_cycle must be within +-10 % of the row's.
// The expected numbers come from the CSV at run time; the tests skip when ../shared is absent.
// docs/validation.md records the causes found on the way and their effect.
#include <gtest/gtest.h>

#include <cmath>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

std::string shared_dir() {
  const fs::path p = fs::path(source_dir()) / ".." / "shared";
  return fs::exists(p / "accelsim-reference" / "accelsim_results.csv") ? fs::canonical(p).string() : "";
}

struct Row {
  std::string case_name, workload, params, config;
  double gpu_sim_cycle = 0;
};

// The CSV's row for (case, config); its fields have no commas inside.
bool find_row(const std::string& csv, const std::string& case_name, const std::string& config, Row& out) {
  std::ifstream f(csv);
  std::string line;
  std::getline(f, line);  // header
  while (std::getline(f, line)) {
    std::vector<std::string> v;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) v.push_back(cell);
    if (v.size() < 5 || v[0] != case_name || v[3] != config) continue;
    out = Row{v[0], v[1], v[2], v[3], std::stod(v[4])};
    return true;
  }
  return false;
}

// `--param k=v ...` for a row's params column ("defaults (...)" means none).
std::string params_args(const std::string& params) {
  if (params.rfind("defaults", 0) == 0) return "";
  std::string args;
  std::stringstream ss(params);
  for (std::string kv; ss >> kv;) args += " --param " + kv;
  return args;
}

struct Case {
  const char* case_name;
  const char* config;  // as the CSV names it
};
void PrintTo(const Case& c, std::ostream* os) { *os << c.case_name << " / " << c.config; }

class AccelSimCycles : public ::testing::TestWithParam<Case> {};

// Rows whose gap has an open, documented cause (issue 15; docs/validation.md, "Open"). Such a row is
// held to the ratio measured when the cause was written down, so that the gap cannot grow
// unnoticed, and an entry whose row comes within 10 % fails as stale: the table cannot outlive
// the fix.
struct KnownGap {
  const char* case_name;
  const char* config;
  double max_ratio;
  const char* why;
};
const KnownGap kKnownGaps[] = {
    {"def_gemm_naive", "SM7_QV100 + UDP unit", 1.65,
     "1.630 on 2026-11-25: the L2 slices' MSHR merge limit blocks the 16 SMs' sector-by-sector requests for one B row "
     "far more often than in Accel-Sim (37,582 failed attempts against 13,220); docs/validation.md, Open"},
};

TEST_P(AccelSimCycles, GpuSimCycleWithinTenPercent) {
  const std::string shared = shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/accelsim-reference is absent";
  Row row;
  ASSERT_TRUE(find_row(shared + "/accelsim-reference/accelsim_results.csv", GetParam().case_name, GetParam().config, row))
      << "no row " << GetParam().case_name << " / " << GetParam().config << " in accelsim_results.csv";

  // The trace, in a scratch folder under the build tree.
  const std::string dir = scratch_dir(), trace = dir + "/trace";
  const std::string exe = gpucosim_exe();
  if (row.workload == "vectorAdd_nvbit_sm80") {
    const std::string fx = shared + "/fixtures/accelsim-vectoradd-sm80";
    const bool x10 = row.case_name == "fixture_x10";
    ASSERT_TRUE(x10 || row.case_name == "fixture_x1") << "unknown fixture case " << row.case_name;
    if (!x10) {
      fs::create_directories(trace);
      fs::copy(fx, trace, fs::copy_options::recursive);
    } else {
      if (run_command("python3 --version").exit_code != 0) GTEST_SKIP() << "python3 is absent (replicate_trace.py)";
      fs::create_directories(trace);
      const CommandResult r = run_command("python3 " + shared + "/tools/replicate_trace.py " + fx + "/kernel-1.traceg " +
                                          trace + "/kernel-1.traceg -n 10 --kernelslist " + fx + "/kernelslist.g " +
                                          trace + "/kernelslist.g");
      ASSERT_EQ(r.exit_code, 0) << r.output;
    }
  } else {
    const CommandResult r = run_command(exe + " trace gen " + row.workload + params_args(row.params) + " --out " + trace);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }

  // Accel-Sim's configuration files, unchanged.
  const std::string cfg = shared + "/accelsim-configs/";
  std::string configs;
  if (row.config == "SM7_QV100 + UDP unit")
    configs = " --config " + cfg + "SM7_QV100/gpgpusim.config --config " + cfg + "SM7_QV100/trace.config --config " + cfg +
              "SM7_QV100/udp-for-sm80-traces.config";
  else if (row.config == "SM86_RTX3070")
    configs = " --config " + cfg + "SM86_RTX3070/gpgpusim.config --config " + cfg + "SM86_RTX3070/trace.config";
  else
    FAIL() << "unknown configuration " << row.config;
  const CommandResult r = run_command(exe + " run --trace " + trace + "/kernelslist.g" + configs +
                                      " --set gpgpu_perf_sim_memcpy=0 --quiet --no-progress --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream f(dir + "/out/stats.json");
  ASSERT_TRUE(f) << "no stats.json";
  const nlohmann::json stats = nlohmann::json::parse(f);
  ASSERT_EQ(stats["end"], "completed");
  const double ours = stats["total"]["gpu_sim_cycle"].get<double>();
  const double ratio = ours / row.gpu_sim_cycle;
  std::printf("[measure] %s / %s: gpucosim %.0f cycles, Accel-Sim %.0f, ratio %.3f\n", row.case_name.c_str(),
              row.config.c_str(), ours, row.gpu_sim_cycle, ratio);
  for (const KnownGap& g : kKnownGaps) {
    if (row.case_name != g.case_name || row.config != g.config) continue;
    std::printf("[known gap] %s\n", g.why);
    EXPECT_LE(ratio, g.max_ratio) << "the documented gap grew: gpu_sim_cycle " << ours << " against Accel-Sim's "
                                  << row.gpu_sim_cycle;
    EXPECT_GT(std::abs(ratio - 1.0), 0.10) << "within 10 % now: remove the row from kKnownGaps and docs/validation.md's Open";
    return;
  }
  EXPECT_NEAR(ratio, 1.0, 0.10) << "gpu_sim_cycle " << ours << " against Accel-Sim's " << row.gpu_sim_cycle;
}

std::string case_label(const ::testing::TestParamInfo<Case>& i) {
  std::string s = std::string(i.param.case_name) + "_" + i.param.config;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Rows, AccelSimCycles,
                         ::testing::Values(Case{"fixture_x1", "SM7_QV100 + UDP unit"}, Case{"fixture_x1", "SM86_RTX3070"},
                                           Case{"fixture_x10", "SM7_QV100 + UDP unit"}, Case{"fixture_x10", "SM86_RTX3070"},
                                           Case{"def_vecadd", "SM7_QV100 + UDP unit"},
                                           Case{"big_vecadd", "SM7_QV100 + UDP unit"},
                                           Case{"def_transpose_naive", "SM7_QV100 + UDP unit"},
                                           Case{"def_gemm_naive", "SM7_QV100 + UDP unit"},
                                           Case{"def_spmv_csr", "SM7_QV100 + UDP unit"}),
                         case_label);

}  // namespace
}  // namespace gpucosim::test
