// The whole flow on the fixture FIFO: figures present and consistent, the SRAM macro kept out of
// the flip-flops, parameter changes moving the right figures, and tool failures reported.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "synth/flow/synth_flow.h"
#include "synth/flow/tool_runner.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

TEST(synthFlow, FixtureFifoHasEveryFigure) {
  REQUIRE_TOOLS();
  const synth::SynthOptions o = scratch_options();
  const synth::SynthResult r = synth::run_synth(synth::load_manifest(fixture_manifest("fifo_sram")), o);
  EXPECT_EQ(r.block, "fifo_sram");
  EXPECT_EQ(r.node_nm, 180);
  EXPECT_GT(r.cells, 20u);
  EXPECT_EQ(r.sram_macros, 1u);
  ASSERT_EQ(r.macros.size(), 1u);
  EXPECT_EQ(r.macros[0].words, 64u);
  EXPECT_EQ(r.macros[0].bits, 32u);
  EXPECT_EQ(r.macros[0].ports, "1r1w");
  EXPECT_GT(r.logic_area_um2, 0);
  EXPECT_GT(r.sram_area_um2, 0);
  EXPECT_DOUBLE_EQ(r.total_area_um2, r.logic_area_um2 + r.sram_area_um2);
  EXPECT_GT(r.fmax_mhz, 50);
  EXPECT_NEAR(r.logic_fmax_mhz, 1000.0 / (r.clock_ns - r.worst_setup_slack_ns), 1e-6);
  EXPECT_GT(r.power_mw, 0);
  EXPECT_NEAR(r.power_mw, r.logic_power_mw + r.sram_dynamic_mw + r.sram_leakage_mw, 1e-9);
  // Mapped flip-flops are named by the net they drive: "_149_ (count[3])".
  EXPECT_NE(r.critical_path.startpoint.find(" ("), std::string::npos) << r.critical_path.startpoint;
  ASSERT_EQ(r.scaled.size(), 2u);
  EXPECT_LT(r.scaled[0].total_area_um2, r.total_area_um2);
  EXPECT_LT(r.scaled[1].total_area_um2, r.scaled[0].total_area_um2);
  EXPECT_GT(r.scaled[0].fmax_mhz, r.fmax_mhz);
  // No flip-flop array: 64 x 32 bits would be 2048 DFFs.
  uint64_t flops = 0;
  for (const auto& [cell, n] : r.cell_counts)
    if (cell.rfind("DFF", 0) == 0) flops += n;
  EXPECT_LT(flops, 100u);

  for (const char* f : {"synth.json", "synth.md", "netlist.v", "yosys.log", "sta.log", "sram_macros.lib"})
    EXPECT_TRUE(fs::exists(fs::path(o.out_dir) / f)) << f;
  const nlohmann::json j = nlohmann::json::parse(synth::read_text_file(o.out_dir + "/synth.json"));
  for (const char* k : {"cells", "logic_area_um2", "sram_area_um2", "total_area_um2", "worst_setup_slack_ns",
                        "worst_hold_slack_ns", "fmax_mhz", "power_mw"})
    EXPECT_TRUE(j.contains(k) && j.at(k).is_number()) << k;
  EXPECT_TRUE(j.at("scaled").at(0).at("estimate").get<bool>());
  EXPECT_NE(j.at("scaled").at(0).at("source").get<std::string>().find("Stillmaker"), std::string::npos);
}

TEST(synthFlow, DeeperFifoCostsMoreSramNotMoreLogic) {
  REQUIRE_TOOLS();
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::SynthOptions o = scratch_options();
  o.out_dir += "/d64";
  const synth::SynthResult d64 = synth::run_synth(m, o);
  o.out_dir += "/../d256";
  o.parameters["DEPTH"] = "256";
  const synth::SynthResult d256 = synth::run_synth(m, o);
  ASSERT_EQ(d256.macros.size(), 1u);
  EXPECT_EQ(d256.macros[0].words, 256u);
  EXPECT_EQ(d256.parameters.at("DEPTH"), "256");
  EXPECT_GT(d256.sram_area_um2, 1.5 * d64.sram_area_um2);
  EXPECT_GT(d256.total_area_um2, d64.total_area_um2);
  // Two more pointer and counter bits: a little more logic, nowhere near 4x.
  EXPECT_GE(d256.logic_area_um2, d64.logic_area_um2);
  EXPECT_LT(d256.logic_area_um2, 1.5 * d64.logic_area_um2);
}

TEST(synthFlow, WiderWordsCostMoreSram) {
  REQUIRE_TOOLS();
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::SynthOptions o = scratch_options();
  o.parameters["WIDTH"] = "16";
  const synth::SynthResult narrow = synth::run_synth(m, o);
  o.parameters["WIDTH"] = "64";
  const synth::SynthResult wide = synth::run_synth(m, o);
  EXPECT_GT(wide.sram_area_um2, narrow.sram_area_um2);
  EXPECT_GT(wide.macros[0].read_energy_pj, narrow.macros[0].read_energy_pj);
}

TEST(synthFlow, TighterClockMeansLessSlackSameFmaxBallpark) {
  REQUIRE_TOOLS();
  const synth::BlockManifest m = synth::load_manifest(fixture_manifest("fifo_sram"));
  synth::SynthOptions o = scratch_options();
  o.clock_ns = 10;
  const synth::SynthResult slow = synth::run_synth(m, o);
  o.clock_ns = 3;
  const synth::SynthResult fast = synth::run_synth(m, o);
  EXPECT_DOUBLE_EQ(fast.clock_ns, 3);
  EXPECT_LT(fast.worst_setup_slack_ns, slow.worst_setup_slack_ns);
  EXPECT_GT(fast.power_mw, slow.power_mw);  // same switching per cycle, more cycles per second
  EXPECT_NEAR(fast.logic_fmax_mhz, slow.logic_fmax_mhz, 0.5 * slow.logic_fmax_mhz);
}

}  // namespace
}  // namespace gpucosim::test
