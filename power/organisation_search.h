#pragma once
// The array-organisation search: every power-of-two (Ndwl, Ndbl, Nspd) that partitions the array
// evenly is evaluated. Candidates must stay within an area budget of the smallest, and within
// energy and delay budgets of the leanest and fastest of those (the energy budget is dropped if no
// candidate meets both); the lowest energy x delay^2 among them wins (the objective of the
// reference CACTI runs).
#include <optional>

#include "power/array_model.h"

namespace gpucosim::power {

struct SearchOptions {
  double max_area_overhead = 0.05;   // up to 5% larger than the smallest organisation
  double max_energy_overhead = 0.5;  // up to 50% more read energy than the leanest of those
  double max_delay_overhead = 0.5;   // up to 50% slower than the fastest of those
};

// Returns nothing when no organisation fits the limits (e.g. an array too small to partition).
std::optional<ArrayResult> search_organisation(const Technology& t, const RepeatedWire& wire,
                                               const ArraySpec& spec, const SearchOptions& opt = {});

}  // namespace gpucosim::power
