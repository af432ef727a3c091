#pragma once
// Whitespace trimming shared by the parsers of tool output (Yosys, OpenSTA, netlists, activity).
#include <string>

namespace gpucosim::synth {

// `s` without leading and trailing blanks, tabs, carriage returns and newlines.
inline std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  const size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

}  // namespace gpucosim::synth
