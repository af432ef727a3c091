// Sweep files: what a good file reads as, and that each kind of mistake is reported with the
// file, the line and the key before anything runs.
#include <gtest/gtest.h>

#include <filesystem>

#include "kernel/input_error.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

using testutil::read_spec_text;

TEST(sweepSpec, ReadsEveryKey) {
  const std::string dir = test::scratch_dir();
  testutil::write_text(dir, "tiny.config", "-gpgpu_n_clusters 2\n");
  const SweepSpec s = read_spec_text(dir,
                                     "name: demo\n"
                                     "workloads: [vecadd:n=1024, transpose_naive]\n"
                                     "configs: [GTX480, tiny.config]\n"
                                     "axes:\n"
                                     "  gpgpu_n_clusters: [1, 2]\n"
                                     "  -gpgpu_l1_latency: [1, 20, 40]\n"
                                     "zip:\n"
                                     "  - {gpgpu_shader_cta: [4, 8], gpgpu_num_sched_per_core: [1, 2]}\n"
                                     "set: {gpgpu_max_cycle: 100000}\n"
                                     "stats: [cycles, stall_mem]\n"
                                     "energy: 32\n"
                                     "stats_interval: 500\n");
  EXPECT_EQ(s.name, "demo");
  ASSERT_EQ(s.groups.size(), 1u);
  const SweepGroup& g = s.groups[0];
  ASSERT_EQ(g.inputs.size(), 2u);
  EXPECT_EQ(g.inputs[0].text, "vecadd:n=1024");
  EXPECT_EQ(g.inputs[0].canonical, "vecadd:block=256,n=1024") << "every parameter, resolved";
  EXPECT_EQ(g.inputs[1].line, 2u);
  ASSERT_EQ(g.configs.size(), 2u);
  EXPECT_EQ(std::filesystem::path(g.configs[1].file).filename(), "tiny.config") << "relative to the sweep file";
  ASSERT_EQ(g.axes.size(), 2u);
  EXPECT_EQ(g.axes[1].option, "gpgpu_l1_latency") << "a leading '-' is dropped";
  EXPECT_EQ(g.axes[1].values.size(), 3u);
  EXPECT_EQ(g.axes[1].line, 6u);
  ASSERT_EQ(g.zips.size(), 1u);
  EXPECT_EQ(g.zips[0].options.size(), 2u);
  EXPECT_EQ(s.varying_options(),
            (std::vector<std::string>{"gpgpu_n_clusters", "gpgpu_l1_latency", "gpgpu_shader_cta", "gpgpu_num_sched_per_core"}));
  ASSERT_EQ(g.sets.size(), 1u);
  EXPECT_EQ(g.sets[0].value, "100000");
  ASSERT_EQ(s.stats.size(), 2u);
  EXPECT_EQ(s.stats[1].name, "stall_mem");
  EXPECT_EQ(*s.energy_node_nm, 32);
  EXPECT_EQ(s.stats_interval, 500u);
}

TEST(sweepSpec, DefaultsToGtx480) {
  const SweepSpec s = read_spec_text(test::scratch_dir(), "workloads: [vecadd]\n");
  const SweepGroup& g = s.groups.at(0);
  ASSERT_EQ(g.configs.size(), 1u);
  EXPECT_EQ(std::filesystem::path(g.configs[0].file).filename(), "GTX480.config");
  EXPECT_TRUE(g.axes.empty());
}

// The error of a bad file: InputError at (file, line) whose message holds every fragment.
void expect_error(const std::string& text, uint64_t line, const std::vector<std::string>& fragments) {
  const std::string dir = test::scratch_dir();
  try {
    read_spec_text(dir, text, "bad.yaml");
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), dir + "/bad.yaml");
    EXPECT_EQ(e.line(), line) << e.what();
    for (const std::string& f : fragments) EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what();
  }
}

TEST(sweepSpec, SeveralDocumentsAreGroupsOfPoints) {
  const SweepSpec s = read_spec_text(test::scratch_dir(),
                                     "stats: [cycles]\n"
                                     "workloads: [vecadd, transpose_naive]\n"
                                     "axes: {warppool: [off, tlm]}\n"
                                     "---\n"
                                     "workloads: [rowwalk]\n"
                                     "zip: {warppool: [off, tlm], gpucosim_warppool_miss_pct: [99, 20]}\n"
                                     "---\n");
  ASSERT_EQ(s.groups.size(), 2u) << "the empty last document is ignored";
  EXPECT_EQ(s.groups[1].line, 5u);
  EXPECT_EQ(s.groups[1].inputs.at(0).name, "rowwalk");
  EXPECT_EQ(s.varying_options(), (std::vector<std::string>{"warppool", "gpucosim_warppool_miss_pct"}));
  EXPECT_EQ(s.stats.size(), 1u);
}

TEST(sweepSpec, UnknownKey) {
  expect_error("workloads: [vecadd]\naxis:\n  gpgpu_n_clusters: [1]\n", 2, {"unknown key 'axis'", "axes"});
}

