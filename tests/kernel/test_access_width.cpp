// Accel-Sim's access-width rule, including the cases where a literal reading of it would give
// 0 bytes or overflow.
#include <gtest/gtest.h>

#include "kernel/isa.h"

namespace gpucosim {
namespace {

struct WidthCase {
  const char* opcode;
  unsigned bytes;
};

TEST(IsaAccessWidth, FromOpcodeModifiers) {
  const WidthCase cases[] = {
      // The first purely numeric modifier gives bits.
      {"LDG.E.128.SYS", 16}, {"LDG.E.64", 8}, {"LDS.U.128", 16}, {"STS.128", 16},
      {"ATOMS.CAS.64", 8}, {"ST.E.64", 8}, {"LDG.E.32", 4}, {"STG.E.1024", 128},
      {"LDGSTS.E.BYPASS.LTC128B.128", 16},  // "LTC128B" is not purely numeric
      {"LDSM.16.M88.4", 2},                 // Accel-Sim's rule reads ".16" (element bits)
      {"LDG.E.U8.64", 8},                   // numeric beats U<bits> wherever it stands
      {"LDG.E.64.U8", 8},
      {"LDG..64", 8},                       // empty modifier skipped
      // Otherwise U<bits> / S<bits>.
      {"LDG.E.U8", 1}, {"LDG.E.S8", 1}, {"STG.E.U16", 2}, {"LDS.S16", 2}, {"LDL.U32", 4},
      {"LDG.E.S64", 8},
      // Otherwise 4.
      {"LDG.E", 4}, {"LDG", 4}, {"", 4}, {"LDG.", 4}, {"LDG.E.SYS", 4}, {"LDG.E.S", 4},
      {"LDG.E.U", 4}, {"ATOMG.E.ADD.F32.FTZ.RN", 4}, {"UTMALDG.2D", 4},
      {"128.LDG", 4},  // the base mnemonic is not a modifier
      // Non-sensical bit counts fall back to 4 instead of giving 0 or a bogus width.
      {"LDG.E.3", 4}, {"LDG.E.0", 4}, {"LDG.E.24", 4}, {"LDG.E.2048", 4},
      {"LDG.E.99999999999999999999", 4}, {"LDG.E.U3", 4}, {"LDG.E.S0", 4}, {"LDG.E.U24", 4},
      {"LDG.E.3.64", 4},  // the first numeric modifier decides, even when it is nonsense
  };
  for (const WidthCase& c : cases) {
    SCOPED_TRACE(c.opcode);
    EXPECT_EQ(unsigned(access_width_from_opcode(c.opcode)), c.bytes);
  }
}

TEST(IsaAccessWidth, NeverZero) {
  for (int bits = 0; bits <= 4096; ++bits) {
    std::string op = "LDG.E." + std::to_string(bits);
    EXPECT_NE(access_width_from_opcode(op), 0) << op;
    EXPECT_NE(access_width_from_opcode("LDG.U" + std::to_string(bits)), 0) << op;
  }
}

}  // namespace
}  // namespace gpucosim
