// Smart ticking (skipping components with nothing to do) is an optimisation only: ticking every
// component on every edge (GpuModelOptions::tick_idle_components) must give bit-identical
// statistics (spec 002 §6.7 item 35), wall-clock fields aside. That includes the counters of
// cycles rather than events (dram[c].n_cmd, n_nop and bw_util = data_cycles / n_cmd, the SMs'
// sm_cycles and stall_idle): a skipped idle SM or DRAM channel counts the cycles it was skipped
// for at its next tick or when statistics are collected (Sm::collect, DramChannel::collect).
// The same option turns off the other skips: quiet SMs (every warp waiting on memory or the
// scoreboard, Sm::skippable: their skipped cycles count their stall reasons and occupancy) and
// L2 slices with nothing due (L2Slice::skippable).
#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

json run(const std::string& preset_name, const std::string& workload, bool tick_all) {
  const GpuConfig g = preset(preset_name);
  return in_child([&] {
    GpuModelOptions o;
    o.tick_idle_components = tick_all;
    json j = simulate(g, application_from_workload(workload), o);
    drop_wall_clock(j);
    return j;
  });
}

void check(const std::string& preset_name, const std::string& workload) {
  const json smart = run(preset_name, workload, false), all = run(preset_name, workload, true);
  ASSERT_FALSE(smart.is_null());
  EXPECT_EQ(smart["end"], "completed");
  EXPECT_GT(smart["total"]["warp_insn"].get<double>(), 0);
  // Name the differing counters rather than printing both documents.
  const json diff = json::diff(smart, all);
  EXPECT_TRUE(diff.empty()) << workload << " on " << preset_name << ": " << diff.dump().substr(0, 4000);
}

TEST(gpu_tick_idle, IdenticalStatsSpmvGTX480) { check("GTX480", "spmv_csr:rows=512"); }
TEST(gpu_tick_idle, IdenticalStatsTransposeSharedQV100) { check("QV100", "transpose_shared:n=64"); }
// Two kernels: per-kernel snapshots are taken while some SMs are idle and skipped.
TEST(gpu_tick_idle, IdenticalStatsAtaxTwoKernelsGTX480) { check("GTX480", "atax:nx=256,ny=256"); }
// Memory-bound on the 80-SM preset: most SM cycles are quiet, most L2 slice cycles wait on DRAM.
TEST(gpu_tick_idle, IdenticalStatsVecaddQV100) { check("QV100", "vecadd:n=65536"); }
TEST(gpu_tick_idle, IdenticalStatsTransposeNaiveQV100) { check("QV100", "transpose_naive:n=256"); }

}  // namespace
}  // namespace gpucosim::test
