// Host threads (GpuModelOptions::host_threads): the memory partitions of a DRAM/L2 edge and the
// SMs of a core edge ticked side by side must give the statistics of one thread, bit for bit,
// wall-clock fields aside, for every thread count (even and odd splits of the SMs), across
// kernel ends (a kernel's statistics are taken at its last block's completion, in SM order) and
// with several applications. HostWorkers itself: every member runs each job once, the caller
// sees what the members wrote, members that slept wake up, exceptions come back in member order.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "systemc/gpu/host_workers.h"
#include "systemc/gpu/thread_governor.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

TEST(HostWorkers, EveryMemberRunsEveryJobOnce) {
  for (uint32_t n : {1u, 2u, 3u}) {
    HostWorkers w(n);
    ASSERT_EQ(w.threads(), n);
    std::vector<uint64_t> runs(n, 0);  // plain (non-atomic) writes: run() must publish them
    for (int job = 0; job < 2000; ++job) {
      auto fn = [&](uint32_t m) { runs[m] += 1; };
      w.run(fn);
    }
    for (uint32_t m = 0; m < n; ++m) EXPECT_EQ(runs[m], 2000u) << "member " << m << " of " << n;
  }
}

TEST(HostWorkers, MemberZeroIsTheCaller) {
  HostWorkers w(3);
  std::thread::id zero;
  std::atomic<int> others_on_caller{0};
  const std::thread::id me = std::this_thread::get_id();
  auto fn = [&](uint32_t m) {
    if (m == 0) zero = std::this_thread::get_id();
    else if (std::this_thread::get_id() == me) others_on_caller++;
  };
  w.run(fn);
  EXPECT_EQ(zero, me);
  EXPECT_EQ(others_on_caller.load(), 0);
}

TEST(HostWorkers, SleepingMembersWakeForTheNextJob) {
  HostWorkers w(2);
  uint64_t sum = 0;
  std::vector<uint64_t> part(2, 0);
  for (int job = 0; job < 5; ++job) {
    // Longer than the spin: the worker has gone to sleep on the condition variable.
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    auto fn = [&](uint32_t m) {
      if (m == 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // the caller sleeps too
      part[m] = uint64_t(job + 1) * (m + 1);
    };
    w.run(fn);
    sum += part[0] + part[1];
  }
  EXPECT_EQ(sum, 3u * (1 + 2 + 3 + 4 + 5));
}

TEST(HostWorkers, LowestMemberExceptionIsRethrownAfterAllFinish) {
  HostWorkers w(4);
  std::atomic<int> finished{0};
  auto fn = [&](uint32_t m) {
    finished++;
    if (m == 3) throw std::runtime_error("member 3");
    if (m == 1) throw std::runtime_error("member 1");
  };
  try {
    w.run(fn);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "member 1");
  }
  EXPECT_EQ(finished.load(), 4);
  // The team is usable afterwards, with no stale error.
  auto ok = [&](uint32_t) { finished++; };
  EXPECT_NO_THROW(w.run(ok));
  EXPECT_EQ(finished.load(), 8);
}

TEST(HostWorkers, AvailableIsAtLeastOne) { EXPECT_GE(HostWorkers::available(), 1u); }

// Busy-waits `us` microseconds (a call's cost as the governor's clock sees it).
void spin_us(int us) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(us);
  while (std::chrono::steady_clock::now() < until) {
  }
}

// Drives a governor for the first run and three of the longest runs with their probes, in which
// every call made on the `slow` side busy-waits 20 us (the other side's calls cost nothing);
// returns the calls made on the slow side.
constexpr uint64_t kDriveCalls = ThreadGovernor::kRun + 3 * (ThreadGovernor::kProbe + ThreadGovernor::kMaxRun);
uint64_t drive(ThreadGovernor& g, bool slow_is_team) {
  uint64_t slow_calls = 0;
  for (uint64_t calls = 0; calls < kDriveCalls; ++calls)
    if (g.parallel() == slow_is_team) {
      ++slow_calls;
      spin_us(20);
    }
  return slow_calls;
}

// The governor keeps to the side its probes found faster, and keeps probing: the slow side
// runs (about) only in probes. (Majorities rather than every probe: a loaded test machine may
// stall a fast slice now and then.)
TEST(ThreadGovernor, ChoosesOneThreadWhenTheTeamIsSlower) {
  ThreadGovernor g;
  const uint64_t slow = drive(g, /*slow_is_team=*/true);
  EXPECT_GE(g.alone_wins(), 2u);
  EXPECT_GT(g.alone_wins(), g.team_wins());
  EXPECT_LT(slow, kDriveCalls / 4);
  EXPECT_GE(slow, ThreadGovernor::kProbe / 2) << "at least one probe ran the team";
}

TEST(ThreadGovernor, KeepsTheTeamWhenItIsFaster) {
  ThreadGovernor g;
  const uint64_t slow = drive(g, /*slow_is_team=*/false);
  EXPECT_GE(g.team_wins(), 2u);
  EXPECT_GT(g.team_wins(), g.alone_wins());
  EXPECT_LT(slow, kDriveCalls / 4);
}

