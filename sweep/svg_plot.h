#pragma once
// Plots as standalone SVG text, drawn by our own code: line charts (a statistic against a sweep
// axis, one line per workload), grouped bar charts (normalised to a baseline, with a geomean
// group) and time-series panels (AerialVision-style: IPC, bandwidth, warps, stall breakdown over
// cycles). Elements carry classes and data- attributes (class="series" data-name=... data-points=N,
// class="axis x" data-label=...) so tests and scripts can read a plot back.
#include <string>
#include <vector>

namespace gpucosim::sweep {

struct Series {
  std::string name;
  std::vector<double> x, y;  // same length; x ascending for lines
};

struct LineChart {
  std::string title, x_label, y_label;
  // Non-empty: x values are indices into these names (a non-numeric axis), evenly spaced.
  std::vector<std::string> x_categories;
  bool log_x = false;
  std::vector<Series> series;
};
std::string render_line_chart(const LineChart& c);

struct BarChart {
  std::string title, y_label;
  std::vector<std::string> series;  // one bar per series in each group, legend order
  struct Group {
    std::string label;
    std::vector<double> values;  // one per series; NaN = no bar
  };
  std::vector<Group> groups;
  double reference = 0;  // > 0: a dashed line at this value (1 for normalised bars)
};
std::string render_bar_chart(const BarChart& c);

struct Panel {
  std::string y_label;
  std::vector<Series> series;  // sharing the chart's x (cycles)
  bool stacked = false;        // stacked areas (a breakdown) instead of lines
};
struct TimeSeriesChart {
  std::string title, x_label;
  std::vector<Panel> panels;  // drawn top to bottom
};
std::string render_time_series(const TimeSeriesChart& c);

}  // namespace gpucosim::sweep
