// The static code rebuilt from every warp's stream: the union of the PCs all warps executed,
// dynamic counts, the observed transfers, and the error when one PC has two shapes.
#include <gtest/gtest.h>

#include "compiler_test_util.h"
#include "kernel/input_error.h"

namespace gpucosim {
namespace {

using test::ins;

// Two thread blocks whose warps take different sides of a branch: the static code holds both
// sides only because it is the union over all warps of all blocks.
TEST(compiler_static_code, IsTheUnionOverAllWarpsOfAllBlocks) {
  const auto head = [] { return test::WarpLines{ins(0x00, "ISETP.GE.AND", {}, {0}), ins(0x10, "BRA", {}, {})}; };
  test::WarpLines left = head(), right = head();
  left.push_back(ins(0x20, "FADD", {1}, {0, 0}));
  left.push_back(ins(0x30, "EXIT", {}, {}));
  right.push_back(ins(0x40, "FMUL", {1}, {0, 0}, 0, 0x0000ffffu));
  right.push_back(ins(0x50, "EXIT", {}, {}));
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{left, left}, {right}}));
  const auto& code = a.code;
  ASSERT_EQ(code.size(), 6u);
  const uint32_t pcs[] = {0x00, 0x10, 0x20, 0x30, 0x40, 0x50};
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(code[i].pc, pcs[i]);
  EXPECT_EQ(code.instruction_size(), 16u);
  EXPECT_EQ(code.warps(), 3u);
  EXPECT_EQ(code[0].executions, 3u);
  EXPECT_EQ(code[2].executions, 2u);
  EXPECT_EQ(code[4].executions, 1u);
  EXPECT_EQ(code.dynamic_instructions(), 12u);
  EXPECT_EQ(code[2].op.text, "FADD");
  EXPECT_EQ(code[2].op.unit, UnitClass::SP);
  EXPECT_EQ(code.entry_pcs(), (std::vector<uint32_t>{0x00}));
  EXPECT_EQ(code.final_pcs(), (std::vector<uint32_t>{0x30, 0x50}));
  const std::vector<std::pair<uint32_t, uint32_t>> transfers = {
      {0x00, 0x10}, {0x10, 0x20}, {0x10, 0x40}, {0x20, 0x30}, {0x40, 0x50}};
  EXPECT_EQ(code.transfers(), transfers);
  EXPECT_EQ(code.index_of(0x40), 4);
  EXPECT_EQ(code.index_of(0x44), -1);
  EXPECT_EQ(compiler::describe(code[2]), "FADD R1 <- R0, R0");
}

TEST(compiler_static_code, PredicatedOffInstancesAreCounted) {
  const test::WarpLines w = {ins(0x00, "MOV", {1}, {}, 0, 0), ins(0x10, "EXIT", {}, {})};
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{w, w}}));
  EXPECT_EQ(a.code[0].executions, 2u);
  EXPECT_EQ(a.code[0].predicated_off, 2u);
  EXPECT_EQ(a.code[1].predicated_off, 0u);
}

std::string shape_error(const test::WarpLines& first, const test::WarpLines& second) {
  try {
    test::analyse_text(test::traceg({{first}, {second}}, "_Z6kernelv"), "shapes.traceg");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(compiler_static_code, APcWithTwoShapesIsAnErrorNamingKernelAndPc) {
  const test::WarpLines base = {ins(0x00, "MOV", {1}, {}), ins(0x10, "IADD3", {2}, {1, 1}), ins(0x20, "EXIT", {}, {})};
  test::WarpLines other_dst = base, other_src = base, other_op = base, more_srcs = base;
  other_dst[1] = ins(0x10, "IADD3", {3}, {1, 1});
  other_src[1] = ins(0x10, "IADD3", {2}, {1, 2});
  other_op[1] = ins(0x10, "IMAD", {2}, {1, 1});
  more_srcs[1] = ins(0x10, "IADD3", {2}, {1, 1, 1});
  for (const test::WarpLines& w : {other_dst, other_src, other_op, more_srcs}) {
    const std::string msg = shape_error(base, w);
    EXPECT_NE(msg.find("shapes.traceg: "), std::string::npos) << msg;
    EXPECT_NE(msg.find("_Z6kernelv"), std::string::npos) << msg;
    EXPECT_NE(msg.find("PC 0x0010"), std::string::npos) << msg;
    EXPECT_NE(msg.find("IADD3 R2 <- R1, R1"), std::string::npos) << msg;
    EXPECT_NE(msg.find("thread block (1,0,0) warp 0"), std::string::npos) << msg;
  }
  // A different mask or different addresses are dynamic, not a different instruction.
  test::WarpLines other_mask = base;
  other_mask[1] = ins(0x10, "IADD3", {2}, {1, 1}, 0, 0x1u);
  EXPECT_EQ(shape_error(base, other_mask), "(no error)");
}

TEST(compiler_static_code, InstructionSizeFollowsTheBinaryVersion) {
  const test::WarpLines w16 = {ins(0x00, "MOV", {1}, {}), ins(0x10, "EXIT", {}, {})};
  const test::WarpLines w8 = {ins(0x00, "MOV", {1}, {}), ins(0x08, "EXIT", {}, {})};
  EXPECT_EQ(test::analyse_text(test::traceg({{w16}}, "k", 70)).code.instruction_size(), 16u);
  EXPECT_EQ(test::analyse_text(test::traceg({{w16}}, "k", 90)).code.instruction_size(), 16u);
  // sm_60: 8-byte instructions, so 0x00 and 0x08 are one straight-line block.
  const compiler::KernelAnalysis pascal = test::analyse_text(test::traceg({{w8}}, "k", 60));
  EXPECT_EQ(pascal.code.instruction_size(), 8u);
  ASSERT_EQ(pascal.cfg.blocks().size(), 1u);
  EXPECT_EQ(pascal.cfg.blocks()[0].instructions(), 2u);
  // The same PCs read as sm_80 code are not adjacent: two blocks.
  EXPECT_EQ(test::analyse_text(test::traceg({{w8}}, "k", 80)).cfg.blocks().size(), 2u);
}

TEST(compiler_static_code, AKernelWithoutInstructionsIsEmpty) {
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{test::WarpLines{}}}));
  EXPECT_EQ(a.code.size(), 0u);
  EXPECT_TRUE(a.cfg.blocks().empty());
  EXPECT_EQ(a.live.max_live(), 0u);
  EXPECT_EQ(a.live.mean_live(), 0.0);
}

}  // namespace
}  // namespace gpucosim
