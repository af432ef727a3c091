// Occupancy limits (CUDA occupancy rule with allocation granularity) and block completion.
#include <gtest/gtest.h>

#include "sm_harness.h"

namespace gpucosim::test {
namespace {

// Launches blocks of empty warps until can_launch() refuses; returns how many fitted.
uint32_t blocks_that_fit(Bench& b) {
  uint32_t n = 0;
  KernelContext ctx{b.hdr.id, &b.hdr, &b.ops};
  while (b.sm->can_launch(b.hdr) && n < 100) {
    std::vector<Warp> ws(b.hdr.warps_per_block());
    for (Warp& w : ws) b.add(w, "FFMA", {10}, {2, 3, 4});
    b.sm->launch_block(ctx, block_of(ws));
    ++n;
  }
  return n;
}

TEST(SmOccupancy, RegistersWithAllocationGranularity) {
  Bench b;
  b.core.registers = 32768;
  b.core.register_alloc_granularity = 256;
  b.hdr.block = Dim3{256, 1, 1};
  b.hdr.nregs = 63;  // 63 x 32 = 2016 -> 2048 per warp, 16384 per 8-warp block
  b.build();
  EXPECT_EQ(blocks_that_fit(b), 2u);
}

TEST(SmOccupancy, RegistersPerBlockLimit) {
  Bench b;
  b.core.registers = 65536;
  b.core.registers_per_block = 16384;
  b.core.max_threads = 2048;
  b.hdr.block = Dim3{512, 1, 1};
  b.hdr.nregs = 40;  // 40 x 32 = 1280 per warp x 16 warps = 20480 > 16384
  b.build();
  EXPECT_FALSE(b.sm->can_launch(b.hdr));
  EXPECT_FALSE(b.sm->can_ever_launch(b.hdr));
}

TEST(SmOccupancy, SharedMemoryRoundedToGranularity) {
  Bench b;
  b.core.shmem_bytes = 49152;
  b.core.shmem_alloc_granularity = 128;
  b.hdr.nregs = 8;
  b.hdr.shmem = 16384 + 1;  // rounds to 16512: 2 x 16512 fit, 3 x 16512 = 49536 do not
  b.build();
  EXPECT_EQ(blocks_that_fit(b), 2u);
}

TEST(SmOccupancy, ThreadsRoundedToWarps) {
  Bench b;
  b.core.max_threads = 1536;
  b.hdr.nregs = 8;
  b.hdr.block = Dim3{500, 1, 1};  // 16 warps = 512 threads
  b.build();
  EXPECT_EQ(blocks_that_fit(b), 3u);
}

TEST(SmOccupancy, BlockSlots) {
  Bench b;
  b.core.max_blocks = 8;
  b.hdr.nregs = 8;
  b.hdr.block = Dim3{32, 1, 1};
  b.build();
  EXPECT_EQ(blocks_that_fit(b), 8u);
}

TEST(SmOccupancy, CompletedBlocksFreeResources) {
  Bench b;
  b.core.max_blocks = 2;
  b.hdr.nregs = 8;
  b.build();
  EXPECT_EQ(blocks_that_fit(b), 2u);
  EXPECT_FALSE(b.sm->can_launch(b.hdr));
  b.run();
  EXPECT_EQ(b.sm->take_completed_blocks(), (std::vector<uint32_t>{1, 1}));
  EXPECT_TRUE(b.sm->take_completed_blocks().empty());
  EXPECT_TRUE(b.sm->can_launch(b.hdr));
  EXPECT_EQ(b.stat("sm_blocks_completed"), 2);
  EXPECT_GT(b.stat("occupancy_warp_cycles"), 0);
}

TEST(SmOccupancy, DescribeStateNamesWaitingWarps) {
  Bench b;
  b.mem_latency = 500;
  b.build();
  Warp w;
  LaneAddrs a = strided(0x8000, 4);
  b.add(w, "LDG.E", {4}, {2}, &a);
  b.add(w, "FFMA", {5}, {4, 6, 7});
  b.launch(block_of({w}));
  for (int k = 0; k < 50; ++k) b.step();
  std::string s = b.sm->describe_state();
  EXPECT_NE(s.find("waits on registers R4"), std::string::npos) << s;
  EXPECT_NE(s.find("requests in memory"), std::string::npos) << s;
  b.run();
}

}  // namespace
}  // namespace gpucosim::test
