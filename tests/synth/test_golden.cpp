// Golden-value comparison: within 5% passes, growth beyond fails naming block and figure,
// settings that differ fail, improvements are reported.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "synth/flow/golden.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

synth::SynthResult result() {
  synth::SynthResult r;
  r.block = "blk";
  r.library = "osu018_stdcells";
  r.node_nm = 180;
  r.clock_ns = 5;
  r.parameters = {{"DEPTH", "64"}};
  r.logic_area_um2 = 1000;
  r.sram_area_um2 = 4000;
  r.total_area_um2 = 5000;
  r.fmax_mhz = 400;
  return r;
}

nlohmann::json golden() { return nlohmann::json::parse(synth::golden_json(result()).dump()); }

bool mentions(const std::vector<std::string>& v, const std::string& a, const std::string& b) {
  for (const auto& s : v)
    if (s.find(a) != std::string::npos && s.find(b) != std::string::npos) return true;
  return false;
}

TEST(synthGolden, SameFiguresPass) {
  const auto c = synth::compare_with_golden(result(), golden(), "g.json");
  EXPECT_TRUE(c.ok());
  EXPECT_TRUE(c.improvements.empty());
}

TEST(synthGolden, SmallChangesPass) {
  synth::SynthResult r = result();
  r.total_area_um2 *= 1.049;
  r.logic_area_um2 *= 1.04;
  r.fmax_mhz *= 0.96;
  EXPECT_TRUE(synth::compare_with_golden(r, golden(), "g.json").ok());
}

TEST(synthGolden, AreaGrowthBeyondFivePercentFails) {
  synth::SynthResult r = result();
  r.sram_area_um2 *= 1.06;
  r.total_area_um2 = r.logic_area_um2 + r.sram_area_um2;
  const auto c = synth::compare_with_golden(r, golden(), "g.json");
  EXPECT_FALSE(c.ok());
  EXPECT_TRUE(mentions(c.failures, "blk", "sram_area_um2"));
}

TEST(synthGolden, FmaxDropBeyondFivePercentFails) {
  synth::SynthResult r = result();
  r.fmax_mhz *= 0.94;
  const auto c = synth::compare_with_golden(r, golden(), "g.json");
  ASSERT_EQ(c.failures.size(), 1u);
  EXPECT_TRUE(mentions(c.failures, "blk", "fmax_mhz"));
}

TEST(synthGolden, LargeImprovementsAreReportedNotFailed) {
  synth::SynthResult r = result();
  r.logic_area_um2 *= 0.5;
  r.fmax_mhz *= 1.5;
  const auto c = synth::compare_with_golden(r, golden(), "g.json");
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.improvements.size(), 2u);
}

TEST(synthGolden, DifferentSettingsAreNotComparable) {
  synth::SynthResult r = result();
  r.clock_ns = 4;
  EXPECT_TRUE(mentions(synth::compare_with_golden(r, golden(), "g.json").failures, "blk", "clock"));
  r = result();
  r.parameters["DEPTH"] = "128";
  EXPECT_TRUE(mentions(synth::compare_with_golden(r, golden(), "g.json").failures, "blk", "parameters"));
}

TEST(synthGolden, WrittenFilesReadBack) {
  const std::string path = scratch_dir() + "/golden/blk.json";
  synth::write_golden(path, result());
  EXPECT_TRUE(synth::compare_with_golden(result(), synth::load_golden(path), path).ok());
  EXPECT_THROW(synth::load_golden(scratch_dir() + "/none.json"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
