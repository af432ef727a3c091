#pragma once
// Number formatting and arithmetic the generated results pages share (bench/*_results_page.cpp).
#include <string>
#include <vector>

namespace gpucosim::bench {

// printf-style formatting of one number, e.g. fmt("%.3fx", 1.5) = "1.500x".
std::string fmt(const char* format, double v);
// An integer with thousands separated: 12345.6 -> "12,346".
std::string num(double v);
// Geometric mean; 0 for an empty list.
double geomean(const std::vector<double>& v);

}  // namespace gpucosim::bench
