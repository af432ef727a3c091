// Script templates: rendering is strict, and the generated Yosys script has the flow's order
// (liberty first, macros blackboxed before synth, ABC with the buffering script, stat -liberty).
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "synth/flow/flow_scripts.h"
#include "synth/flow/liberty_info.h"
#include "synth/flow/templates.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

TEST(synthTemplates, AreCompiledIn) {
  for (const char* t : {"synth.ys", "macros.ys", "ports.ys", "sta.tcl"}) EXPECT_FALSE(synth::script_template(t).empty()) << t;
  EXPECT_THROW(synth::script_template("nope.tcl"), std::logic_error);
}

TEST(synthTemplates, RenderingIsStrict) {
  std::map<std::string, std::string> vars = {{"MACRO_MODULES", "m"}, {"MACRO_SELECTION", "m"}, {"MACROS_RTLIL", "x.il"}};
  const std::string out = synth::render_template("macros.ys", vars);
  EXPECT_EQ(out.find("{{"), std::string::npos);
  EXPECT_NE(out.find("write_rtlil -selected x.il"), std::string::npos);
  vars.erase("MACROS_RTLIL");
  EXPECT_THROW(synth::render_template("macros.ys", vars), std::logic_error);
  vars["MACROS_RTLIL"] = "x.il";
  vars["EXTRA"] = "1";
  EXPECT_THROW(synth::render_template("macros.ys", vars), std::logic_error);
}

size_t at(const std::string& text, const std::string& what) {
  const size_t p = text.find(what);
  EXPECT_NE(p, std::string::npos) << what << "\n" << text;
  return p;
}

TEST(synthTemplates, YosysScriptFollowsTheFlow) {
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::LibertyInfo lib;
  lib.path = "/lib/x.lib";
  const auto paths = synth::FlowPaths::in("/out");
  for (bool flat : {false, true}) {
    const std::string s = synth::yosys_script(m, {{"DEPTH", "128"}}, lib, 4.0, paths, flat, "chtype -set pruned top/c:u\n");
    // The pruning commands (port_usage.h) only in the hierarchical flow, before synth.
    EXPECT_EQ(s.find("chtype -set pruned top/c:u") != std::string::npos, !flat) << s;
    if (!flat) EXPECT_LT(at(s, "chtype -set pruned"), at(s, "synth -top fifo_sram"));
    EXPECT_LT(at(s, "read_liberty -lib /lib/x.lib"), at(s, "read_verilog"));
    EXPECT_LT(at(s, "chparam -set DEPTH 128 fifo_sram"), at(s, "hierarchy -check -top fifo_sram"));
    EXPECT_LT(at(s, "blackbox @gpucosim_macros"), at(s, "synth -top fifo_sram"));
    // Flat: flattened before mapping. Hierarchical: the hierarchy kept, stat reports it from the top.
    EXPECT_EQ(s.find("setattr -set keep_hierarchy 1 fifo_sram/c:*") != std::string::npos, !flat) << s;
    EXPECT_EQ(s.find("stat -liberty /lib/x.lib -top fifo_sram") != std::string::npos, !flat) << s;
    EXPECT_LT(at(s, "dfflibmap -liberty /lib/x.lib"), at(s, "abc -D 4000 -liberty /lib/x.lib"));
    at(s, "buffer,-p");
    EXPECT_LT(at(s, "stat -liberty /lib/x.lib"), at(s, "write_verilog -noattr -noexpr -simple-lhs /out/netlist.v"));
    EXPECT_EQ(s.find("{{"), std::string::npos);
  }
}

