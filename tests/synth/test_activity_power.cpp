// Power from recorded activity on the fixture FIFO: generated waves of an idle and a busy FIFO
// go through the whole flow (Yosys, OpenSTA with set_power_activity), and the busy one must cost
// more; `gpucosim synth --activity` reports it and refuses a malformed VCD with file:line.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "synth/flow/synth_flow.h"
#include "synth/flow/tool_runner.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

std::string bits(uint32_t v, int n) {
  std::string s;
  for (int i = n - 1; i >= 0; --i) s += ((v >> i) & 1) ? '1' : '0';
  return s;
}

// Waves of fifo_sram (WIDTH 32, DEPTH 64) as a Verilator trace names them: TOP, then the block's
// scope. Busy: push and pop every cycle with random data; idle: nothing moves but the clock.
std::string fifo_vcd(bool busy, int cycles) {
  std::ostringstream o;
  o << "$timescale 1ps $end\n$scope module TOP $end\n$scope module fifo_sram $end\n"
       "$var wire 1 ! clk $end\n$var wire 1 \" rst_n $end\n$var wire 1 # push $end\n"
       "$var wire 32 $ push_data [31:0] $end\n$var wire 1 % pop $end\n$var wire 6 & wptr [5:0] $end\n"
       "$var wire 6 ' rptr [5:0] $end\n$var wire 7 ( count [6:0] $end\n$upscope $end\n$upscope $end\n"
       "$enddefinitions $end\n#0\n0!\n0\"\n0#\nb0 $\n0%\nb0 &\nb0 '\nb0 (\n";
  std::mt19937 rng(7);
  for (int c = 0; c < cycles; ++c) {
    o << "#" << (10 * c + 5) << "\n1!\n";
    if (c == 0) o << "1\"\n";
    if (busy) {
      o << (c % 2 ? "1#\n1%\n" : "1#\n0%\n") << "b" << bits(uint32_t(rng()), 32) << " $\n";
      o << "b" << bits(uint32_t(c + 1) & 63, 6) << " &\nb" << bits(uint32_t(c / 2) & 63, 6) << " '\n";
      o << "b" << bits(uint32_t(c + 1 - c / 2) & 127, 7) << " (\n";
    }
    o << "#" << (10 * c + 10) << "\n0!\n";
  }
  return o.str();
}

TEST(synthActivity, BusyFifoCostsMoreThanIdleFifo) {
  REQUIRE_TOOLS();
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  const std::string dir = scratch_dir();
  double power[2] = {0, 0}, mean_power[2] = {0, 0};
  for (int busy = 0; busy < 2; ++busy) {
    synth::SynthOptions o;
    o.out_dir = dir + (busy ? "/busy" : "/idle");
    o.activity.vcd = write_file(dir, busy ? "busy.vcd" : "idle.vcd", fifo_vcd(busy != 0, 200));
    o.activity.window = synth::parse_activity_window("10:190", "window");
    o.activity.workload = busy ? "busy" : "idle";
    const synth::SynthResult r = synth::run_synth(m, o);
    ASSERT_TRUE(r.has_activity);
    const synth::ActivityPower& a = r.power_activity;
    EXPECT_EQ(a.cycles, 180u);
    EXPECT_EQ(a.first_cycle, 10u);
    EXPECT_EQ(a.scope, "TOP.fifo_sram");
    EXPECT_EQ(a.input_bits, 35u);        // push_data[31:0], push, pop, rst_n
    EXPECT_EQ(a.inputs_annotated, 35u);
    EXPECT_GT(a.registers_annotated, 0u);  // wptr/rptr/count keep their names on the flip-flops
    EXPECT_GT(a.logic_mw, 0.0);
    EXPECT_DOUBLE_EQ(a.power_mw, a.logic_mw + a.sram_mw);
    power[busy] = a.power_mw;
    mean_power[busy] = a.mean_power_mw;
    EXPECT_DOUBLE_EQ(a.mean_power_mw, a.mean_logic_mw + a.sram_mw);
    if (busy) {
      EXPECT_GT(a.mean_activity, 0.05);
    } else {
      EXPECT_DOUBLE_EQ(a.mean_activity, 0.0);  // nothing but the clock moves inside the window
    }
    const nlohmann::json j = nlohmann::json::parse(synth::read_text_file(o.out_dir + "/synth.json"));
    EXPECT_DOUBLE_EQ(j.at("power_activity_mw").get<double>(), a.power_mw);
    EXPECT_EQ(j.at("power_activity").at("workload"), busy ? "busy" : "idle");
    EXPECT_NE(synth::read_text_file(o.out_dir + "/synth.md").find("power from activity"), std::string::npos);
    EXPECT_NE(synth::read_text_file(o.out_dir + "/activity.tcl").find("-input_ports [get_ports {push_data[31]}]"),
              std::string::npos);
  }
  // The idle FIFO still burns its clock tree and leakage, so only the difference is asserted.
  EXPECT_GT(power[1], power[0] * 1.1) << "idle " << power[0] << " mW, busy " << power[1] << " mW";
  EXPECT_GT(mean_power[1], mean_power[0] * 1.1) << "idle " << mean_power[0] << " mW, busy " << mean_power[1] << " mW";
  std::cout << "fifo_sram power from activity: idle " << power[0] << " mW, busy " << power[1]
            << " mW; every net at the mean: idle " << mean_power[0] << " mW, busy " << mean_power[1] << " mW\n";
}

TEST(synthActivity, CliReportsActivityPowerAndRefusesMalformedVcd) {
  if (!std::filesystem::exists(gpucosim_exe())) GTEST_SKIP() << "gpucosim CLI not built";
  REQUIRE_TOOLS();
  const std::string dir = scratch_dir();
  const std::string fixture = source_dir() + "/tests/synth/fixtures/fifo_sram";
  const std::string vcd = write_file(dir, "busy.vcd", fifo_vcd(true, 50));
  CommandResult r = run_command(gpucosim_exe() + " synth " + fixture + " --out " + dir + "/ok --activity " + vcd +
                                " --activity-window 5:45 --workload fifo-test");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("power from activity"), std::string::npos) << r.output;

  const std::string bad = write_file(dir, "bad.vcd", "$scope module fifo_sram $end\n$var wire 1 ! clk $end\n"
                                                     "$upscope $end\n$enddefinitions $end\n#0\n0!\n#5\n1?\n");
  r = run_command(gpucosim_exe() + " synth " + fixture + " --out " + dir + "/bad --activity " + bad);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(bad + ":8: identifier code \"?\" was not declared"), std::string::npos) << r.output;

  r = run_command(gpucosim_exe() + " synth " + fixture + " --out " + dir + "/w --activity-window 1:2");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("need --activity"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gpucosim::test
