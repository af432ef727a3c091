// SVG line, bar and time-series charts (see svg_plot.h). Shared pieces: a value axis with round
// ticks, the colour palette and XML escaping of the report charts (synth/report/svg_chart.h).
#include "sweep/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "synth/report/svg_chart.h"

namespace gpucosim::sweep {

namespace {

using synth::xml_escape;

// Colour-blind-safe palette (Okabe & Ito 2008), cycled when there are more series; the same one
// the area/power report uses.
const char* const kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"};
const char* colour(size_t i) { return kPalette[i % (sizeof kPalette / sizeof kPalette[0])]; }

// Tick labels and values. Long double: an axis widened to round ticks can end beyond the largest
// double when the data come near it (a tick label must still read as a number, not "inf").
std::string fmt(long double v) {
  char buf[48];
  if (v == 0) return "0";
  const long double a = std::fabs(v);
  if (a >= 1000 && a < 1e7)
    std::snprintf(buf, sizeof buf, "%.0Lf", v);
  else if (a >= 1e7 || a < 0.01)
    std::snprintf(buf, sizeof buf, "%.3Lg", v);
  else
    std::snprintf(buf, sizeof buf, "%.4Lg", v);
  return buf;
}

std::string num(double v) {  // coordinates
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// A value range [lo, hi] widened to round ticks, starting at 0 unless the data are negative.
// Computed in long double so that data near the largest double (a corrupt or extreme table) neither
// overflow the span nor leave the tick loop stepping by nothing: at most kMaxTicks ticks, always.
struct ValueAxis {
  static constexpr long double kMaxTicks = 1000;
  long double lo = 0, hi = 1, step = 0.2L;
  ValueAxis(double min_v, double max_v) {
    if (!std::isfinite(min_v) || !std::isfinite(max_v)) min_v = max_v = 0;
    lo = std::min<long double>(0.0L, min_v);
    const long double top = std::max<long double>(max_v, 0.0L);
    const long double span = top - lo;
    step = synth::nice_ceiling(double(span > 0 ? span / 5 : 1));
    if (!(step > 0) || !std::isfinite(double(step))) step = span > 0 ? span / 5 : 1;
    lo = std::floor(lo / step) * step;
    hi = lo + step * std::max(1.0L, std::ceil((top - lo) / step - 1e-9L));
  }
  // Where v lies between lo (0) and hi (1).
  double frac(long double v) const { return double((v - lo) / (hi - lo)); }
  std::vector<long double> ticks() const {
    const long double n = std::round((hi - lo) / step);
    if (!(n >= 0 && n <= kMaxTicks)) return {lo, hi};
    std::vector<long double> t;
    for (long double i = 0; i <= n; i += 1) {
      const long double v = lo + i * step;
      t.push_back(std::fabs(v) < step * 1e-9L ? 0 : v);
    }
    return t;
  }
};

void header(std::ostringstream& o, int w, int h, const char* kind, const std::string& title) {
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h << "\" viewBox=\"0 0 " << w
    << " " << h << "\" font-family=\"sans-serif\" font-size=\"12\" class=\"gpucosim-plot\" data-kind=\"" << kind
    << "\">\n";
  o << "<rect width=\"" << w << "\" height=\"" << h << "\" fill=\"white\"/>\n";
  if (!title.empty())
    o << "<text class=\"title\" x=\"" << w / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">"
      << xml_escape(title) << "</text>\n";
}

// Horizontal grid lines, tick labels and the rotated label of a value axis.
void y_axis(std::ostringstream& o, const ValueAxis& a, double left, double right, double top, double bottom,
            const std::string& label) {
  o << "<g class=\"axis y\" data-label=\"" << xml_escape(label) << "\">\n";
  for (long double t : a.ticks()) {
    const double y = bottom - a.frac(t) * (bottom - top);
    o << "<line x1=\"" << num(left) << "\" y1=\"" << num(y) << "\" x2=\"" << num(right) << "\" y2=\"" << num(y)
      << "\" stroke=\"#ddd\"/>";
    o << "<text x=\"" << num(left - 6) << "\" y=\"" << num(y + 4) << "\" text-anchor=\"end\">" << fmt(t)
      << "</text>\n";
  }
  o << "<line x1=\"" << num(left) << "\" y1=\"" << num(top) << "\" x2=\"" << num(left) << "\" y2=\"" << num(bottom)
    << "\" stroke=\"#333\"/>\n";
  const double mid = (top + bottom) / 2;
  o << "<text class=\"axis-label\" x=\"" << num(left - 58) << "\" y=\"" << num(mid) << "\" text-anchor=\"middle\" "
    << "transform=\"rotate(-90 " << num(left - 58) << " " << num(mid) << ")\">" << xml_escape(label) << "</text>\n";
  o << "</g>\n";
}

void legend(std::ostringstream& o, const std::vector<std::string>& names, double x, double y, bool boxes) {
  o << "<g class=\"legend\">\n";
  for (size_t i = 0; i < names.size(); ++i) {
    const double yy = y + 18.0 * double(i);
    if (boxes)
      o << "<rect x=\"" << num(x) << "\" y=\"" << num(yy - 9) << "\" width=\"12\" height=\"12\" fill=\"" << colour(i)
        << "\"/>";
    else
      o << "<line x1=\"" << num(x) << "\" y1=\"" << num(yy - 3) << "\" x2=\"" << num(x + 14) << "\" y2=\""
        << num(yy - 3) << "\" stroke=\"" << colour(i) << "\" stroke-width=\"2\"/>";
    o << "<text x=\"" << num(x + 18) << "\" y=\"" << num(yy + 1) << "\">" << xml_escape(names[i]) << "</text>\n";
  }
  o << "</g>\n";
}

std::pair<double, double> y_range(const std::vector<Series>& s) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Series& e : s)
    for (double v : e.y)
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  if (lo > hi) lo = hi = 0;
  return {lo, hi};
}

}  // namespace

