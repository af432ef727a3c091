#pragma once
// Functional coverage of the WarpPool testbench: named bins counted during a run. The test
// lists the bins it requires and fails on any that stayed empty, so a stimulus change that stops
// reaching a case (a full structure, a policy, a pattern) cannot go unnoticed.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpucosim::tb {

class Coverage {
 public:
  void hit(const std::string& bin) { bins_[bin] += 1; }
  uint64_t count(const std::string& bin) const {
    auto it = bins_.find(bin);
    return it == bins_.end() ? 0 : it->second;
  }
  std::vector<std::string> missing(const std::vector<std::string>& required) const {
    std::vector<std::string> m;
    for (const std::string& b : required)
      if (count(b) == 0) m.push_back(b);
    return m;
  }
  std::string summary() const {
    std::string s;
    for (const auto& [k, v] : bins_) s += "  " + k + " " + std::to_string(v) + "\n";
    return s;
  }

 private:
  std::map<std::string, uint64_t> bins_;
};

}  // namespace gpucosim::tb
