// The inter-warp locality measure (workloads/inter_warp_locality.h) on kernels whose sharing is
// known from their construction.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "workloads/inter_warp_locality.h"

namespace gpucosim {
namespace {

TEST(workloads, InterWarpLocalityTransposeColumnsAreAllSharedVecaddNone) {
  // Every warp of a naive-transpose block loads the same 32 column lines.
  const LineShare t = inter_warp_line_share("transpose_naive:n=128", 4);
  EXPECT_EQ(t.requests, 4u * 8u * 4u * 32u);  // blocks x warps x loads x lines
  EXPECT_EQ(t.shared, t.requests);
  // vecadd's warps load disjoint lines.
  const LineShare v = inter_warp_line_share("vecadd:n=4096", 4);
  EXPECT_GT(v.requests, 0u);
  EXPECT_EQ(v.shared, 0u);
  EXPECT_EQ(v.share(), 0.0);
}

TEST(workloads, InterWarpLocalityGemmSharesTheBLinesNotTheBroadcastARows) {
  // Each warp is one row of C: its A load is its own row's line, its B load the line every warp
  // of the block loads, so exactly half of the requests are shared.
  const LineShare g = inter_warp_line_share("gemm_naive", 2);
  EXPECT_GT(g.requests, 0u);
  EXPECT_EQ(2 * g.shared, g.requests);
}

TEST(workloads, InterWarpLocalitySyr2kSharesTwiceWhatSyrkDoes) {
  // Block (0,0) of n=64, m=32 (rows 0-7, columns 0-31): every A/B line a warp loads in the k loop
  // is loaded by the other warps' column walks too; only each warp's own C line is private.
  // Per warp: 1 + 32 x (1 + 32) requests for syrk, 1 + 32 x (2 + 64) for syr2k.
  const LineShare s = inter_warp_line_share("syrk", 1);
  const LineShare s2 = inter_warp_line_share("syr2k", 1);
  EXPECT_EQ(s.requests, 8u * (1 + 32 * 33));
  EXPECT_EQ(s.shared, 8u * 32 * 33);
  EXPECT_EQ(s2.requests, 8u * (1 + 32 * 66));
  EXPECT_EQ(s2.shared, 2 * s.shared);
}

TEST(workloads, InterWarpLocalityOnlyTheBlocksAskedForAreRead) {
  const LineShare one = inter_warp_line_share("transpose_naive:n=128", 1);
  const LineShare two = inter_warp_line_share("transpose_naive:n=128", 2);
  EXPECT_EQ(2 * one.requests, two.requests);
  EXPECT_EQ(inter_warp_line_share("transpose_naive:n=128", 0).requests, 0u);
}

TEST(workloads, InterWarpLocalityUnknownWorkloadIsAnInputError) {
  EXPECT_THROW(inter_warp_line_share("no_such_kernel", 1), InputError);
  EXPECT_THROW(inter_warp_line_share("transpose_naive:n=100", 1), InputError);  // not a multiple of 32
}

}  // namespace
}  // namespace gpucosim
