// Multiprogrammed runs (issue 13, docs/multitasking.md): several applications share the GPU at
// once, and every work counter of a kernel is the kernel's own. Checked through the CLI on mixes
// of built-in workloads and of a trace with a workload:
//  - the kernels of the applications run at the same time (their [start_cycle, end_cycle] overlap);
//  - for EVERY counter the JSON does not list as a time window or a ratio, the kernels plus the
//    unattributed rest sum to the total, and the time-window list holds only cycle counts;
//  - a kernel's instruction and block counts are those of the same kernel run alone;
//  - start=CYCLE and repeat=N, NTT / ANTT / STP / fairness, and bit-identical reruns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "tests/gpu/gpu_test_util.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

// Names a per-kernel time window may have: cycle counts of shared units (kernel_stats.h).
bool time_like(const std::string& n) {
  static const std::regex re(
      R"(sm_cycles|issued|stall_[a-z_]+|occupancy_[a-z_]+|dram\[\d+\]\.(n_cmd|n_nop|n_activity|bw_util)|icnt_arb_conflicts)");
  return std::regex_match(n, re);
}

// Checks the sum rule over every additive counter of `s`; returns how many counters it checked.
size_t expect_kernels_sum_to_total(const json& s) {
  std::set<std::string> window, derived;
  for (const auto& n : s.at("stats_attribution").at("time_window")) window.insert(n.get<std::string>());
  for (const auto& n : s.at("stats_attribution").at("derived")) derived.insert(n.get<std::string>());
  for (const std::string& n : window) EXPECT_TRUE(time_like(n)) << n << " is not a time counter but is not attributed";
  const json& kernels = s.at("kernels");
  size_t checked = 0;
  for (const auto& [name, total] : s.at("total").items()) {
    if (window.count(name) || derived.count(name)) continue;
    if (name == "gpu_tot_sim_kernels" || name.rfind("sim_", 0) == 0) continue;  // run-level figures
    double sum = s.at("unattributed").value(name, 0.0);
    for (const json& k : kernels) {
      EXPECT_TRUE(k.contains(name)) << "kernel " << k.at("kernel_launch_uid") << " lacks " << name;
      sum += k.value(name, 0.0);
    }
    EXPECT_NEAR(sum, total.get<double>(), 1e-9 * std::max(1.0, std::fabs(total.get<double>()))) << name;
    ++checked;
  }
  return checked;
}

void expect_overlap(const json& a, const json& b) {
  const uint64_t lo = std::max(a.at("start_cycle").get<uint64_t>(), b.at("start_cycle").get<uint64_t>());
  const uint64_t hi = std::min(a.at("end_cycle").get<uint64_t>(), b.at("end_cycle").get<uint64_t>());
  EXPECT_LT(lo, hi) << a.at("kernel_name") << " [" << a.at("start_cycle") << ", " << a.at("end_cycle") << "] and "
                    << b.at("kernel_name") << " [" << b.at("start_cycle") << ", " << b.at("end_cycle") << "]";
}

// Work a kernel does whatever runs beside it.
void expect_same_work(const json& shared, const json& alone) {
  for (const char* k : {"warp_insn", "gpu_sim_insn", "sm_blocks_completed", "gpgpu_n_load_insn", "gpgpu_n_store_insn",
                        "coalescer_load_requests", "coalescer_store_requests", "gpgpu_n_regfile_reads"})
    EXPECT_EQ(shared.at(k), alone.at(k)) << shared.at("kernel_name") << ": " << k;
}

struct Mix {
  const char* name;
  std::string apps;     // --workload / --trace arguments
  std::string config;
  std::vector<std::string> solo;  // each application's own arguments, in order
};

void check_mix(const Mix& m) {
  const CliRun r = run_cli("run " + m.apps + " --config " + m.config);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json& s = r.stats;
  ASSERT_EQ(s.at("kernels").size(), 2u);
  ASSERT_EQ(s.at("applications").size(), 2u);
  const json& k0 = s["kernels"][0];
  const json& k1 = s["kernels"][1];
  EXPECT_EQ(k0.at("application"), 0);
  EXPECT_EQ(k1.at("application"), 1);
  expect_overlap(k0, k1);
  for (const json& k : s["kernels"]) {
    EXPECT_EQ(k.at("preemptions"), 0);
    EXPECT_EQ(k.at("save_bytes"), 0);
    EXPECT_EQ(k.at("restore_bytes"), 0);
    EXPECT_GT(k.at("warp_insn").get<double>(), 0);
    EXPECT_GT(k.at("L2.accesses").get<double>(), 0) << "each kernel has its own memory traffic";
  }
  EXPECT_GT(expect_kernels_sum_to_total(s), 300u) << "the sum rule covers the work counters";
  for (size_t a = 0; a < m.solo.size(); ++a) {
    const CliRun alone = run_cli("run " + m.solo[a] + " --config " + m.config);
    ASSERT_EQ(alone.exit_code, 0) << alone.output;
    expect_same_work(s["kernels"][a], alone.stats.at("kernels").at(0));
  }
}

