// The parameter table a block declares once: every field is in it with its Verilog name, ranges
// are checked with the user's option named, describe/equality/first_difference/-G lists cover
// every field, and the table agrees with the .def file the build reads (same rows, same order).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include "kernel/input_error.h"
#include "systemc/blocks/swl/swl_block.h"
#include "systemc/blocks/warppool/warppool_params.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

TEST(ParamTable, MatchesTheDefFileRowForRow) {
  std::ifstream f(test::source_dir() + "/systemc/blocks/warppool/warppool_params.def");
  ASSERT_TRUE(f) << "cannot read the .def";
  const std::regex row(R"(^GPUCOSIM_PARAM\(([a-z0-9_]+), *([A-Z0-9_]+), *([0-9]+),)");
  std::string line;
  size_t i = 0;
  const kit::ParamTable& t = WarpPoolParams::table();
  for (std::smatch m; std::getline(f, line);) {
    if (!std::regex_search(line, m, row)) continue;
    ASSERT_LT(i, t.size());
    EXPECT_EQ(m[1].str(), t[i].name);
    EXPECT_EQ(m[2].str(), t[i].rtl);
    EXPECT_EQ(std::stoul(m[3].str()), t[i].def);
    ++i;
  }
  EXPECT_EQ(i, t.size());
}

TEST(ParamTable, DefaultsAreTheDeclaredOnesAndValid) {
  const WarpPoolParams p;
  for (const kit::ParamInfo& i : WarpPoolParams::table()) EXPECT_EQ(kit::get(&p, i), i.def) << i.name;
  EXPECT_NO_THROW(p.validate());
}

TEST(ParamTable, EveryFieldTakesPartInEqualityDescribeAndTheVerilatorList) {
  const WarpPoolParams base;
  const auto g = kit::verilator_args(WarpPoolParams::table(), &base);
  ASSERT_EQ(g.size(), WarpPoolParams::table().size());
  EXPECT_EQ(g[0], "-GNWARPS=48");
  for (const kit::ParamInfo& i : WarpPoolParams::table()) {
    WarpPoolParams p;
    kit::set(&p, i, kit::get(&p, i) + 1);
    EXPECT_NE(p, base) << i.name;
    EXPECT_NE(p.describe(), base.describe()) << i.name;
    const std::string d = kit::first_difference(WarpPoolParams::table(), &p, &base, "vs");
    EXPECT_EQ(d.rfind(std::string(i.name) + "=", 0), 0u) << d;
    EXPECT_NE(d.find(std::string("vs ") + i.name + "="), std::string::npos) << d;
  }
}

TEST(ParamTable, RangeErrorsNameTheOptionAndTheBounds) {
  for (const kit::ParamInfo& i : WarpPoolParams::table()) {
    if (i.hi == 0xffffffffu) continue;  // nothing above the top of uint32
    WarpPoolParams p;
    kit::set(&p, i, i.hi + 1);
    try {
      kit::check_ranges(WarpPoolParams::table(), &p, "warppool");
      FAIL() << i.name << " accepted " << i.hi + 1;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("-") + i.option + ": expected " + i.name + " from " +
                                           std::to_string(i.lo) + " to " + std::to_string(i.hi)),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(ParamTable, CrossFieldChecksNameTheOption) {
  WarpPoolParams p;
  p.n_queues = 24;
  try {
    p.validate();
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("-gpucosim_warppool_queues: expected a power of two"), std::string::npos)
        << e.what();
  }
  p = WarpPoolParams{};
  p.hash = 3;  // IPOLY needs its polynomial
  EXPECT_THROW(p.validate(), InputError);
}

// A row whose RTL name is `_` configures the block's environment only (SWL's limit reaches the
// RTL on a pin): it is no -G argument and does not count when a configuration is held to the
// verilated one, but it is an option, part of describe() and equality like any other row.
TEST(ParamTable, EnvironmentRowsAreNotVerilogParameters) {
  const SwlParams base;
  const auto g = kit::verilator_args(SwlParams::table(), &base);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0], "-GNWARPS=48");
  SwlParams p;
  p.limit = 3;
  EXPECT_NE(p, base);
  EXPECT_NE(p.describe(), base.describe());
  EXPECT_EQ(kit::first_rtl_difference(SwlParams::table(), &p, &base, "vs"), "");
  EXPECT_EQ(kit::first_difference(SwlParams::table(), &p, &base, "vs"), "limit=3 (vs limit=8)");
  p.n_warps = 32;
  EXPECT_EQ(kit::first_rtl_difference(SwlParams::table(), &p, &base, "vs"), "n_warps=32 (vs n_warps=48)");
}

}  // namespace
}  // namespace gpucosim
