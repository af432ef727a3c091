// Failures of the flow: bad liberty, missing tools, Verilog errors, OpenSTA errors behind exit
// code 0, and SRAM macro declarations that do not match the RTL. Each names the file to fix.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "kernel/input_error.h"
#include "synth/flow/synth_flow.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

const char* const kMem =
    "module mem #(parameter D = 16, parameter W = 8) (input clk, input we, input [3:0] wa, input [W-1:0] wd,\n"
    "    input [3:0] ra, output reg [W-1:0] rd);\n"
    "  reg [W-1:0] m [0:D-1];\n"
    "  always @(posedge clk) begin if (we) m[wa] <= wd; rd <= m[ra]; end\n"
    "endmodule\n";
const char* const kTop =
    "module top (input clk, input we, input [3:0] wa, input [7:0] wd, input [3:0] ra, output [7:0] rd);\n"
    "  mem u (.clk(clk), .we(we), .wa(wa), .wd(wd), .ra(ra), .rd(rd));\n"
    "endmodule\n";

class synthFlowErrors : public ::testing::Test {
 protected:
  // A small block in the test's scratch folder: top.v + mem.v and a manifest whose "macros" part is given.
  synth::BlockManifest block(const std::string& macros, const std::string& top = kTop, const std::string& mem = kMem,
                             const std::string& clock = "clk") const;
  synth::SynthOptions options() const {
    synth::SynthOptions o;
    o.out_dir = dir_ + "/out";
    return o;
  }
  const std::string& scratch() const { return dir_; }

 private:
  std::string dir_ = scratch_dir();  // scratch_dir() empties the folder, so call it once per test
};

synth::BlockManifest synthFlowErrors::block(const std::string& macros, const std::string& top, const std::string& mem,
                                            const std::string& clock) const {
  const std::string dir = dir_ + "/blk";
  write_file(dir, "top.v", top);
  write_file(dir, "mem.v", mem);
  const std::string path = write_file(
      dir, "block.json",
      "{\"top\": \"top\", \"sources\": [\"top.v\", \"mem.v\"], \"clock\": {\"port\": \"" + clock +
          "\", \"period_ns\": 5}" + (macros.empty() ? "" : ", \"macros\": " + macros) + "}\n");
  return synth::load_manifest(path);
}