std::string render_line_chart(const LineChart& c) {
  constexpr int kW = 760, kH = 440;
  constexpr double left = 90, right = 540, top = 50, bottom = 370;
  std::ostringstream o;
  header(o, kW, kH, "line", c.title);

  // x positions: categories evenly spaced; numbers linear or logarithmic.
  std::vector<double> xs;
  for (const Series& s : c.series) xs.insert(xs.end(), s.x.begin(), s.x.end());
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  const bool cat = !c.x_categories.empty();
  const bool logx = c.log_x && !cat && !xs.empty() && xs.front() > 0;
  // Long double: the span of x values near the largest double would overflow a double.
  auto tx = [&](long double v) { return logx ? std::log10(v) : v; };
  long double x0 = cat ? -0.5L : xs.empty() ? 0 : tx(xs.front());
  long double x1 = cat ? (long double)(c.x_categories.size()) - 0.5L : xs.empty() ? 1 : tx(xs.back());
  if (x1 <= x0) {
    x0 -= 1;
    x1 += 1;
  }
  const long double pad = cat ? 0 : (x1 - x0) * 0.04L;
  auto px = [&](long double v) { return left + double((tx(v) - (x0 - pad)) / ((x1 + pad) - (x0 - pad))) * (right - left); };

  const auto [lo, hi] = y_range(c.series);
  const ValueAxis ya(lo, hi);
  auto py = [&](long double v) { return bottom - ya.frac(v) * (bottom - top); };
  y_axis(o, ya, left, right, top, bottom, c.y_label);

  // x ticks: at every value when there are few (sweep axes), else at round numbers.
  std::vector<long double> xticks;
  if (cat) {
    for (size_t i = 0; i < c.x_categories.size(); ++i) xticks.push_back(i);
  } else if (xs.size() <= 12 || logx) {
    xticks.assign(xs.begin(), xs.end());
  } else {
    const ValueAxis xa(xs.front(), xs.back());
    for (long double t : xa.ticks())
      if (t >= xs.front() - 1e-9 && t <= xs.back() + 1e-9) xticks.push_back(t);
  }
  o << "<g class=\"axis x\" data-label=\"" << xml_escape(c.x_label) << "\">\n";
  o << "<line x1=\"" << num(left) << "\" y1=\"" << num(bottom) << "\" x2=\"" << num(right) << "\" y2=\"" << num(bottom)
    << "\" stroke=\"#333\"/>\n";
  for (long double t : xticks) {
    const double x = px(t);
    const std::string label = cat ? c.x_categories[size_t(t)] : fmt(t);
    o << "<line x1=\"" << num(x) << "\" y1=\"" << num(bottom) << "\" x2=\"" << num(x) << "\" y2=\"" << num(bottom + 5)
      << "\" stroke=\"#333\"/><text class=\"tick\" x=\"" << num(x) << "\" y=\"" << num(bottom + 19)
      << "\" text-anchor=\"middle\">" << xml_escape(label) << "</text>\n";
  }
  o << "<text class=\"axis-label\" x=\"" << num((left + right) / 2) << "\" y=\"" << num(bottom + 44)
    << "\" text-anchor=\"middle\">" << xml_escape(c.x_label) << (logx ? " (log scale)" : "") << "</text>\n</g>\n";

  std::vector<std::string> names;
  for (size_t i = 0; i < c.series.size(); ++i) {
    const Series& s = c.series[i];
    names.push_back(s.name);
    size_t n = 0;
    std::string pts;
    for (size_t k = 0; k < s.x.size() && k < s.y.size(); ++k)
      if (std::isfinite(s.y[k])) {
        pts += (n++ ? " " : "") + num(px(s.x[k])) + "," + num(py(s.y[k]));
      }
    o << "<g class=\"series\" data-name=\"" << xml_escape(s.name) << "\" data-points=\"" << n << "\">\n";
    o << "<polyline fill=\"none\" stroke=\"" << colour(i) << "\" stroke-width=\"2\" points=\"" << pts << "\"/>\n";
    for (size_t k = 0; k < s.x.size() && k < s.y.size(); ++k)
      if (std::isfinite(s.y[k]))
        o << "<circle class=\"point\" cx=\"" << num(px(s.x[k])) << "\" cy=\"" << num(py(s.y[k])) << "\" r=\"3.5\" fill=\""
          << colour(i) << "\"><title>" << xml_escape(s.name) << ": " << xml_escape(cat ? c.x_categories[size_t(s.x[k])] : fmt(s.x[k]))
          << " -> " << fmt(s.y[k]) << "</title></circle>\n";
    o << "</g>\n";
  }
  legend(o, names, right + 24, top + 8, false);
  o << "</svg>\n";
  return o.str();
}

