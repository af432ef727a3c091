// Every sweep file in the repository (docs/examples, bench/sweeps) reads and plans: an option or
// workload renamed elsewhere shows up here, not when someone runs the sweep. The WarpPool results
// sweep keeps the shape its page generator reads (bench/warppool_results_bench.cpp).
#include <gtest/gtest.h>

#include <filesystem>

#include "sweep/sweep_points.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

namespace fs = std::filesystem;

TEST(repoSweepFiles, AllReadAndPlan) {
  size_t files = 0;
  for (const char* folder : {"docs/examples", "bench/sweeps"})
    for (const auto& e : fs::directory_iterator(test::source_dir() + "/" + folder)) {
      if (e.path().extension() != ".yaml") continue;
      ++files;
      const SweepSpec s = read_sweep_file(e.path().string(), testutil::configs_dir());
      EXPECT_FALSE(plan_points(s).empty()) << e.path();
    }
  EXPECT_GE(files, 3u);
}

TEST(repoSweepFiles, WarppoolResultsShape) {
  for (const char* f : {"warppool-results.yaml", "warppool-results-quick.yaml"}) {
    const SweepSpec s = read_sweep_file(test::source_dir() + "/bench/sweeps/" + f, testutil::configs_dir());
    ASSERT_EQ(s.groups.size(), 2u) << f;
    ASSERT_EQ(s.groups[0].axes.size(), 1u) << f;
    EXPECT_EQ(s.groups[0].axes[0].option, "warppool") << f;
    ASSERT_EQ(s.groups[0].axes[0].values.size(), 2u) << f;
    EXPECT_EQ(s.groups[0].axes[0].values[0].value, "off") << f;
    EXPECT_EQ(s.groups[0].axes[0].values[1].value, "tlm") << f;
    ASSERT_EQ(s.groups[1].inputs.size(), 1u) << f;
    EXPECT_EQ(s.groups[1].inputs[0].name, "rowwalk") << f;
    ASSERT_EQ(s.groups[1].zips.size(), 1u) << f;
    EXPECT_EQ(s.groups[1].zips[0].options[0].values.size(), 3u) << f;
    // Every transpose_naive size has its transpose_shared twin.
    size_t naive = 0, shared = 0;
    for (const SweepInput& in : s.groups[0].inputs) {
      naive += in.name == "transpose_naive";
      shared += in.name == "transpose_shared";
    }
    EXPECT_GE(naive, 1u) << f;
    EXPECT_EQ(naive, shared) << f;
  }
}

}  // namespace
}  // namespace gpucosim::sweep
