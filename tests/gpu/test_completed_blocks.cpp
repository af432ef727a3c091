// The dispatcher's record of completed blocks: each block completes once, in any order, and the
// record holds only the blocks completed out of order (memory follows the blocks in flight).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "systemc/gpu/completed_blocks.h"

namespace gpucosim {
namespace {

TEST(completedBlocks, EachBlockOnceInAnyOrder) {
  std::vector<uint64_t> seqs(5000);
  std::iota(seqs.begin(), seqs.end(), 0);
  // Blocks finish out of order within a window of in-flight ones, as on a GPU.
  std::mt19937 rng(7);
  for (size_t i = 0; i + 64 <= seqs.size(); i += 64) std::shuffle(seqs.begin() + long(i), seqs.begin() + long(i + 64), rng);
  CompletedBlocks done;
  size_t most_above = 0;
  for (uint64_t s : seqs) {
    EXPECT_FALSE(done.contains(s));
    EXPECT_TRUE(done.add(s)) << s;
    EXPECT_TRUE(done.contains(s));
    EXPECT_FALSE(done.add(s)) << "completed twice: " << s;
    most_above = std::max(most_above, done.above_watermark());
  }
  EXPECT_EQ(done.watermark(), seqs.size());
  EXPECT_EQ(done.above_watermark(), 0u);
  EXPECT_LT(most_above, 64u) << "only the out-of-order window is held";
  EXPECT_FALSE(done.add(17));
}

TEST(completedBlocks, HugeSequenceNumbersCostNothingUpFront) {
  CompletedBlocks done;
  EXPECT_TRUE(done.add(uint64_t(1) << 62));
  EXPECT_TRUE(done.add(0));
  EXPECT_EQ(done.watermark(), 1u);
  EXPECT_EQ(done.above_watermark(), 1u);
  EXPECT_FALSE(done.add(uint64_t(1) << 62));
}

}  // namespace
}  // namespace gpucosim
