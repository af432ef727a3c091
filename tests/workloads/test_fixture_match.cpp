// vecadd against the real nvcc/NVBit trace of vectorAdd at sm_80 (n = 50000, 256 threads):
// the generated streams match the recorded ones instruction for instruction, except for the
// concrete device addresses (same lane pattern, different allocation base).
#include <gtest/gtest.h>

#include "tests/support/test_paths.h"
#include "trace/kernel_counts.h"
#include "trace/trace_reader.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

TEST(workloads, VecaddFixtureSameStreamsAsTheRecordedTrace) {
  const std::string dir = test::shared_fixture("accelsim-vectoradd-sm80");
  if (dir.empty()) GTEST_SKIP() << "fixture not available";
  auto recorded = open_kernel_trace(dir + "/kernel-1.traceg");
  const Workload* w = find_workload("vecadd");
  const ParamValues p = resolve_params(*w, {"n=50000", "block=256"});
  GeneratedApp app = w->generate(p);
  KernelSource& gen = *app.kernels[0];

  EXPECT_EQ(gen.header().name, recorded->header().name);
  EXPECT_EQ(gen.header().grid, recorded->header().grid);
  EXPECT_EQ(gen.header().block, recorded->header().block);
  EXPECT_EQ(gen.header().nregs, recorded->header().nregs);

  ThreadBlock a, b;
  KernelCounts counted;
  while (recorded->next_block(a)) {
    ASSERT_TRUE(gen.next_block(b));
    count_block(a, counted);
    ASSERT_EQ(a.warps.size(), b.warps.size());
    for (size_t wi = 0; wi < a.warps.size(); ++wi) {
      const Warp& x = a.warps[wi];
      const Warp& y = b.warps[wi];
      ASSERT_EQ(x.insts.size(), y.insts.size()) << "block " << a.id.str() << " warp " << wi;
      for (size_t i = 0; i < x.insts.size(); ++i) {
        const Instruction& r = x.insts[i];
        const Instruction& g = y.insts[i];
        EXPECT_EQ(r.pc, g.pc);
        EXPECT_EQ(r.active_mask, g.active_mask);
        EXPECT_EQ(recorded->opcodes()[r.opcode].text, gen.opcodes()[g.opcode].text);
        EXPECT_EQ(r.n_dst, g.n_dst);
        EXPECT_EQ(r.n_src, g.n_src);
        EXPECT_EQ(r.dst, g.dst);
        EXPECT_EQ(r.src, g.src);
        EXPECT_EQ(r.mem_width, g.mem_width);
        if (r.has_addresses()) {
          // Same lane-to-lane pattern relative to the first active lane.
          const LaneAddrs& ra = x.lane_addrs(r);
          const LaneAddrs& ga = y.lane_addrs(g);
          const int first = __builtin_ctz(r.active_mask);
          for (int l = first; l < kWarpSize; ++l) {
            if (r.active_mask >> l & 1u) {
              EXPECT_EQ(ra[size_t(l)] - ra[size_t(first)], ga[size_t(l)] - ga[size_t(first)]);
            }
          }
        }
      }
    }
  }
  EXPECT_FALSE(gen.next_block(b));
  EXPECT_TRUE(counted == w->expected_counts(p)[0]);
}

}  // namespace
}  // namespace gpucosim
