// Issue, scoreboard, schedulers, execution units, operand collectors and barriers of the SM.
// Timing constants are those documented in systemc/sm/sm.h: a dependent ALU instruction issues
// latency+1 cycles after its producer (one operand-read cycle).
#include <gtest/gtest.h>

#include "sm_harness.h"

namespace gpucosim::test {
namespace {

TEST(SmPipeline, DependentChainTakesLatencyPlusOperandReadPerInstruction) {
  Bench b;
  b.build();
  Warp w;
  std::vector<uint32_t> pcs;
  for (int k = 0; k < 8; ++k) pcs.push_back(b.add(w, "FFMA", {1}, {1, 2, 3}));
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.rec.log.size(), 8u);
  for (size_t k = 1; k < pcs.size(); ++k) EXPECT_EQ(b.rec.at(0, pcs[k]) - b.rec.at(0, pcs[k - 1]), 4u + 1u);
  EXPECT_EQ(b.stat("gpu_sim_insn"), 8 * 32);
  EXPECT_EQ(b.stat("warp_insn"), 8);
  EXPECT_GT(b.stat("stall_scoreboard"), 0);
}

TEST(SmPipeline, IndependentInstructionsPipelineAtInitiationInterval) {
  Bench b;
  b.build();
  Warp w;
  for (int k = 0; k < 8; ++k) b.add(w, "FFMA", {10 + k}, {2, 3, 4});
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.rec.log.size(), 8u);
  for (size_t k = 1; k < 8; ++k) EXPECT_EQ(b.rec.log[k].cycle - b.rec.log[k - 1].cycle, 1u);
}

TEST(SmPipeline, InitiationIntervalLimitsOneUnit) {
  Bench b;
  b.core.n_sp = 1;
  b.core.sp = {6, 3};
  b.build();
  Warp w;
  for (int k = 0; k < 6; ++k) b.add(w, "FFMA", {10 + k}, {2, 3, 4});
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.rec.log.size(), 6u);
  for (size_t k = 1; k < 6; ++k) EXPECT_EQ(b.rec.log[k].cycle - b.rec.log[k - 1].cycle, 3u);
  EXPECT_GT(b.stat("stall_exec_unit_busy"), 0);
}

TEST(SmPipeline, ScoreboardHoldsLoadConsumerUntilResponse) {
  Bench b;
  b.mem_latency = 100;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x8000, 4);
  uint32_t ld = b.add(w, "LDG.E", {4}, {2}, &a);
  uint32_t use = b.add(w, "FFMA", {5}, {4, 6, 7});
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 4u);  // Volta sub-warp coalescer, L1 disabled: 4 sector reads
  uint64_t last_reply = b.fm->seen.back().cycle + b.mem_latency;
  EXPECT_GT(b.rec.at(0, use), last_reply);
  EXPECT_LE(b.rec.at(0, use) - b.rec.at(0, ld), b.mem_latency + 12u);
  EXPECT_GT(b.stat("stall_scoreboard"), 90);
  EXPECT_EQ(b.stat("L1D_total_cache_accesses"), 0);
}

TEST(SmPipeline, WriteAfterWriteIsAHazard) {
  Bench b;
  b.core.sfu = {30, 1};
  b.build();
  Warp w;
  uint32_t slow = b.add(w, "MUFU.RSQ", {1}, {2});
  uint32_t overwrite = b.add(w, "FFMA", {1}, {3, 4, 5});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.rec.at(0, overwrite) - b.rec.at(0, slow), 31u);
}

TEST(SmPipeline, RegisterZeroIsNeverAHazard) {
  Bench b;
  b.build();
  Warp w;
  b.add(w, "FFMA", {kRegZero}, {2, 3, 4});
  uint32_t second = b.add(w, "FFMA", {5}, {kRegZero, 3, 4});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.rec.at(0, second) - b.rec.log[0].cycle, 1u);
}

ThreadBlock two_warps_four_ffma(Bench& b) {
  Warp w0, w1;
  for (int k = 0; k < 4; ++k) b.add(w0, "FFMA", {10 + k}, {2, 3, 4});
  for (int k = 0; k < 4; ++k) b.add(w1, "FFMA", {10 + k}, {2, 3, 4});
  return block_of({w0, w1});
}