TEST(multiprogram, TwoWorkloadsOverlapAndSumToTheTotal) {
  check_mix({"acceptance", "--workload vecadd:n=65536 --workload transpose_naive:n=512", "GTX480",
             {"--workload vecadd:n=65536", "--workload transpose_naive:n=512"}});
}

TEST(multiprogram, AnotherMixOnVolta) {
  check_mix({"volta", "--workload gemm_naive:m=64,n=64,k=64 --workload reduction", "QV100",
             {"--workload gemm_naive:m=64,n=64,k=64", "--workload reduction"}});
}

TEST(multiprogram, TraceBesideAWorkload) {
  const std::string fixture = shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty()) GTEST_SKIP() << "../shared/fixtures/accelsim-vectoradd-sm80 is absent";
  const std::string list = fixture + "/kernelslist.g";
  check_mix({"traced", "--trace " + list + " --workload transpose_naive:n=256", "QV100",
             {"--trace " + list, "--workload transpose_naive:n=256"}});
}

TEST(multiprogram, RerunIsBitIdentical) {
  const std::string args = "run --workload vecadd:n=16384 --workload transpose_naive:n=256@repeat=2 --config GTX480";
  CliRun a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  drop_wall_clock(a.stats);
  drop_wall_clock(b.stats);
  EXPECT_EQ(a.stats.dump(), b.stats.dump());
}

// start=CYCLE holds an application back; repeat=N relaunches it when it finishes while another
// application is unfinished, up to N runs.
TEST(multiprogram, StartAndRepeat) {
  const CliRun r =
      run_cli("run --workload vecadd:n=4096@repeat=50 --workload transpose_naive:n=256@start=3000 --config GTX480");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json& apps = r.stats.at("applications");
  const json& vec = apps.at(0).at("runs");
  const json& tr = apps.at(1).at("runs");
  ASSERT_EQ(tr.size(), 1u);
  EXPECT_EQ(tr[0].at("arrival_cycle"), 3000);
  const uint64_t tr_end = tr[0].at("end_cycle");
  ASSERT_GE(vec.size(), 2u);
  EXPECT_LT(vec.size(), 50u) << "no relaunch once the other application has finished";
  for (size_t i = 1; i < vec.size(); ++i) {
    EXPECT_EQ(vec[i].at("arrival_cycle"), vec[i - 1].at("end_cycle")) << "run " << i << " follows run " << i - 1;
    EXPECT_LT(vec[i].at("arrival_cycle").get<uint64_t>(), tr_end) << "relaunched only while the other runs";
  }
  EXPECT_GE(vec.back().at("end_cycle").get<uint64_t>(), tr_end) << "the last run covers the other's end";
  uint32_t vec_runs = 0;
  for (const json& k : r.stats.at("kernels")) {
    if (k.at("application") == 1) {
      EXPECT_GE(k.at("start_cycle").get<uint64_t>(), 3000u);
    } else {
      EXPECT_EQ(k.at("app_run"), vec_runs++) << "one kernel per run, in order";
    }
  }
  EXPECT_EQ(r.stats.at("kernels").size(), vec.size() + 1);
  expect_kernels_sum_to_total(r.stats);
}

