// Preemption on the whole GPU (issue 13, docs/multitasking.md), through the CLI on GTX480 with
// 4 SMs (so the kernels fill the GPU quickly):
//  - a high-priority application arriving later under ppq + context switch takes SMs from a
//    running one: the low-priority kernel has preemptions, saved and restored context bytes that
//    reach the L2 and DRAM as context-mover traffic, and every kernel completes all its blocks;
//  - the same with draining moves no context and preempts no block;
//  - a long-running ("persistent") kernel starves its co-runner under FCFS and under draining
//    (the co-runner finishes only after it), but not under context switch;
//  - context saves and restores are DRAM traffic even when the contexts would fit the L2;
//  - a rerun is bit-identical; a kernel's own work is that of the same kernel alone.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

const std::string kGpu = " --config GTX480 --set gpgpu_n_clusters=4";
// Low priority: long blocks (rounds of loads and FFMA chains), 32 blocks of 256 threads.
const std::string kLong = "--workload regheavy:n=8192,block=256,loads=4,chain=16,rounds=24";
const std::string kShort = "--workload vecadd:n=16384@priority=1,start=3000";  // 64 blocks
const std::vector<double> kBlocks = {32, 64};

double stat(const json& k, const char* name) { return k.value(name, 0.0); }

struct MixRun {
  json s;
  const json& low() const { return s.at("kernels").at(0); }
  const json& high() const { return s.at("kernels").at(1); }
};

MixRun run_mix(const std::string& apps, const std::string& policy, const std::string& mech) {
  const CliRun r = run_cli("run " + apps + kGpu + " --set gpucosim_sched_policy=" + policy +
                           " --set gpucosim_preemption=" + mech);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return MixRun{r.stats};
}

// Every kernel completed, each block exactly once (the dispatcher throws on a block completed
// twice; a lost block would leave its kernel unfinished).
void expect_all_blocks(const json& s, std::vector<double> blocks) {
  ASSERT_EQ(s.at("kernels").size(), blocks.size());
  for (size_t i = 0; i < blocks.size(); ++i) {
    const json& k = s.at("kernels")[i];
    EXPECT_EQ(k.value("kernel_unfinished", 0.0), 0) << k.at("kernel_name");
    EXPECT_EQ(stat(k, "sm_blocks_completed"), blocks[i]) << k.at("kernel_name");
  }
}

TEST(preemption, PpqContextSwitchSavesAndRestoresThroughTheMemorySystem) {
  const MixRun cs = run_mix(kLong + " " + kShort, "ppq", "context_switch");
  ASSERT_EQ(cs.s.at("kernels").size(), 2u);
  expect_all_blocks(cs.s, kBlocks);
  EXPECT_GT(cs.low().at("preemptions").get<double>(), 0);
  EXPECT_EQ(cs.high().at("preemptions").get<double>(), 0) << "nothing preempts the most urgent kernel";
  const double saved = cs.low().at("save_bytes").get<double>(), restored = cs.low().at("restore_bytes").get<double>();
  EXPECT_GT(saved, 0);
  EXPECT_EQ(restored, saved) << "every saved context is restored";
  const json& t = cs.s.at("total");
  EXPECT_EQ(t.at("save_bytes").get<double>(), saved);
  // Context traffic is its own request kind: lines at the SM and at the L2; what missed the L2
  // went to DRAM.
  EXPECT_EQ(stat(t, "sm_client_context_mover_requests") * 128, saved + restored);
  EXPECT_EQ(stat(t, "L2.client_context_mover_accesses"), stat(t, "sm_client_context_mover_requests"));
  EXPECT_GT(stat(t, "L2.client_context_mover_dram_reads"), 0) << "restores read contexts from DRAM";
  // The high-priority application finishes sooner than under NPQ, which does not preempt.
  const MixRun npq = run_mix(kLong + " " + kShort, "npq", "context_switch");
  expect_all_blocks(npq.s, kBlocks);
  EXPECT_LT(cs.high().at("end_cycle").get<uint64_t>(), npq.high().at("end_cycle").get<uint64_t>());
  // Suspended at a precise point and resumed where it stood: the preempted kernel issues
  // exactly the instructions it issues unpreempted (none lost, none repeated).
  for (const char* n : {"warp_insn", "gpu_sim_insn", "gpgpu_n_load_insn", "gpgpu_n_store_insn"})
    EXPECT_EQ(stat(cs.low(), n), stat(npq.low(), n)) << n;
}