TEST(SmPipeline, GreedyThenOldestKeepsIssuingFromOneWarp) {
  Bench b;
  b.hdr.block = Dim3{64, 1, 1};
  b.core.scheduler = SchedulerPolicy::GTO;
  b.build();
  b.launch(two_warps_four_ffma(b));
  b.run();
  std::vector<uint32_t> order;
  for (const IssueRecord& r : b.rec.log) order.push_back(r.warp);
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 0, 0, 0, 1, 1, 1, 1}));
}

TEST(SmPipeline, LooseRoundRobinAlternatesWarps) {
  Bench b;
  b.hdr.block = Dim3{64, 1, 1};
  b.core.scheduler = SchedulerPolicy::LRR;
  b.build();
  b.launch(two_warps_four_ffma(b));
  b.run();
  std::vector<uint32_t> order;
  for (const IssueRecord& r : b.rec.log) order.push_back(r.warp);
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 1, 0, 1, 0, 1, 0, 1}));
}

TEST(SmPipeline, TwoLevelDemotesWarpWaitingOnMemory) {
  // Active set of one warp: warp 0 stalls on its load, is demoted, and warp 1 runs meanwhile.
  Bench b;
  b.hdr.block = Dim3{64, 1, 1};
  b.core.scheduler = SchedulerPolicy::TwoLevel;
  b.core.two_level_active = 1;
  b.mem_latency = 200;
  b.build();
  Warp w0, w1;
  LaneAddrs a = strided(0x9000, 4);
  b.add(w0, "LDG.E", {4}, {2}, &a);
  uint32_t use = b.add(w0, "FFMA", {5}, {4, 6, 7});
  uint32_t other = b.add(w1, "FFMA", {5}, {2, 3, 4});
  b.launch(block_of({w0, w1}));
  b.run();
  EXPECT_LT(b.rec.at(1, other), 50u);
  EXPECT_GT(b.rec.at(0, use), 200u);
}

uint64_t mixed_span(bool dual) {
  Bench b;
  b.core.n_sp = 1;
  b.core.n_int = 1;
  b.core.max_issue_per_warp = dual ? 2 : 1;
  b.core.dual_issue_diff_units = true;
  b.build();
  Warp w;
  for (int k = 0; k < 8; ++k) {
    b.add(w, "FFMA", {10 + k}, {2, 3, 4});
    b.add(w, "IADD3", {30 + k}, {5, 6, 7});
  }
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.rec.log.size(), 16u);
  if (dual) {
    EXPECT_EQ(b.stat("sm_dual_issue"), 8);
  }
  return b.rec.log.back().cycle - b.rec.log.front().cycle + 1;
}

TEST(SmPipeline, DualIssueDoublesMixedThroughput) { EXPECT_EQ(mixed_span(true), 8u); }
TEST(SmPipeline, SingleIssueBaselineForMixedStream) { EXPECT_EQ(mixed_span(false), 16u); }

TEST(SmPipeline, DualIssueNeedsDifferentUnits) {
  Bench b;
  b.core.n_sp = 2;
  b.core.max_issue_per_warp = 2;
  b.core.dual_issue_diff_units = true;
  b.build();
  Warp w;
  for (int k = 0; k < 8; ++k) b.add(w, "FFMA", {10 + k}, {2, 3, 4});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.stat("sm_dual_issue"), 0);
}

TEST(SmPipeline, RegisterBankConflictCostsACycle) {
  Bench b;
  b.build();
  Warp w;
  uint32_t p0 = b.add(w, "FFMA", {10}, {2, 3, 4});
  uint32_t c0 = b.add(w, "FFMA", {11}, {10, 5, 6});
  uint32_t p1 = b.add(w, "FFMA", {12}, {2, 18, 4});  // R2 and R18 share bank 2 of 16
  uint32_t c1 = b.add(w, "FFMA", {13}, {12, 5, 6});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.stat("gpgpu_n_regfile_bkconflict"), 1);
  EXPECT_EQ(b.rec.at(0, c0) - b.rec.at(0, p0), 5u);
  EXPECT_EQ(b.rec.at(0, c1) - b.rec.at(0, p1), 6u);
}

