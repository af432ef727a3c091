#pragma once
// Charts from a collected table (sweep collect's CSV) and from a run's time series
// (`gpucosim run --stats-interval`'s JSON lines).
#include <string>
#include <utility>
#include <vector>

#include "sweep/csv_table.h"
#include "sweep/svg_plot.h"

namespace gpucosim::sweep {

struct TablePlotOptions {
  std::string source;  // the CSV's name, for errors
  std::string x, y;    // columns
  // Columns whose values name a line (or a bar group); empty: "workload" when the table has it.
  std::vector<std::string> by;
  std::vector<std::pair<std::string, std::string>> where;  // only rows with these column values
  std::string baseline;  // normalised bars: the x value to divide by ("" = the first)
  bool log_x = false;
  std::string title;
};

// y against x, one line per value of the `by` columns. Rows whose status/end column says the run
// did not finish and rows with an empty y are left out. Throws InputError(source, 0, ...) for an
// unknown column, a non-numeric y, or two rows of one line at the same x (choose with where/by).
LineChart line_chart_from_table(const Table& t, const TablePlotOptions& o);

// One bar per x value in each group (a value of the `by` columns), each divided by the group's
// value at the baseline x, and a "geomean" group (geometric mean over the groups).
BarChart normalised_bars_from_table(const Table& t, const TablePlotOptions& o);

// Panels of a time series (one JSON object per line with "cycle" and per-interval figures).
// metrics empty: IPC, DRAM bandwidth, active warps, the scheduler-slot breakdown per cycle
// (issued and each stall reason, stacked) and cache misses; else one panel per named field. Throws InputError(source, line, ...) on a bad line or
// an unknown field.
TimeSeriesChart time_series_from_jsonl(const std::string& text, const std::string& source,
                                       const std::vector<std::string>& metrics);

}  // namespace gpucosim::sweep
