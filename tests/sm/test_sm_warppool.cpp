// WarpPool plugged into a real SM through the load/store unit's front-end hook: inter-warp
// merging cuts L1 requests, loads complete with the baseline's latency structure, memory order
// within a warp holds, the twin and the RTL agree in lockstep inside the SM, and bad
// configurations are refused.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "sm_harness.h"
#include "systemc/blocks/registry/block_registry.h"
#include "systemc/blocks/warppool/warppool_frontend.h"

namespace gpucosim::test {
namespace {

// The GTX 480 L1 of the thesis: 64 sets, hashed set index (WarpPool's queue index), 1-cycle hits.
void thesis_l1(Bench& b) {
  fermi_l1(b);
  b.core.l1d.nsets = 64;
  b.core.l1d.set_index = 'H';
  b.core.l1_latency = 1;
  b.hdr.block = Dim3{256, 1, 1};
}

using kit::BlockMode;

SmOptions make_sm_options(const GpuConfig& g, uint32_t sm) { return builtin_block_registry().make_sm_options(g, sm); }
bool have_rtl() { return builtin_block_registry().has_mode("warppool", BlockMode::Rtl); }

void build(Bench& b, BlockMode mode) {
  GpuConfig g;
  g.core = b.core;
  g.blocks["warppool"].mode = mode;
  g.blocks["warppool"].check = true;  // the protocol checker watches every test
  b.sm = std::make_unique<Sm>("sm", 0, b.core, b.mem, b.pool, make_sm_options(g, 0));
  b.fm = std::make_unique<FakeMemory>("mem", b.mem_latency);
  b.sm->mem_port.socket.bind(b.fm->port.socket);
  b.sm->set_issue_observer(&b.rec);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
}

// Naive transpose: warp w reads column w of a 32 x 32 float matrix with 4 KB rows, so lane t of
// every warp touches row t's line and the 8 warps share 32 lines (the thesis' divergent case).
void transpose_column_loads(Bench& b, uint32_t warps, uint32_t loads) {
  std::vector<Warp> ws(warps);
  for (uint32_t w = 0; w < warps; ++w)
    for (uint32_t k = 0; k < loads; ++k) {
      LaneAddrs a{};
      for (uint32_t t = 0; t < 32; ++t) a[t] = 0x100000 + uint64_t(t) * 4096 + 4 * ((w + 8 * k) % 32);
      b.add(ws[w], "LDG.E", {uint8_t(4 + k)}, {2}, &a);
    }
  for (uint32_t w = 0; w < warps; ++w) b.add(ws[w], "FFMA", {20}, {4, 5, 6});
  b.launch(block_of(ws));
  b.run();
}

TEST(SmWarpPool, OffBuildsTheBaselineSm) {
  GpuConfig g;
  EXPECT_EQ(make_sm_options(g, 0).global_path, nullptr);
  g.blocks["warppool"].mode = BlockMode::Tlm;
  EXPECT_NE(make_sm_options(g, 0).global_path, nullptr);
}

TEST(SmWarpPool, MergesDivergentLoadsAcrossWarpsIntoFewerL1Requests) {
  Bench b;
  thesis_l1(b);
  build(b, BlockMode::Tlm);
  transpose_column_loads(b, 8, 2);
  // Baseline: 8 warps x 2 loads x 32 lines = 512 L1 accesses. WarpPool merges up to 4 warps.
  const double reqs = b.stat("warppool_l1_load_requests");
  EXPECT_EQ(b.stat("warppool_load_slots"), 512);
  EXPECT_EQ(b.stat("coalescer_load_requests"), 512);
  EXPECT_EQ(b.stat("L1D_total_cache_accesses"), reqs);
  EXPECT_LT(reqs, 512 * 0.6) << "expected substantial inter-warp merging";
  EXPECT_GE(reqs, 512 / 4);
  EXPECT_EQ(b.stat("warppool_merged_loads"), 512 - reqs);
  EXPECT_EQ(b.stat("warppool_writebacks"), 512);
  EXPECT_EQ(b.stat("warppool_slots_single"), 512);
  EXPECT_EQ(b.stat("gpgpu_n_load_insn"), 16);
}

TEST(SmWarpPool, UnitStrideLoadIsOneConsecutiveRequestAndCompletes) {
  Bench b;
  thesis_l1(b);
  b.mem_latency = 50;
  build(b, BlockMode::Tlm);
  Warp w;
  LaneAddrs a = strided(0x20000, 4);
  const uint32_t ld = b.add(w, "LDG.E", {4}, {2}, &a);
  const uint32_t use = b.add(w, "FFMA", {5}, {4, 6, 7});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.stat("warppool_l1_load_requests"), 1);
  EXPECT_EQ(b.stat("warppool_slots_consecutive"), 1);
  ASSERT_EQ(b.fm->seen.size(), 1u);
  // Memory latency + the WarpPool pipeline (5 cycles to the L1, 2 from data to writeback).
  const uint64_t lat = b.rec.at(0, use) - b.rec.at(0, ld);
  EXPECT_GT(lat, b.mem_latency + 7);
  EXPECT_LT(lat, b.mem_latency + 40);
}

TEST(SmWarpPool, StoreWaitsUntilTheWarpsEarlierLoadReachedTheL1) {
  Bench b;
  thesis_l1(b);
  build(b, BlockMode::Tlm);
  Warp w;
  LaneAddrs a = strided(0x30000, 4), s = strided(0x38000, 4);
  const uint32_t ld = b.add(w, "LDG.E", {4}, {2}, &a);
  const uint32_t st = b.add(w, "STG.E", {}, {2, 3}, &s);
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 2u);
  EXPECT_EQ(b.fm->seen[0].kind, MemAccessKind::GlobalRead);
  EXPECT_EQ(b.fm->seen[1].kind, MemAccessKind::GlobalWrite);
  // Without the gate the store would issue the cycle after the load; with it, only once the
  // load's request left WarpPool (issue -> LSU 2 cycles, -> L1 5 more).
  EXPECT_GE(b.rec.at(0, st) - b.rec.at(0, ld), 7u);
  EXPECT_EQ(b.stat("warppool_l1_store_requests"), 1);
  EXPECT_EQ(b.stat("gpgpu_n_mem_write_global"), 1);
}

