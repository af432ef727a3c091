// The real vectorAdd trace (../shared/fixtures/accelsim-vectoradd-sm80, sm_80, NVBit tracer).
// Expected values read off the file by hand; its code, with pairs from .E addresses and
// IMAD.WIDE:
//
//   0x000 MOV R1            0x060 HFMA2.MMA R7 <- RZ,RZ   0x0c0 IMAD.WIDE R6:R7 <- R6,R7
//   0x010 S2R R6            0x070 ULDC.64                 0x0d0 FADD R0 <- R4,R3
//   0x020 S2R R3            0x080 IMAD.WIDE R4:R5 <- R6,R7   0x0e0 FADD R9 <- RZ,R0
//   0x030 IMAD R6 <- R6,R3  0x090 IMAD.WIDE R2:R3 <- R6,R7   0x0f0 STG.E [R6:R7], R9
//   0x040 ISETP <- R6       0x0a0 LDG.E R4 <- [R4:R5]     0x100 EXIT
//   0x050 @P EXIT           0x0b0 LDG.E R3 <- [R2:R3]
//
// 1,563 warps run all 17 instructions: 1,562 with the EXIT at 0x050 predicated off, and the warp
// that straddles the end of the arrays with it on for its lanes past the end. The 5 warps wholly
// past the end stop at it.
#include <gtest/gtest.h>

#include "compiler/kernel_analysis.h"
#include "compiler_test_util.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

std::string fixture_dir() { return test::shared_fixture("accelsim-vectoradd-sm80"); }

#define NEED_FIXTURE()                                                                   \
  if (fixture_dir().empty()) GTEST_SKIP() << "shared fixture accelsim-vectoradd-sm80 not found (../shared/fixtures)"

compiler::KernelAnalysis analyse_fixture() {
  const compiler::KernelList list = compiler::kernel_list_from_trace(fixture_dir() + "/kernelslist.g");
  EXPECT_EQ(list.kernels.size(), 1u);
  EXPECT_EQ(list.memcpys.size(), 2u);
  return compiler::analyse_kernel(list.kernels.at(0));
}

TEST(compiler_fixture, StaticCodeOfVectorAdd) {
  NEED_FIXTURE();
  const compiler::KernelAnalysis a = analyse_fixture();
  ASSERT_EQ(a.code.size(), 17u);
  for (size_t i = 0; i < 17; ++i) EXPECT_EQ(a.code[i].pc, 0x10 * i);
  EXPECT_EQ(a.code.instruction_size(), 16u);
  EXPECT_EQ(a.code.warps(), 1568u);
  EXPECT_EQ(a.code.dynamic_instructions(), 26601u);
  EXPECT_EQ(a.code[5].op.text, "EXIT");
  EXPECT_EQ(a.code[5].executions, 1568u);
  EXPECT_EQ(a.code[5].predicated_off, 1562u);
  EXPECT_EQ(a.code[16].executions, 1563u);
  EXPECT_EQ(compiler::describe(a.code[10]), "LDG.E R4 <- R4");
  EXPECT_EQ(a.code.final_pcs(), (std::vector<uint32_t>{0x050, 0x100}));
}

TEST(compiler_fixture, TwoBlocksSplitAtThePredicatedExit) {
  NEED_FIXTURE();
  const compiler::KernelAnalysis a = analyse_fixture();
  ASSERT_EQ(a.cfg.blocks().size(), 2u);
  EXPECT_EQ(a.cfg.blocks()[0].start_pc, 0x000u);
  EXPECT_EQ(a.cfg.blocks()[0].end_pc, 0x050u);
  EXPECT_EQ(a.cfg.blocks()[1].start_pc, 0x060u);
  EXPECT_EQ(a.cfg.blocks()[1].end_pc, 0x100u);
  const int entry = a.cfg.entry(), exit = a.cfg.exit();
  EXPECT_EQ(a.cfg.edges(), (std::vector<std::pair<int, int>>{{0, 1}, {0, exit}, {1, exit}, {entry, 0}}));
  EXPECT_EQ(a.dom.idom(1), 0);
  EXPECT_EQ(a.post_dom.idom(0), exit);
}

TEST(compiler_fixture, LiveRegistersPerPc) {
  NEED_FIXTURE();
  const compiler::KernelAnalysis a = analyse_fixture();
  // live = live-in + live-out per PC, worked out from the code above. At 0x090 the index pair
  // R6:R7 is still needed and both address pairs are held: 6.
  const size_t expect[17] = {0, 1, 2, 2, 1, 1, 2, 2, 4, 6, 6, 5, 4, 5, 4, 3, 0};
  size_t sum = 0;
  for (size_t i = 0; i < 17; ++i) {
    EXPECT_EQ(a.live.live_count(i), expect[i]) << "pc " << a.code[i].pc;
    sum += expect[i];
  }
  EXPECT_EQ(compiler::registers_of(a.live.live_in(0xa)), test::regs({2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(a.live.max_live(), 6u);
  EXPECT_EQ(a.code[a.live.max_index()].pc, 0x090u);
  EXPECT_DOUBLE_EQ(a.live.mean_live(), double(sum) / 17.0);
}

}  // namespace
}  // namespace gpucosim
