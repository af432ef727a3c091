// The VCD switching-activity reader and its translation into OpenSTA commands, on small
// handwritten waves whose toggle counts and duty cycles are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <sstream>

#include "kernel/input_error.h"
#include "synth/activity/sta_activity.h"
#include "synth/activity/vcd_activity.h"

namespace gpucosim::test {
namespace {

using synth::VcdActivity;

// Clock period 10, rising edges at t = 5 (edge 0), 15, 25, 35 (the last time stamp).
//   a       rises at 5, falls at 15 (listed after the clock)
//   b[1:0]  00 -> 11 at 15 (listed BEFORE the clock edge of that time stamp)
//   u_sub.q rises at 25
const char* kVcd = R"($date today $end
$timescale 1ns $end
$scope module TOP $end
$var wire 1 ! clk $end
$scope module blk $end
$var wire 1 ! clk $end
$var wire 1 " a $end
$var wire 2 # b [1:0] $end
$scope module u_sub $end
$var reg 1 $ q $end
$upscope $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
0!
0"
b00 #
0$
$end
#5
1!
1"
#10
0!
#15
b11 #
1!
0"
#20
0!
#25
1!
1$
#30
0!
#35
1!
)";

VcdActivity read(const std::string& text, synth::ActivityWindow w = {}, const std::string& top = "blk",
                 const std::string& clock = "clk") {
  std::istringstream in(text);
  return synth::read_vcd_activity(in, "waves.vcd", {top, clock, w});
}

const synth::SignalActivity& sig(const VcdActivity& v, const std::string& path) {
  const synth::SignalActivity* s = v.find(path);
  if (!s) throw std::runtime_error("no signal " + path);
  return *s;
}

TEST(vcdActivity, WholeFileCountsTogglesAndDuty) {
  const VcdActivity v = read(kVcd);
  EXPECT_EQ(v.top_scope, "TOP.blk");
  EXPECT_EQ(v.timescale, "1ns");
  // Window [5, 35): edges 0..2; the edge at the last time stamp starts no cycle inside it.
  EXPECT_EQ(v.cycles, 3u);
  EXPECT_EQ(v.start_time, 5u);
  EXPECT_EQ(v.end_time, 35u);
  const auto& a = sig(v, "a");
  EXPECT_EQ(a.bits[0].toggles, 2u);
  EXPECT_DOUBLE_EQ(v.activity(a, 0), 2.0 / 3);
  EXPECT_DOUBLE_EQ(v.duty(a, 0), 10.0 / 30);
  const auto& b = sig(v, "b");
  ASSERT_EQ(b.width(), 2);
  EXPECT_EQ(b.bit_index(1), 1);
  EXPECT_DOUBLE_EQ(v.activity(b, 1), 1.0 / 3);
  EXPECT_DOUBLE_EQ(v.duty(b, 0), 20.0 / 30);
  const auto& q = sig(v, "u_sub.q");
  EXPECT_EQ(q.bits[0].toggles, 1u);
  EXPECT_DOUBLE_EQ(v.duty(q, 0), 10.0 / 30);
  // The clock toggles twice per cycle at duty 0.5: the unit check of "transitions per cycle".
  const auto& clk = sig(v, "clk");
  EXPECT_DOUBLE_EQ(v.activity(clk, 0), 2.0);
  EXPECT_DOUBLE_EQ(v.duty(clk, 0), 0.5);
  EXPECT_EQ(v.find("nothing"), nullptr);
}

TEST(vcdActivity, WindowStartsAtItsEdgeWhateverTheOrderOfChanges) {
  // Cycles 1..2 = [15, 35): the changes stamped 15 belong to cycle 1, b's although listed before the clock.
  const VcdActivity v = read(kVcd, synth::parse_activity_window("1:3", "--activity-window"));
  EXPECT_EQ(v.cycles, 2u);
  EXPECT_EQ(v.first_cycle, 1u);
  const auto& a = sig(v, "a");
  EXPECT_EQ(a.bits[0].toggles, 1u);
  EXPECT_DOUBLE_EQ(v.duty(a, 0), 0.0);
  EXPECT_DOUBLE_EQ(v.activity(sig(v, "b"), 0), 0.5);
  EXPECT_DOUBLE_EQ(v.duty(sig(v, "b"), 0), 1.0);
}

TEST(vcdActivity, WindowEndsBeforeTheChangesOfItsClosingEdge) {
  // Cycle 0 = [5, 15): a is high all of it; b changes only at 15, which is outside.
  const VcdActivity v = read(kVcd, synth::parse_activity_window(":1", "--activity-window"));
  EXPECT_EQ(v.cycles, 1u);
  EXPECT_DOUBLE_EQ(v.activity(sig(v, "a"), 0), 1.0);
  EXPECT_DOUBLE_EQ(v.duty(sig(v, "a"), 0), 1.0);
  EXPECT_EQ(sig(v, "b").bits[0].toggles, 0u);
  EXPECT_DOUBLE_EQ(v.duty(sig(v, "b"), 1), 0.0);
}

TEST(vcdActivity, ShortVectorValuesAreZeroExtendedAndXIsNoToggle) {
  const std::string vcd =
      "$scope module blk $end\n$var wire 1 c clk $end\n$var wire 4 d v [3:0] $end\n$upscope $end\n"
      "$enddefinitions $end\n#0\n0c\nbx d\n#1\n1c\n#2\n0c\nb1 d\n#3\n1c\n#4\n0c\n#5\n1c\n";
  const VcdActivity v = read(vcd);
  EXPECT_EQ(v.cycles, 2u);  // edges at 1 and 3; the one at 5 closes the window
  const auto& s = sig(v, "v");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(s.bits[size_t(i)].toggles, 0u) << "bit " << i;  // x -> 0/1 is no toggle
  EXPECT_DOUBLE_EQ(v.duty(s, 0), 3.0 / 4);  // bit 0 is 1 from 2 to 5
  EXPECT_DOUBLE_EQ(v.duty(s, 3), 0.0);      // "b1" sets the upper bits to 0
}

void expect_error(const std::string& vcd, const std::string& where, const std::string& what,
                  synth::ActivityWindow w = {}, const std::string& top = "blk") {
  try {
    read(vcd, w, top);
    ADD_FAILURE() << "no error for: " << what;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(vcdActivity, VerilatorWrapperScopeLeadsToTheBlockItself) {
  // Verilator: $scope warppool (ports only) > $scope warppool (ports and internals).
  const std::string vcd =
      "$scope module warppool $end\n$var wire 1 ! clk $end\n$scope module warppool $end\n$var wire 1 ! clk $end\n"
      "$scope module g_coal(0) $end\n$var wire 1 \" busy $end\n$upscope $end\n$upscope $end\n$upscope $end\n"
      "$enddefinitions $end\n#0\n0!\n0\"\n#1\n1!\n1\"\n#2\n0!\n#3\n1!\n";
  const VcdActivity v = read(vcd, {}, "warppool");
  EXPECT_EQ(v.top_scope, "warppool.warppool");
  ASSERT_NE(v.find("g_coal[0].busy"), nullptr);  // generate scopes named as Yosys flattens them
  EXPECT_EQ(v.find("g_coal[0].busy")->bits[0].toggles, 1u);
}

TEST(vcdActivity, MalformedFilesNameFileAndLine) {
  const std::string head = "$scope module blk $end\n$var wire 1 ! clk $end\n$upscope $end\n$enddefinitions $end\n";
  expect_error(head + "#0\n0!\n#x5\n", "waves.vcd:7:", "time stamp");
  expect_error(head + "#0\n0!\n1?\n", "waves.vcd:7:", "identifier code \"?\" was not declared");
  expect_error(head + "#0\nb102 !\n", "waves.vcd:6:", "expected only 0, 1, x and z");
  expect_error(head + "#0\nb11 !\n", "waves.vcd:6:", "wider than its 1-bit signal");
  expect_error(head + "#5\n0!\n#3\n", "waves.vcd:7:", "goes back");
  expect_error(head + "#0\nhello\n", "waves.vcd:6:", "unexpected \"hello\"");
  expect_error("$scope module blk $end\n$var wire 0 ! clk $end\n", "waves.vcd:2:", "expected a positive bit count");
  expect_error("$scope module blk $end\n$var wire 2 ! v [3:0] $end\n", "waves.vcd:2:", "does not match its size");
  expect_error("$scope module blk $end\n$var wire 1 ! clk\n", "waves.vcd:2:", "$var is not closed by $end");
  expect_error("$upscope $end\n", "waves.vcd:1:", "$upscope without an open $scope");
  expect_error(head + "#0\n0!\n", "waves.vcd:", "no scope named \"other\"", {}, "other");
  expect_error("$scope module blk $end\n$var wire 1 ! ck $end\n$upscope $end\n$enddefinitions $end\n", "waves.vcd:",
               "no clock signal \"clk\"");
  expect_error(std::string(kVcd), "waves.vcd:", "holds no complete clock cycle; the file has",
               synth::parse_activity_window("10:20", "w"));
}

TEST(vcdActivity, WindowOptionIsChecked) {
  const auto w = synth::parse_activity_window("100:200", "--activity-window");
  EXPECT_EQ(w.start_cycle, 100u);
  EXPECT_EQ(w.end_cycle, 200u);
  EXPECT_EQ(synth::parse_activity_window("7:", "o").start_cycle, 7u);
  for (const char* bad : {"", "5", "a:b", "9:3", "4:4", "-1:5"})
    EXPECT_THROW(synth::parse_activity_window(bad, "--activity-window"), InputError) << bad;
}

TEST(vcdActivity, AnnotatesInputPortsAndNamedRegisterOutputs) {
  const VcdActivity v = read(kVcd);
  const std::string netlist =
      "module blk(clk, a, b, y);\n  input clk;\n  wire clk;\n  input a;\n  wire a;\n  input [1:0] b;\n"
      "  wire [1:0] b;\n  input extra;\n  output y;\n"
      "  DFFPOSX1 _1_ (\n    .CLK(clk),\n    .D(a),\n    .Q(\\u_sub.q )\n  );\n"
      "  DFFPOSX1 _2_ (\n    .CLK(clk),\n    .D(a),\n    .Q(_5_)\n  );\nendmodule\n";
  const synth::ActivityAnnotation a = synth::annotate_activity(v, netlist, "blk", "clk");
  EXPECT_EQ(a.input_bits, 4u);  // a, b[0], b[1], extra (the clock is left to create_clock)
  EXPECT_EQ(a.inputs_annotated, 3u);
  ASSERT_EQ(a.unmatched_inputs.size(), 1u);
  EXPECT_EQ(a.unmatched_inputs[0], "extra");
  EXPECT_EQ(a.register_bits, 2u);
  EXPECT_EQ(a.registers_annotated, 1u);  // _2_ drives an unnamed net
  EXPECT_NE(a.tcl.find("set_power_activity -input_ports [get_ports {b[1]}] -activity 0.333333 -duty 0.666667"),
            std::string::npos)
      << a.tcl;
  EXPECT_NE(a.tcl.find("# register _1_/Q recorded: activity 0.333333 duty 0.333333"),
            std::string::npos)
      << a.tcl;
  EXPECT_EQ(a.tcl.find("{clk}"), std::string::npos);
  EXPECT_DOUBLE_EQ(a.mean_input_activity, (2.0 / 3 + 1.0 / 3 + 1.0 / 3) / 3);
  // Inputs a, b[0], b[1] and register u_sub.q: (2/3 + 1/3 + 1/3 + 1/3) / 4 = 5/12; duty (1/3 + 2/3 + 2/3 + 1/3) / 4.
  EXPECT_DOUBLE_EQ(a.mean_activity, 5.0 / 12);
  EXPECT_DOUBLE_EQ(a.mean_duty, 0.5);
}

}  // namespace
}  // namespace gpucosim::test
