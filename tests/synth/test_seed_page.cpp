// The page beside the seeds (gpucosim report --seed-page): our figures from synth.json and energy
// reports beside the seed figures the block's manifest gives (nothing about a block is in the
// code: the block here is made up), the die share computed from the estimate at the seed's node,
// the per-module breakdown, the storage in KB, and the SRAM model's figures for the seed's storage.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "synth/report/seed_page.h"

namespace gpucosim::test {
namespace {

synth::SynthResult block() {
  synth::SynthResult r;
  r.block = "blk";
  r.library = "osu018_stdcells";
  r.node_nm = 180;
  r.clock_ns = 5;
  r.parameters = {{"NREQ", "16"}};
  r.total_area_um2 = 2.0e6;
  r.fmax_mhz = 90;
  r.power_mw = 1500;
  r.cell_counts = {{"DFFPOSX1", 8192}, {"NAND2X1", 100}};
  synth::MacroCost m;
  m.words = 256;
  m.bits = 32;
  m.instances = 1;
  r.macros.push_back(m);
  r.has_activity = true;
  r.power_activity.power_mw = 300;
  r.power_activity.mean_power_mw = 60;
  r.power_activity.workload = "transpose_naive";
  r.power_activity.cycles = 1000;
  synth::ScaledFigures s;
  s.node_nm = 45;
  s.total_area_um2 = 0.1e6;  // 0.1 mm2 x 15 units = 1.5 mm2 = 0.284% of 529 mm2
  s.power_mw = 50;
  r.scaled.push_back(s);
  synth::ModuleArea top, q;
  top.module = top.base = "blk";
  top.label = "Block";
  top.instances = 1;
  top.area_um2 = 2.0e6;
  top.share = 1.0;
  q.module = q.base = "blk_queue";
  q.label = "queues";
  q.depth = 1;
  q.instances = 16;
  q.cells_each = 40;
  q.logic_area_each_um2 = 1000;
  q.area_um2 = 16000;
  q.share = 0.008;
  r.modules = {top, q};
  r.seed.source = "seed 999 (Someone 2030)";
  r.seed.unit = "per SM";
  r.seed.node_nm = 45;
  r.seed.clock_mhz = 1200;
  r.seed.area_mm2 = 0.36;
  r.seed.power_mw = 142.3;
  r.seed.storage_kb = 5.23;
  r.seed.storage_note = "Table 3.1";
  r.seed.gpu = "GTX 480";
  r.seed.gpu_units = 15;
  r.seed.gpu_die_mm2 = 529;
  r.seed.gpu_overhead_mm2 = 5.4;
  r.seed.storage.push_back({"MSHR metadata table", 1024, 23, 1, 2.1, 22.0});
  return r;
}

power::EnergyReport energy(double dynamic_nj) {
  power::EnergyReport e;
  power::EnergyComponent c;
  c.name = "l1d";
  c.dynamic_nj = dynamic_nj;
  e.components.push_back(c);
  return e;
}

TEST(seedPage, SetsOurFiguresBesideTheSeeds) {
  synth::ReportInputs in;
  in.blocks.push_back(block());
  in.energy = {{"baseline/k", energy(1000)}, {"blk/k", energy(900)}};
  const std::string p = synth::seed_page(in, "gpucosim report x --seed-page y");
  for (const char* want : {"gpucosim report x --seed-page y", "Block per SM beside seed 999 (Someone 2030)", "0.36 mm²",
                           "142.3 mW", "5.23 KB", "NREQ=16", "1.500 mm² = 0.284%", "0.1000",
                           "from recorded activity (transpose_naive, 1000 cycles)", "| blk/k | 0.900 |", "-10.00%",
                           "MSHR metadata table | 1024 x 23 | 2944",
                           // storage: 256 x 32 bits of SRAM (1 KB) + 8192 flip-flops (1 KB)
                           "2.00 KB: 1.00 KB in SRAM macros (256 x 32) + 1.00 KB of flip-flops (8192)",
                           // the configuration beside every comparison
                           "NREQ=16; hierarchical synthesis, 180 nm osu018_stdcells, 200 MHz clock",
                           // the per-module breakdown
                           "| .. queues (`blk_queue`) | 16 | 40 | 1000.0 | 16000.0 | 0.8% |"})
    EXPECT_NE(p.find(want), std::string::npos) << "missing: " << want << "\n" << p;
  // Activity power at 45 nm scales with the default figure's factor: 300 x 50 / 1500 = 10.
  EXPECT_NE(p.find("10.00 (est.)"), std::string::npos) << p;
  EXPECT_NE(p.find("| 1500.00 | 300.00 | 60.00 |"), std::string::npos) << p;
  EXPECT_NE(p.find("2.00 (est.)"), std::string::npos) << p;
  // Power at the seed's clock: 50 mW x 1200 / 200 = 300 mW.
  EXPECT_NE(p.find("300.0 mW at 45 nm and 1200 MHz"), std::string::npos) << p;
}

TEST(seedPage, BlocksWithoutSeedFiguresGetNoComparison) {
  synth::ReportInputs in;
  synth::SynthResult r = block();
  r.seed = {};
  in.blocks.push_back(r);
  const std::string p = synth::seed_page(in, "x");
  EXPECT_EQ(p.find("beside seed"), std::string::npos) << p;
  EXPECT_NE(p.find("| blk |"), std::string::npos) << p;
}

TEST(seedPage, NothingToCompareIsAnError) {
  EXPECT_THROW(synth::seed_page({}, "x"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