void expect_error(const synth::BlockManifest& m, const synth::SynthOptions& o, const std::string& file_part,
                  const std::string& words) {
  try {
    synth::run_synth(m, o);
    ADD_FAILURE() << "no error; expected: " << words;
  } catch (const InputError& e) {
    EXPECT_NE(e.file().find(file_part), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST_F(synthFlowErrors, SmallBlockWithMacroWorks) {
  REQUIRE_TOOLS();
  const synth::SynthResult r = synth::run_synth(block("[{\"module\": \"mem\"}]"), options());
  ASSERT_EQ(r.macros.size(), 1u);
  EXPECT_EQ(r.macros[0].cell, "mem");  // default parameters: the module keeps its name
  EXPECT_EQ(r.macros[0].words, 16u);
  EXPECT_EQ(r.macros[0].bits, 8u);
}

TEST_F(synthFlowErrors, WithoutMacroTheArrayBecomesFlipFlops) {
  REQUIRE_TOOLS();
  const synth::SynthResult with = synth::run_synth(block("[{\"module\": \"mem\"}]"), options());
  const synth::SynthResult without = synth::run_synth(block(""), options());
  EXPECT_EQ(without.sram_area_um2, 0.0);
  EXPECT_GT(without.cells, with.cells + 100);  // 16 x 8 storage bits plus their read mux
}

TEST_F(synthFlowErrors, MissingLibertyIsNamed) {
  synth::SynthOptions o = options();
  o.liberty = "/nonexistent/cells.lib";
  expect_error(block(""), o, "/nonexistent/cells.lib", "cannot read the liberty");
}

TEST_F(synthFlowErrors, LibertyOfUnknownNodeAsksForNode) {
  const std::string lib = write_file(scratch(), "mystery.lib", "library (mystery) {\n  time_unit : \"1ns\";\n}\n");
  synth::SynthOptions o = options();
  o.liberty = lib;
  expect_error(block(""), o, "mystery.lib", "--node");
}

TEST_F(synthFlowErrors, MissingToolIsNamed) {
  synth::SynthOptions o = options();
  o.yosys = "/nonexistent/yosys";
  expect_error(block(""), o, "/nonexistent/yosys", "tool not found");
}

TEST_F(synthFlowErrors, VerilogSyntaxErrorNamesFileAndLine) {
  REQUIRE_TOOLS();
  const synth::BlockManifest m = block("", "module top (input clk, output y);\n  assign y = clk\nendmodule\n");
  try {
    synth::run_synth(m, options());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(e.file().find("top.v"), std::string::npos) << e.what();
    EXPECT_EQ(e.line(), 3u) << e.what();
  }
}

TEST_F(synthFlowErrors, UnknownParameterIsAnError) {
  REQUIRE_TOOLS();
  synth::SynthOptions o = options();
  o.parameters["NOPE"] = "3";
  EXPECT_THROW(synth::run_synth(block(""), o), InputError);
}

TEST_F(synthFlowErrors, StaErrorsFailTheRunDespiteExitZero) {
  REQUIRE_TOOLS();
  // A stand-in for sta that prints an error the way OpenSTA does, and exits 0 as OpenSTA does.
  const std::string fake = write_file(scratch(), "fake_sta",
                                      "#!/bin/sh\necho 'Error: sta.tcl, 6 cannot read file netlist.v.'\n"
                                      "echo 'GPUCOSIM done'\nexit 0\n");
  ::chmod(fake.c_str(), 0755);
  synth::SynthOptions o = options();
  o.sta = fake;
  expect_error(block(""), o, "sta.log", "cannot read file netlist.v");
}

TEST_F(synthFlowErrors, WrongClockPortIsCaughtByTiming) {
  REQUIRE_TOOLS();
  expect_error(block("", kTop, kMem, "clock"), options(), "sta.log", "not found");
}

TEST_F(synthFlowErrors, MacroMustBeInTheDesign) {
  REQUIRE_TOOLS();
  expect_error(block("[{\"module\": \"nosuch\"}]"), options(), "block.json", "not instantiated");
}

TEST_F(synthFlowErrors, DeclaredMacroSizeMustMatchTheRtl) {
  REQUIRE_TOOLS();
  expect_error(block("[{\"module\": \"mem\", \"words\": 32, \"bits\": 8}]"), options(), "block.json", "16 x 8");
}

TEST_F(synthFlowErrors, MacroNeedsItsClockPort) {
  REQUIRE_TOOLS();
  expect_error(block("[{\"module\": \"mem\", \"clock\": \"ck\"}]"), options(), "block.json", "\"ck\"");
}

TEST_F(synthFlowErrors, AsynchronousReadIsNotAnSramMacro) {
  REQUIRE_TOOLS();
  const std::string async_mem =
      "module mem (input clk, input we, input [3:0] wa, input [7:0] wd, input [3:0] ra, output [7:0] rd);\n"
      "  reg [7:0] m [0:15];\n  always @(posedge clk) if (we) m[wa] <= wd;\n  assign rd = m[ra];\nendmodule\n";
  expect_error(block("[{\"module\": \"mem\"}]", kTop, async_mem), options(), "block.json", "asynchronous");
}

TEST_F(synthFlowErrors, StubMacroTakesTheDeclaredSize) {
  REQUIRE_TOOLS();
  const std::string stub =
      "(* blackbox *) module mem (input clk, input we, input [3:0] wa, input [7:0] wd, input [3:0] ra,\n"
      "    output [7:0] rd);\nendmodule\n";
  expect_error(block("[{\"module\": \"mem\"}]", kTop, stub), options(), "block.json", "\"words\" and \"bits\"");
  const synth::SynthResult r =
      synth::run_synth(block("[{\"module\": \"mem\", \"words\": 16, \"bits\": 8, \"ports\": \"1rw\"}]", kTop, stub), options());
  ASSERT_EQ(r.macros.size(), 1u);
  EXPECT_EQ(r.macros[0].words, 16u);
  EXPECT_EQ(r.macros[0].ports, "1rw");
}

}  // namespace
}  // namespace gpucosim::test
