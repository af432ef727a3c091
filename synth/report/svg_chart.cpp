// SVG stacked bar charts (see svg_chart.h).
#include "synth/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gpucosim::synth {

namespace {

// Colour-blind-safe palette (Okabe & Ito 2008), cycled when there are more series.
const char* const kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"};

constexpr int kWidth = 760, kLabelW = 170, kBarW = 470, kRowH = 26, kBarH = 18, kTop = 56, kLegendRowH = 18;

std::string fmt(double v) {
  char buf[32];
  if (v == 0) return "0";
  const double a = std::fabs(v);
  if (a >= 1000 && a < 1e7) std::snprintf(buf, sizeof buf, "%.0f", v);  // 40000, not 4e+04
  else if (a >= 1e7 || a < 0.01) std::snprintf(buf, sizeof buf, "%.3g", v);
  else std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default: o += c;
    }
  }
  return o;
}

double nice_ceiling(double v) {
  if (!(v > 0) || !std::isfinite(v)) return 1;
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (v <= m * p * (1 + 1e-12)) return m * p;
  return 10 * p;
}

std::string render_svg(const StackedBarChart& c) {
  double max_total = 0;
  for (const auto& r : c.rows) {
    double t = 0;
    for (double v : r.values) t += std::max(0.0, v);
    max_total = std::max(max_total, t);
  }
  const double axis_max = nice_ceiling(max_total);
  const int legend_rows = int((c.series.size() + 3) / 4);
  const int bars_top = kTop + legend_rows * kLegendRowH;
  const int height = bars_top + int(c.rows.size()) * kRowH + 40;

  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << kWidth << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  o << "  <title>" << xml_escape(c.title) << "</title>\n";
  o << "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  o << "  <text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">" << xml_escape(c.title) << "</text>\n";
  for (size_t s = 0; s < c.series.size(); ++s) {
    const int x = 10 + int(s % 4) * 185, y = 36 + int(s / 4) * kLegendRowH;
    o << "  <rect x=\"" << x << "\" y=\"" << y << "\" width=\"12\" height=\"12\" fill=\"" << kPalette[s % 8] << "\"/>\n"
      << "  <text x=\"" << x + 17 << "\" y=\"" << y + 10 << "\">" << xml_escape(c.series[s]) << "</text>\n";
  }
  // Grid and ticks.
  for (int t = 0; t <= 5; ++t) {
    const double x = kLabelW + kBarW * t / 5.0;
    const int bottom = bars_top + int(c.rows.size()) * kRowH;
    o << "  <line x1=\"" << x << "\" y1=\"" << bars_top - 4 << "\" x2=\"" << x << "\" y2=\"" << bottom
      << "\" stroke=\"#dddddd\"/>\n"
      << "  <text x=\"" << x << "\" y=\"" << bottom + 16 << "\" text-anchor=\"middle\">" << fmt(axis_max * t / 5.0)
      << "</text>\n";
  }
  o << "  <text x=\"" << kLabelW + kBarW / 2 << "\" y=\"" << height - 6 << "\" text-anchor=\"middle\">"
    << xml_escape(c.unit) << "</text>\n";
  for (size_t r = 0; r < c.rows.size(); ++r) {
    const ChartRow& row = c.rows[r];
    const int y = bars_top + int(r) * kRowH;
    o << "  <text x=\"" << kLabelW - 6 << "\" y=\"" << y + kBarH - 4 << "\" text-anchor=\"end\">" << xml_escape(row.label)
      << "</text>\n";
    double x = kLabelW, total = 0;
    for (size_t s = 0; s < row.values.size() && s < c.series.size(); ++s) {
      const double v = std::max(0.0, row.values[s]);
      total += v;
      const double w = kBarW * v / axis_max;
      if (w <= 0) continue;
      o << "  <rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << kBarH << "\" fill=\""
        << kPalette[s % 8] << "\"><title>" << xml_escape(row.label + ": " + c.series[s] + " " + fmt(v) + " " + c.unit)
        << "</title></rect>\n";
      x += w;
    }
    o << "  <text x=\"" << x + 4 << "\" y=\"" << y + kBarH - 4 << "\">" << fmt(total) << "</text>\n";
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace gpucosim::synth