TEST(SmPipeline, BarrierHoldsWarpsUntilAllArrive) {
  Bench b;
  b.hdr.block = Dim3{64, 1, 1};
  b.core.scheduler = SchedulerPolicy::LRR;
  b.build();
  Warp w0, w1;
  b.add(w0, "BAR.SYNC", {}, {});
  uint32_t after0 = b.add(w0, "FFMA", {20}, {2, 3, 4});
  for (int k = 0; k < 6; ++k) b.add(w1, "FFMA", {1}, {1, 2, 3});
  uint32_t bar1 = b.add(w1, "BAR.SYNC", {}, {});
  b.add(w1, "FFMA", {20}, {2, 3, 4});
  b.launch(block_of({w0, w1}));
  b.run();
  EXPECT_GT(b.rec.at(0, after0), b.rec.at(1, bar1));
  EXPECT_EQ(b.sm->take_completed_blocks(), (std::vector<uint32_t>{1}));
}

TEST(SmPipeline, ExitedWarpDoesNotBlockBarrier) {
  Bench b;
  b.hdr.block = Dim3{64, 1, 1};
  b.build();
  Warp w0, w1;
  b.add(w0, "BAR.SYNC", {}, {});
  b.add(w0, "FFMA", {20}, {2, 3, 4});
  b.add(w0, "EXIT", {}, {});
  b.add(w1, "FFMA", {20}, {2, 3, 4});
  b.add(w1, "EXIT", {}, {});
  b.launch(block_of({w0, w1}));
  b.run(2000);
  EXPECT_EQ(b.rec.log.size(), 5u);
}

TEST(SmPipeline, MembarWaitsForStoreAcknowledgement) {
  Bench b;
  b.mem_latency = 80;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x4000, 4);
  uint32_t st = b.add(w, "STG.E", {}, {2, 3}, &a);
  b.add(w, "MEMBAR.GL", {}, {});
  uint32_t after = b.add(w, "FFMA", {20}, {2, 3, 4});
  b.launch(block_of({w}));
  b.run();
  EXPECT_GE(b.rec.at(0, after) - b.rec.at(0, st), 80u);
  ASSERT_FALSE(b.fm->seen.empty());
  EXPECT_EQ(b.fm->seen[0].kind, MemAccessKind::GlobalWrite);
}

TEST(SmPipeline, PredicatedOffInstructionsIssueWithoutMemoryAccess) {
  Bench b;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x4000, 4);
  b.add(w, "LDG.E", {4}, {2}, &a, 0u);
  b.add(w, "FFMA", {5}, {6, 7, 8}, nullptr, 0u);
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.rec.log.size(), 2u);
  EXPECT_TRUE(b.fm->seen.empty());
  EXPECT_EQ(b.stat("gpu_sim_insn"), 0);
  EXPECT_EQ(b.stat("warp_insn"), 2);
}

// Four warps with 8 independent FFMAs each; every scheduler has one SP unit of initiation
// interval 4. Spec 002 §6.6 item 27: one warp per sub-core has four times the throughput of four
// warps on one sub-core.
uint64_t subcore_span(bool same_subcore) {
  Bench b;
  b.hdr.block = Dim3{13 * 32, 1, 1};
  b.core.n_schedulers = 4;
  b.core.sub_core_model = true;
  b.core.n_sp = 4;
  b.core.sp = {4, 4};
  b.core.inst_fetch_throughput = 4;
  b.build();
  // Warp slot s belongs to scheduler s % 4; empty warps retire at once.
  std::vector<Warp> ws(same_subcore ? 13 : 4);
  for (size_t i = 0; i < ws.size(); ++i) {
    if (same_subcore && i % 4 != 0) continue;
    for (int k = 0; k < 8; ++k) b.add(ws[i], "FFMA", {10 + k}, {2, 3, 4});
  }
  b.launch(block_of(ws));
  b.run();
  EXPECT_EQ(b.rec.log.size(), 32u);
  return b.rec.log.back().cycle - b.rec.log.front().cycle + 1;
}

TEST(SmPipeline, FourWarpsOnOneSubCoreShareItsUnit) { EXPECT_EQ(subcore_span(true), 4u * 31 + 1); }
TEST(SmPipeline, OneWarpPerSubCoreUsesFourUnits) { EXPECT_LE(subcore_span(false), 4u * 7 + 4); }

}  // namespace
}  // namespace gpucosim::test
