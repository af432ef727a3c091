// The hierarchical flow's unread outputs (synth/flow/port_usage.h): which of the top's instances
// leave which output bits unread, the pruned copies and the Yosys commands, and on a real design
// that the copies carry no logic for the cut outputs while an instance reading them keeps it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "synth/flow/port_usage.h"
#include "synth/flow/synth_flow.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

using nlohmann::json;

// A top with three instances of unit (sum 2 bits, prod 3 bits, idle 1 bit) and a macro:
//   g[0].u: sum read by the top's output, prod unread (empty connection), idle not connected;
//   g[1].u: the same usage -> shares g[0].u's copy;
//   u_all:  sum feeds g[0].u's input (read), prod bit 1 read by a $and cell, bits 0 and 2 not;
//           idle read by the top's output.
//   u_mem:  a macro with an unread output: never pruned.
std::string netlist() {
  json unit = {{"attributes", {{"blackbox", "1"}}},
               {"ports",
                {{"a", {{"direction", "input"}, {"bits", {2, 3}}}},
                 {"sum", {{"direction", "output"}, {"bits", {4, 5}}}},
                 {"prod", {{"direction", "output"}, {"bits", {6, 7, 8}}}},
                 {"idle", {{"direction", "output"}, {"bits", {9}}}}}}};
  json mem = {{"ports", {{"q", {{"direction", "output"}, {"bits", {2}}}}}}};
  const json dirs = {{"a", "input"}, {"sum", "output"}, {"prod", "output"}, {"idle", "output"}};
  json top = {
      {"ports",
       {{"x", {{"direction", "input"}, {"bits", {2, 3}}}},
        {"y", {{"direction", "output"}, {"bits", {10, 11, 12, 13, 14}}}}}},
      {"cells",
       {{"g[0].u",
         {{"type", "$paramod$ab\\unit"},
          {"port_directions", dirs},
          {"connections", {{"a", {20, 21}}, {"sum", {10, 11}}, {"prod", json::array()}}}}},
        {"g[1].u",
         {{"type", "$paramod$ab\\unit"},
          {"port_directions", dirs},
          {"connections", {{"a", {2, 3}}, {"sum", {12, 13}}, {"prod", {30, 31, 32}}}}}},
        {"u_all",
         {{"type", "$paramod$ab\\unit"},
          {"port_directions", dirs},
          {"connections", {{"a", {2, 3}}, {"sum", {20, 21}}, {"prod", {40, 41, 42}}, {"idle", {14}}}}}},
        {"and",
         {{"type", "$and"},
          {"port_directions", {{"A", "input"}, {"B", "input"}, {"Y", "output"}}},
          {"connections", {{"A", {41}}, {"B", {"1"}}, {"Y", {50}}}}}},
        {"u_mem",
         {{"type", "mem"}, {"port_directions", {{"q", "output"}}}, {"connections", {{"q", {60}}}}}}}}};
  return json{{"modules", {{"top", top}, {"$paramod$ab\\unit", unit}, {"mem", mem}}}}.dump();
}

TEST(synthPortUsage, GroupsInstancesByTheBitsTheyLeaveUnread) {
  const auto pruned = synth::find_pruned_modules(netlist(), "top", {"mem"}, "ports.json");
  ASSERT_EQ(pruned.size(), 2u);
  // std::map order of (module, unread bits): {idle, prod} before {prod}.
  const auto& shared = pruned[0].instances.size() == 2 ? pruned[0] : pruned[1];
  const auto& alone = pruned[0].instances.size() == 2 ? pruned[1] : pruned[0];
  EXPECT_EQ(shared.original, "$paramod$ab\\unit");
  EXPECT_EQ(shared.instances, (std::vector<std::string>{"g[0].u", "g[1].u"}));
  EXPECT_EQ(shared.unread.at("prod"), (std::set<int>{0, 1, 2}));
  EXPECT_EQ(shared.unread.at("idle"), (std::set<int>{0}));  // not connected at all
  EXPECT_FALSE(shared.unread.count("sum"));                  // read by the top's output
  EXPECT_EQ(alone.instances, (std::vector<std::string>{"u_all"}));
  EXPECT_EQ(alone.unread.size(), 1u);
  EXPECT_EQ(alone.unread.at("prod"), (std::set<int>{0, 2}));  // bit 1 feeds the $and
  EXPECT_NE(shared.copy, alone.copy);
  for (const auto* p : {&shared, &alone}) EXPECT_EQ(p->copy.rfind("$paramod$", 0), 0u) << p->copy;
}

