// Chart contents of the report (see report_charts.h).
#include "synth/report/report_charts.h"

#include <algorithm>

namespace gpucosim::synth {

StackedBarChart area_chart(const ReportInputs& in) {
  double max_um2 = 0;
  for (const auto& b : in.blocks) max_um2 = std::max(max_um2, b.total_area_um2);
  // mm^2 once a block passes 0.1 mm^2, so the axis labels stay short.
  const bool mm2 = max_um2 >= 1e5;
  const double k = mm2 ? 1e-6 : 1.0;
  StackedBarChart c;
  c.title = "Area by block: logic vs SRAM macros";
  c.unit = mm2 ? "mm^2" : "um^2";
  c.series = {"logic (standard cells)", "SRAM macros (SRAM model)"};
  for (const auto& b : in.blocks)
    c.rows.push_back({b.block + " (" + std::to_string(int(b.node_nm)) + " nm)", {b.logic_area_um2 * k, b.sram_area_um2 * k}});
  return c;
}

StackedBarChart power_chart(const ReportInputs& in) {
  StackedBarChart c;
  c.title = "Power by block at its target clock";
  c.unit = "mW";
  c.series = {"logic internal", "logic switching", "logic leakage", "SRAM dynamic", "SRAM leakage"};
  for (const auto& b : in.blocks) {
    const double f = b.clock_ns > 0 ? 1000.0 / b.clock_ns : 0;
    c.rows.push_back({b.block + " @" + std::to_string(int(f + 0.5)) + " MHz",
                      {b.logic_internal_mw, b.logic_switching_mw, b.logic_leakage_mw, b.sram_dynamic_mw, b.sram_leakage_mw}});
  }
  return c;
}

StackedBarChart energy_chart(const ReportInputs& in) {
  StackedBarChart c;
  c.title = "GPU energy by component";
  double max_nj = 0;
  for (const auto& [label, r] : in.energy) {
    (void)label;
    max_nj = std::max(max_nj, r.total_nj());
    for (const auto& comp : r.components)
      if (std::find(c.series.begin(), c.series.end(), comp.name) == c.series.end()) c.series.push_back(comp.name);
  }
  const double k = max_nj >= 1e6 ? 1e-6 : max_nj >= 1e3 ? 1e-3 : 1.0;
  c.unit = max_nj >= 1e6 ? "mJ" : max_nj >= 1e3 ? "uJ" : "nJ";
  for (const auto& [label, r] : in.energy) {
    ChartRow row{label, std::vector<double>(c.series.size(), 0.0)};
    for (const auto& comp : r.components) {
      const size_t s = size_t(std::find(c.series.begin(), c.series.end(), comp.name) - c.series.begin());
      row.values[s] += comp.total_nj() * k;
    }
    c.rows.push_back(row);
  }
  return c;
}

}  // namespace gpucosim::synth
