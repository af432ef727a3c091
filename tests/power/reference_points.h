#pragma once
// Loads ../shared/calibration/cacti7_reference_points.csv (CACTI 7.0 runs) for the SRAM tests.
#include <string>
#include <vector>

#include "power/sram_model.h"

namespace gpucosim::test {

struct ReferencePoint {
  std::string id;
  power::SramSpec spec;
  double access_ns = 0, cycle_ns = 0, read_nj = 0, write_nj = 0, leakage_mw = 0, area_mm2 = 0;
  double data_area_mm2 = 0, tag_area_mm2 = 0;
  int ndwl = 0, ndbl = 0, nspd = 0;
};

// "" when the calibration folder is absent (tests then GTEST_SKIP).
std::string calibration_csv();
std::vector<ReferencePoint> load_reference_points(const std::string& csv_path);

}  // namespace gpucosim::test
