// Per-generation opcode maps: units, spaces, flags and widths of known instructions, absence of
// instructions a generation does not have, and invariants over every map entry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "kernel/isa.h"
#include "kernel/isa_tables.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

using U = UnitClass;
using M = MemSpace;

// Base mnemonics of one binary version, read back from the groups.
std::set<std::string> mnemonics(uint32_t version) {
  std::set<std::string> out;
  uint8_t gen = isa_detail::generation_of(version);
  for (const auto& g : isa_detail::opcode_groups()) {
    if (!(g.gens & gen)) continue;
    std::istringstream names(g.names);
    for (std::string n; names >> n;) out.insert(n);
  }
  return out;
}

TEST(Isa, EnumNames) {
  std::set<std::string> units;
  for (int u = 0; u <= int(U::UNIFORM); ++u) units.insert(to_string(U(u)));
  EXPECT_EQ(units.size(), size_t(U::UNIFORM) + 1);
  EXPECT_EQ(units.count("?"), 0u);
  EXPECT_STREQ(to_string(U::TENSOR), "TENSOR");
  std::set<std::string> spaces;
  for (int s = 0; s <= int(M::Generic); ++s) spaces.insert(to_string(M(s)));
  EXPECT_EQ(spaces.size(), size_t(M::Generic) + 1);
  EXPECT_EQ(spaces.count("?"), 0u);
  EXPECT_STREQ(to_string(M::Shared), "Shared");
}

TEST(Isa, SupportedVersions) {
  const std::vector<uint32_t> expected = {35, 60, 61, 62, 70, 75, 80, 86, 89, 90};
  EXPECT_EQ(supported_binary_versions(), expected);
  std::set<uint32_t> listed(expected.begin(), expected.end());
  for (uint32_t v = 0; v < 200; ++v) EXPECT_EQ(is_supported_binary_version(v), listed.count(v) == 1) << v;
  EXPECT_FALSE(classify_opcode("MOV", 72));  // unsupported version: no map, no answer
  EXPECT_FALSE(classify_opcode("MOV", 100));
}

TEST(Isa, TablesHaveNoDuplicates) { EXPECT_EQ(isa_detail::duplicate_mnemonics(), std::vector<std::string>{}); }

struct ClassCase {
  const char* opcode;
  uint32_t version;
  U unit;
  M space;
  unsigned width;
  bool load, store;
};

void expect_class(const ClassCase& c) {
  SCOPED_TRACE(std::string(c.opcode) + " @" + std::to_string(c.version));
  auto info = classify_opcode(c.opcode, c.version);
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->text, c.opcode);
  EXPECT_STREQ(to_string(info->unit), to_string(c.unit));
  EXPECT_STREQ(to_string(info->space), to_string(c.space));
  EXPECT_EQ(unsigned(info->access_width), c.width);
  EXPECT_EQ(info->is_load, c.load);
  EXPECT_EQ(info->is_store, c.store);
}

// Every opcode of the vectorAdd sm_80 trace, as the model must see it.
const ClassCase kVectorAdd[] = {
    {"MOV", 80, U::ALU, M::None, 0, false, false},
    {"S2R", 80, U::ALU, M::None, 0, false, false},
    {"IMAD", 80, U::INT, M::None, 0, false, false},
    {"ISETP.GE.AND", 80, U::INT, M::None, 0, false, false},
    {"EXIT", 80, U::EXIT, M::None, 0, false, false},
    {"HFMA2.MMA", 80, U::SP, M::None, 0, false, false},
    {"ULDC.64", 80, U::UNIFORM, M::Constant, 0, false, false},
    {"IMAD.WIDE", 80, U::INT, M::None, 0, false, false},
    {"LDG.E", 80, U::LOAD, M::Global, 4, true, false},
    {"FADD", 80, U::SP, M::None, 0, false, false},
    {"STG.E", 80, U::STORE, M::Global, 4, false, true},
};

TEST(Isa, VectorAddOpcodes) {
  for (const ClassCase& c : kVectorAdd) expect_class(c);
}

