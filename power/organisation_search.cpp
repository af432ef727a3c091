#include "power/organisation_search.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace gpucosim::power {

std::optional<ArrayResult> search_organisation(const Technology& t, const RepeatedWire& wire,
                                               const ArraySpec& spec, const SearchOptions& opt) {
  std::vector<ArrayResult> all;
  for (int ndwl = 1; ndwl <= 64; ndwl *= 2)
    for (int ndbl = 1; ndbl <= 64; ndbl *= 2)
      for (int nspd = 1; nspd <= 64; nspd *= 2)
        if (auto a = evaluate_array(t, wire, spec, Organisation{ndwl, ndbl, nspd})) all.push_back(*a);
  if (all.empty()) return std::nullopt;

  constexpr double kInf = std::numeric_limits<double>::max();
  double min_area = kInf;
  for (const auto& a : all) min_area = std::min(min_area, a.area());
  auto area_ok = [&](const ArrayResult& a) { return a.area() <= (1 + opt.max_area_overhead) * min_area; };
  // Budgets for energy and delay are relative to the best of the area-feasible candidates.
  double min_energy = kInf, min_delay = kInf;
  for (const auto& a : all)
    if (area_ok(a)) {
      min_energy = std::min(min_energy, a.e_read);
      min_delay = std::min(min_delay, a.access_time);
    }
  auto pick = [&](bool with_energy_budget) -> const ArrayResult* {
    const ArrayResult* best = nullptr;
    double best_obj = kInf;
    for (const auto& a : all) {
      if (!area_ok(a) || a.access_time > (1 + opt.max_delay_overhead) * min_delay) continue;
      if (with_energy_budget && a.e_read > (1 + opt.max_energy_overhead) * min_energy) continue;
      const double obj = a.e_read * a.access_time * a.access_time;
      // Strictly lower wins, so ties go to the first found (fewest partitions): deterministic.
      if (obj < best_obj) {
        best_obj = obj;
        best = &a;
      }
    }
    return best;
  };
  const ArrayResult* best = pick(true);
  if (!best) best = pick(false);  // the budgets exclude each other: keep the delay budget only
  return *best;
}

}  // namespace gpucosim::power
