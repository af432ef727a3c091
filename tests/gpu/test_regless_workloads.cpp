// RegLess in the whole GPU (issue 14, SM integration; docs/blocks/regless.md §7): on GTX980 a few
// built-in workloads at CI size run with regless=lockstep (twin and Verilated RTL of every shard
// side by side, every output compared every cycle, the protocol checker on) without a difference,
// and every clocked edge of every shard was compared or held by both; regless=tlm and regless=rtl
// give identical statistics; no register value is lost (the front end's golden values); with
// regless=off the run is the baseline's. A small OSU sends the register backing store through
// the L1 and on to the L2 as the RegisterBacking memory client; options the block cannot run
// with are refused with an error naming them.
#include <gtest/gtest.h>

#include "systemc/blocks/registry/block_registry.h"
#include "tests/gpu/gpu_test_util.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

bool have_rtl() { return builtin_block_registry().has_mode("regless", kit::BlockMode::Rtl); }

const std::string kRun = "run --config GTX980 --set gpucosim_regless_check=1 --workload ";

class ReglessOnWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(ReglessOnWorkload, LockstepAgreesAndRtlEqualsTwin) {
  const std::string base = kRun + GetParam() + " --set regless=";
  const CliRun tlm = run_cli(base + "tlm");
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  const json& t = tlm.stats["total"];
  EXPECT_EQ(tlm.stats["end"], "completed");
  EXPECT_GT(t["regless_regions"].get<double>(), 0.0);
  EXPECT_GT(t["regless_operand_reads"].get<double>(), 0.0);
  EXPECT_EQ(t["regless_writes"], t["regless_allocations"]);  // every reserved destination written
  EXPECT_EQ(t["regless_value_errors"].get<double>(), 0.0);   // every read saw the last value written
  EXPECT_EQ(t["regless_preloads"].get<double>(),
            t["regless_preloads_osu"].get<double>() + t["regless_fetches"].get<double>() +
                t["regless_preloads_undefined"].get<double>());
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";

  const CliRun lock = run_cli(base + "lockstep");
  ASSERT_EQ(lock.exit_code, 0) << lock.output;
  const json& l = lock.stats["total"];
  EXPECT_EQ(lock.stats["end"], "completed");
  EXPECT_EQ(l["lockstep_mismatches"].get<double>(), 0.0);
  // Every shard (one per scheduler: 4 on GTX980) steps every cycle its SM's front end clocked,
  // plus one reset each: each such edge was compared or held as quiet by both sides.
  const double n_sms = l["sm_cycles"].get<double>() / l["gpu_sim_cycle"].get<double>();
  EXPECT_EQ(l["lockstep_cycles_compared"].get<double>() + l["lockstep_cycles_held"].get<double>(),
            4.0 * (l["regless_cycles"].get<double>() + n_sms));
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(lock)["total"]), "");

  const CliRun rtl = run_cli(base + "rtl");
  ASSERT_EQ(rtl.exit_code, 0) << rtl.output;
  EXPECT_EQ(first_difference(without_lockstep_counters(tlm)["total"], without_lockstep_counters(rtl)["total"]), "");
  EXPECT_EQ(without_lockstep_counters(tlm)["kernels"], without_lockstep_counters(rtl)["kernels"]);
}

// Barriers (stencil2d, reduction), a kernel renumbered below the shard's 64 registers
// (regheavy), divergence (branchy), two kernels (atax), and a grid large enough to fill the
// default OSU (streamcluster: write-backs, fetches from the L1 and the L2 in lockstep).
INSTANTIATE_TEST_SUITE_P(gpu, ReglessOnWorkload,
                         ::testing::Values("vecadd", "gemm_naive", "reduction", "stencil2d", "branchy",
                                           "regheavy:n=1024,rounds=1", "atax:nx=128,ny=128",
                                           "streamcluster:points=16384,dim=4"),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param.substr(0, i.param.find(':'));
                           return n;
                         });

