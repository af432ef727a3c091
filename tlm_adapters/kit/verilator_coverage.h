#pragma once
// Reads the structural coverage a model verilated with --coverage wrote
// (kit::ImplOptions::coverage_path): Verilator's coverage.dat has one "C '<key>' <count>" line per
// coverage point. The block testbenches report and require the share of points hit.
#include <cstdint>
#include <fstream>
#include <regex>
#include <string>

namespace gpucosim::kit {

struct CoverageCount {
  uint64_t points = 0, hit = 0;
  double percent() const { return points ? 100.0 * double(hit) / double(points) : 0.0; }
};

inline CoverageCount read_verilator_coverage(const std::string& path) {
  std::ifstream f(path);
  CoverageCount c;
  const std::regex line(R"(^C '.*' (\d+)$)");
  std::string s;
  for (std::smatch m; std::getline(f, s);)
    if (std::regex_match(s, m, line)) {
      c.points += 1;
      c.hit += std::stoull(m[1].str()) > 0 ? 1 : 0;
    }
  return c;
}

}  // namespace gpucosim::kit
