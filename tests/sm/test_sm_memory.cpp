// Load/store unit: shared memory timing and conflicts, L1 data cache (hit latency, MSHR merge,
// write-through no-allocate), -gpgpu_gmem_skip_L1D, atomics, request stamping.
#include <gtest/gtest.h>

#include <set>

#include "sm_harness.h"

namespace gpucosim::test {
namespace {

TEST(SmMemory, SharedMemoryLatencyAndConflicts) {
  Bench b;
  b.build();
  Warp w;
  // In-order issue: each load's consumer waits for it, so the three measurements do not overlap.
  LaneAddrs s1 = strided(0, 4), s2 = strided(0, 8), s32 = strided(0, 128);
  uint32_t l1 = b.add(w, "LDS", {4}, {2}, &s1);
  uint32_t u1 = b.add(w, "FFMA", {5}, {4, 6, 7});
  uint32_t l2 = b.add(w, "LDS", {8}, {2}, &s2);
  uint32_t u2 = b.add(w, "FFMA", {9}, {8, 6, 7});
  uint32_t l32 = b.add(w, "LDS", {12}, {2}, &s32);
  uint32_t u32 = b.add(w, "FFMA", {13}, {12, 6, 7});
  b.launch(block_of({w}));
  b.run();
  // shmem_latency 20 + 2 cycles to reach the LSU + (degree - 1)
  EXPECT_EQ(b.rec.at(0, u1) - b.rec.at(0, l1), 22u);
  EXPECT_EQ(b.rec.at(0, u2) - b.rec.at(0, l2), 23u);
  EXPECT_EQ(b.rec.at(0, u32) - b.rec.at(0, l32), 53u);
  EXPECT_EQ(b.stat("gpgpu_n_shmem_bkconflict"), 0 + 1 + 31);
  EXPECT_EQ(b.stat("gpgpu_n_shmem_insn"), 3);
  EXPECT_TRUE(b.fm->seen.empty());
}

TEST(SmMemory, L1HitLatency) {
  Bench b;
  fermi_l1(b);
  b.mem_latency = 50;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x20000, 4);
  b.add(w, "LDG.E", {4}, {2}, &a);
  b.add(w, "FFMA", {5}, {4, 6, 7});  // waits for the miss: the line is in the L1 afterwards
  uint32_t ld = b.add(w, "LDG.E", {8}, {2}, &a);
  uint32_t use = b.add(w, "FFMA", {9}, {8, 6, 7});
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.rec.at(0, use) - b.rec.at(0, ld), b.core.l1_latency + 2);
  EXPECT_EQ(b.fm->seen.size(), 1u);
  EXPECT_EQ(b.stat("L1D_total_cache_accesses"), 2);
  EXPECT_EQ(b.stat("L1D_total_cache_misses"), 1);
  EXPECT_EQ(b.stat("L1D_total_cache_hits"), 1);
}

TEST(SmMemory, MshrMergesTwoWarpsLoadingOneLine) {
  Bench b;
  fermi_l1(b);
  b.hdr.block = Dim3{64, 1, 1};
  b.core.scheduler = SchedulerPolicy::LRR;
  b.mem_latency = 100;
  b.build();
  Warp w0, w1;
  LaneAddrs a = strided(0x30000, 4);
  b.add(w0, "LDG.E", {4}, {2}, &a);
  b.add(w0, "FFMA", {5}, {4, 6, 7});
  b.add(w1, "LDG.E", {4}, {2}, &a);
  b.add(w1, "FFMA", {5}, {4, 6, 7});
  b.launch(block_of({w0, w1}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 1u);
  EXPECT_EQ(b.fm->seen[0].sectors, 0xf);
  EXPECT_EQ(b.stat("L1D_total_cache_pending_hits"), 1);
  EXPECT_EQ(b.stat("coalescer_load_requests"), 2);
}

TEST(SmMemory, SkipL1DSendsLoadsToMemoryWithoutL1Accesses) {
  Bench b;
  fermi_l1(b);
  b.core.l1_bypass_global = true;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x40000, 4);
  b.add(w, "LDG.E", {4}, {2}, &a);
  b.add(w, "FFMA", {5}, {4, 6, 7});
  b.add(w, "LDG.E", {8}, {2}, &a);
  b.launch(block_of({w}));
  b.run();
  EXPECT_EQ(b.fm->seen.size(), 2u);
  EXPECT_EQ(b.stat("L1D_total_cache_accesses"), 0);
  EXPECT_EQ(b.stat("gpgpu_n_mem_bypass_read"), 2);
}

TEST(SmMemory, StoresWriteThroughWithoutAllocating) {
  Bench b;
  fermi_l1(b);
  b.build();
  Warp w;
  LaneAddrs a = strided(0x50000, 4);
  b.add(w, "STG.E", {}, {2, 3}, &a);
  b.add(w, "LDG.E", {4}, {2}, &a);
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 2u);
  EXPECT_EQ(b.fm->seen[0].kind, MemAccessKind::GlobalWrite);
  EXPECT_EQ(b.fm->seen[1].kind, MemAccessKind::GlobalRead);  // the store did not allocate the line
  EXPECT_EQ(b.stat("gpgpu_n_mem_write_global"), 1);
}

TEST(SmMemory, AtomicsGoToMemory) {
  Bench b;
  fermi_l1(b);
  b.build();
  Warp w;
  LaneAddrs a = strided(0x60000, 4);
  uint32_t at = b.add(w, "ATOMG.E.ADD.STRONG.GPU", {4}, {2, 3}, &a);
  uint32_t use = b.add(w, "FFMA", {5}, {4, 6, 7});
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 1u);
  EXPECT_EQ(b.fm->seen[0].kind, MemAccessKind::Atomic);
  EXPECT_GT(b.rec.at(0, use) - b.rec.at(0, at), b.mem_latency);
  EXPECT_EQ(b.stat("L1D_total_cache_accesses"), 0);
}

TEST(SmMemory, FermiCoalescedLoadIsOneLineRequest) {
  Bench b;
  b.core.coalesce_arch = 13;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x70000, 4);
  LaneAddrs d = strided(0x80000, 128);
  b.add(w, "LDG.E", {4}, {2}, &a);
  b.add(w, "LDG.E", {5}, {2}, &d);
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 33u);
  EXPECT_EQ(b.fm->seen[0].addr, 0x70000u);
  EXPECT_EQ(b.fm->seen[0].sectors, 0xf);
  EXPECT_EQ(b.stat("coalescer_global_load_insn"), 2);
  EXPECT_EQ(b.stat("coalescer_load_requests"), 33);
}

TEST(SmMemory, RequestsCarryPartitionAndWarp) {
  Bench b;
  b.mem.n_channels = 4;
  b.mem.sub_partitions = 2;
  b.core.coalesce_arch = 13;
  b.build();
  Warp w;
  LaneAddrs d = strided(0x0, 256);
  b.add(w, "LDG.E", {5}, {2}, &d);
  b.launch(block_of({w}));
  b.run();
  ASSERT_EQ(b.fm->seen.size(), 32u);
  AddressMap map(b.mem);
  std::set<uint32_t> used;
  for (size_t i = 0; i < 32; ++i) {
    EXPECT_EQ(b.fm->seen[i].partition, map.partition_of(b.fm->seen[i].addr));
    EXPECT_EQ(b.fm->seen[i].warp, 0u);
    used.insert(b.fm->seen[i].partition);
  }
  EXPECT_EQ(used.size(), 8u);  // 256-byte interleaving spreads the 32 lines over all 8 slices
}

}  // namespace
}  // namespace gpucosim::test