TEST(Isa, EveryOpcodeOfTheVectorAddFixtureIsKnown) {
  std::string dir = test::shared_fixture("accelsim-vectoradd-sm80");
  if (dir.empty()) GTEST_SKIP() << "shared fixture accelsim-vectoradd-sm80 not found";
  std::ifstream in(dir + "/kernel-1.traceg");
  ASSERT_TRUE(in);
  std::set<std::string> seen;
  for (std::string line; std::getline(in, line);) {
    // Instruction lines start with the hex PC; header, TB and warp lines start otherwise.
    if (line.empty() || !std::isxdigit(static_cast<unsigned char>(line[0]))) continue;
    std::istringstream t(line);
    std::string pc, mask, reg, opcode;
    int ndst = 0;
    t >> pc >> mask >> ndst;
    for (int i = 0; i < ndst; ++i) t >> reg;
    t >> opcode;
    seen.insert(opcode);
  }
  EXPECT_EQ(seen.size(), std::size(kVectorAdd));
  for (const std::string& op : seen) EXPECT_TRUE(classify_opcode(op, 80).has_value()) << op;
}

TEST(Isa, ClassesSpacesAndWidths) {
  const ClassCase cases[] = {
      // Memory spaces and widths.
      {"LDG.E.128.SYS", 70, U::LOAD, M::Global, 16, true, false},
      {"LDS.U.128", 75, U::LOAD, M::Shared, 16, true, false},
      {"LDL.64", 86, U::LOAD, M::Local, 8, true, false},
      {"LD.E.64", 35, U::LOAD, M::Generic, 8, true, false},  // Kepler reaches global via LD
      {"ST.E", 35, U::STORE, M::Generic, 4, false, true},
      {"LDG.E.CI", 35, U::LOAD, M::Global, 4, true, false},
      {"STS.U8", 61, U::STORE, M::Shared, 1, false, true},
      {"STL.128", 90, U::STORE, M::Local, 16, false, true},
      {"LDSM.16.M88.4", 75, U::LOAD, M::Shared, 2, true, false},
      {"LDGSTS.E.BYPASS.LTC128B.128", 80, U::LOAD, M::Global, 16, true, true},
      {"ATOM.E.ADD.64", 61, U::ATOMIC, M::Generic, 8, true, true},
      {"ATOMG.E.ADD.F32.FTZ.RN.STRONG.GPU", 80, U::ATOMIC, M::Global, 4, true, true},
      {"ATOMS.CAS.64", 70, U::ATOMIC, M::Shared, 8, true, true},
      {"RED.E.ADD.STRONG.GPU", 75, U::ATOMIC, M::Global, 4, false, true},
      {"LDC.64", 70, U::ALU, M::Constant, 0, false, false},
      {"TEX.SCR.LL", 80, U::TEXTURE, M::Texture, 4, true, false},
      {"TXQ", 70, U::TEXTURE, M::Texture, 0, false, false},
      {"SULD.D.BA.1D.64", 75, U::TEXTURE, M::Texture, 8, true, false},
      {"SUST.D.BA.2D", 86, U::TEXTURE, M::Texture, 4, false, true},
      {"UTMALDG.2D", 90, U::LOAD, M::Global, 4, true, true},
      {"UTMASTG.3D", 90, U::STORE, M::Global, 4, true, true},
      {"STSM.16.M88.4", 90, U::STORE, M::Shared, 2, false, true},
      // Arithmetic units.
      {"FFMA.FTZ", 62, U::SP, M::None, 0, false, false},
      {"MUFU.RCP", 35, U::SFU, M::None, 0, false, false},
      {"RRO.SINCOS", 60, U::SFU, M::None, 0, false, false},
      {"DFMA.RM", 89, U::DP, M::None, 0, false, false},
      {"DMNMX", 35, U::DP, M::None, 0, false, false},
      {"IADD3.X", 62, U::INT, M::None, 0, false, false},
      {"XMAD.MRG", 61, U::INT, M::None, 0, false, false},
      {"LOP3.LUT", 90, U::INT, M::None, 0, false, false},
      {"IMAD.WIDE.U32", 75, U::INT, M::None, 0, false, false},  // U32 is not a memory width here
      {"SHFL.BFLY", 70, U::ALU, M::None, 0, false, false},
      {"F2I.TRUNC.NTZ", 80, U::ALU, M::None, 0, false, false},
      {"F2FP.BF16.PACK_AB", 86, U::ALU, M::None, 0, false, false},
      {"CS2R.32", 70, U::ALU, M::None, 0, false, false},
      {"VOTE.ANY", 35, U::ALU, M::None, 0, false, false},
      {"HMMA.1688.F32", 75, U::TENSOR, M::None, 0, false, false},
      {"IMMA.16832.S8.S8", 80, U::TENSOR, M::None, 0, false, false},
      {"DMMA.884", 80, U::TENSOR, M::None, 0, false, false},
      {"HGMMA.64x128x16.F32", 90, U::TENSOR, M::None, 0, false, false},
      {"S2UR", 75, U::UNIFORM, M::None, 0, false, false},
      {"UIADD3", 90, U::UNIFORM, M::None, 0, false, false},
      {"VOTEU.ANY", 86, U::UNIFORM, M::None, 0, false, false},
      // Control, barriers, fences, no-ops.
      {"BRA.U", 60, U::BRANCH, M::None, 0, false, false},
      {"SSY", 35, U::BRANCH, M::None, 0, false, false},
      {"SYNC", 61, U::BRANCH, M::None, 0, false, false},
      {"PBK", 62, U::BRANCH, M::None, 0, false, false},
      {"BSSY", 70, U::BRANCH, M::None, 0, false, false},
      {"BSYNC", 80, U::BRANCH, M::None, 0, false, false},
      {"WARPSYNC", 89, U::BRANCH, M::None, 0, false, false},
      {"CALL.REL.NOINC", 75, U::BRANCH, M::None, 0, false, false},
      {"RET.REL.NODEC", 90, U::BRANCH, M::None, 0, false, false},
      {"BAR.SYNC", 35, U::BARRIER, M::None, 0, false, false},
      {"BAR.SYNC.DEFER_BLOCKING", 80, U::BARRIER, M::None, 0, false, false},
      {"MEMBAR.SC.GPU", 70, U::MEMBAR, M::None, 0, false, false},
      {"DEPBAR.LE", 80, U::MEMBAR, M::None, 0, false, false},
      {"LDGDEPBAR", 86, U::MEMBAR, M::None, 0, false, false},
      {"ERRBAR", 75, U::MEMBAR, M::None, 0, false, false},
      {"CCTL.IVALL", 61, U::MEMBAR, M::None, 0, false, false},
      {"SYNCS.ARRIVE.TRANS64", 90, U::MEMBAR, M::None, 0, false, false},
      {"EXIT", 35, U::EXIT, M::None, 0, false, false},
      {"NOP", 90, U::NOP, M::None, 0, false, false},
      {"YIELD", 70, U::NOP, M::None, 0, false, false},
      {"NANOSLEEP", 80, U::NOP, M::None, 0, false, false},
  };
  for (const ClassCase& c : cases) expect_class(c);
}

