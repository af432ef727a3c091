// Whole runs through the gpucosim CLI: determinism, the Accel-Sim vectorAdd fixture, and deadlock
// detection (report naming the stuck components, exit code 3).
#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

TEST(gpu_runs, TwoRunsGiveIdenticalStats) {
  const std::string dir = scratch_dir();
  for (const char* w : {"spmv_csr:rows=1024", "transpose_shared:n=128"}) {
    const std::string args = std::string("run --workload ") + w + " --config GTX480";
    CliRun a = run_cli(args, dir + "/a"), b = run_cli(args, dir + "/b");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    ASSERT_EQ(b.exit_code, 0) << b.output;
    EXPECT_GT(a.stats["total"]["sim_wall_s"].get<double>(), 0.0) << "the wall-clock field exists";
    drop_wall_clock(a.stats);
    drop_wall_clock(b.stats);
    EXPECT_EQ(a.stats, b.stats) << w;
  }
}

TEST(gpu_runs, AccelSimVectorAddFixtureOnQV100) {
  const std::string fx = shared_fixture("accelsim-vectoradd-sm80");
  if (fx.empty()) GTEST_SKIP() << "../shared/fixtures/accelsim-vectoradd-sm80 is absent";
  const CliRun r = run_cli("run --trace " + fx + "/kernelslist.g --config QV100");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json& t = r.stats["total"];
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_EQ(t["warp_insn"].get<uint64_t>(), 26601u);  // the trace's own count (gpucosim trace info)
  // Plausible: below the issue limit of the configuration (80 SMs x 4 schedulers x 1 warp
  // instruction per cycle x 32 threads), and the 26,601 warp instructions must not take longer
  // than one per cycle on one scheduler would.
  const GpuConfig g = preset("QV100");
  const json& k = r.stats["kernels"][0];
  const double ipc = k["gpu_ipc"].get<double>(), warp_ipc = k["gpu_warp_ipc"].get<double>();
  std::printf("[measure] fixture on QV100: gpu_ipc %.1f, warp IPC %.2f, %lld cycles\n", ipc, warp_ipc,
              (long long)k["gpu_sim_cycle"].get<int64_t>());
  EXPECT_LE(warp_ipc, double(g.core.n_sms()) * g.core.n_schedulers * g.core.max_issue_per_warp);
  EXPECT_GE(warp_ipc, 1.0);
  EXPECT_LE(ipc, 32.0 * warp_ipc);
  EXPECT_GT(ipc, 0.0);
}

// The interconnect takes a million cycles to deliver anything: no warp can issue past its first
// load for far longer than gpucosim_deadlock_cycles, so the run must stop as a deadlock whose
// report names the stuck SMs, their warps and what they wait for, and the interconnect holding
// the requests. (The model has no true deadlock to provoke: barriers release when warps exit and
// every queue drains, so a stall longer than the detection window stands in for one.)
TEST(gpu_runs, StuckGpuStopsWithADeadlockReportAndExitCode3) {
  const CliRun r =
      run_cli("run --workload vecadd --config GTX480 --set gpucosim_icnt_latency=1000000 --set gpucosim_deadlock_cycles=2000");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("deadlock"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("SM 0"), std::string::npos);
  EXPECT_NE(r.output.find("waits on registers"), std::string::npos);
  EXPECT_NE(r.output.find("interconnect: request network"), std::string::npos);
  EXPECT_NE(r.output.find("dispatcher: 0/1 kernels finished"), std::string::npos);
  ASSERT_FALSE(r.stats.is_null()) << "stats.json is still written";
  EXPECT_EQ(r.stats["end"], "deadlock");
  EXPECT_NE(r.stats["end_report"].get<std::string>().find("waits on registers"), std::string::npos);
  // Detected within one check interval (256 cycles) of the window, not at some later limit.
  EXPECT_LT(r.stats["total"]["gpu_sim_cycle"].get<double>(), 2000 + 2 * 256 + 256);
}

}  // namespace
}  // namespace gpucosim::test
