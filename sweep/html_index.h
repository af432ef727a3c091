#pragma once
// The HTML index of a collected sweep: a summary, the results table (each point linked to its
// folder) and plots of every statistic against the first varying option, one line per workload,
// plus bars of the first statistic normalised to the first value of that option with a geomean.
// The plots are SVG files under <out>/plots; time series of points that recorded one are drawn too.
#include <string>

#include "sweep/csv_table.h"
#include "sweep/sweep_points.h"

namespace gpucosim::sweep {

// Writes <out>/index.html and <out>/plots/*.svg; returns the index's path.
std::string write_sweep_index(const SweepSpec& spec, const std::vector<SweepPoint>& points, const Table& table,
                              const std::string& out_dir, const std::string& csv_name);

}  // namespace gpucosim::sweep