// The run a governor's first probe chooses, each call on the team costing `team_us` and one
// alone `alone_us`. (The run it chose, not the calls until the next probe: on a loaded machine
// a stall of several milliseconds may end a run early, as it should.)
uint64_t first_run_length(int team_us, int alone_us) {
  ThreadGovernor g;
  for (uint64_t calls = 0; calls < ThreadGovernor::kRun + ThreadGovernor::kProbe && g.team_wins() + g.alone_wins() == 0;
       ++calls)
    spin_us(g.parallel() ? team_us : alone_us);
  EXPECT_EQ(g.team_wins(), 1u);
  EXPECT_EQ(g.alone_wins(), 0u);
  return g.run_length();
}

// A decisive win (one thread at least kDecisive percent slower) runs for the longest run at
// once: each probe runs the losing side for half its calls, and another would find the same.
TEST(ThreadGovernor, ADecisiveWinRunsForTheLongestRun) {
  EXPECT_EQ(first_run_length(20, 50), ThreadGovernor::kMaxRun);
}

// A clear win that is not decisive (one thread 30 % slower) runs for kRun, and the runs lengthen
// only while the same side keeps winning.
TEST(ThreadGovernor, AClearWinThatIsNotDecisiveRunsForTheFirstRunLength) {
  EXPECT_EQ(first_run_length(20, 26), ThreadGovernor::kRun);
}

// A run starts on the team: the first kRun calls answer team whatever they cost (the start of
// a run, while the trace reader fills its read-ahead, is the least representative stretch).
TEST(ThreadGovernor, StartsOnTheTeam) {
  ThreadGovernor g;
  for (uint64_t calls = 0; calls < ThreadGovernor::kRun; ++calls) ASSERT_TRUE(g.parallel()) << "call " << calls;
  EXPECT_EQ(g.team_wins() + g.alone_wins(), 0u) << "no probe yet";
}

// One thread must be clearly faster to win a probe: a team slower by less than the margin is
// kept (its probe slices carry the cost of waking the workers, which running on does not).
TEST(ThreadGovernor, KeepsTheTeamWhenOneThreadIsOnlySlightlyFaster) {
  ThreadGovernor g;
  uint64_t alone_calls = 0;
  for (uint64_t calls = 0; calls < 2 * ThreadGovernor::kRun; ++calls) {
    if (g.parallel()) {
      spin_us(105);  // 5 % slower than one thread
    } else {
      ++alone_calls;
      spin_us(100);
    }
  }
  EXPECT_GE(g.team_wins(), 1u);
  EXPECT_EQ(g.alone_wins(), 0u);
  EXPECT_LE(alone_calls, g.team_wins() * ThreadGovernor::kProbe / 2) << "one thread ran only in probes";
}

// A governor whose team side is faster except for one very slow slice in its probe (a kernel
// start taking its statistics lands in one slice): the median slice decides, so the team wins
// as its other slices say; a sum would have chosen one thread.
TEST(ThreadGovernor, OneSlowSliceDoesNotDecideAProbe) {
  ThreadGovernor g;
  constexpr uint64_t kTeamSliceCalls = ThreadGovernor::kSlices / 2 * ThreadGovernor::kSlice;  // a probe's
  uint64_t probe_team_calls = 0;
  for (uint64_t calls = 0; calls < ThreadGovernor::kRun + ThreadGovernor::kProbe; ++calls) {
    if (g.parallel()) {
      // In the probe (after the first run), the first of the team side's calls costs 20 ms,
      // more than the one-thread side's whole probe (16 slices x 8 calls x 40 us ~ 5 ms).
      if (calls >= ThreadGovernor::kRun && probe_team_calls++ % kTeamSliceCalls == 0) spin_us(20000);
      spin_us(10);
    } else {
      spin_us(40);
    }
  }
  EXPECT_EQ(g.team_wins(), 1u);
  EXPECT_EQ(g.alone_wins(), 0u);
  EXPECT_EQ(probe_team_calls, kTeamSliceCalls) << "the probe ran half its calls on the team";
}

// Options for run(): the statistics samples taken every `sample_interval` core cycles are
// returned too (under "samples"), and the run stops at `max_cycles` when set.
struct RunExtras {
  uint64_t sample_interval = 0;
  uint64_t max_cycles = 0;
};

