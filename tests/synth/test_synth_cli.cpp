// `gpucosim synth` and `gpucosim report` as a user runs them: exit codes, files, golden checks.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "synth/flow/tool_runner.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

class synthCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(gpucosim_exe())) GTEST_SKIP() << "gpucosim CLI not built";
    const std::string why = missing_tools();
    if (!why.empty()) GTEST_FAIL() << "cannot synthesise: " << why;
  }
  CommandResult gpucosim(const std::string& args) const { return run_command(gpucosim_exe() + " " + args); }
  std::string fixture() const { return source_dir() + "/tests/synth/fixtures/fifo_sram"; }
  const std::string dir_ = scratch_dir();
};

TEST_F(synthCli, SynthWritesJsonAndMarkdown) {
  const CommandResult r = gpucosim("synth " + fixture() + " --out " + dir_ + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("fmax"), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(synth::read_text_file(dir_ + "/out/synth.json"));
  EXPECT_EQ(j.at("block"), "fifo_sram");
  EXPECT_GT(j.at("total_area_um2").get<double>(), 0);
  EXPECT_TRUE(fs::exists(dir_ + "/out/synth.md"));
}

TEST_F(synthCli, BadInputExitsOneWithTheFileNamed) {
  CommandResult r = gpucosim("synth no_such_block --out " + dir_ + "/x");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("no_such_block: unknown block"), std::string::npos) << r.output;
  r = gpucosim("synth " + fixture() + " --out " + dir_ + "/x --liberty " + dir_ + "/none.lib");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("none.lib: cannot read the liberty file"), std::string::npos) << r.output;
  r = gpucosim("synth " + fixture() + " --out " + dir_ + "/x --param DEPTH");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("--param"), std::string::npos) << r.output;
}

TEST_F(synthCli, GoldenValuesRoundTripAndCatchGrowth) {
  const std::string golden = dir_ + "/golden.json";
  const std::string base = "synth " + fixture() + " --quiet --out " + dir_ + "/out --golden " + golden;
  ASSERT_EQ(gpucosim(base + " --update-golden").exit_code, 0);
  EXPECT_EQ(gpucosim(base).exit_code, 0);
  // A deeper FIFO grows the SRAM area far beyond 5%: the check fails naming block and figure.
  const CommandResult r = gpucosim(base + " --param DEPTH=256");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("fifo_sram"), std::string::npos) << r.output;
  nlohmann::json g = nlohmann::json::parse(synth::read_text_file(golden));
  g["sram_area_um2"] = g["sram_area_um2"].get<double>() * 0.8;
  write_file(dir_, "golden.json", g.dump());
  const CommandResult grown = gpucosim(base);
  EXPECT_EQ(grown.exit_code, 1);
  EXPECT_NE(grown.output.find("fifo_sram: sram_area_um2"), std::string::npos) << grown.output;
}

TEST_F(synthCli, ReportWritesMarkdownHtmlAndSvg) {
  ASSERT_EQ(gpucosim("synth " + fixture() + " --quiet --out " + dir_ + "/blocks/fifo_sram").exit_code, 0);
  const CommandResult r = gpucosim("report " + dir_ + "/blocks --out " + dir_ + "/report");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* f : {"report.md", "report.html", "area.svg", "power.svg"})
    EXPECT_TRUE(fs::exists(dir_ + "/report/" + f)) << f;
  EXPECT_EQ(gpucosim("report " + dir_ + "/nothing").exit_code, 1);
}

}  // namespace
}  // namespace gpucosim::test
