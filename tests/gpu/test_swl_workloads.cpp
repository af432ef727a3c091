// SWL in the whole GPU (issue 12 part 6): every built-in workload on GTX480 runs with swl=lockstep
// (C++ twin and Verilated RTL side by side in every SM, every output compared every cycle, the
// protocol checker on) without a difference; again with neither side holding quiet cycles, where
// every clocked cycle is compared and the statistics are the same; swl=tlm and swl=rtl give
// identical statistics; and with a limit at or above the SM's 48 warps the throttle never acts,
// so every statistic of the run equals the baseline's (swl=off). With limit 1 the throttle does
// act (slower, same instructions), and SWL works beside WarpPool (two issue gates).
#include <gtest/gtest.h>

#include "systemc/blocks/registry/block_registry.h"
#include "tests/gpu/block_lockstep.h"
#include "tests/gpu/gpu_test_util.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

bool have_rtl() { return builtin_block_registry().has_mode("swl", kit::BlockMode::Rtl); }


class SwlOnWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(SwlOnWorkload, LockstepAgreesRtlEqualsTwinAndNoThrottleIsTheBaseline) {
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  const std::string base = "run --workload " + GetParam() + " --config GTX480 --set gpucosim_swl_check=1 --set swl=";
  const CliRun lock = expect_exact_lockstep(base, "swl");
  ASSERT_EQ(lock.exit_code, 0);
  EXPECT_GT(lock.stats["total"]["swl_allow_changes"].get<double>(), 0.0);

  const CliRun tlm = run_cli(base + "tlm");
  const CliRun rtl = run_cli(base + "rtl");
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  ASSERT_EQ(rtl.exit_code, 0) << rtl.output;
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(rtl)["total"]), "");
  EXPECT_EQ(without_lockstep_counters(tlm)["kernels"], without_lockstep_counters(rtl)["kernels"]);
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(lock)["total"]), "");

  const CliRun off = run_cli(base + "off");
  const CliRun wide = run_cli(base + "tlm --set gpucosim_swl_limit=48");
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(wide.exit_code, 0) << wide.output;
  const json a = without_lockstep_counters(off), b = without_lockstep_counters(wide);
  EXPECT_EQ(b["total"]["swl_gate_refusals"].get<double>(), 0.0);
  EXPECT_EQ(first_difference(a["total"], b["total"], true), "");  // b adds only the swl_* figures
  ASSERT_EQ(a["kernels"].size(), b["kernels"].size());
  for (size_t k = 0; k < a["kernels"].size(); ++k)
    EXPECT_EQ(first_difference(a["kernels"][k], b["kernels"][k], true), "") << "kernel " << k;
}

std::vector<std::string> workload_names() {
  std::vector<std::string> v;
  for (const auto& w : builtin_workloads()) v.push_back(w->name());
  return v;
}

INSTANTIATE_TEST_SUITE_P(gpu, SwlOnWorkload, ::testing::ValuesIn(workload_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

// One active warp per SM may load: the same instructions take longer, and the gate held loads.
TEST(gpuSwl, LimitOneThrottlesAMemoryBoundWorkload) {
  const std::string run = "run --workload gemm_naive --config GTX480 --set gpucosim_swl_check=1 --set swl=";
  const CliRun off = run_cli(run + "off");
  const CliRun one = run_cli(run + "tlm --set gpucosim_swl_limit=1");
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(one.exit_code, 0) << one.output;
  const json &a = off.stats["total"], &b = one.stats["total"];
  EXPECT_EQ(b["gpu_sim_insn"], a["gpu_sim_insn"]);
  EXPECT_EQ(b["gpgpu_n_load_insn"], a["gpgpu_n_load_insn"]);
  EXPECT_GT(b["gpu_sim_cycle"].get<double>(), a["gpu_sim_cycle"].get<double>());
  EXPECT_GT(b["swl_gate_refusals"].get<double>(), 0.0);
  EXPECT_GT(b["swl_cycles_throttled"].get<double>(), 0.0);
  EXPECT_GT(b["stall_mem"].get<double>(), a["stall_mem"].get<double>());
}

// Two issue gates in every SM: SWL (lockstep) beside WarpPool (lockstep), each under its checker.
TEST(gpuSwl, WorksBesideWarpPool) {
  if (!have_rtl() || !builtin_block_registry().has_mode("warppool", kit::BlockMode::Rtl))
    GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  for (const char* limit : {"1", "8"}) {
    const CliRun r = run_cli(
        std::string("run --workload transpose_naive --config GTX480 --set swl=lockstep --set warppool=lockstep "
                    "--set gpucosim_swl_check=1 --set gpucosim_warppool_check=1 --set gpucosim_swl_limit=") + limit);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const json& t = r.stats["total"];
    EXPECT_EQ(r.stats["end"], "completed");
    EXPECT_EQ(t["lockstep_mismatches"].get<double>(), 0.0);
    EXPECT_GT(t["warppool_l1_load_requests"].get<double>(), 0.0);
    EXPECT_GT(t["warppool_wb_lanes_checked"].get<double>(), 0.0);
    EXPECT_GT(t["swl_gate_refusals"].get<double>(), 0.0) << "limit " << limit;
  }
}

// The gate clocks the block lazily, every cycle also when the SM was not ticked: smart ticking
// and ticking every component give the same statistics (two kernels: SMs idle in between).
TEST(gpuSwl, FiguresDoNotDependOnSmartTicking) {
  const std::string mode = have_rtl() ? "swl=lockstep" : "swl=tlm";
  const GpuConfig g = preset("GTX480", {mode, "gpucosim_swl_limit=1", "gpucosim_swl_check=1"});
  json runs[2];
  for (int all = 0; all < 2; ++all)
    runs[all] = in_child([&] {
      GpuModelOptions o;
      o.tick_idle_components = all == 1;
      json j = simulate(g, application_from_workload("atax:nx=256,ny=256"), o);
      drop_wall_clock(j);
      for (json* t : {&j["total"]}) t->erase("lockstep_cycles_held"), t->erase("lockstep_cycles_compared");
      for (json& k : j["kernels"]) k.erase("lockstep_cycles_held"), k.erase("lockstep_cycles_compared");
      return j;
    });
  ASSERT_FALSE(runs[0].is_null());
  EXPECT_EQ(runs[0]["end"], "completed");
  EXPECT_GT(runs[0]["total"]["swl_cycles_throttled"].get<double>(), 0.0);
  const json diff = json::diff(runs[0], runs[1]);
  EXPECT_TRUE(diff.empty()) << diff.dump().substr(0, 4000);
}

TEST(gpuSwl, BadOptionsNameTheOption) {
  const std::string run = "run --workload vecadd --config GTX480 --set ";
  for (const char* bad : {"swl=fast", "gpucosim_swl_limit=0", "gpucosim_swl_limit=65", "gpucosim_swl_gate_all=2"}) {
    const CliRun r = run_cli(run + bad);
    EXPECT_EQ(r.exit_code, 1) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("gpucosim: error:"), std::string::npos) << r.output;
    const std::string opt = std::string(bad).substr(0, std::string(bad).find('='));
    EXPECT_NE(r.output.find(opt), std::string::npos) << bad << ": " << r.output;
  }
}

}  // namespace
}  // namespace gpucosim::test
