// Points of a sweep: their number and order, their `gpucosim run` arguments, and their content
// addresses (same inputs -> same folder, whatever the spelling; any change -> another folder).
#include <gtest/gtest.h>

#include <set>

#include "kernel/input_error.h"
#include "sweep/sweep_points.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

using testutil::read_spec_text;

std::vector<SweepPoint> points_of(const std::string& text) {
  return plan_points(read_spec_text(test::scratch_dir(), text));
}

TEST(sweepPoints, ProductOfAxesTimesZipInFileOrder) {
  const SweepSpec s = read_spec_text(test::scratch_dir(),
                                     "workloads: [vecadd, transpose_naive]\n"
                                     "axes: {gpgpu_n_clusters: [1, 2, 3], gpgpu_l1_latency: [1, 20]}\n"
                                     "zip: {gpgpu_shader_cta: [4, 8], gpgpu_num_sched_per_core: [1, 2]}\n");
  const std::vector<SweepPoint> p = plan_points(s);
  ASSERT_EQ(p.size(), 2u * 3 * 2 * 2);
  // The first axis varies slowest, the zip fastest; inputs outermost.
  EXPECT_EQ(p[0].coords, (std::vector<std::pair<std::string, std::string>>{
                             {"gpgpu_n_clusters", "1"}, {"gpgpu_l1_latency", "1"}, {"gpgpu_shader_cta", "4"},
                             {"gpgpu_num_sched_per_core", "1"}}));
  EXPECT_EQ(p[1].coords[2].second, "8");
  EXPECT_EQ(p[1].coords[3].second, "2") << "zipped options move together";
  EXPECT_EQ(p[2].coords[1].second, "20");
  EXPECT_EQ(p[4].coords[0].second, "2");
  EXPECT_EQ(p[12].input, 1u);
  std::set<std::string> folders;
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_EQ(p[i].index, i);
    folders.insert(p[i].folder);
  }
  EXPECT_EQ(folders.size(), p.size()) << "every point its own folder";
  EXPECT_EQ(p[0].folder.rfind("vecadd-", 0), 0u);
  EXPECT_EQ(p[12].folder.rfind("transpose_naive-", 0), 0u);
}

TEST(sweepPoints, DocumentsAddTheirPointsInOrder) {
  const SweepSpec s = read_spec_text(test::scratch_dir(),
                                     "workloads: [vecadd, transpose_naive]\naxes: {warppool: [off, tlm]}\n---\n"
                                     "workloads: [rowwalk]\nzip: {warppool: [off, tlm, tlm], gpucosim_warppool_miss_pct: [99, 99, 20]}\n");
  const std::vector<SweepPoint> p = plan_points(s);
  ASSERT_EQ(p.size(), 4u + 3u);
  EXPECT_EQ(p[3].group, 0u);
  EXPECT_EQ(p[4].group, 1u);
  EXPECT_EQ(p[4].input, 0u);
  EXPECT_EQ(point_input(s, p[6]).text, "rowwalk");
  EXPECT_EQ(p[6].coords.back(), (std::pair<std::string, std::string>{"gpucosim_warppool_miss_pct", "20"}));
  EXPECT_EQ(describe_point(s, p[5]), "rowwalk warppool=tlm gpucosim_warppool_miss_pct=99");
  // The same run in two documents is one point too many.
  EXPECT_THROW(plan_points(read_spec_text(test::scratch_dir(), "workloads: [vecadd]\n---\nworkloads: [vecadd]\n")),
               InputError);
}

TEST(sweepPoints, RunArgumentsAreTheEquivalentRunCommand) {
  const std::vector<SweepPoint> p = points_of(
      "workloads: [vecadd:n=1024]\naxes: {gpgpu_n_clusters: [2]}\nset: {gpgpu_max_cycle: 9999}\nenergy: true\n"
      "stats_interval: 100\n");
  ASSERT_EQ(p.size(), 1u);
  const std::vector<std::string>& a = p[0].run_args;
  ASSERT_GE(a.size(), 6u);
  EXPECT_EQ(a[0], "run");
  EXPECT_EQ(a[2], "--workload");
  EXPECT_EQ(a[3], "vecadd:n=1024");
  auto has = [&](const std::vector<std::string>& seq) { return std::search(a.begin(), a.end(), seq.begin(), seq.end()) != a.end(); };
  EXPECT_TRUE(has({"--set", "gpgpu_max_cycle=9999"}));
  EXPECT_TRUE(has({"--set", "gpgpu_n_clusters=2"}));
  EXPECT_TRUE(has({"--energy", "--energy-node", "45"}));
  EXPECT_TRUE(has({"--stats-interval", "100"}));
}

