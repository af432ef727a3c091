// The page beside the seeds (gpucosim report --seed-page): our figures from synth.json and energy
// reports, the seeds' constants, the die share computed from the 45 nm estimate, and the SRAM
// model's figures for Table 3.1's storage.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "synth/report/seed_page.h"

namespace gpucosim::test {
namespace {

synth::SynthResult warppool() {
  synth::SynthResult r;
  r.block = "warppool";
  r.library = "osu018_stdcells";
  r.node_nm = 180;
  r.clock_ns = 5;
  r.parameters = {{"NREQ", "16"}};
  r.total_area_um2 = 2.0e6;
  r.fmax_mhz = 90;
  r.power_mw = 1500;
  r.has_activity = true;
  r.power_activity.power_mw = 300;
  r.power_activity.mean_power_mw = 60;
  r.power_activity.workload = "transpose_naive";
  r.power_activity.cycles = 1000;
  synth::ScaledFigures s;
  s.node_nm = 45;
  s.total_area_um2 = 0.1e6;  // 0.1 mm2 x 15 SMs = 1.5 mm2 = 0.284% of 529 mm2
  s.power_mw = 50;
  r.scaled.push_back(s);
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
  in.blocks.push_back(warppool());
  in.energy = {{"baseline/k", energy(1000)}, {"warppool/k", energy(900)}};
  const std::string p = synth::seed_page(in, "gpucosim report x --seed-page y");
  for (const char* want : {"gpucosim report x --seed-page y", "0.36 mm²", "142.3 mW", "5.23 KB", "NREQ=16",
                           "1.500 mm² = 0.284%", "0.1000", "from recorded activity (transpose_naive, 1000 cycles)",
                           "| warppool/k | 0.900 |", "-10.00%", "MSHR metadata table | 1024 x 23 | 2944",
                           "−21.3%", "−75.3%"})
    EXPECT_NE(p.find(want), std::string::npos) << "missing: " << want << "\n" << p;
  // Activity power at 45 nm scales with the default figure's factor: 300 x 50 / 1500 = 10.
  EXPECT_NE(p.find("10.00 (est.)"), std::string::npos) << p;
  EXPECT_NE(p.find("| 1500.00 | 300.00 | 60.00 |"), std::string::npos) << p;
  EXPECT_NE(p.find("2.00 (est.)"), std::string::npos) << p;
}

TEST(seedPage, NothingToCompareIsAnError) {
  EXPECT_THROW(synth::seed_page({}, "x"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
