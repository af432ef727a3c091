// Stillmaker & Baas (2017) scaling tables. The numbers are the paper's published coefficients;
// see node_scaling.h for the reference.
#include "power/node_scaling.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gpucosim::power {

namespace {

struct NodeRow {
  double nm;
  double area_vs_180;   // area scaling table, relative to 180 nm
  double vdd;           // nominal supply of the node's model (V)
  double d3, d2, d1, d0;  // delay fit: d3 V^3 + d2 V^2 + d1 V + d0
  double e2, e1, e0;      // energy fit: e2 V^2 + e1 V + e0
};

// 180..65 nm: PTM bulk; 45 and 32 nm: PTM high-performance bulk; 20..7 nm: PTM-MG
// high-performance FinFETs (the paper's "HP" rows).
constexpr std::array<NodeRow, 11> kRows{{
    {180, 1.0, 1.8, 0, 97.09, -356.7, 406.5, 0, 24.64, -17.98},
    {130, 0.34, 1.3, -76.65, 334.9, -493.4, 275.8, 7.171, -6.709, 2.904},
    {90, 0.15, 1.2, -60.34, 262.5, -384.2, 210.9, 4.762, -4.781, 2.092},
    {65, 0.08, 1.1, -53.3, 230.4, -333.9, 178.6, 3.755, -4.398, 1.975},
    {45, 0.053, 1.0, -501.6, 1567, -1619, 566.1, 1.018, -0.3107, 0.1539},
    {32, 0.025, 0.9, -1047, 2982, -2797, 873.5, 0.8367, -0.4341, 0.1701},
    {20, 0.011, 0.9, 0, 34.63, -66.37, 41.15, 0.373, -0.1582, 0.04104},
    {16, 0.01, 0.85, 0, 24.8, -47.52, 28.87, 0.2958, -0.1241, 0.03024},
    {14, 0.0093, 0.8, -40.66, 109.2, -100.6, 35.92, 0.2363, -0.09675, 0.02239},
    {10, 0.0055, 0.75, -34.95, 93.65, -85.99, 30.4, 0.2068, -0.09311, 0.02375},
    {7, 0.0032, 0.7, -28.58, 76.6, -70.26, 24.69, 0.1776, -0.09097, 0.02447},
}};

struct Figures {
  double area, delay, energy;
  bool interpolated;
};

Figures at_row(const NodeRow& r) {
  const double v = r.vdd;
  const double delay = ((r.d3 * v + r.d2) * v + r.d1) * v + r.d0;
  const double energy = (r.e2 * v + r.e1) * v + r.e0;
  return {r.area_vs_180, delay, energy, false};
}

// Absolute figures of a node (arbitrary units; only ratios mean anything). Between two table
// nodes every figure is interpolated linearly in log(figure) over log(node).
Figures figures(double nm) {
  if (!stillmaker_covers(nm))
    throw std::invalid_argument(std::to_string(nm) + " nm is outside the 7..180 nm range of Stillmaker & Baas");
  for (size_t i = 0; i < kRows.size(); ++i) {
    if (std::fabs(kRows[i].nm - nm) < 1e-9) return at_row(kRows[i]);
    if (i + 1 < kRows.size() && nm < kRows[i].nm && nm > kRows[i + 1].nm) {
      const Figures a = at_row(kRows[i]), b = at_row(kRows[i + 1]);
      const double t = std::log(kRows[i].nm / nm) / std::log(kRows[i].nm / kRows[i + 1].nm);
      auto mix = [t](double x, double y) { return std::exp(std::log(x) + t * (std::log(y) - std::log(x))); };
      return {mix(a.area, b.area), mix(a.delay, b.delay), mix(a.energy, b.energy), true};
    }
  }
  throw std::invalid_argument("no scaling entry for " + std::to_string(nm) + " nm");  // unreachable
}

}  // namespace

bool stillmaker_covers(double node_nm) { return node_nm >= kStillmakerMinNm - 1e-9 && node_nm <= kStillmakerMaxNm + 1e-9; }

NodeScaling stillmaker_scaling(double from_nm, double to_nm) {
  const Figures f = figures(from_nm), t = figures(to_nm);
  NodeScaling s;
  s.from_nm = from_nm;
  s.to_nm = to_nm;
  s.area = t.area / f.area;
  s.delay = t.delay / f.delay;
  s.energy = t.energy / f.energy;
  s.interpolated = f.interpolated || t.interpolated;
  return s;
}

const char* stillmaker_citation() {
  return "Stillmaker & Baas, \"Scaling equations for the accurate prediction of CMOS device performance "
         "from 180 nm to 7 nm\", Integration 58 (2017) 74-81";
}

}  // namespace gpucosim::power