TEST(Isa, AbsentFromGeneration) {
  struct Absent {
    const char* opcode;
    uint32_t version;
  };
  const Absent cases[] = {
      {"FOOBAR", 80}, {"FOOBAR", 35}, {"", 80}, {".E", 80}, {"ldg.e", 80}, {"LDG E", 80},
      {"XMAD", 80}, {"XMAD", 70}, {"XMAD", 35},     // Maxwell/Pascal only
      {"LDGSTS.E", 70}, {"LDGSTS", 75},            // Ampere+
      {"IADD3", 35}, {"LOP3.LUT", 35}, {"LEA", 35}, // Maxwell+
      {"HGMMA.64x64x16.F32", 80}, {"HGMMA", 89},   // Hopper only
      {"UTMALDG.2D", 89}, {"SYNCS", 86},
      {"STG.E", 35}, {"ATOMS.ADD", 35},             // Kepler stores via ST, no shared atomics
      {"ATOMG.E.ADD", 62},                          // Volta+
      {"ULDC.64", 70}, {"S2UR", 70}, {"LDSM.16.M88.4", 70},  // Turing+
      {"HMMA.884", 62}, {"IMMA", 61},               // Volta+
      {"DMMA.884", 75}, {"QMMA", 80},
      {"SSY", 70}, {"PBK", 80}, {"SYNC", 75}, {"BRK", 90}, {"FCMP", 70}, {"ISET", 86},
      {"BSSY", 62}, {"BSYNC", 35}, {"WARPSYNC", 61}, {"FSEL", 61}, {"HADD2", 35},
  };
  for (const Absent& c : cases)
    EXPECT_FALSE(classify_opcode(c.opcode, c.version).has_value()) << c.opcode << " @" << c.version;
}