// Hierarchical flow: the top is mapped with the block's boundary constraints (a weak buffer drives
// its inputs), every kept module with the inner ones (the library's strongest driver: its inputs
// come from other modules' outputs); flat: one ABC run with the block's constraints.
TEST(synthTemplates, KeptModulesAreMappedWithAStrongDriverOnTheirInputs) {
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::LibertyInfo lib;
  lib.path = "/lib/x.lib";
  lib.driving_cell = "BUFX2";
  lib.strong_driving_cell = "INVX8";
  const auto paths = synth::FlowPaths::in("/out");
  EXPECT_EQ(synth::abc_constraints(lib), "set_driving_cell BUFX2\nset_load 50\n");
  EXPECT_EQ(synth::abc_inner_constraints(lib), "set_driving_cell INVX8\nset_load 50\n");
  const std::string hier = synth::yosys_script(m, {}, lib, 4.0, paths, false);
  const size_t top = at(hier, "-constr /out/abc.constr");
  const size_t inner = at(hier, "-constr /out/abc_inner.constr");
  EXPECT_LT(top, inner);
  EXPECT_NE(hier.find("stime,-p fifo_sram\n"), std::string::npos) << hier;
  EXPECT_NE(hier.find("stime,-p * fifo_sram %d\n"), std::string::npos) << hier;
  const std::string flat = synth::yosys_script(m, {}, lib, 4.0, paths, true);
  EXPECT_EQ(flat.find("abc_inner.constr"), std::string::npos) << flat;
  EXPECT_EQ(flat.find("%d"), std::string::npos) << flat;
}

// The strongest buffer or inverter of a liberty is read from the cell names' drive numbers.
TEST(synthTemplates, LibertyNamesItsWeakestAndStrongestDrivers) {
  if (!std::filesystem::exists(synth::default_liberty_path())) GTEST_SKIP() << "qflow-tech-osu018 not installed";
  const synth::LibertyInfo lib = synth::read_liberty_info(synth::default_liberty_path(), 0);
  EXPECT_EQ(lib.driving_cell, "BUFX2");
  EXPECT_EQ(lib.strong_driving_cell, "INVX8");
}

TEST(synthTemplates, PortsScriptWritesTheTopAloneAsJson) {
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::LibertyInfo lib;
  lib.path = "/lib/x.lib";
  const std::string s = synth::ports_script(m, {{"DEPTH", "128"}}, lib, synth::FlowPaths::in("/out"));
  EXPECT_LT(at(s, "read_liberty -lib /lib/x.lib"), at(s, "hierarchy -check -top fifo_sram"));
  EXPECT_LT(at(s, "chparam -set DEPTH 128 fifo_sram"), at(s, "proc fifo_sram"));
  EXPECT_LT(at(s, "blackbox =* =fifo_sram %d"), at(s, "write_json /out/ports.json"));
  EXPECT_EQ(s.find("{{"), std::string::npos);
}

TEST(synthTemplates, StaScriptConstrainsTheClock) {
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::LibertyInfo lib;
  lib.path = "/lib/x.lib";
  synth::StaScriptOptions o;
  o.clock_ns = 2.5;
  o.io_delay_ns = 0.25;
  o.output_load_pf = 0.01;
  o.macro_liberty = true;
  const std::string s = synth::sta_script(m, lib, o, synth::FlowPaths::in("/out"));
  EXPECT_LT(at(s, "read_liberty {/lib/x.lib}"), at(s, "read_liberty {/out/sram_macros.lib}"));
  at(s, "create_clock -name gpucosim_clk -period 2.5 [get_ports {clk}]");
  at(s, "set_input_delay 0.25 -clock gpucosim_clk [delete_from_list [all_inputs] [get_ports {clk}]]");
  at(s, "sta::worst_slack -max");
  at(s, "GPUCOSIM done");
}

TEST(synthTemplates, CombinationalBlockGetsAVirtualClock) {
  synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  m.clock_port.clear();
  synth::LibertyInfo lib;
  lib.path = "/lib/x.lib";
  synth::StaScriptOptions o;
  o.clock_ns = 3;
  const std::string s = synth::sta_script(m, lib, o, synth::FlowPaths::in("/out"));
  at(s, "create_clock -name gpucosim_clk -period 3\n");
  at(s, "-clock gpucosim_clk [all_inputs]");
}

}  // namespace
}  // namespace gpucosim::test