// Context saves are written through to DRAM and kept out of the L2 (evict-first, l2_slice.cpp):
// with contexts far smaller than the L2 (32 blocks of longblock, 6 KB each, against GTX480's
// 768 KB), every saved byte is still a DRAM write of the preempted kernel (a write-back L2 would
// keep them), and every restored line is a DRAM read of the context mover.
TEST(preemption, ContextSavesAndRestoresAreDramTraffic) {
  const std::string mix = "--workload longblock:n=8192,iters=64 --workload vecadd:n=4096@priority=1,start=2000";
  const MixRun cs = run_mix(mix, "ppq", "context_switch"), drain = run_mix(mix, "ppq", "drain");
  expect_all_blocks(cs.s, {64, 16});
  const double saved = stat(cs.low(), "save_bytes"), restored = stat(cs.low(), "restore_bytes");
  ASSERT_GT(saved, 0);
  EXPECT_LT(saved, 768 * 1024) << "the contexts would fit the L2";
  // total_dram_writes counts 32-byte sectors.
  EXPECT_GE((stat(cs.low(), "total_dram_writes") - stat(drain.low(), "total_dram_writes")) * 32, saved);
  EXPECT_EQ(stat(cs.low(), "L2.client_context_mover_dram_reads") * 128, restored);
}

TEST(preemption, PpqDrainMovesNoContext) {
  const MixRun d = run_mix(kLong + " " + kShort, "ppq", "drain");
  expect_all_blocks(d.s, kBlocks);
  for (const json& k : d.s.at("kernels")) {
    EXPECT_EQ(k.at("preemptions").get<double>(), 0);
    EXPECT_EQ(k.at("save_bytes").get<double>(), 0);
    EXPECT_EQ(k.at("restore_bytes").get<double>(), 0);
  }
  EXPECT_EQ(stat(d.s.at("total"), "sm_client_context_mover_requests"), 0);
}

// One wave of long blocks (one per SM: 512 threads x 64 registers fill the register file) and a
// short kernel arriving later. FCFS and draining: the short one gets an SM only when a long
// block ends.
TEST(preemption, PersistentKernelStarvesItsCoRunnerExceptUnderContextSwitch) {
  const std::string persistent = "--workload regheavy:n=2048,block=512,loads=2,chain=8,rounds=100";
  const std::string co = "--workload vecadd:n=4096@priority=1,start=2000";
  auto co_end = [&](const std::string& policy, const std::string& mech, uint64_t* long_end) {
    const MixRun r = run_mix(persistent + " " + (policy == "fcfs" ? "--workload vecadd:n=4096@start=2000" : co), policy, mech);
    expect_all_blocks(r.s, {4, 16});
    *long_end = r.low().at("end_cycle");
    return r.high().at("end_cycle").get<uint64_t>();
  };
  uint64_t l_fcfs = 0, l_drain = 0, l_cs = 0;
  const uint64_t fcfs = co_end("fcfs", "context_switch", &l_fcfs);
  const uint64_t drain = co_end("ppq", "drain", &l_drain);
  const uint64_t cs = co_end("ppq", "context_switch", &l_cs);
  EXPECT_GT(fcfs, l_fcfs * 9 / 10) << "FCFS: the co-runner waits for the persistent kernel";
  EXPECT_GT(drain, l_drain * 9 / 10) << "draining: the co-runner waits for the persistent blocks";
  EXPECT_LT(cs, l_cs / 2) << "context switch: the co-runner runs while the persistent kernel waits";
}

TEST(preemption, RerunIsBitIdentical) {
  const std::string args = "run " + kLong + " " + kShort + kGpu +
                           " --set gpucosim_sched_policy=ppq_shared --set gpucosim_preemption=context_switch";
  CliRun a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  drop_wall_clock(a.stats);
  drop_wall_clock(b.stats);
  EXPECT_EQ(a.stats.dump(), b.stats.dump());
}

TEST(preemption, DssSharesAndCompletesEveryBlock) {
  for (const char* mech : {"context_switch", "drain"}) {
    const MixRun r = run_mix(kLong + " --workload vecadd:n=16384@start=3000", "dss", mech);
    expect_all_blocks(r.s, {32, 64});
    // A preempted kernel does the same work as alone.
    EXPECT_EQ(stat(r.low(), "warp_insn"), stat(run_mix(kLong, "fcfs", "drain").low(), "warp_insn")) << mech;
  }
}

}  // namespace
}  // namespace gpucosim::test