TEST(SmWarpPool, MixedLoadsStoresAndSharedMemoryAllComplete) {
  Bench b;
  thesis_l1(b);
  build(b, BlockMode::Tlm);
  std::vector<Warp> ws(6);
  for (uint32_t w = 0; w < 6; ++w) {
    for (uint32_t k = 0; k < 4; ++k) {
      LaneAddrs g = strided(0x200000 + 4096 * w + 256 * k, 8), sm = strided(128 * w, 4);
      b.add(ws[w], "LDG.E", {uint8_t(4 + k)}, {2}, &g);
      b.add(ws[w], "LDS", {uint8_t(10 + k)}, {2}, &sm);
      if (k % 2) b.add(ws[w], "STG.E", {}, {2, 3}, &g);
    }
    b.add(ws[w], "FFMA", {20}, {4, 5, 6});
  }
  b.launch(block_of(ws));
  b.run();
  EXPECT_TRUE(b.sm->idle());
  EXPECT_EQ(b.stat("gpgpu_n_load_insn"), 24);
  EXPECT_EQ(b.stat("gpgpu_n_store_insn"), 12);
  EXPECT_EQ(b.stat("gpgpu_n_shmem_insn"), 24);
  EXPECT_EQ(b.stat("warppool_instructions"), 36);
  EXPECT_EQ(b.stat("warppool_slots_random"), 48);  // stride 8: half the words of two lines each
}

TEST(SmWarpPool, TwinAndRtlInLockstepInsideTheSm) {
  if (!have_rtl()) GTEST_SKIP() << "built without the RTL (GPUCOSIM_RTL=OFF)";
  Bench b;
  thesis_l1(b);
  build(b, BlockMode::Lockstep);
  transpose_column_loads(b, 8, 2);
  EXPECT_GT(b.stat("lockstep_cycles_compared"), 100);
  EXPECT_EQ(b.stat("lockstep_mismatches"), 0);
  EXPECT_EQ(b.stat("warppool_load_slots"), 512);
}

TEST(SmWarpPool, RequiresAnL1AndVerilatedSizesForRtl) {
  GpuConfig g;
  g.blocks["warppool"].mode = BlockMode::Tlm;
  g.core.l1_bypass_global = true;
  EXPECT_THROW(make_sm_options(g, 0), InputError);
  g = GpuConfig{};
  g.blocks["warppool"].mode = BlockMode::Tlm;
  g.blocks["warppool"].values["iq_count"] = 4;
  g.blocks["warppool"].values["warps_per_iq"] = 3;  // 4 x 3 < 48 warps
  try {
    make_sm_options(g, 0);
    FAIL() << "accepted too few instruction queues";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("-gpucosim_warppool_iq_count: expected"), std::string::npos) << e.what();
  }
  if (!have_rtl()) return;  // the rtl size check needs the RTL
  g = GpuConfig{};
  g.blocks["warppool"].mode = BlockMode::Rtl;
  g.blocks["warppool"].values["n_queues"] = 16;
  try {
    make_sm_options(g, 0);
    FAIL() << "rtl accepted sizes it was not verilated with";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("n_queues=16 (the RTL was verilated with n_queues=32)"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace gpucosim::test