TEST(sweepPoints, SameInputsSameAddressWhateverTheSpelling) {
  const auto a = points_of("workloads: [vecadd]\naxes: {gpgpu_n_clusters: [4]}\n");
  // Default parameters spelled out, the option's default set explicitly, another sweep around it.
  const auto b = points_of("workloads: [transpose_naive, 'vecadd:n=5000,block=256']\naxes: {gpgpu_n_clusters: [4, 8]}\n"
                           "set: {gpgpu_l1_latency: 1}\n");
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(a[0].hash, b[2].hash);
  EXPECT_EQ(a[0].folder, b[2].folder);
  EXPECT_EQ(a[0].hash.size(), 64u);
}

TEST(sweepPoints, AnyChangeOfInputsChangesTheAddress) {
  const std::string base = points_of("workloads: [vecadd]\n")[0].hash;
  EXPECT_NE(points_of("workloads: ['vecadd:n=5001']\n")[0].hash, base);
  EXPECT_NE(points_of("workloads: [vecadd]\nset: {gpgpu_l1_latency: 2}\n")[0].hash, base);
  EXPECT_NE(points_of("workloads: [vecadd]\nconfigs: [GTX980]\n")[0].hash, base);
  EXPECT_NE(points_of("workloads: [vecadd]\nenergy: true\n")[0].hash, base);
  EXPECT_NE(points_of("workloads: [vecadd]\nstats_interval: 10\n")[0].hash, base);
  EXPECT_EQ(points_of("workloads: [vecadd]\n")[0].hash, base) << "and no change keeps it";
}

TEST(sweepPoints, InconsistentCombinationFailsWhenPlanned) {
  const std::string dir = test::scratch_dir();
  const SweepSpec s = read_spec_text(dir, "workloads: [vecadd]\naxes:\n  gpgpu_shader_registers: [32768, 1024]\n");
  try {
    plan_points(s);
    ADD_FAILURE() << "planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u) << e.what();
    EXPECT_NE(std::string(e.what()).find("point 1 (vecadd gpgpu_shader_registers=1024)"), std::string::npos) << e.what();
  }
}

TEST(sweepPoints, TwoPointsThatAreTheSameRunAreRefused) {
  // rop_latency is an alias of gpgpu_l2_rop_latency: the zip overrides the axis at both points.
  const SweepSpec dup = read_spec_text(test::scratch_dir(), "workloads: [vecadd]\naxes: {gpgpu_l2_rop_latency: [120, 121]}\n"
                                                            "zip: {rop_latency: [130]}\n");
  try {
    plan_points(dup);
    ADD_FAILURE() << "planned";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("same run"), std::string::npos) << e.what();
  }
}

// The number of points is bounded before anything is planned: a product of axes in the millions
// would exhaust memory, and 16 axes of 16 values (2^64) wrapped the count to 0, a sweep of nothing
// that reported success.
TEST(sweepPoints, TooManyPointsAreRefusedBeforePlanning) {
  std::string axes;
  for (const char* o : {"gpgpu_n_clusters", "gpgpu_shader_cta", "gpgpu_l2_rop_latency", "dram_latency"}) {
    axes += std::string("  ") + o + ": [";
    for (int v = 1; v <= 16; ++v) axes += std::to_string(v) + (v < 16 ? ", " : "]\n");
  }
  // 16^4 = 65,536 > kMaxSweepPoints
  const SweepSpec s = read_spec_text(test::scratch_dir(), "workloads: [vecadd]\naxes:\n" + axes);
  try {
    plan_points(s);
    ADD_FAILURE() << "planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u) << e.what();
    EXPECT_NE(std::string(e.what()).find("65536 points"), std::string::npos) << e.what();
  }
  // 8 axes of 256 values: 2^64 combinations, which a 64-bit count wraps to 0: still this error,
  // not a sweep of no points.
  std::string many;
  for (const char* o : {"gpgpu_l2_rop_latency", "dram_latency", "gpgpu_l1_latency", "gpgpu_smem_latency",
                        "icnt_in_buffer_limit", "icnt_out_buffer_limit", "gpgpu_dram_return_queue_size",
                        "gpgpu_frfcfs_dram_sched_queue_size"}) {
    many += std::string("  ") + o + ": [";
    for (int v = 1; v <= 256; ++v) many += std::to_string(v) + (v < 256 ? ", " : "]\n");
  }
  try {
    plan_points(read_spec_text(test::scratch_dir(), "workloads: [vecadd]\naxes:\n" + many));
    ADD_FAILURE() << "planned";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 2^64 points"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpucosim::sweep