TEST(sweepSpec, EmptyAxis) {
  expect_error("workloads: [vecadd]\naxes:\n  gpgpu_n_clusters: []\n", 3, {"gpgpu_n_clusters", "empty"});
}

TEST(sweepSpec, UnknownWorkloadAndParameter) {
  expect_error("workloads:\n  - vecadd\n  - vecad\n", 3, {"unknown workload 'vecad'", "transpose_naive"});
  expect_error("workloads: [vecadd:size=4]\n", 1, {"unknown parameter 'size'", "vecadd"});
  expect_error("workloads: [vecadd:n=0]\n", 1, {"out of range"});
  expect_error("workloads:\n  - 'vecadd:n=64,'\n", 2, {"an empty parameter between commas"});
}

TEST(sweepSpec, UnknownOptionNamesItAndTheNearestOne) {
  expect_error("workloads: [vecadd]\naxes:\n  gpgpu_n_cluster: [1, 2]\n", 3, {"gpgpu_n_cluster'", "gpgpu_n_clusters"});
  expect_error("workloads: [vecadd]\nset:\n  no_such_option: 3\n", 3, {"no_such_option"});
}

TEST(sweepSpec, BadOptionValueNamesItsLine) {
  expect_error("workloads: [vecadd]\naxes:\n  gpgpu_n_clusters:\n    - 1\n    - many\n", 5, {"gpgpu_n_clusters", "many"});
}

TEST(sweepSpec, OtherMistakes) {
  expect_error("workloads: [vecadd]\nworkloads: [transpose_naive]\n", 2, {"appears twice"});
  expect_error("workloads: [vecadd, 'vecadd:n=5000']\n", 1, {"listed twice"});
  expect_error("workloads: [vecadd]\naxes:\n  gpgpu_n_clusters: [1, 1]\n", 3, {"appears twice"});
  // Two spellings of one number are one point.
  expect_error("workloads: [vecadd]\naxes:\n  gpgpu_n_clusters:\n    - 2\n    - 1\n    - 01\n", 6,
               {"'01' appears twice (as '1')"});
  expect_error("workloads: [vecadd]\nzip: {gpgpu_n_clusters: [1, 2, 001], gpgpu_shader_cta: [8, 8, 8]}\n", 2,
               {"entry 3"});
  expect_error("workloads: [vecadd]\nzip: {gpgpu_n_clusters: [1, 2], gpgpu_shader_cta: [8]}\n", 2, {"same number"});
  expect_error("workloads: [vecadd]\nzip: {gpgpu_n_clusters: [1, 2, 1], gpgpu_shader_cta: [8, 8, 8]}\n", 2, {"entry 3"});
  expect_error("workloads: [vecadd]\naxes: {gpgpu_n_clusters: [1]}\nzip: {gpgpu_n_clusters: [2]}\n", 3, {"already varies"});
  expect_error("workloads: [vecadd]\naxes: {gpgpu_n_clusters: [1, 2]}\nset: {gpgpu_n_clusters: 3}\n", 3,
               {"also varies"});
  expect_error("traces: [no/such/kernelslist.g]\n", 1, {"no such trace"});
  expect_error("workloads: [vecadd]\nconfigs: [GTX9999]\n", 2, {"GTX9999", "GTX480"});
  expect_error("workloads: [vecadd]\nenergy: 2\n", 2, {"energy"});
  expect_error("workloads: [vecadd]\nstats_interval: -5\n", 2, {"stats_interval"});
  expect_error("name: nothing to run\n", 1, {"workloads"});
  expect_error("workloads: [vecadd\n", 2, {"not valid YAML"});
  expect_error("- just\n- a list\n", 1, {"expected a map"});
  expect_error("workloads: [vecadd]\n---\nworkloads: [rowwalk]\nstats: [cycles]\n", 4, {"first document"});
  expect_error("workloads: [vecadd]\n---\nconfigs: [GTX480]\n", 3, {"no workloads"});
  expect_error("", 1, {"empty sweep file"});
}

// Mistakes in the sweep-wide keys that would otherwise surface only after every point has run,
// or never (a NaN node, an interval past 64 bits clamped without a word).
TEST(sweepSpec, StatisticsAndEnergyMistakesBeforeAnyPointRuns) {
  expect_error("workloads: [vecadd]\nstats:\n  - cycles\n  - ipc\n  - cycles\n", 5, {"'cycles' is listed twice", "line 3"});
  expect_error("workloads: [vecadd]\nstats: [cycles, energy_uj]\n", 2, {"energy_uj needs `energy: true`"});
  expect_error("workloads: [vecadd]\nenergy: nan\n", 2, {"energy", "'nan'"});
  expect_error("workloads: [vecadd]\nstats_interval: 99999999999999999999999\n", 2, {"stats_interval"});
  EXPECT_NO_THROW(read_spec_text(test::scratch_dir(), "workloads: [vecadd]\nstats: [energy_uj]\nenergy: 45\n"));
}

TEST(sweepSpec, AFolderIsNotASweepFile) {
  try {
    read_sweep_file(test::scratch_dir(), testutil::configs_dir());
    ADD_FAILURE() << "read a folder";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpucosim::sweep
