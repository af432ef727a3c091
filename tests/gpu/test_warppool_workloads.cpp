// WarpPool in the whole GPU (issue 4 point 4, issue 12): every built-in workload on GTX480 runs
// with warppool=lockstep (C++ twin and Verilated RTL stepped side by side in every SM, every
// output compared every cycle) without a difference, with the protocol checker on, and
// warppool=tlm and warppool=rtl give identical statistics apart from wall-clock figures. A
// mismatch would end the run with an error naming the cycle and port, so "completed" plus
// lockstep_mismatches == 0 is a real check. Quiet-cycle skipping (both sides hold their outputs
// on quiet cycles) is proved exact by a second lockstep run in which neither side skips: every
// cycle the block was stepped is then compared, and the statistics equal the skipping run's.
// The data path is checked too: the front end returns a pattern of each address and checks every
// written-back lane (warppool_wb_lanes_checked).
#include <gtest/gtest.h>

#include "systemc/blocks/registry/block_registry.h"
#include "tests/gpu/block_lockstep.h"
#include "tests/gpu/gpu_test_util.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

class WarpPoolOnWorkload : public ::testing::TestWithParam<std::string> {};

bool have_rtl() {
  return builtin_block_registry().has_mode("warppool", kit::BlockMode::Rtl);
}

TEST_P(WarpPoolOnWorkload, LockstepAgreesAndRtlEqualsTwin) {
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  const std::string base = "run --workload " + GetParam() + " --config GTX480 --set gpucosim_warppool_check=1 --set warppool=";
  const CliRun lock = expect_exact_lockstep(base, "warppool");
  ASSERT_EQ(lock.exit_code, 0);
  const json& t = lock.stats["total"];
  if (t.value("gpgpu_n_load_insn", 0.0) > 0) {
    EXPECT_GT(t["warppool_wb_lanes_checked"].get<double>(), 0.0) << "the load data path was not exercised";
  }

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
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  const CliRun lock = run_cli(
      "run --workload transpose_naive:n=2048 --config GTX480 --set warppool=lockstep --max-cycles 20000");
  ASSERT_EQ(lock.exit_code, 0) << lock.output;
  EXPECT_EQ(lock.stats["end"], "max_cycles");
  const json& t = lock.stats["total"];
  EXPECT_EQ(t["lockstep_mismatches"].get<double>(), 0.0);
  // Every cycle each of the 15 SMs stepped the block (plus its reset) was compared or held by both
  // sides, up to the limit: exactly, not "most of them".
  const double n_sms = t["sm_cycles"].get<double>() / t["gpu_sim_cycle"].get<double>();
  ASSERT_EQ(n_sms, 15.0);
  EXPECT_EQ(t["lockstep_cycles_compared"].get<double>() + t["lockstep_cycles_held"].get<double>(),
            t["warppool_cycles"].get<double>() + n_sms);
  EXPECT_GE(t["warppool_cycles"].get<double>(), 15 * 20000.0 * 0.9) << "the block ran in nearly every SM cycle";
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