TEST(Isa, CommonCoreInEveryGeneration) {
  const char* core[] = {"MOV", "S2R", "IMAD", "ISETP", "FFMA", "FADD", "FMUL", "MUFU", "DFMA", "SHFL",
                        "LDG", "LDS", "STS", "LDL", "STL", "LD", "ST", "ATOM", "RED", "LDC", "BAR",
                        "MEMBAR", "BRA", "EXIT", "NOP", "VOTE", "TEX", "I2F", "F2I", "POPC"};
  for (uint32_t v : supported_binary_versions())
    for (const char* op : core) EXPECT_TRUE(classify_opcode(op, v).has_value()) << op << " @" << v;
}

TEST(Isa, GenerationsThatShareATable) {
  EXPECT_EQ(mnemonics(60), mnemonics(61));
  EXPECT_EQ(mnemonics(60), mnemonics(62));
  EXPECT_EQ(mnemonics(80), mnemonics(86));
  // Later tables only add to these.
  auto includes = [](uint32_t later, uint32_t earlier) {
    auto a = mnemonics(later), b = mnemonics(earlier);
    return std::includes(a.begin(), a.end(), b.begin(), b.end());
  };
  EXPECT_TRUE(includes(75, 70));
  EXPECT_TRUE(includes(80, 75));
  EXPECT_TRUE(includes(89, 80));
  EXPECT_TRUE(includes(90, 89));
  EXPECT_FALSE(includes(70, 62));  // Volta dropped the SSY/SYNC stack and XMAD
  EXPECT_GT(mnemonics(35).size(), 100u);
  EXPECT_GT(mnemonics(90).size(), 200u);
}

// Holds for every entry of every map, so a mistyped group shows up here.
TEST(Isa, InvariantsOfEveryEntry) {
  for (uint32_t v : supported_binary_versions()) {
    for (const std::string& base : mnemonics(v)) {
      SCOPED_TRACE(base + " @" + std::to_string(v));
      for (char c : base) EXPECT_TRUE((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
      auto info = classify_opcode(base + ".128", v);
      ASSERT_TRUE(info.has_value());
      EXPECT_EQ(info->base, base);
      bool memory = info->is_load || info->is_store;
      EXPECT_EQ(info->access_width, memory ? 16 : 0);
      bool memory_unit = info->unit == U::LOAD || info->unit == U::STORE || info->unit == U::ATOMIC ||
                         info->unit == U::TEXTURE;
      if (memory) {
        EXPECT_TRUE(memory_unit);
        EXPECT_NE(info->space, M::None);
        EXPECT_NE(info->space, M::Constant);
      }
      if (info->unit == U::LOAD) {
        EXPECT_TRUE(info->is_load);
      }
      if (info->unit == U::STORE || info->unit == U::ATOMIC) {
        EXPECT_TRUE(info->is_store);
      }
      if (!memory_unit && info->space != M::Constant) {
        EXPECT_EQ(info->space, M::None);
      }
    }
  }
}

}  // namespace
}  // namespace gpucosim
