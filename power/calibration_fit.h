#pragma once
// Fits the SRAM model's constants (SramCalibration) to CACTI sweep rows: a deterministic
// coordinate search in log space over every member, minimising a smooth count of rows outside
// the acceptance bounds (area and read energy within 30 %, leakage within 2x) plus a small
// squared-log-error term that keeps the fit centred. Used by `gpucosim-bench sram-accuracy --fit`.
#include <functional>
#include <string>
#include <vector>

#include "power/cacti_sweep.h"

namespace gpucosim::power {

struct FitParameter {
  const char* name;
  double SramCalibration::*member;
  double lo, hi;  // search bounds
};

// Every fitted member of SramCalibration with its bounds.
const std::vector<FitParameter>& fit_parameters();

// The fit's loss of a calibration on the given rows (lower is better).
double fit_loss(const SramCalibration& cal, const std::vector<CactiRow>& rows);

// Coordinate search from `start`; `progress` (may be empty) is told each improvement.
SramCalibration fit_calibration(const std::vector<CactiRow>& rows, SramCalibration start, int rounds,
                                const std::function<void(const std::string&)>& progress);

}  // namespace gpucosim::power
