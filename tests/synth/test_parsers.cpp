// Readers of Yosys and OpenSTA output, on logs recorded from real runs of the fixture block
// (tests/synth/data/) and on hand-made failure outputs. `sta` exits 0 on errors, so these
// parsers are the only guard against a broken timing run.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "synth/flow/sta_output.h"
#include "synth/flow/tool_runner.h"
#include "synth/flow/yosys_output.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

std::string data(const std::string& name) { return synth::read_text_file(source_dir() + "/tests/synth/data/" + name); }

const std::string kMacro = "$paramod$c576e360909b99fcf6a9773708da075bc2f916d3\\fifo_sram_mem";

TEST(synthParsers, StatReportGivesCellsAndArea) {
  const synth::CellStats s = synth::parse_stat(data("stat_fifo.txt"), "fifo_sram", "stat.txt");
  EXPECT_EQ(s.total_cells, 95u);
  EXPECT_DOUBLE_EQ(s.chip_area, 6004.0);
  EXPECT_EQ(s.cells.at("DFFSR"), 20u);
  EXPECT_EQ(s.cells.at(kMacro), 1u);
  ASSERT_EQ(s.unknown_area.size(), 1u);
  EXPECT_EQ(s.unknown_area[0], kMacro);
}

TEST(synthParsers, StatReportOfAnotherModuleIsAnError) {
  EXPECT_THROW(synth::parse_stat(data("stat_fifo.txt"), "other_top", "stat.txt"), InputError);
  EXPECT_THROW(synth::parse_stat("=== fifo_sram ===\n   Number of cells: 3\n", "fifo_sram", "stat.txt"), InputError);
}

TEST(synthParsers, RtlilGivesMacroSizePortsAndClocking) {
  const auto mods = synth::parse_rtlil_modules(data("macros_fifo.il"));
  ASSERT_EQ(mods.size(), 1u);
  EXPECT_EQ(mods[0].name, kMacro);
  EXPECT_EQ(mods[0].base, "fifo_sram_mem");
  ASSERT_EQ(mods[0].memories.size(), 1u);
  EXPECT_EQ(mods[0].memories[0].size, 64u);
  EXPECT_EQ(mods[0].memories[0].width, 32u);
  EXPECT_EQ(mods[0].memories[0].rd_ports, 1);
  EXPECT_EQ(mods[0].memories[0].wr_ports, 1);
  EXPECT_TRUE(mods[0].memories[0].rd_clocked);
  ASSERT_EQ(mods[0].ports.size(), 7u);
  bool saw_rdata = false;
  for (const auto& p : mods[0].ports)
    if (p.name == "rdata") {
      saw_rdata = true;
      EXPECT_TRUE(p.output);
      EXPECT_EQ(p.width, 32);
    }
  EXPECT_TRUE(saw_rdata);
}

TEST(synthParsers, RtlilAsynchronousReadIsFlagged) {
  const std::string il =
      "module \\regs\n  wire input 1 \\clk\n  cell $mem_v2 \\m\n    parameter \\SIZE 8\n    parameter \\WIDTH 4\n"
      "    parameter \\RD_PORTS 2\n    parameter \\WR_PORTS 1\n    parameter \\RD_CLK_ENABLE 2'01\n  end\nend\n";
  const auto mods = synth::parse_rtlil_modules(il);
  ASSERT_EQ(mods.size(), 1u);
  EXPECT_EQ(mods[0].base, "regs");
  ASSERT_EQ(mods[0].memories.size(), 1u);
  EXPECT_FALSE(mods[0].memories[0].rd_clocked);
  EXPECT_EQ(mods[0].memories[0].rd_ports, 2);
}

TEST(synthParsers, StaReportGivesSlackPathAndPower) {
  const synth::StaReport r = synth::parse_sta_output(data("sta_fifo.log"), "sta.log");
  EXPECT_NEAR(r.worst_setup_slack_ns, 3.109, 0.001);
  EXPECT_NEAR(r.worst_hold_slack_ns, 0.269, 0.001);
  EXPECT_EQ(r.critical_path.startpoint, "_149_");
  EXPECT_EQ(r.critical_path.endpoint, "_152_");
  EXPECT_EQ(r.critical_path.group, "gpucosim_clk");
  EXPECT_NEAR(r.critical_path.arrival_ns, 1.80, 1e-9);
  EXPECT_NEAR(r.critical_path.slack_ns, 3.11, 1e-9);
  EXPECT_GT(r.total_w, 1e-3);
  EXPECT_NEAR(r.total_w, r.internal_w + r.switching_w + r.leakage_w, 1e-9);
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

void expect_sta_error(const std::string& log, const std::string& words) {
  try {
    synth::parse_sta_output(log, "sta.log");
    ADD_FAILURE() << "no error for: " << words;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    EXPECT_EQ(e.file(), "sta.log");
  }
}

TEST(synthParsers, StaErrorLinesFailTheRunThoughStaExitsZero) {
  const std::string good = data("sta_fifo.log");
  expect_sta_error("Error: cannot read file /nonexistent.lib.\n" + good, "cannot read file /nonexistent.lib");
  expect_sta_error(replace(good, "GPUCOSIM section setup", "Error: sta.tcl, 12 invalid command name \"foo\"\nGPUCOSIM section setup"),
                   "sta.tcl, 12 invalid command name");
  expect_sta_error("Warning: netlist.v, line 98 module NAND2X1 not found.  Creating black box for _070_.\n" + good,
                   "module NAND2X1 not found");
  expect_sta_error(replace(good, "GPUCOSIM done", ""), "stopped before the end");
  expect_sta_error(replace(good, "GPUCOSIM worst_setup_slack 3.1", "GPUCOSIM worst_setup_slack 1.0000000150474662e+30 "),
                   "no constrained timing path");
}

TEST(synthParsers, StaPowerFallsBackToTheReportTable) {
  std::string log = data("sta_fifo.log");
  const size_t at = log.find("GPUCOSIM power_w");
  ASSERT_NE(at, std::string::npos);
  log.replace(at, log.find('\n', at) - at, "GPUCOSIM power_w unavailable");
  const synth::StaReport r = synth::parse_sta_output(log, "sta.log");
  EXPECT_GT(r.total_w, 1e-3);
}

TEST(synthParsers, YosysErrorsKeepFileAndLine) {
  try {
    synth::throw_yosys_error("1. Executing Verilog frontend\n/rtl/x/bad.v:3: ERROR: syntax error, unexpected TOK_ENDMODULE\n",
                             "yosys.log", "block.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "/rtl/x/bad.v");
    EXPECT_EQ(e.line(), 3u);
    EXPECT_NE(std::string(e.what()).find("syntax error"), std::string::npos);
  }
  try {
    synth::throw_yosys_error("ERROR: Module `\\FOO' referenced in module `\\x' in cell `\\u' is not part of the design.\n",
                             "yosys.log", "block.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "block.json");
    EXPECT_NE(std::string(e.what()).find("FOO"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("yosys.log"), std::string::npos);
  }
}

TEST(synthParsers, YosysCheckFailureListsTheProblems) {
  const std::string log =
      "12. Executing CHECK pass (checking for obvious problems).\n"
      "Warning: Wire top.\\y is used but has no driver.\n"
      "ERROR: Found 1 problems in 'check -assert'.\n";
  try {
    synth::throw_yosys_error(log, "yosys.log", "block.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("has no driver"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpucosim::test
