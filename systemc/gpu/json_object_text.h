#pragma once
// The text of one JSON object of statistics, exactly as nlohmann's dump(2) (error handler
// "replace") writes it, without building the object: stats.json holds thousands of counters per
// kernel and in its totals, and an ordered_json of them (a string key and a value node each, then
// dumped) cost about as many host instructions as collecting the counters (fixture_x10 on
// SM7_QV100: 20 M for write_json). Values are written as the report has them (stat_value: an
// integral counter as an integer, a ratio as a double in nlohmann's own format).
//
// Layout: at nesting depth `depth` each entry is indented 2 * (depth + 1) spaces and the closing
// brace 2 * depth; the opening brace is written where the caller is. The entries are `head` (in
// order), then the statistics (in name order), then `tail`. Names must be distinct: a name that
// is in two of them (which ordered_json would keep at its first place with its last value) makes
// append_object_text() return false with `out` unchanged, and the caller builds the object.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/config/json_text.h"

namespace gpucosim {

// A fixed entry of an object (a kernel's launch id, a total's preemption count ...): scalars only.
using JsonEntries = std::vector<std::pair<std::string, nlohmann::ordered_json>>;

// Appends the object's text to `out` (see above); `Stats` iterates as (name, value) in name order
// and has find(name) (StatsMap, StatsRow).
template <class Stats>
bool append_object_text(std::string& out, int depth, const JsonEntries& head, const Stats& stats,
                        const JsonEntries& tail) {
  // Distinct names and scalar values, or the caller's own object.
  for (const JsonEntries* fixed : {&head, &tail})
    for (const auto& [key, value] : *fixed) {
      if (value.is_structured() || stats.find(key) != stats.end()) return false;
      for (const JsonEntries* other : {&head, &tail})
        for (const auto& [k2, v2] : *other)
          if (&k2 != &key && k2 == key) return false;
    }
  if (head.empty() && tail.empty() && stats.begin() == stats.end()) {
    out += "{}";
    return true;
  }
  const std::string indent(size_t(2 * (depth + 1)), ' ');
  bool first = true;
  auto open_entry = [&](std::string_view key) {
    out += first ? "{\n" : ",\n";
    first = false;
    out += indent;
    json_text::append_string(out, key);
    out += ": ";
  };
  for (const auto& [key, value] : head) {
    open_entry(key);
    json_text::append_scalar(out, value);
  }
  for (const auto& [key, value] : stats) {
    open_entry(key);
    json_text::append_stat(out, value);
  }
  for (const auto& [key, value] : tail) {
    open_entry(key);
    json_text::append_scalar(out, value);
  }
  out += '\n';
  out.append(size_t(2 * depth), ' ');
  out += '}';
  return true;
}

}  // namespace gpucosim
