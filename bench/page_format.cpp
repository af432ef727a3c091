#include "bench/page_format.h"

#include <cmath>
#include <cstdio>

namespace gpucosim::bench {

std::string fmt(const char* format, double v) {
  char b[64];
  std::snprintf(b, sizeof b, format, v);
  return b;
}

std::string num(double v) {
  const std::string s = fmt("%.0f", std::fabs(v));
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return (v < 0 ? "-" : "") + out;
}

double geomean(const std::vector<double>& v) {
  if (v.empty()) return 0;
  double s = 0;
  for (double x : v) s += std::log(x);
  return std::exp(s / double(v.size()));
}

}  // namespace gpucosim::bench