// `jobs`: edges ticked on the host threads; `ahead`: memory edges ticked beside the previous
// core edge's SMs. The threads are used on every edge with enough work (host_threads_adaptive
// off), however slow they are on a loaded test machine.
json run(const GpuConfig& g, const std::vector<std::string>& workloads, uint32_t threads, uint32_t* used = nullptr,
         uint64_t* jobs = nullptr, uint64_t* ahead = nullptr, const RunExtras& x = {}) {
  json j = in_child([&] {
    std::vector<Application> apps;
    for (const std::string& w : workloads) apps.push_back(application_from_workload(w));
    GpuModelOptions o;
    o.host_threads = threads;
    o.host_threads_adaptive = false;
    json samples = json::array();
    if (x.sample_interval) record_samples(o, x.sample_interval, samples);
    GpuConfig cfg = g;
    if (x.max_cycles) cfg.limits.max_cycles = x.max_cycles;
    GpuModel gpu("gpu", cfg, o);
    json r = json::parse(to_json(gpu.run(apps)).dump());
    drop_wall_clock(r);
    if (x.sample_interval) r["samples"] = samples;
    r["host_threads_used"] = gpu.host_threads_used();
    r["host_parallel_jobs"] = gpu.host_parallel_jobs();
    r["memory_edges_ahead"] = gpu.memory_edges_ahead();
    return r;
  });
  if (used) *used = j["host_threads_used"].get<uint32_t>();
  if (jobs) *jobs = j["host_parallel_jobs"].get<uint64_t>();
  if (ahead) *ahead = j["memory_edges_ahead"].get<uint64_t>();
  j.erase("host_threads_used");
  j.erase("host_parallel_jobs");
  j.erase("memory_edges_ahead");
  return j;
}

void check(const std::string& preset_name, const std::vector<std::string>& workloads, const RunExtras& x = {},
           const std::string& end = "completed") {
  const GpuConfig g = preset(preset_name);
  uint32_t used = 0;
  const json one = run(g, workloads, 1, &used, nullptr, nullptr, x);
  ASSERT_FALSE(one.is_null());
  EXPECT_EQ(used, 1u);
  EXPECT_EQ(one["end"], end);
  EXPECT_GT(one["total"]["warp_insn"].get<double>(), 0);
  if (x.sample_interval) {
    EXPECT_GE(one["samples"].size(), 2u);
  }
  for (uint32_t t : {2u, 3u}) {
    uint64_t jobs = 0, ahead = 0;
    const json many = run(g, workloads, t, &used, &jobs, &ahead, x);
    EXPECT_EQ(used, t) << "the run used host threads";
    // Many core cycles of these runs have several SMs with work.
    EXPECT_GT(double(jobs), 0.1 * one["total"]["gpu_sim_cycle"].get<double>()) << "edges ticked side by side";
    EXPECT_GT(ahead, 0u) << "memory edges ticked beside the core edge before them";
    const json diff = json::diff(one, many);
    EXPECT_TRUE(diff.empty()) << workloads[0] << " on " << preset_name << " with " << t
                              << " host threads: " << diff.dump().substr(0, 4000);
  }
}

TEST(gpu_host_threads, IdenticalStatsVecaddQV100) { check("QV100", {"vecadd:n=32768"}); }
TEST(gpu_host_threads, IdenticalStatsTransposeNaiveQV100) { check("QV100", {"transpose_naive:n=128"}); }
TEST(gpu_host_threads, IdenticalStatsSpmvGTX480) { check("GTX480", {"spmv_csr:rows=1024"}); }
// Two kernels: the first one's statistics are taken at its last completion, between SMs.
TEST(gpu_host_threads, IdenticalStatsAtaxTwoKernelsGTX480) { check("GTX480", {"atax:nx=128,ny=128"}); }
TEST(gpu_host_threads, IdenticalStatsGemmRTX3070) { check("RTX3070", {"gemm_naive"}); }
// Two applications sharing the GPU: kernels of both end while the other's blocks run.
TEST(gpu_host_threads, IdenticalStatsTwoApplicationsQV100) {
  check("QV100", {"stencil2d", "kmeans"});
}

// A one-block kernel ends on a low SM while the other application's blocks keep the SMs above
// it busy: its statistics must be taken before those SMs tick that cycle, as with one thread
// (the SM ranges that end at a kernel's highest SM).
TEST(gpu_host_threads, IdenticalStatsKernelEndingBelowBusySMsGTX480) {
  check("GTX480", {"vecadd:n=64", "compute:n=65536,iters=4"});
}

// Statistics samples and the cycle limit read the memory partitions after a core edge: no
// memory edge goes ahead of them, and the samples and the statistics at the limit are those of
// one thread.
TEST(gpu_host_threads, IdenticalSamplesTransposeNaiveQV100) {
  RunExtras x;
  x.sample_interval = 97;
  check("QV100", {"transpose_naive:n=128"}, x);
}
TEST(gpu_host_threads, IdenticalStatsAtTheCycleLimitSpmvQV100) {
  RunExtras x;
  x.max_cycles = 9001;
  check("QV100", {"spmv_csr:rows=4096"}, x, "max_cycles");
}

// A research block on the SMs: its objects may be shared, so the run keeps to one thread (and
// still completes with the same statistics).
TEST(gpu_host_threads, ResearchBlocksKeepOneThread) {
  const GpuConfig g = preset("GTX480", {"warppool=tlm"});
  uint32_t used = 0;
  uint64_t jobs = 0;
  const json one = run(g, {"transpose_naive:n=128"}, 1);
  const json two = run(g, {"transpose_naive:n=128"}, 2, &used, &jobs);
  EXPECT_EQ(used, 1u);
  EXPECT_EQ(jobs, 0u);
  EXPECT_TRUE(json::diff(one, two).empty());
}

}  // namespace
}  // namespace gpucosim::test
