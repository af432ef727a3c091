// Accuracy of the embedded SRAM model against the CACTI 7.0 reference points: area and read energy
// within 30%, leakage within 2x, at every point. Prints ours vs CACTI per point.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <iostream>

#include "power/sram_model.h"
#include "tests/power/reference_points.h"

namespace gpucosim::test {
namespace {

TEST(powerSramReference, MatchesCacti7AtAllReferencePoints) {
  const std::string csv = calibration_csv();
  if (csv.empty()) GTEST_SKIP() << "../shared/calibration/cacti7_reference_points.csv not found";
  const auto pts = load_reference_points(csv);
  ASSERT_EQ(pts.size(), 8u);

  std::printf("%-38s %-10s %9s %9s %6s | %9s %9s %6s | %9s %9s %6s | %8s %8s %6s | %-8s %-8s\n", "config", "",
              "area", "cacti", "ratio", "E_rd nJ", "cacti", "ratio", "leak mW", "cacti", "ratio", "t_acc", "cacti",
              "ratio", "org", "cacti");
  for (const auto& p : pts) {
    const power::SramEstimate e = power::estimate_sram(p.spec);
    const double ra = e.area_mm2 / p.area_mm2, re = e.read_energy_nj / p.read_nj;
    const double rl = e.leakage_mw / p.leakage_mw, rt = e.access_time_ns / p.access_ns;
    char org[32], corg[32];
    std::snprintf(org, sizeof org, "%d/%d/%d", e.data.ndwl, e.data.ndbl, e.data.nspd);
    std::snprintf(corg, sizeof corg, "%d/%d/%d", p.ndwl, p.ndbl, p.nspd);
    std::printf("%-38s %-10s %9.4g %9.4g %6.2f | %9.4g %9.4g %6.2f | %9.4g %9.4g %6.2f | %8.4g %8.4g %6.2f | %-8s %-8s\n",
                p.id.c_str(), "", e.area_mm2, p.area_mm2, ra, e.read_energy_nj, p.read_nj, re, e.leakage_mw,
                p.leakage_mw, rl, e.access_time_ns, p.access_ns, rt, org, corg);
    EXPECT_NEAR(ra, 1.0, 0.30) << p.id << " area";
    EXPECT_NEAR(re, 1.0, 0.30) << p.id << " read energy";
    EXPECT_LT(std::fabs(std::log2(rl)), 1.0) << p.id << " leakage";
  }
  std::fflush(stdout);
}

}  // namespace
}  // namespace gpucosim::test
