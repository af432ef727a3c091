#pragma once
// Statistics under GPGPU-Sim names. Components keep cumulative counters and add them to a
// StatsMap on request (collect()); per kernel, work counters are charged to the launch that
// caused them (kernel_ledger.h) and time counters are differences of two snapshots
// (kernel_stats.h).
#include <cstdint>
#include <map>
#include <string>

namespace gpucosim {

// Ordered so that text and JSON output are deterministic.
using StatsMap = std::map<std::string, double>;

inline void add_stat(StatsMap& m, const std::string& name, double v) { m[name] += v; }

// after - before, for every counter in `after`.
inline StatsMap stats_diff(const StatsMap& after, const StatsMap& before) {
  StatsMap d;
  for (const auto& [k, v] : after) {
    auto it = before.find(k);
    d[k] = v - (it == before.end() ? 0.0 : it->second);
  }
  return d;
}

}  // namespace gpucosim
