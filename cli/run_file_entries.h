#pragma once
// The neutral form the JSON and TOML run-file readers produce (cli/run_file.h): per application
// its keys with their values' kinds and lines, checked by one validator (run_file.cpp).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gpucosim::cli {

struct RunFileValue {
  enum class Kind { String, Integer, Table, Other };
  Kind kind = Kind::Other;
  uint64_t line = 0;
  std::string text;                                       // String: the string; Integer: the digits
  std::vector<std::pair<std::string, RunFileValue>> table;  // Table: its keys in file order
  std::string what;                                       // Other: what it is ("a boolean", "an array")
};

struct RunFileEntry {
  uint64_t line = 0;
  std::vector<std::pair<std::string, RunFileValue>> keys;  // in file order
};

// Both throw InputError(path, line, ...) on syntax errors, and on a key given twice.
std::vector<RunFileEntry> parse_json_run_file(const std::string& path, const std::string& text);
std::vector<RunFileEntry> parse_toml_run_file(const std::string& path, const std::string& text);

}  // namespace gpucosim::cli
