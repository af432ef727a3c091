#pragma once
// A table of strings with named columns, written and read as CSV (RFC 4180 quoting: fields with
// a comma, quote or line break are quoted, quotes doubled).
#include <string>
#include <vector>

namespace gpucosim::sweep {

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  // each as long as columns

  // Index of a column; npos when absent.
  size_t find(const std::string& column) const;
};

std::string to_csv(const Table& t);
// Throws InputError(source, line, ...) on an unterminated quote or a row with the wrong number of
// fields; the first line is the header.
Table parse_csv(const std::string& text, const std::string& source);
Table read_csv_file(const std::string& path);

}  // namespace gpucosim::sweep
