#pragma once
// Statistics under GPGPU-Sim names. Components keep cumulative counters and add them to a
// StatsMap on request (collect()); per kernel, work counters are charged to the launch that
// caused them (kernel_ledger.h) and time counters are differences of two snapshots
// (kernel_stats.h).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>

namespace gpucosim {

// Ordered so that text and JSON output are deterministic. Transparent (std::less<>): a counter
// is found by a string_view, so adding to one that exists allocates nothing (a GPU's statistics
// are collected at every kernel's start and end: thousands of counters each time).
using StatsMap = std::map<std::string, double, std::less<>>;

inline void add_stat(StatsMap& m, std::string_view name, double v) {
  auto it = m.find(name);
  if (it != m.end())
    it->second += v;
  else
    m.emplace(std::string(name), v);
}

// add_stat(m, prefix + name, v) without building the name on the heap when it exists.
inline void add_stat(StatsMap& m, std::string_view prefix, std::string_view name, double v) {
  char buf[160];
  if (prefix.size() + name.size() > sizeof buf) {
    add_stat(m, std::string(prefix).append(name), v);
    return;
  }
  std::memcpy(buf, prefix.data(), prefix.size());
  std::memcpy(buf + prefix.size(), name.data(), name.size());
  add_stat(m, std::string_view(buf, prefix.size() + name.size()), v);
}

// after -= before, for every counter in `after` (a counter missing from `before` was 0).
inline void subtract_stats(StatsMap& after, const StatsMap& before) {
  auto b = before.begin();
  for (auto& [k, v] : after) {
    while (b != before.end() && b->first < k) ++b;
    v -= b != before.end() && b->first == k ? b->second : 0.0;
  }
}

// Whether a value is an integer that a double holds exactly: sums of such values are the same
// in any order.
inline bool exact_integer(double v) { return v == std::trunc(v) && std::fabs(v) < 9007199254740992.0; }

// to += from, counter by counter, when the result cannot depend on the order in which the
// counters were added up: every counter both hold is an exact integer in both. Otherwise false,
// with `to` unchanged. (Statistics collected in parts on several host threads are summed so.)
inline bool add_stats_exactly(StatsMap& to, const StatsMap& from) {
  auto t = to.begin();
  for (const auto& [name, v] : from) {
    while (t != to.end() && t->first < name) ++t;
    if (t != to.end() && t->first == name && !(exact_integer(v) && exact_integer(t->second))) return false;
  }
  auto hint = to.begin();
  for (const auto& [name, v] : from) {
    while (hint != to.end() && hint->first < name) ++hint;
    if (hint != to.end() && hint->first == name)
      hint->second += v;
    else
      hint = to.emplace_hint(hint, name, v);
  }
  return true;
}

}  // namespace gpucosim
