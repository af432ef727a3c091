// Idle skipping (GpuModel::skip_idle): with the whole GPU idle (a kernel launch latency between
// kernels, an application held back by start=CYCLE) the clocks pass the edges until the
// dispatcher's next action at once. It is an optimisation only: ticking every component on every
// edge (tick_idle_components, which turns every skip off) gives bit-identical statistics, the
// samples taken inside a skipped stretch and a cycle limit inside one included.
#include <gtest/gtest.h>

#include "systemc/gpu/gpu_model.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

struct SkipRun {
  uint64_t sample_interval = 0;
  uint64_t max_cycles = 0;
  std::vector<std::string> sets;  // configuration options on top of the preset
  uint32_t threads = 1;            // host threads of the skipping run, used on every edge with work
};

// The report (wall clock dropped), the samples under "samples" and the cycles skipped under
// "skipped".
json run(const std::string& preset_name, const std::vector<Application>& apps, bool tick_all, const SkipRun& x) {
  GpuConfig g = preset(preset_name, x.sets);
  if (x.max_cycles) g.limits.max_cycles = x.max_cycles;
  return in_child([&] {
    GpuModelOptions o;
    o.tick_idle_components = tick_all;
    if (!tick_all && x.threads > 1) {
      o.host_threads = x.threads;
      o.host_threads_adaptive = false;
    }
    json samples = json::array();
    if (x.sample_interval) record_samples(o, x.sample_interval, samples);
    GpuModel gpu("gpu", g, o);
    json r = json::parse(to_json(gpu.run(apps)).dump());
    drop_wall_clock(r);
    r["samples"] = samples;
    r["skipped"] = gpu.idle_cycles_skipped();
    return r;
  });
}

// Returns the cycles the smart run skipped.
uint64_t check(const std::string& preset_name, const std::vector<Application>& apps, const SkipRun& x = {},
               const std::string& end = "completed") {
  json smart = run(preset_name, apps, false, x), all = run(preset_name, apps, true, x);
  if (smart.is_null() || all.is_null()) {
    ADD_FAILURE() << "a run failed";
    return 0;
  }
  EXPECT_EQ(smart["end"], end);
  EXPECT_EQ(all["skipped"].get<uint64_t>(), 0u) << "ticking every component skips nothing";
  const uint64_t skipped = smart["skipped"].get<uint64_t>();
  smart.erase("skipped");
  all.erase("skipped");
  const json diff = json::diff(smart, all);
  EXPECT_TRUE(diff.empty()) << preset_name << ": " << diff.dump().substr(0, 4000);
  return skipped;
}

// Two kernels of one stream with a launch latency before each: both latencies are skipped
// (less the 256-cycle checkpoints' steps), and the second kernel starts where ticking starts it.
TEST(gpu_idle_skip, LaunchLatenciesSkippedWithIdenticalStatsQV100) {
  SkipRun x;
  x.sets = {"gpgpu_kernel_launch_latency=3000"};
  const uint64_t skipped = check("QV100", {application_from_workload("atax:nx=128,ny=128")}, x);
  EXPECT_GT(skipped, 2 * 3000u * 9 / 10) << "most of both launch latencies are skipped";
}

// With two host threads a core edge's SMs tick beside the memory edges after it (memory edges
// ahead): a skip that starts right after such an edge passes those memory edges too.
TEST(gpu_idle_skip, LaunchLatenciesSkippedWithTwoHostThreadsQV100) {
  SkipRun x;
  x.sets = {"gpgpu_kernel_launch_latency=3000"};
  x.threads = 2;
  EXPECT_GT(check("QV100", {application_from_workload("atax:nx=128,ny=128")}, x), 0u);
}

// Samples every 700 cycles fall inside the latencies: the skip stops at each, so every sample is
// taken, at the same cycle, with the same statistics.
TEST(gpu_idle_skip, SamplesInsideASkippedLatencyQV100) {
  SkipRun x;
  x.sets = {"gpgpu_kernel_launch_latency=5000"};
  x.sample_interval = 700;
  EXPECT_GT(check("QV100", {application_from_workload("atax:nx=64,ny=64")}, x), 0u);
}

// A cycle limit inside a launch latency: the run stops at it, as with every edge ticked.
TEST(gpu_idle_skip, CycleLimitInsideALatencyGTX480) {
  SkipRun x;
  x.sets = {"gpgpu_kernel_launch_latency=4000"};
  x.max_cycles = 2500;
  check("GTX480", {application_from_workload("vecadd:n=4096")}, x, "max_cycles");
}

// An application held back by start=CYCLE while another has finished: the GPU is idle until
// then; a second one in its own stream starts when its first kernel's latency ends.
TEST(gpu_idle_skip, ApplicationStartCycleGTX480) {
  std::vector<Application> apps = {application_from_workload("vecadd:n=2048"),
                                   application_from_workload("transpose_naive:n=64")};
  apps[1].options.start = 20000;
  SkipRun x;
  x.sets = {"gpgpu_kernel_launch_latency=100"};
  EXPECT_GT(check("GTX480", apps, x), 10000u);
}

}  // namespace
}  // namespace gpucosim::test
