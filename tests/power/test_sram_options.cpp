// Bad SRAM specifications are rejected with an InputError naming the option and what was expected.
#include <gtest/gtest.h>

#include <string>

#include "kernel/input_error.h"
#include "power/sram_model.h"

namespace gpucosim::test {
namespace {

power::SramSpec good() {
  power::SramSpec s;
  s.size_bytes = 32768;
  s.block_bytes = 64;
  s.node_nm = 45;
  return s;
}

void expect_error(const power::SramSpec& s, const std::string& option, const std::string& words) {
  try {
    power::estimate_sram(s);
    FAIL() << "expected an error naming " << option;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), option) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(powerSramOptions, GoodSpecGivesPositiveFigures) {
  const power::SramEstimate e = power::estimate_sram(good());
  EXPECT_GT(e.access_time_ns, 0);
  EXPECT_GT(e.cycle_time_ns, 0);
  EXPECT_GT(e.read_energy_nj, 0);
  EXPECT_GT(e.write_energy_nj, 0);
  EXPECT_GT(e.leakage_mw, 0);
  EXPECT_NEAR(e.area_mm2, e.height_mm * e.width_mm, 1e-12);
  EXPECT_GE(e.data.ndwl * e.data.ndbl, 1);
  EXPECT_EQ(e.data.subarrays, e.data.ndwl * e.data.ndbl);
  // rows x cols x subarrays covers the data bits plus ECC (8 per 64).
  EXPECT_EQ(uint64_t(e.data.rows) * e.data.cols * e.data.subarrays, 32768u * 8 * 72 / 64);
}

TEST(powerSramOptions, RejectsBadSizesBlocksAndWays) {
  auto s = good();
  s.size_bytes = 3000;
  expect_error(s, "--size", "power of two");
  s = good();
  s.block_bytes = 48;
  expect_error(s, "--block", "power of two");
  s = good();
  s.block_bytes = 65536;
  expect_error(s, "--block", "larger than --size");
  s = good();
  s.associativity = 4;  // a ram
  expect_error(s, "--assoc", "ram has no ways");
  s = good();
  s.type = power::SramType::Cache;
  s.associativity = 3;
  expect_error(s, "--assoc", "power of two");
  s = good();
  s.type = power::SramType::Cache;
  s.size_bytes = 1024;
  s.associativity = 32;  // 32 ways of 64 B exceed 1 KB
  expect_error(s, "--assoc", "do not divide");
}

TEST(powerSramOptions, RejectsNodesOutsideTheModelledRange) {
  auto s = good();
  s.node_nm = 10;
  expect_error(s, "--node", "16..180");
  s.node_nm = 250;
  expect_error(s, "--node", "16..180");
}

TEST(powerSramOptions, ParsesPortSpecifications) {
  auto p = power::parse_port_spec("2r1w");
  EXPECT_EQ(p.rw, 0);
  EXPECT_EQ(p.r, 2);
  EXPECT_EQ(p.w, 1);
  p = power::parse_port_spec("rw");
  EXPECT_EQ(p.rw, 1);
  EXPECT_EQ(p.total(), 1);
  p = power::parse_port_spec("r,w");
  EXPECT_EQ(p.r, 1);
  EXPECT_EQ(p.w, 1);
  p = power::parse_port_spec("1rw1r");
  EXPECT_EQ(p.rw, 1);
  EXPECT_EQ(p.r, 1);
  EXPECT_EQ(power::port_spec_string(power::parse_port_spec("2r,1w")), "2r1w");
  p = power::parse_port_spec("r, w");  // a space after the comma
  EXPECT_EQ(p.r, 1);
  EXPECT_EQ(p.w, 1);
  // Stray separators, a count of 0 and spaces elsewhere are refused, not skipped.
  for (const char* bad : {"", "x", "2q", "3r", "4w", "rwx", "99rw", "r,,w", ",r,w", "r,w,", "1rw,", ",", "0r1rw",
                          "r ,w", "rw ", " rw", "r w"}) {
    try {
      power::parse_port_spec(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), "--ports") << e.what();
    }
  }
}

TEST(powerSramOptions, ParsesTypeAndCell) {
  EXPECT_EQ(power::parse_sram_type("cache"), power::SramType::Cache);
  EXPECT_EQ(power::parse_cell_family("itrs-lstp"), power::CellFamily::LowStandbyPower);
  EXPECT_THROW(power::parse_sram_type("rom"), InputError);
  EXPECT_THROW(power::parse_cell_family("lop"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
