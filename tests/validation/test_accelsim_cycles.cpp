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
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"
#include "validation/accelsim_reference.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

std::string shared_dir() {
  const fs::path p = fs::path(source_dir()) / ".." / "shared";
  return fs::exists(p / "accelsim-reference" / "accelsim_results.csv") ? fs::canonical(p).string() : "";
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
// Empty since def_gemm_naive came within 10 % (2026-11-29: the L2's fill waiters leave one per
// cycle, and dram_latency counts core cycles; docs/validation.md, causes 3 and 4).
const std::vector<KnownGap> kKnownGaps = {};

TEST_P(AccelSimCycles, GpuSimCycleWithinTenPercent) {
  const std::string shared = shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/accelsim-reference is absent";
  const std::string csv = shared + "/accelsim-reference/accelsim_results.csv";
  validation::ReferenceRow row;
  bool found = false;
  for (const validation::ReferenceRow& r : validation::read_reference_rows(csv))
    if (r.case_name == GetParam().case_name && r.config == GetParam().config) {
      row = r;
      found = true;
    }
  ASSERT_TRUE(found) << "no row " << GetParam().case_name << " / " << GetParam().config << " in accelsim_results.csv";

  // The trace, in a scratch folder under the build tree.
  const std::string dir = scratch_dir(), trace = dir + "/trace";
  const std::string exe = gpucosim_exe();
  if (row.case_name == "fixture_x10" && run_command("python3 --version").exit_code != 0)
    GTEST_SKIP() << "python3 is absent (replicate_trace.py)";
  const CommandResult made = run_command(validation::trace_command(row, shared, exe, trace));
  ASSERT_EQ(made.exit_code, 0) << made.output;

  // Accel-Sim's configuration files, unchanged.
  const std::string configs = validation::config_args(shared, row.config);
  ASSERT_FALSE(configs.empty()) << "unknown configuration " << row.config;
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