TEST(synthPortUsage, EveryOutputReadMeansNoCopy) {
  json j = json::parse(netlist());
  j["modules"]["top"]["cells"].erase("g[0].u");
  j["modules"]["top"]["cells"].erase("g[1].u");
  // u_all's sum fed g[0].u: now it drives the top's output, as its prod does.
  j["modules"]["top"]["ports"]["y"]["bits"] = {10, 11, 12, 13, 14, 15, 16};
  j["modules"]["top"]["cells"]["u_all"]["connections"]["sum"] = {15, 16};
  j["modules"]["top"]["cells"]["u_all"]["connections"]["prod"] = {10, 11, 12};
  EXPECT_TRUE(synth::find_pruned_modules(j.dump(), "top", {"mem"}, "ports.json").empty());
  // Without the macro named as such, its unread output would give it a copy.
  EXPECT_EQ(synth::find_pruned_modules(j.dump(), "top", {}, "ports.json").size(), 1u);
}

TEST(synthPortUsage, CommandsCutTheUnreadBitsAndRetypeTheInstances) {
  const auto pruned = synth::find_pruned_modules(netlist(), "top", {"mem"}, "ports.json");
  const std::string s = synth::pruning_commands(pruned, "top");
  for (const auto& p : pruned) EXPECT_NE(s.find("copy $paramod$ab\\unit " + p.copy + "\n"), std::string::npos) << s;
  EXPECT_NE(s.find("connect -unset prod[2:0]\n"), std::string::npos) << s;
  EXPECT_NE(s.find("connect -unset idle[0:0]\n"), std::string::npos) << s;
  // Bits 0 and 2 of u_all's prod: two slices, bit 1 kept.
  EXPECT_NE(s.find("connect -unset prod[0:0]\nconnect -unset prod[2:2]\n"), std::string::npos) << s;
  // Selections escape the backslash of the module name and the brackets of generate names.
  EXPECT_NE(s.find("top/c:g\\[0\\].u top/c:g\\[1\\].u"), std::string::npos) << s;
  EXPECT_NE(s.find("\\\\unit/w:prod"), std::string::npos) << s;
  EXPECT_EQ(synth::pruning_commands({}, "top"), "");
  EXPECT_EQ(synth::yosys_exact_pattern("a\\b[1]*?"), "a\\\\b\\[1\\]\\*\\?");
}

TEST(synthPortUsage, MalformedNetlistIsAnInputError) {
  EXPECT_THROW(synth::find_pruned_modules("{", "top", {}, "ports.json"), InputError);
  EXPECT_THROW(synth::find_pruned_modules(R"({"modules": {}})", "top", {}, "ports.json"), InputError);
  // Odd shapes inside a module are skipped, never a crash.
  EXPECT_NO_THROW(synth::find_pruned_modules(
      R"({"modules": {"top": {"cells": {"c": {"type": "u", "connections": {"q": 5}}}}, "u": {"ports": 3}}})", "top",
      {}, "ports.json"));
}

// tests/synth/flow_fixtures/unread_outputs: the generate loop's two instances read only the
// adder, u_prod only the multiplier. Hierarchical: the loop's instances share a copy without
// the multiplier, u_prod gets one without the adder, so the block costs about one multiplier
// and two adders as the flat flow does, instead of three of each.
TEST(synthPortUsage, PrunedCopiesCarryOnlyTheLogicTheirInstancesRead) {
  REQUIRE_TOOLS();
  const auto m = synth::load_manifest(source_dir() + "/tests/synth/flow_fixtures/unread_outputs/block.json");
  synth::SynthOptions o = scratch_options();
  const synth::SynthResult hier = synth::run_synth(m, o);
  o.flat = true;
  o.out_dir += "-flat";
  const synth::SynthResult flat = synth::run_synth(m, o);
  ASSERT_EQ(hier.modules.size(), 3u);  // the top and two copies of the unit
  const auto& a = hier.modules[1];
  const auto& b = hier.modules[2];
  EXPECT_EQ(a.base, "unread_outputs_unit");
  EXPECT_EQ(b.base, "unread_outputs_unit");
  const auto& adders = a.instances == 2 ? a : b;
  const auto& mult = a.instances == 2 ? b : a;
  ASSERT_EQ(adders.instances, 2u);
  ASSERT_EQ(mult.instances, 1u);
  // An 8x8 multiplier is many times an 8-bit adder; each kept only its registers' outputs.
  EXPECT_GT(mult.area_um2, 3 * (adders.area_um2 / 2)) << "two adder copies " << adders.area_um2 << ", multiplier copy "
                                                    << mult.area_um2;
  // Without pruning the block would hold three full units (about three multipliers).
  EXPECT_LT(hier.total_area_um2, 1.5 * flat.total_area_um2)
      << "hierarchical " << hier.total_area_um2 << " um^2 vs flat " << flat.total_area_um2;
}

}  // namespace
}  // namespace gpucosim::test
