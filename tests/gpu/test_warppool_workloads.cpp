// WarpPool in the whole GPU (issue 4 point 4): every built-in workload on GTX480 runs with
// warppool=lockstep (C++ twin and Verilated RTL stepped side by side in every SM, every output
// compared every cycle) without a difference, and warppool=tlm and warppool=rtl give identical
// statistics apart from wall-clock figures. A mismatch would end the run with an error naming
// the cycle and port, so "completed" plus lockstep_mismatches == 0 is a real check.
#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

class WarpPoolOnWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(WarpPoolOnWorkload, LockstepAgreesAndRtlEqualsTwin) {
  const std::string base = "run --workload " + GetParam() + " --config GTX480 --set warppool=";
  const CliRun lock = run_cli(base + "lockstep");
  ASSERT_EQ(lock.exit_code, 0) << lock.output;
  EXPECT_EQ(lock.stats["end"], "completed");
  const json& t = lock.stats["total"];
  EXPECT_EQ(t["lockstep_mismatches"].get<double>(), 0.0);
  // Every SM cycle of the run was compared (the block is stepped on every core edge).
  EXPECT_GT(t["lockstep_cycles_compared"].get<double>(), t["gpu_sim_cycle"].get<double>());

  const CliRun tlm = run_cli(base + "tlm");
  const CliRun rtl = run_cli(base + "rtl");
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  ASSERT_EQ(rtl.exit_code, 0) << rtl.output;
  // WarpPool really was in the path: it counted the workload's global loads (if any).
  if (tlm.stats["total"].value("gpgpu_n_load_insn", 0.0) > 0) {
    EXPECT_GT(tlm.stats["total"].value("warppool_l1_load_requests", 0.0), 0.0);
  }
  json a = tlm.stats, b = rtl.stats;
  drop_wall_clock(a);
  drop_wall_clock(b);
  EXPECT_EQ(a["total"], b["total"]);
  EXPECT_EQ(a["kernels"], b["kernels"]);
}

// The queue index is the L1's Fermi set index (address bits 7-15, 17, 19). The built-in workloads
// at their test sizes stride at most a few kB; the naive transpose at n=2048 walks columns 8 kB
// apart, so its lines differ in every bit the function XORs (13-15, 17, 19) and in the ignored
// 16 and 18, and blocks of different rows differ in bits 7-12. 20,000 cycles cover thousands of
// such columns in every SM.
TEST(gpuWarpPool, LockstepAgreesOnColumnsThatReachEveryHashedBit) {
  const CliRun lock = run_cli(
      "run --workload transpose_naive:n=2048 --config GTX480 --set warppool=lockstep --max-cycles 20000");
  ASSERT_EQ(lock.exit_code, 0) << lock.output;
  EXPECT_EQ(lock.stats["end"], "max_cycles");
  const json& t = lock.stats["total"];
  EXPECT_EQ(t["lockstep_mismatches"].get<double>(), 0.0);
  EXPECT_GE(t["lockstep_cycles_compared"].get<double>(), 15 * 20000.0 * 0.9);
  EXPECT_GT(t["warppool_l1_load_requests"].get<double>(), 10000.0);
}

std::vector<std::string> workload_names() {
  std::vector<std::string> v;
  for (const auto& w : builtin_workloads()) v.push_back(w->name());
  return v;
}

INSTANTIATE_TEST_SUITE_P(gpu, WarpPoolOnWorkload, ::testing::ValuesIn(workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace gpucosim::test
