// Operand widths from opcode modifiers, and that liveness counts every register a wide operand
// touches (.64 = 2, .128 = 4, the .E address pair, IMAD.WIDE's pair).
#include <gtest/gtest.h>

#include "kernel/register_widths.h"
#include "compiler_test_util.h"

namespace gpucosim {
namespace {

using compiler::registers_of;
using test::ins;
using test::regs;

struct WidthCase {
  const char* opcode;
  int n_src;
  int dst;                   // width of the destination(s); 0: the op has none (stores)
  std::vector<int> src;      // width of each source
};

OperandWidths widths_of(const char* opcode, int n_src, uint32_t bv = 80) {
  auto info = classify_opcode(opcode, bv);
  EXPECT_TRUE(info.has_value()) << opcode;
  return info ? operand_widths(*info, n_src) : OperandWidths{};
}

TEST(compiler_widths, OpcodeModifiersGiveOperandWidths) {
  const WidthCase cases[] = {
      {"LDG.E", 1, 1, {2}},                // 32-bit data, 64-bit (.E) address
      {"LDG.E.64", 1, 2, {2}},
      {"LDG.E.128.SYS", 1, 4, {2}},
      {"LDG.E.U8", 1, 1, {2}},
      {"LDS.128", 1, 4, {1}},              // shared addresses are 32-bit
      {"LDS.U16", 1, 1, {1}},
      {"LDL.64", 1, 2, {1}},
      {"LDSM.16.M88.4", 1, 4, {1}},        // four 8x8 matrices, one register each
      {"LDSM.16.M88.2", 1, 2, {1}},
      {"LDSM.16.MT88", 1, 1, {1}},
      {"STG.E", 2, 0, {2, 1}},
      {"STG.E.64", 2, 0, {2, 2}},
      {"STG.E.128", 2, 0, {2, 4}},
      {"STS.64", 2, 0, {1, 2}},
      {"ATOM.E.ADD.64", 2, 2, {2, 2}},
      {"ATOMS.ADD", 2, 1, {1, 1}},
      {"IMAD.WIDE", 2, 2, {1, 1}},         // A and B listed, the 64-bit addend was a constant
      {"IMAD.WIDE", 3, 2, {1, 1, 2}},      // the addend is a register pair
      {"IMAD.WIDE.U32", 3, 2, {1, 1, 2}},
      {"IMAD", 3, 1, {1, 1, 1}},
      {"DADD", 2, 2, {2, 2}},
      {"DFMA", 3, 2, {2, 2, 2}},
      {"DMUL", 2, 2, {2, 2}},
      {"DSETP.GT.AND", 2, 1, {2, 2}},
      {"F2F.F64.F32", 1, 2, {1}},
      {"F2F.F32.F64", 1, 1, {2}},
      {"I2F.F64", 1, 2, {1}},              // a lone float type names the destination of I2F
      {"I2F.U64", 1, 1, {2}},              // a lone integer type names its source
      {"F2I.S64.F64.TRUNC", 1, 2, {2}},
      {"F2I.FTZ.U32.TRUNC.NTZ", 1, 1, {1}},
      {"I2I.S16.S32.SAT", 1, 1, {1}},
      {"CS2R", 0, 2, {}},
      {"CS2R.32", 0, 1, {}},
      {"IADD.64", 2, 2, {2, 2}},
      {"MOV", 1, 1, {1}},
      {"HFMA2.MMA", 2, 1, {1, 1}},
      {"MUFU.RCP64H", 1, 1, {1}},          // the high word of a double, one register
      {"SHF.R.U64", 3, 1, {1, 1, 1}},      // a 64-bit shift of two separate 32-bit halves
  };
  for (const WidthCase& c : cases) {
    const OperandWidths w = widths_of(c.opcode, c.n_src);
    if (c.dst) {
      EXPECT_EQ(w.dst[0], c.dst) << c.opcode;
    }
    for (size_t k = 0; k < c.src.size(); ++k) EXPECT_EQ(w.src[k], c.src[k]) << c.opcode << " source " << k;
  }
}

TEST(compiler_widths, RegistersStopBeforeRZ) {
  std::vector<int> seen;
  for_each_register(253, 4, [&](uint8_t r) { seen.push_back(r); });
  EXPECT_EQ(seen, (std::vector<int>{253, 254}));
  seen.clear();
  for_each_register(kRegZero, 2, [&](uint8_t r) { seen.push_back(r); });
  EXPECT_TRUE(seen.empty());
}

// IMAD.WIDE R2 (R2:R3) is the address of a 128-bit load into R4..R7, which a 128-bit store reads
// back through the address pair R8:R9. Every register of every operand must be live between them.
TEST(compiler_widths, LivenessCountsEveryRegisterOfAWideOperand) {
  const std::string t = test::traceg({{{
      ins(0x00, "IMAD.WIDE", {2}, {0, 1}),
      ins(0x10, "LDG.E.128", {4}, {2}, 16),
      ins(0x20, "IMAD.WIDE", {8}, {0, 1}),
      ins(0x30, "STG.E.128", {}, {8, 4}, 16),
      ins(0x40, "EXIT", {}, {}),
  }}});
  const compiler::KernelAnalysis a = test::analyse_text(t);
  ASSERT_EQ(a.code.size(), 5u);
  EXPECT_EQ(registers_of(a.live.live_in(3)), regs({4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(registers_of(a.live.live_in(1)), regs({0, 1, 2, 3}));
  EXPECT_EQ(registers_of(a.live.live_out(1)), regs({0, 1, 4, 5, 6, 7}));
  // While the second IMAD.WIDE runs: its sources, the loaded quad and the new pair.
  EXPECT_EQ(a.live.live_count(2), 8u);
  EXPECT_EQ(a.live.max_live(), 8u);
  EXPECT_EQ(a.live.live_count(4), 0u);  // nothing is live at the exit
}

TEST(compiler_widths, SixtyFourBitDataCoversTwoRegisters) {
  const std::string t = test::traceg({{{
      ins(0x00, "IMAD.WIDE", {2}, {0, 1}),
      ins(0x10, "LDG.E.64", {4}, {2}, 8),
      ins(0x20, "DADD", {6}, {4, 4}),
      ins(0x30, "STG.E.64", {}, {2, 6}, 8),
      ins(0x40, "EXIT", {}, {}),
  }}});
  const compiler::KernelAnalysis a = test::analyse_text(t);
  EXPECT_EQ(registers_of(a.live.live_in(2)), regs({2, 3, 4, 5}));
  EXPECT_EQ(registers_of(a.live.live_in(3)), regs({2, 3, 6, 7}));
}

}  // namespace
}  // namespace gpucosim
