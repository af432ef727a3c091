#pragma once
// Horizontal stacked bar charts as standalone SVG text, drawn by our own code (no plotting
// library): one bar per row (a block, a kernel), one coloured segment per series (logic area,
// SRAM area, ...), a legend and a value axis. Used by `gpucosim report`.
#include <string>
#include <vector>

namespace gpucosim::synth {

struct ChartRow {
  std::string label;
  std::vector<double> values;  // one per series; negative values are drawn as 0
};

struct StackedBarChart {
  std::string title;
  std::string unit;                 // axis unit, e.g. "mm^2"
  std::vector<std::string> series;  // legend names, in stacking order
  std::vector<ChartRow> rows;
};

// The chart as an <svg> element (no XML prologue, so it can be inlined in HTML or saved as .svg).
// Labels are XML-escaped. Row totals are printed at the end of each bar.
std::string render_svg(const StackedBarChart& chart);

// A "nice" axis maximum >= v (1, 2, 2.5, 5 x 10^k), for round tick labels.
double nice_ceiling(double v);

// Escapes &, <, >, " and ' for XML text and attributes.
std::string xml_escape(const std::string& s);

}  // namespace gpucosim::synth