std::string render_bar_chart(const BarChart& c) {
  constexpr int kH = 440;
  constexpr double left = 90, top = 50, bottom = 350, group_gap = 18;
  const size_t n_series = std::max<size_t>(1, c.series.size());
  const double bar_w = std::max(6.0, std::min(28.0, 420.0 / double(std::max<size_t>(1, c.groups.size()) * n_series)));
  const double group_w = bar_w * double(n_series) + group_gap;
  const double right = left + std::max(300.0, group_w * double(c.groups.size()));
  const int width = int(right + 230);
  std::ostringstream o;
  header(o, width, kH, "bars", c.title);

  double lo = 0, hi = c.reference;
  for (const auto& g : c.groups)
    for (double v : g.values)
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  const ValueAxis ya(lo, hi);
  auto py = [&](long double v) { return bottom - ya.frac(v) * (bottom - top); };
  y_axis(o, ya, left, right, top, bottom, c.y_label);

  o << "<g class=\"axis x\" data-label=\"groups\">\n<line x1=\"" << num(left) << "\" y1=\"" << num(bottom) << "\" x2=\""
    << num(right) << "\" y2=\"" << num(bottom) << "\" stroke=\"#333\"/>\n";
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const double cx = left + group_gap / 2 + group_w * double(g) + bar_w * double(n_series) / 2;
    o << "<text class=\"tick\" x=\"" << num(cx) << "\" y=\"" << num(bottom + 14) << "\" text-anchor=\"end\" transform=\"rotate(-35 "
      << num(cx) << " " << num(bottom + 14) << ")\">" << xml_escape(c.groups[g].label) << "</text>\n";
  }
  o << "</g>\n";
  for (size_t s = 0; s < c.series.size(); ++s) {
    size_t n = 0;
    std::ostringstream bars;
    for (size_t g = 0; g < c.groups.size(); ++g) {
      const double v = s < c.groups[g].values.size() ? c.groups[g].values[s] : std::nan("");
      if (!std::isfinite(v)) continue;
      ++n;
      const double x = left + group_gap / 2 + group_w * double(g) + bar_w * double(s);
      const double y0 = py(std::max(0.0L, ya.lo)), y1 = py(v);
      bars << "<rect class=\"bar\" x=\"" << num(x) << "\" y=\"" << num(std::min(y0, y1)) << "\" width=\"" << num(bar_w - 1)
           << "\" height=\"" << num(std::fabs(y1 - y0)) << "\" fill=\"" << colour(s) << "\"><title>"
           << xml_escape(c.groups[g].label + " / " + c.series[s]) << ": " << fmt(v) << "</title></rect>\n";
    }
    o << "<g class=\"series\" data-name=\"" << xml_escape(c.series[s]) << "\" data-points=\"" << n << "\">\n"
      << bars.str() << "</g>\n";
  }
  if (c.reference > 0)
    o << "<line class=\"reference\" x1=\"" << num(left) << "\" y1=\"" << num(py(c.reference)) << "\" x2=\"" << num(right)
      << "\" y2=\"" << num(py(c.reference)) << "\" stroke=\"#333\" stroke-dasharray=\"4 3\"/>\n";
  legend(o, c.series, right + 24, top + 8, true);
  o << "</svg>\n";
  return o.str();
}

