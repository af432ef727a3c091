#pragma once
// Reads back what a plot shows from its SVG: the axes' labels and every series with its name and
// number of points (svg_plot.h marks them with class and data- attributes), by plain text search.
#include <string>
#include <vector>

namespace gpucosim::sweep::testutil {

struct SvgSeries {
  std::string name;
  int points = 0;
};

inline std::vector<std::string> svg_attribute_values(const std::string& svg, const std::string& element_start,
                                                     const std::string& attribute) {
  std::vector<std::string> out;
  for (size_t at = svg.find(element_start); at != std::string::npos; at = svg.find(element_start, at + 1)) {
    const size_t end = svg.find('>', at);
    const size_t a = svg.find(attribute + "=\"", at);
    if (a == std::string::npos || a > end) continue;
    const size_t v = a + attribute.size() + 2;
    out.push_back(svg.substr(v, svg.find('"', v) - v));
  }
  return out;
}

inline std::vector<SvgSeries> svg_series(const std::string& svg) {
  std::vector<SvgSeries> out;
  const auto names = svg_attribute_values(svg, "<g class=\"series\"", "data-name");
  const auto points = svg_attribute_values(svg, "<g class=\"series\"", "data-points");
  for (size_t i = 0; i < names.size() && i < points.size(); ++i) out.push_back({names[i], std::stoi(points[i])});
  return out;
}

inline std::string svg_axis_label(const std::string& svg, const std::string& which) {
  const auto v = svg_attribute_values(svg, "<g class=\"axis " + which + "\"", "data-label");
  return v.empty() ? "" : v.front();
}

inline size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace gpucosim::sweep::testutil
