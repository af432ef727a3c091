// OpcodeTable::intern: dedup by full text, -1 on unknown opcodes, stable indices, the 16-bit cap.
#include <gtest/gtest.h>

#include "kernel/opcode_table.h"

namespace gpucosim {
namespace {

TEST(IsaOpcodeTable, InternDeduplicatesByFullText) {
  OpcodeTable t;
  EXPECT_EQ(t.binary_version(), 80u);
  EXPECT_EQ(t.intern("LDG.E"), 0);
  EXPECT_EQ(t.intern("FADD"), 1);
  EXPECT_EQ(t.intern("LDG.E"), 0);
  EXPECT_EQ(t.intern("LDG.E.64"), 2);  // same base, other modifiers: its own entry
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].text, "LDG.E");
  EXPECT_EQ(t[0].access_width, 4);
  EXPECT_EQ(t[2].base, "LDG");
  EXPECT_EQ(t[2].access_width, 8);
  EXPECT_EQ(t[1].unit, UnitClass::SP);
}

TEST(IsaOpcodeTable, UnknownIsMinusOneAndNotAdded) {
  OpcodeTable t(80);
  EXPECT_EQ(t.intern("FOOBAR"), -1);
  EXPECT_EQ(t.intern("XMAD.MRG"), -1);  // exists, but not on sm_80
  EXPECT_EQ(t.size(), 0u);
  EXPECT_EQ(t.intern("MOV"), 0);
  EXPECT_EQ(t.intern("FOOBAR"), -1);
  EXPECT_EQ(t.size(), 1u);
}

TEST(IsaOpcodeTable, UsesItsBinaryVersion) {
  OpcodeTable volta(70), ampere(80), pascal(61);
  EXPECT_EQ(volta.intern("LDGSTS.E.BYPASS.128"), -1);
  EXPECT_EQ(ampere.intern("LDGSTS.E.BYPASS.128"), 0);
  EXPECT_EQ(pascal.intern("XMAD"), 0);
  EXPECT_EQ(volta.binary_version(), 70u);
}

TEST(IsaOpcodeTable, IndicesStayStableAsItGrows) {
  OpcodeTable t;
  int32_t ldg = t.intern("LDG.E.128");
  for (int i = 0; i < 5000; ++i) ASSERT_EQ(t.intern("IMAD.X" + std::to_string(i)), i + 1);
  EXPECT_EQ(t.intern("LDG.E.128"), ldg);
  EXPECT_EQ(t[uint16_t(ldg)].text, "LDG.E.128");
  EXPECT_EQ(t[uint16_t(ldg)].access_width, 16);
  EXPECT_EQ(t[4000].text, "IMAD.X3999");
}

TEST(IsaOpcodeTable, CapsAt65535DistinctOpcodes) {
  OpcodeTable t;
  for (int i = 0; i < 0xffff; ++i) ASSERT_EQ(t.intern("MOV.X" + std::to_string(i)), i);
  EXPECT_EQ(t.size(), 0xffffu);
  EXPECT_EQ(t.intern("MOV.NEW"), -1);       // no index left that fits in 16 bits
  EXPECT_EQ(t.intern("MOV.X0"), 0);         // known opcodes still resolve
  EXPECT_EQ(t.intern("MOV.X65534"), 65534);
}

}  // namespace
}  // namespace gpucosim
