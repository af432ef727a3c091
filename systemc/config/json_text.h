#pragma once
// JSON text written directly, exactly as nlohmann's dump writes it (error handler "replace": text
// that is not UTF-8 gets U+FFFD), for the large documents of a run (stats.json's objects of
// statistics, systemc/gpu/json_object_text.h; effective-config.json's option list), where
// building a document and dumping it cost as much as the rest of writing the run's results.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpucosim::json_text {

// Whether a statistic prints as an integer (a counter) rather than as a double (a ratio): in
// stats.json, its text form and the interval samples alike.
inline bool prints_as_integer(double v) { return std::floor(v) == v && std::fabs(v) < 9.0e15; }

// A counter as an integer, a ratio as a double (what the report's objects hold).
inline nlohmann::ordered_json stat_value(double v) {
  if (prints_as_integer(v)) return int64_t(v);
  return v;
}

// `"s"` as nlohmann writes a string (escapes, invalid UTF-8 replaced).
void append_string(std::string& out, std::string_view s);
// stat_value(v) as nlohmann writes it.
void append_stat(std::string& out, double v);
// A scalar as nlohmann writes it; false (nothing written) for an array or object.
bool append_scalar(std::string& out, const nlohmann::ordered_json& v);

}  // namespace gpucosim::json_text