std::string render_time_series(const TimeSeriesChart& c) {
  constexpr int kW = 900;
  constexpr double left = 90, right = 660, top0 = 44, panel_h = 150, gap = 26;
  const int height = int(top0 + (panel_h + gap) * double(c.panels.size()) + 40);
  std::ostringstream o;
  header(o, kW, height, "timeseries", c.title);
  double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin;
  for (const Panel& p : c.panels)
    for (const Series& s : p.series)
      for (double x : s.x) {
        xmin = std::min(xmin, x);
        xmax = std::max(xmax, x);
      }
  if (!(xmin <= xmax)) xmin = 0, xmax = 1;
  if (xmax == xmin) xmax = xmin + 1;
  const ValueAxis xa(xmin, xmax);
  auto px = [&](long double v) { return left + xa.frac(v) * (right - left); };

  for (size_t pi = 0; pi < c.panels.size(); ++pi) {
    const Panel& p = c.panels[pi];
    const double top = top0 + (panel_h + gap) * double(pi), bottom = top + panel_h;
    // Stacked: each series drawn on top of the sum of the ones before it.
    std::vector<Series> drawn = p.series;
    if (p.stacked)
      for (size_t s = 1; s < drawn.size(); ++s)
        for (size_t k = 0; k < drawn[s].y.size() && k < drawn[s - 1].y.size(); ++k) drawn[s].y[k] += drawn[s - 1].y[k];
    const auto [lo, hi] = y_range(drawn);
    const ValueAxis ya(lo, hi);
    auto py = [&](long double v) { return bottom - ya.frac(v) * (bottom - top); };
    o << "<g class=\"panel\" data-label=\"" << xml_escape(p.y_label) << "\">\n";
    y_axis(o, ya, left, right, top, bottom, p.y_label);
    o << "<line x1=\"" << num(left) << "\" y1=\"" << num(bottom) << "\" x2=\"" << num(right) << "\" y2=\"" << num(bottom)
      << "\" stroke=\"#333\"/>\n";
    std::vector<std::string> names;
    for (size_t s = 0; s < drawn.size(); ++s) {
      const Series& e = drawn[s];
      names.push_back(e.name);
      std::string pts;
      size_t n = 0;
      for (size_t k = 0; k < e.x.size() && k < e.y.size(); ++k)
        if (std::isfinite(e.y[k])) pts += (n++ ? " " : "") + num(px(e.x[k])) + "," + num(py(e.y[k]));
      o << "<g class=\"series\" data-name=\"" << xml_escape(e.name) << "\" data-points=\"" << n << "\">\n";
      if (p.stacked) {
        // The band between this series' top and the previous one's (or the axis).
        std::string base;
        for (size_t k = e.x.size(); k-- > 0;) {
          const long double b = s == 0 || k >= drawn[s - 1].y.size() ? ya.lo : (long double)drawn[s - 1].y[k];
          base += " " + num(px(e.x[k])) + "," + num(py(std::max(b, ya.lo)));
        }
        o << "<polygon fill=\"" << colour(s) << "\" fill-opacity=\"0.8\" stroke=\"none\" points=\"" << pts << base << "\"/>\n";
      } else {
        o << "<polyline fill=\"none\" stroke=\"" << colour(s) << "\" stroke-width=\"1.5\" points=\"" << pts << "\"/>\n";
      }
      o << "</g>\n";
    }
    legend(o, names, right + 24, top + 12, p.stacked);
    o << "</g>\n";
  }
  const double bottom = top0 + (panel_h + gap) * double(c.panels.size()) - gap;
  o << "<g class=\"axis x\" data-label=\"" << xml_escape(c.x_label) << "\">\n";
  for (long double t : xa.ticks()) {
    const double x = px(t);
    o << "<line x1=\"" << num(x) << "\" y1=\"" << num(bottom) << "\" x2=\"" << num(x) << "\" y2=\"" << num(bottom + 5)
      << "\" stroke=\"#333\"/><text class=\"tick\" x=\"" << num(x) << "\" y=\"" << num(bottom + 18)
      << "\" text-anchor=\"middle\">" << fmt(t) << "</text>\n";
  }
  o << "<text class=\"axis-label\" x=\"" << num((left + right) / 2) << "\" y=\"" << num(bottom + 34)
    << "\" text-anchor=\"middle\">" << xml_escape(c.x_label) << "</text>\n</g>\n";
  o << "</svg>\n";
  return o.str();
}

}  // namespace gpucosim::sweep