// NTT, ANTT, STP and fairness from the solo turnaround file, as spec 003 §3.3 defines them.
TEST(multiprogram, MetricsFromSoloBaselines) {
  const std::string dir = scratch_dir();
  {
    std::ofstream f(dir + "/solo.json");
    f << R"({"vecadd:n=4096": 500, "transpose_naive:n=128": 3000})";
  }
  const CliRun r = run_cli("run --workload vecadd:n=4096 --workload transpose_naive:n=128 --solo-baselines " + dir +
                               "/solo.json --config GTX480",
                           dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json& apps = r.stats.at("applications");
  double antt = 0, stp = 0, np_min = 1e300, np_max = 0;
  const double solo[2] = {500, 3000};
  for (size_t a = 0; a < 2; ++a) {
    const json& run = apps[a].at("runs").at(0);
    const double t = double(run.at("end_cycle").get<uint64_t>() - run.at("arrival_cycle").get<uint64_t>());
    EXPECT_DOUBLE_EQ(apps[a].at("turnaround_cycles").get<double>(), t);
    EXPECT_DOUBLE_EQ(apps[a].at("ntt").get<double>(), t / solo[a]);
    antt += t / solo[a] / 2;
    stp += solo[a] / t;
    np_min = std::min(np_min, solo[a] / t);
    np_max = std::max(np_max, solo[a] / t);
  }
  const json& mp = r.stats.at("multiprogram");
  EXPECT_DOUBLE_EQ(mp.at("antt").get<double>(), antt);
  EXPECT_DOUBLE_EQ(mp.at("stp").get<double>(), stp);
  EXPECT_DOUBLE_EQ(mp.at("fairness").get<double>(), np_min / np_max);
}

// --solo-baselines without a file runs each application alone first; the solo turnaround is
// then that of a run of the application on its own.
TEST(multiprogram, SoloBaselinesRunEachApplicationAlone) {
  const std::string dir = scratch_dir();
  const CliRun r = run_cli("run --workload vecadd:n=4096 --workload transpose_naive:n=128 --solo-baselines --config GTX480",
                           dir + "/shared");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const CliRun alone = run_cli("run --workload transpose_naive:n=128 --config GTX480", dir + "/alone");
  ASSERT_EQ(alone.exit_code, 0) << alone.output;
  const json& run = alone.stats.at("applications").at(0).at("runs").at(0);
  EXPECT_DOUBLE_EQ(r.stats.at("applications").at(1).at("solo_turnaround_cycles").get<double>(),
                   double(run.at("turnaround_cycles").get<uint64_t>()));
  std::ifstream f(dir + "/shared/solo-baselines.json");
  ASSERT_TRUE(f) << "the solo cycles are kept for --solo-baselines FILE";
  const json solo = json::parse(f);
  EXPECT_EQ(solo.at("transpose_naive:n=128"), run.at("turnaround_cycles"));
  EXPECT_TRUE(r.stats.contains("multiprogram"));
}

// Generated applications get disjoint address ranges: the second one's requests go elsewhere, so
// two copies of one workload do not share cache lines.
TEST(multiprogram, GeneratedApplicationsUseDisjointAddresses) {
  const CliRun one = run_cli("run --workload vecadd:n=8192 --config GTX480");
  const CliRun two = run_cli("run --workload vecadd:n=8192 --workload vecadd:n=8192 --config GTX480");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  ASSERT_EQ(two.exit_code, 0) << two.output;
  // With shared addresses the second copy would hit the lines the first brought in; with disjoint
  // ones the L2 misses double.
  const double misses1 = one.stats.at("total").at("L2.misses").get<double>();
  const double misses2 = two.stats.at("total").at("L2.misses").get<double>();
  EXPECT_EQ(misses2, 2 * misses1);
}

// -gpucosim_l1_app_switch: an SM given a block of another application than its last one
// invalidates its L1 (after writing dirty lines back) by default; with `keep` it does not, so a
// relaunched kernel finds the lines its previous run left on SMs the other application used in
// between (a kernel launch itself invalidates only the SMs that last ran its own application).
TEST(multiprogram, L1KeptOrInvalidatedWhenAnSmChangesApplication) {
  const std::string args = "run --workload vecadd:n=8192@repeat=3 --workload transpose_naive:n=64@repeat=3 "
                           "--config QV100 --set gpgpu_n_clusters=2 --set gpucosim_l1_app_switch=";
  const CliRun inv = run_cli(args + "invalidate"), keep = run_cli(args + "keep");
  ASSERT_EQ(inv.exit_code, 0) << inv.output;
  ASSERT_EQ(keep.exit_code, 0) << keep.output;
  const json& ki = inv.stats.at("kernels");
  const json& kk = keep.stats.at("kernels");
  ASSERT_EQ(ki.size(), kk.size());
  double hits_inv = 0, hits_keep = 0;
  for (size_t i = 0; i < ki.size(); ++i) {
    EXPECT_EQ(ki[i].at("L1D_read_accesses"), kk[i].at("L1D_read_accesses"));  // the same work
    const double a = ki[i].at("L1D_read_hits").get<double>(), b = kk[i].at("L1D_read_hits").get<double>();
    EXPECT_LE(a, b) << "kernel " << i;
    hits_inv += a;
    hits_keep += b;
  }
  EXPECT_GT(hits_keep, hits_inv);
  // vecadd reuses nothing within a run: a hit of its last run is a line kept from the one before.
  EXPECT_EQ(ki[ki.size() - 2].at("application"), 0);  // vecadd
  EXPECT_EQ(ki[ki.size() - 2].at("L1D_read_hits").get<double>(), 0.0);
  EXPECT_GT(kk[kk.size() - 2].at("L1D_read_hits").get<double>(), 0.0);
}

}  // namespace
}  // namespace gpucosim::test
