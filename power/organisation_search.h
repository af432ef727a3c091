#pragma once
// The array-organisation search: every power-of-two (Ndwl, Ndbl, Nspd) that partitions the array
// evenly is evaluated, mats of 2 x 2 subarrays first (single rows or columns of subarrays only when
// the array is too small for a mat). Candidates must stay within an area budget of the smallest
// and within a delay budget of the fastest of those; the lowest energy x delay^2 among them wins
// (the objective of the reference CACTI runs: ED^2 within a delay deviation). The budgets are
// fitted constants (SramCalibration::search_*).
#include <optional>

#include "power/array_model.h"

namespace gpucosim::power {

// Returns nothing when no organisation fits the limits (e.g. an array too small to partition).
std::optional<ArrayResult> search_organisation(const Technology& t, const RepeatedWire& wire, const ArraySpec& spec);

}  // namespace gpucosim::power
