#include "power/organisation_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gpucosim::power {

namespace {

std::vector<ArrayResult> candidates(const Technology& t, const RepeatedWire& wire, const ArraySpec& spec,
                                    int min_split) {
  std::vector<ArrayResult> all;
  for (int ndwl = min_split; ndwl <= 64; ndwl *= 2)
    for (int ndbl = min_split; ndbl <= 64; ndbl *= 2)
      for (int nspd = 1; nspd <= 64; nspd *= 2)
        if (auto a = evaluate_array(t, wire, spec, Organisation{ndwl, ndbl, nspd})) all.push_back(*a);
  return all;
}

}  // namespace

std::optional<ArrayResult> search_organisation(const Technology& t, const RepeatedWire& wire, const ArraySpec& spec) {
  std::vector<ArrayResult> all = candidates(t, wire, spec, 2);
  if (all.empty()) all = candidates(t, wire, spec, 1);
  if (all.empty()) return std::nullopt;

  constexpr double kInf = std::numeric_limits<double>::max();
  double min_area = kInf;
  for (const auto& a : all) min_area = std::min(min_area, a.area());
  auto area_ok = [&](const ArrayResult& a) { return a.area() <= (1 + t.cal.search_area_slack) * min_area; };
  double min_delay = kInf;
  for (const auto& a : all)
    if (area_ok(a)) min_delay = std::min(min_delay, a.access_time);
  const ArrayResult* best = nullptr;
  double best_obj = kInf;
  for (const auto& a : all) {
    if (!area_ok(a) || a.access_time > (1 + t.cal.search_delay_slack) * min_delay) continue;
    const double obj = a.e_read * a.access_time * a.access_time * std::pow(a.area() / min_area, t.cal.search_area_weight);
    // Strictly lower wins, so ties go to the first found (fewest partitions): deterministic.
    if (obj < best_obj) {
      best_obj = obj;
      best = &a;
    }
  }
  return *best;
}

}  // namespace gpucosim::power
