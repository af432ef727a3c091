// The RegLess results page (bench/regless_results_page.h) from hand-made rows: its figures are the
// arithmetic they claim, and a target is reported as held exactly when the figure meets it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bench/regless_results_page.h"

namespace gpucosim::bench::regless {
namespace {

constexpr double kBudget = 32;  // registers per region: 16 or more live across loads is "many"

Row row(const std::string& name, double base, double rl, double global_share, double live) {
  Row r;
  r.workload = name;
  r.ok = true;
  r.base_cycles = base;
  r.rl_cycles = rl;
  r.global_share = global_share;
  r.live_across_loads = live;
  r.preloads_osu = 990;
  r.preloads_l1 = 9;
  r.preloads_l2_dram = 1;
  r.l1_requests = 10;
  r.sm_cycles = 10000;
  r.static_per_region = 6;
  r.capacity = {{1024, true, rl, 0}, {512, true, rl, 10}, {256, true, rl, 20}, {128, true, rl, 40}};
  r.known_value_share = 0.8;  // affine: the compressor's candidates
  r.comp_cycles = rl * 0.9;
  r.rf_energy_nj = 1000;
  r.rs_energy_nj = 300;
  r.gpu_energy_off_nj = 10000;
  r.gpu_energy_rl_nj = 9000;
  return r;
}

const Check& check(const Summary& s, const std::string& starts) {
  for (const Check& c : s.checks)
    if (c.what.rfind(starts, 0) == 0) return c;
  ADD_FAILURE() << "no check starting with " << starts;
  static const Check none;
  return none;
}

TEST(ReglessResultsPage, AllTargetsHoldOnRowsThatMeetThem) {
  const std::vector<Row> rows = {row("compute_a", 1000, 1020, 0.01, 4), row("compute_b", 1000, 990, 0.02, 6),
                                 row("memory", 1000, 1100, 0.3, 8), row("live", 1000, 1200, 0.2, 20)};
  const Summary s = summarise(rows, kBudget);
  EXPECT_EQ(s.compute, (std::vector<std::string>{"compute_a", "compute_b"}));
  EXPECT_EQ(s.many_live_kernels, std::vector<std::string>{"live"});
  EXPECT_NEAR(s.compute_geomean, std::sqrt(1.02 * 0.99), 1e-12);
  EXPECT_NEAR(s.osu_share, 0.99, 1e-12);
  EXPECT_NEAR(s.l1_per_cycle_mean, 0.001, 1e-12);
  EXPECT_NEAR(s.comp_gain_geomean, 1 / 0.9, 1e-12);
  EXPECT_NEAR(s.rs_energy_geomean, 0.3, 1e-12);
  EXPECT_NEAR(s.gpu_energy_geomean, 0.9, 1e-12);
  EXPECT_EQ(s.targets(), 9);
  EXPECT_EQ(s.held(), 9) << summary_text(s);
  const std::string page = results_page(rows, s, false);
  EXPECT_NE(page.find("9 of 9 targets hold"), std::string::npos);
  EXPECT_NE(page.find("| live |"), std::string::npos);
}

// The compressor run's register writes by source are shown, and decide which kernels count as
// affine: a kernel whose writes the analysis alone would know too little of is one when the
// generator's emitted values make its known share large, and the other way round.
TEST(ReglessResultsPage, KnownValuesBySourceFromTheCompressorRun) {
  std::vector<Row> rows = {row("emitted", 1000, 1020, 0.01, 4), row("unknown", 1000, 990, 0.02, 6),
                           row("no_comp_run", 1000, 1000, 0.02, 6)};
  rows[0].known_value_share = 0.1;
  rows[0].value_writes = 100, rows[0].values_emitted = 70, rows[0].values_analysis = 8;
  rows[1].value_writes = 100, rows[1].values_emitted = 5, rows[1].values_analysis = 5;
  rows[2].comp_cycles = 0;
  EXPECT_NEAR(rows[0].known_share(), 0.78, 1e-12);
  EXPECT_NEAR(rows[2].known_share(), 0.8, 1e-12);  // the analysis's estimate
  const Summary s = summarise(rows, kBudget);
  EXPECT_EQ(s.affine, std::vector<std::string>{"emitted"});
  const std::string page = results_page(rows, s, false);
  EXPECT_NE(page.find("| 78 % (70 / 8 / 22) |"), std::string::npos) << page;
  EXPECT_NE(page.find("| 10 % (5 / 5 / 90) |"), std::string::npos) << page;
  EXPECT_NE(page.find("| 80 % (analysis) |"), std::string::npos) << page;
}

TEST(ReglessResultsPage, EachTargetFailsWhenItsFigureMissesIt) {
  std::vector<Row> rows = {row("compute", 1000, 1060, 0.01, 4), row("live", 1000, 1050, 0.2, 20)};
  rows[0].capacity[2].l1_requests = 5;  // less traffic with a smaller OSU
  rows[1].preloads_osu = 100;           // most preloads from memory
  rows[1].preloads_l1 = 5000;
  rows[1].l1_requests = 2000;           // 0.2 requests per SM cycle
  rows[0].static_per_region = rows[1].static_per_region = 30;
  rows[0].comp_cycles = rows[0].rl_cycles * 1.2;  // slower with the compressor
  rows[1].comp_cycles = rows[1].rl_cycles;
  rows[1].rs_energy_nj = 1100;                    // more register energy on one workload
  rows[0].gpu_energy_rl_nj = rows[1].gpu_energy_rl_nj = 10500;
  const Summary s = summarise(rows, kBudget);
  EXPECT_FALSE(check(s, "Run time without the compressor").holds);
  EXPECT_FALSE(check(s, "Register-structure energy").holds);
  EXPECT_EQ(s.rs_energy_higher, std::vector<std::string>{"live"});
  EXPECT_FALSE(check(s, "GPU energy").holds);
  EXPECT_FALSE(check(s, "Run time, compute kernels").holds);           // 1.06x
  EXPECT_FALSE(check(s, "Run time, kernels with").holds);              // 1.05x is not slower than 1.06x
  EXPECT_FALSE(check(s, "L1 register traffic").holds);
  EXPECT_EQ(s.non_monotone, std::vector<std::string>{"compute"});
  EXPECT_FALSE(check(s, "Preloads served").holds);
  EXPECT_FALSE(check(s, "RegLess L1 requests").holds);
  EXPECT_FALSE(check(s, "Static instructions").holds);
  EXPECT_EQ(s.held(), 0);
}

// Runs without energy or a compressor run say so instead of claiming a target.
TEST(ReglessResultsPage, UnmeasuredEnergyAndCompressorAreNotClaimed) {
  std::vector<Row> rows = {row("compute", 1000, 1000, 0.01, 4)};
  rows[0].comp_cycles = 0;
  rows[0].rf_energy_nj = 0;
  const Summary s = summarise(rows, kBudget);
  EXPECT_EQ(check(s, "Run time without the compressor").ours, "not measured");
  EXPECT_FALSE(check(s, "Run time without the compressor").holds);
  EXPECT_EQ(check(s, "GPU energy").ours, "not measured");
  EXPECT_FALSE(check(s, "Register-structure energy").holds);
  EXPECT_EQ(s.energy_rows, 0u);
}

TEST(ReglessResultsPage, RefusedCapacitiesAreSkippedAndFailedRowsShown) {
  std::vector<Row> rows = {row("compute", 1000, 1000, 0.01, 4), row("broken", 0, 0, 0, 0)};
  rows[0].capacity[3].ok = false;  // 128 refused
  rows[0].capacity[3].l1_requests = 0;
  rows[1].ok = false;
  const Summary s = summarise(rows, kBudget);
  EXPECT_TRUE(rows[0].traffic_monotone());
  EXPECT_EQ(s.capacity_rows, 1u);
  const std::string page = results_page(rows, s, true);
  EXPECT_NE(page.find("| broken |  | failed |"), std::string::npos);
  EXPECT_NE(page.find("refused"), std::string::npos);
  EXPECT_NE(page.find("Quick check"), std::string::npos);
}

}  // namespace
}  // namespace gpucosim::bench::regless
