#pragma once
// From results to one table: a row per sweep point (its input, config, coordinates, status and
// statistics), or a row per run found in a folder of ordinary `gpucosim run` outputs.
#include <string>
#include <vector>

#include "sweep/csv_table.h"
#include "sweep/sweep_points.h"

namespace gpucosim::sweep {

// The statistic columns of a sweep: its `stats`, else the defaults (energy_uj when it measures
// energy).
std::vector<std::string> sweep_stat_columns(const SweepSpec& spec);

// Columns: workload, config, one per varying option, status, the statistics, point (the folder
// under <out>/points). Every point has a row, in sweep order; statistics are empty for points
// that are not ok. Throws InputError(spec file, line) for a `stats` entry no finished point has.
Table collect_sweep(const SweepSpec& spec, const std::vector<SweepPoint>& points, const std::string& out_dir);

// Every statistics JSON under dir (stats.json, or any file written by --stats-json), sorted by
// path. Columns: run (the path relative to dir), end, every option whose value differs between
// the runs (read from effective-config.json beside each), then the statistics (empty
// stat_columns: the defaults, energy_uj when a run measured energy). Throws InputError when dir
// holds none.
Table collect_runs(const std::string& dir, const std::vector<std::string>& stat_columns);

// The identity columns of a collected table (everything before "status"/"end"), for grouping.
std::vector<std::string> identity_columns(const Table& t);

}  // namespace gpucosim::sweep
