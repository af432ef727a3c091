// Bad input to `gpucosim synth` (issue 17, item c): a non-positive, negative or non-numeric clock,
// --node 0 or out of range, a liberty whose node nobody can tell, are rejected with
// "gpucosim: error: <option>: what was expected" and exit 1 before any tool runs (no Yosys log in
// the output folder); relative block, liberty and output paths work as the user means them, from
// wherever the command is run (the tools themselves run inside the output folder).
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "synth/flow/liberty_info.h"
#include "synth/flow/tool_runner.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

class synthInput : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(gpucosim_exe())) GTEST_SKIP() << "gpucosim CLI not built";
  }
  CommandResult gpucosim(const std::string& args) const { return run_command(gpucosim_exe() + " " + args + " 2>&1"); }
  std::string fixture() const { return source_dir() + "/tests/synth/fixtures/fifo_sram"; }
  // Runs with `args`, expects exit 1 with "gpucosim: error: <option>" and no tool started.
  void rejected(const std::string& args, const std::string& option) const {
    const std::string out = dir_ + "/out";
    const CommandResult r = gpucosim("synth " + fixture() + " --out " + out + " " + args);
    EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("gpucosim: error: " + option), std::string::npos) << args << "\n" << r.output;
    EXPECT_FALSE(fs::exists(out + "/yosys.log")) << args << ": Yosys ran although the input was bad";
  }
  const std::string dir_ = scratch_dir();
};

TEST_F(synthInput, NonPositiveOrMalformedClockIsRejectedBeforeAnyTool) {
  for (const char* v : {"0", "-5", "-0.1", "abc", "5x", "nan", "inf", "''"}) rejected(std::string("--clock-ns ") + v, "--clock-ns");
}

TEST_F(synthInput, NodeZeroNegativeOrOutOfRangeIsRejectedBeforeAnyTool) {
  for (const char* v : {"0", "-45", "abc", "2000", "1"}) rejected(std::string("--node ") + v, "--node");
}

TEST_F(synthInput, UnitSuffixesAreTakenAsMeant) {
  // "5ns" and "180nm" mean what they say; the run then goes ahead (here: into a liberty that is
  // not there, so it stops at the liberty, after the options were accepted).
  const CommandResult r =
      gpucosim("synth " + fixture() + " --out " + dir_ + "/o --clock-ns 5ns --node 180nm --liberty " + dir_ + "/none.lib");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("none.lib: cannot read the liberty file"), std::string::npos) << r.output;
}

TEST_F(synthInput, UnknownNodeOfALibertyIsRejectedBeforeAnyTool) {
  const std::string lib = write_file(dir_, "mystery.lib", "library (mystery) {\n  time_unit : \"1ns\";\n  cell (INV) {\n  }\n}\n");
  rejected("--liberty " + lib, lib + ": cannot tell the process node");
  // The SRAM macros of the fixture need a node the SRAM model covers.
  rejected("--liberty " + lib + " --node 350", lib + ": the SRAM model sizes macros at 16..180 nm");
}

TEST_F(synthInput, RelativeBlockLibertyAndOutputPathsWork) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_FAIL() << "cannot synthesise: " << why;
  // Stand in a scratch folder holding a copy of the liberty; name the fixture and the output
  // relative to it, as `gpucosim synth tests/synth/fixtures/fifo_sram --out out/synth/fifo_sram` does.
  fs::create_directories(dir_ + "/lib");
  fs::copy_file(synth::default_liberty_path(), dir_ + "/lib/osu018_stdcells.lib");
  const std::string block = fs::relative(fixture(), dir_).string();
  const CommandResult r = run_command("cd " + dir_ + " && " + gpucosim_exe() + " synth " + block +
                                      " --liberty lib/osu018_stdcells.lib --out out/synth/fifo_sram --quiet 2>&1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(synth::read_text_file(dir_ + "/out/synth/fifo_sram/synth.json"));
  EXPECT_EQ(j.at("block"), "fifo_sram");
  EXPECT_GT(j.at("total_area_um2").get<double>(), 0);
}

TEST_F(synthInput, ProgressShowsTheStages) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_FAIL() << "cannot synthesise: " << why;
  const CommandResult r = gpucosim("synth " + fixture() + " --out " + dir_ + "/p --quiet --progress");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* want : {"yosys: hierarchical synthesis of fifo_sram", "yosys: SYNTH", "yosys: ABC",
                           "opensta: timing and power", "done: "})
    EXPECT_NE(r.output.find(want), std::string::npos) << "missing stage " << want << "\n" << r.output;
}

}  // namespace
}  // namespace gpucosim::test
