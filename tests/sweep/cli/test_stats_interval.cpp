// `gpucosim run --stats-interval N`: the intervals add up to the run's totals, each has the same
// fields, and sampling does not change the run's statistics.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/sweep/cli/sweep_cli_util.h"

namespace gpucosim::sweep {
namespace {

using namespace testutil;

TEST(statsInterval, IntervalsAddUpToTheRunAndDoNotChangeIt) {
  const std::string dir = test::scratch_dir();
  const std::string run = test::gpucosim_exe() + " run --quiet --workload transpose_naive:n=256 --set gpgpu_n_clusters=4 ";
  test::CommandResult r = test::run_command(run + "--out " + dir + "/plain");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  r = test::run_command(run + "--stats-interval 300 --out " + dir + "/sampled");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json plain = stats_without_wall_clock(dir + "/plain/stats.json");
  EXPECT_EQ(stats_without_wall_clock(dir + "/sampled/stats.json"), plain) << "sampling changed the run";
  EXPECT_FALSE(std::filesystem::exists(dir + "/plain/stats-interval.jsonl"));

  const nlohmann::json& total = plain["total"];
  std::istringstream in(test::read_text(dir + "/sampled/stats-interval.jsonl"));
  double cycles = 0, issued = 0, l1_misses = 0, l2_hits = 0, dram_bytes = 0, insn = 0;
  uint64_t last = 0;
  size_t n = 0;
  for (std::string line; std::getline(in, line); ++n) {
    const nlohmann::json j = nlohmann::json::parse(line);
    const uint64_t cycle = j.at("cycle").get<uint64_t>();
    EXPECT_GT(cycle, last);
    EXPECT_EQ(j.at("cycles").get<uint64_t>(), cycle - last);
    if (cycle != total.at("gpu_sim_cycle").get<uint64_t>()) {
      EXPECT_EQ(cycle % 300, 0u) << "every 300 cycles, then the end";
    }
    last = cycle;
    cycles += j.at("cycles").get<double>();
    issued += j.at("issued").get<double>();
    l1_misses += j.at("l1_misses").get<double>();
    l2_hits += j.at("l2_hits").get<double>();
    dram_bytes += j.at("dram_bytes").get<double>();
    insn += j.at("ipc").get<double>() * j.at("cycles").get<double>();
    EXPECT_GE(j.at("active_warps").get<double>(), 0.0);
    EXPECT_LE(j.at("active_warps").get<double>(), 4 * 48.0) << "4 SMs of 48 warps";
  }
  EXPECT_GT(n, 3u);
  EXPECT_EQ(last, total.at("gpu_sim_cycle").get<uint64_t>());
  EXPECT_EQ(cycles, total.at("gpu_sim_cycle").get<double>());
  EXPECT_EQ(issued, total.at("issued").get<double>());
  EXPECT_EQ(l1_misses, total.at("L1D_total_cache_misses").get<double>());
  EXPECT_EQ(l2_hits, total.at("L2_total_cache_hits").get<double>());
  EXPECT_NEAR(insn, total.at("gpu_sim_insn").get<double>(), 1e-6 * total.at("gpu_sim_insn").get<double>());
  double total_dram = 0;
  for (const auto& [k, v] : total.items())
    if (k.rfind("dram[", 0) == 0 && (k.find("bytes_read") != std::string::npos || k.find("bytes_written") != std::string::npos))
      total_dram += v.get<double>();
  EXPECT_EQ(dram_bytes, total_dram);
  EXPECT_GT(dram_bytes, 0.0);
}

}  // namespace
}  // namespace gpucosim::sweep
