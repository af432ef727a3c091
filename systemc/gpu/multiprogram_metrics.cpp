#include "systemc/gpu/multiprogram_metrics.h"

#include <algorithm>

namespace gpucosim {

void compute_multiprogram_metrics(RunReport& report, const StatsMap& solo) {
  report.metrics = MultiprogramMetrics{};
  bool all = !report.applications.empty();
  double sum_ntt = 0, stp = 0, np_min = 0, np_max = 0;
  for (AppReport& a : report.applications) {
    a.has_metrics = false;
    double sum = 0;
    uint32_t n = 0;
    for (const AppRunRecord& r : a.runs)
      if (r.finished) sum += double(r.end_cycle - r.arrival_cycle), n += 1;
    auto it = solo.find(a.label);
    if (n == 0 || it == solo.end() || it->second <= 0 || sum <= 0) {
      all = false;
      continue;
    }
    a.turnaround = sum / n;
    a.solo_turnaround = it->second;
    a.ntt = a.turnaround / a.solo_turnaround;
    a.has_metrics = true;
    const double np = a.solo_turnaround / a.turnaround;
    sum_ntt += a.ntt;
    stp += np;
    np_min = (&a == &report.applications.front()) ? np : std::min(np_min, np);
    np_max = (&a == &report.applications.front()) ? np : std::max(np_max, np);
  }
  if (!all) return;
  report.metrics.valid = true;
  report.metrics.antt = sum_ntt / double(report.applications.size());
  report.metrics.stp = stp;
  report.metrics.fairness = np_max > 0 ? np_min / np_max : 0;
}

}  // namespace gpucosim
