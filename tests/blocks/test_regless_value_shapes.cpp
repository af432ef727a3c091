// Where the RegLess front end takes a register value's shape from (regless_value_shapes.h,
// docs/blocks/regless.md §9): from the lane values a generator emits, through the pattern
// matcher (vecadd: threadIdx.x stride-1, &A[i] stride-4 with a constant upper word, the element
// size a constant), partial writes merged into the lanes the register held (an instruction
// predicated on some lanes leaves the others, so a register with lanes nobody wrote is not
// known from values), and from the register-value analysis where the stream carries none (the
// same warp stripped of its values, as a trace gives it); a loaded float stays incompressible.
#include <gtest/gtest.h>

#include "systemc/blocks/regless/regless_value_shapes.h"
#include "workloads/generated_kernel.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

struct Vecadd {
  GeneratedApp app;
  ThreadBlock tb;
  std::unique_ptr<ReglessKernelCode> code;
  explicit Vecadd(const std::string& params = "vecadd:n=4096") {
    const Workload* w = find_workload("vecadd");
    app = w->generate(resolve_params(*w, {params.substr(7)}));
    auto* k = dynamic_cast<wl::GeneratedKernel*>(app.kernels[0].get());
    k->generate_block(0, tb);
  }
  void build(const ThreadBlock& b) {
    ReglessParams p;
    p.compressor = 1;
    std::vector<const ThreadBlock*> blocks{&b};
    code = std::make_unique<ReglessKernelCode>(app.kernels[0]->header(), app.kernels[0]->opcodes(), blocks, p);
  }
  ReglessValueShape shape(const Warp& w, size_t dyn, uint32_t reg) {
    std::vector<int32_t> sidx;
    for (const Instruction& i : w.insts) sidx.push_back(int32_t(code->index_of(i.pc)));
    ReglessValueShapes s;
    s.build(w, sidx, *code);
    return s.at(uint32_t(dyn), reg, code->insts()[size_t(sidx[dyn])].defs);
  }
};

// vecadd's stream: 0 MOV R1, 1 S2R R6, 2 S2R R3 (tid), 3 IMAD R6, 4 ISETP, 5 EXIT, 6 HFMA2 R7 (4),
// 7 ULDC, 8 IMAD.WIDE R4:R5, 9 IMAD.WIDE R2:R3 (&A[i]), 10 LDG R4, 11 LDG R3, ...
TEST(ReglessValueShapes, EmittedLanesThroughThePatternMatcher) {
  Vecadd v;
  v.build(v.tb);
  ASSERT_FALSE(v.code->renumbered());
  const Warp& w = v.tb.warps[1];
  auto is = [&](size_t dyn, uint32_t reg, ReglessPattern p) {
    const ReglessValueShape s = v.shape(w, dyn, reg);
    EXPECT_EQ(s.source, ReglessValueSource::Emitted) << dyn << " R" << reg;
    EXPECT_EQ(s.pattern, p) << dyn << " R" << reg << ": " << to_string(s.pattern);
  };
  is(0, 1, ReglessPattern::Constant);   // stack pointer
  is(1, 6, ReglessPattern::Constant);   // blockIdx.x
  is(2, 3, ReglessPattern::Stride1);    // threadIdx.x
  is(3, 6, ReglessPattern::Stride1);    // global index
  is(6, 7, ReglessPattern::Constant);   // 4
  is(9, 2, ReglessPattern::Stride4);    // &A[i], low word
  is(9, 3, ReglessPattern::Constant);   // &A[i], high word
  const ReglessValueShape ld = v.shape(w, 11, 3);  // a loaded float: no values, and the analysis
  EXPECT_NE(ld.source, ReglessValueSource::Emitted);  // knows nothing of it
  EXPECT_EQ(ld.pattern, ReglessPattern::None);
  EXPECT_EQ(ld.source, ReglessValueSource::Unknown);
}

TEST(ReglessValueShapes, WithoutValuesTheAnalysisDecides) {
  Vecadd v;
  ThreadBlock bare = v.tb;
  for (Warp& w : bare.warps) {
    w.values.clear();
    for (Instruction& i : w.insts) i.n_vals = 0, i.val_slot = -1;
  }
  v.build(bare);
  const Warp& w = bare.warps[1];
  const ReglessValueShape addr = v.shape(w, 9, 2);  // &A[i]: observed from the LDG's lane addresses
  EXPECT_EQ(addr.source, ReglessValueSource::Analysis);
  EXPECT_EQ(addr.pattern, ReglessPattern::Stride4);
  EXPECT_EQ(v.shape(w, 11, 3).source, ReglessValueSource::Unknown);
}

// A write to some lanes merges with the lanes the register held: known only once every lane is.
TEST(ReglessValueShapes, PartialWritesMergeWithTheOldLanes) {
  Vecadd v("vecadd:n=4100");  // block 16's warp 0 has 4 lanes in range
  auto* k = dynamic_cast<wl::GeneratedKernel*>(v.app.kernels[0].get());
  ThreadBlock tail;
  k->generate_block(16, tail);
  v.build(tail);
  const Warp& w = tail.warps[0];
  ASSERT_EQ(w.insts[9].active_mask, 0xfu);
  EXPECT_EQ(v.shape(w, 3, 6).source, ReglessValueSource::Emitted);  // the prologue: every lane
  const ReglessValueShape s = v.shape(w, 9, 2);  // &A[i] in 4 lanes: 28 never written
  EXPECT_NE(s.source, ReglessValueSource::Emitted);
  // R3 held threadIdx.x in all 32 lanes; the LDG of 4 lanes leaves 28 of them but makes 4 unknown.
  EXPECT_NE(v.shape(w, 11, 3).source, ReglessValueSource::Emitted);
}

}  // namespace
}  // namespace gpucosim