// Write-after-read in the front end (docs/blocks/regless.md §7): in this transpose an older STS's
// read of a register kept being refused for a busy bank data port while the next instruction
// allocated, wrote and evicted that register; the read then found no line and the run stopped
// with "a region's register was not in the OSU". The front end now holds such an allocation.
TEST(gpuRegless, YoungerAllocationWaitsForAnOlderRead) {
  const CliRun r = run_cli(kRun + "transpose_shared:n=512 --set regless=tlm");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_EQ(r.stats["total"]["regless_value_errors"].get<double>(), 0.0);
  EXPECT_GT(r.stats["total"]["regless_operand_retries"].get<double>(), 0.0);  // the refusals happened
}

TEST(gpuRegless, OffIsTheBaseline) {
  const std::string w = "gemm_naive";
  const CliRun none = run_cli("run --config GTX980 --workload " + w);
  const CliRun off = run_cli(kRun + w + " --set regless=off");
  const CliRun tlm = run_cli(kRun + w + " --set regless=tlm");
  ASSERT_EQ(none.exit_code, 0) << none.output;
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  EXPECT_EQ(without_lockstep_counters(none), without_lockstep_counters(off));
  EXPECT_FALSE(none.stats["total"].contains("regless_cycles"));
  // The same instructions, gated by regions; the baseline's register-file counters stay its own.
  EXPECT_EQ(tlm.stats["total"]["gpu_sim_insn"], none.stats["total"]["gpu_sim_insn"]);
  EXPECT_GT(tlm.stats["total"]["regless_gate_refusals"].get<double>(), 0.0);
}

// Two lines per bank and a 32-line direct-mapped L1: dirty registers are written back to their
// backing-store lines, fetched again from the L1 or, once the L1 evicted them, from the L2 - all
// of it tagged as the RegisterBacking client.
TEST(gpuRegless, BackingStoreIsAMemoryClientThroughTheL1) {
  const CliRun r = run_cli(kRun +
                           "gemm_naive:k=16 --set regless=tlm --set gpucosim_regless_lines_per_bank=2 "
                           "--set gpgpu_cache:dl1=N:32:128:1,L:L:m:N:H,A:32:8,8");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json& t = r.stats["total"];
  auto v = [&](const char* k) { return t[k].get<double>(); };
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_GT(v("regless_writebacks"), 0.0);
  EXPECT_GT(v("regless_fetches"), 0.0);
  EXPECT_GT(v("regless_capacity_stall_cycles"), 0.0);
  EXPECT_GT(v("regless_preloads_l1"), 0.0);
  EXPECT_GT(v("regless_preloads_l2_dram"), 0.0);
  EXPECT_EQ(v("regless_fetches"), v("regless_preloads_l1") + v("regless_preloads_l2_dram"));
  EXPECT_EQ(v("regless_l1_requests"), v("regless_writebacks") + v("regless_fetches"));
  EXPECT_GE(v("sm_client_register_backing_l1_accesses"), v("regless_l1_requests"));
  EXPECT_EQ(v("sm_client_register_backing_data"), v("regless_fetches"));
  EXPECT_GT(v("L2.client_register_backing_accesses"), 0.0);
  EXPECT_EQ(v("regless_value_errors"), 0.0);  // no register value lost on the way
}

// The compiler's per-bank budget lets a register reuse the line of one that died before it in
// program order. With 4 lines per bank every other line of a bank is reserved, so a younger
// allocation must wait for the release it counts on: an unanswered last read, or the write of an
// older long-latency result nothing reads (its line is held until the write). Without that wait
// this run stopped with "a region's register was not in the OSU".
TEST(gpuRegless, AllocationWaitsForTheLineItsBudgetCountedOn) {
  const CliRun r = run_cli(kRun + "stencil2d:rows=128,cols=256 --set regless=tlm --set gpucosim_regless_lines_per_bank=4");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_EQ(r.stats["total"]["regless_value_errors"].get<double>(), 0.0);
  EXPECT_GT(r.stats["total"]["regless_capacity_stall_cycles"].get<double>(), 0.0);  // the banks were full
}

// With OSU room to spare (1024 lines per SM), gemm_naive keeps the full register file's pace. Two
// mechanisms it rests on: an allocation waits for a late release only while its warp holds the
// region's whole reservation of the bank (waiting for every older load's write whose release is
// in the bank made each iteration's address increments wait for the loads: 1.9x), and the
// collectors are one pool of the SM as the baseline's are (a quarter per shard filled with loads
// waiting for the LSU).
TEST(gpuRegless, AllocationsWithALineToSpareDoNotWaitForLoads) {
  const std::string w = "gemm_naive:m=128,n=256,k=32 --set gpucosim_regless_lines_per_bank=32";
  const CliRun off = run_cli("run --config GTX980 --workload " + w);
  const CliRun tlm = run_cli(kRun + w + " --set regless=tlm");
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  EXPECT_EQ(tlm.stats["total"]["regless_value_errors"].get<double>(), 0.0);
  EXPECT_EQ(tlm.stats["total"]["regless_l1_requests"].get<double>(), 0.0);  // nothing spilled: not capacity
  EXPECT_LT(tlm.stats["total"]["gpu_sim_cycle"].get<double>(), 1.10 * off.stats["total"]["gpu_sim_cycle"].get<double>());
}

// The backing store is laid out by register number (seed 000 §4.5.2.3): at full occupancy the
// 512-line OSU spills branchy's registers to the L1, and the warps' copies of one register fall
// in consecutive L1 sets and every channel, so the run keeps the full register file's pace. With
// one warp's registers side by side (every copy of a register 8 KB apart: one L1 set, half the
// channels) this run took 4.6 times the baseline's cycles.
TEST(gpuRegless, SpilledRegistersSpreadOverTheL1AndTheChannels) {
  const std::string w = "branchy:n=32768";
  const CliRun off = run_cli("run --config GTX980 --workload " + w);
  const CliRun tlm = run_cli(kRun + w + " --set regless=tlm");
  ASSERT_EQ(off.exit_code, 0) << off.output;
  ASSERT_EQ(tlm.exit_code, 0) << tlm.output;
  const json& t = tlm.stats["total"];
  EXPECT_GT(t["regless_writebacks"].get<double>(), 0.0);  // the backing store is in use
  EXPECT_GT(t["regless_preloads_l1"].get<double>(), 0.0);
  EXPECT_LT(t["gpu_sim_cycle"].get<double>(), 1.10 * off.stats["total"]["gpu_sim_cycle"].get<double>());
}

// The front end clocks the shards lazily, every cycle also when the SM was not ticked: smart
// ticking and ticking every component give the same statistics (two kernels: SMs idle between).
TEST(gpuRegless, FiguresDoNotDependOnSmartTicking) {
  const GpuConfig g = preset("GTX980", {"regless=tlm", "gpucosim_regless_check=1"});
  json runs[2];
  for (int all = 0; all < 2; ++all)
    runs[all] = in_child([&] {
      GpuModelOptions o;
      o.tick_idle_components = all == 1;
      json j = simulate(g, application_from_workload("atax:nx=128,ny=128"), o);
      drop_wall_clock(j);
      return j;
    });
  ASSERT_FALSE(runs[0].is_null());
  EXPECT_EQ(runs[0]["end"], "completed");
  EXPECT_GT(runs[0]["total"]["regless_regions"].get<double>(), 0.0);
  const json diff = json::diff(runs[0], runs[1]);
  EXPECT_TRUE(diff.empty()) << diff.dump().substr(0, 4000);
}

TEST(gpuRegless, UnsupportedOptionsAreRefused) {
  struct Case {
    std::string sets, expect;
  };
  std::vector<Case> cases = {
      {"regless=fast", "regless"},
      {"regless=tlm --set gpucosim_regless_banks=3", "gpucosim_regless_banks"},
      // One bank of two lines cannot hold an FFMA's operands: no region fits, refused up front.
      {"regless=tlm --set gpucosim_regless_banks=1 --set gpucosim_regless_lines_per_bank=2",
       "gpucosim_regless_lines_per_bank"},
  };
  if (have_rtl()) cases.push_back({"regless=rtl --set gpucosim_regless_lines_per_bank=8", "verilated"});
  for (const Case& c : cases) {
    // (a refused configuration can leave an empty stats.json behind: only the output counts here)
    const CommandResult r = run_command(gpucosim_exe() + " run --config GTX980 --workload gemm_naive --quiet --out " +
                                        scratch_dir() + " --set " + c.sets);
    EXPECT_EQ(r.exit_code, 1) << c.sets << ": " << r.output;
    EXPECT_NE(r.output.find("gpucosim: error:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(c.expect), std::string::npos) << c.sets << ": " << r.output;
  }
}

}  // namespace
}  // namespace gpucosim::test
