#include "sweep/csv_table.h"

#include "kernel/input_error.h"
#include "sweep/point_store.h"

namespace gpucosim::sweep {

namespace {

std::string field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

void line(std::string& out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + field(fields[i]);
  out += "\n";
}

}  // namespace

size_t Table::find(const std::string& column) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == column) return i;
  return std::string::npos;
}

std::string to_csv(const Table& t) {
  std::string out;
  line(out, t.columns);
  for (const auto& r : t.rows) line(out, r);
  return out;
}

Table parse_csv(const std::string& text, const std::string& source) {
  std::vector<std::vector<std::string>> records;
  std::vector<uint64_t> record_lines;
  std::vector<std::string> rec;
  std::string cur;
  bool quoted = false, any = false;
  uint64_t line_no = 1, rec_line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cur += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line_no;
        cur += c;
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      rec.push_back(cur);
      cur.clear();
      any = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !cur.empty()) {
        rec.push_back(cur);
        records.push_back(rec);
        record_lines.push_back(rec_line);
      }
      rec.clear();
      cur.clear();
      any = false;
      rec_line = ++line_no;
    } else {
      cur += c;
    }
  }
  if (quoted) throw InputError(source, rec_line, "unterminated quoted field");
  if (any || !cur.empty()) {
    rec.push_back(cur);
    records.push_back(rec);
    record_lines.push_back(rec_line);
  }
  if (records.empty()) throw InputError(source, 1, "empty CSV: expected a header line");
  Table t;
  t.columns = records[0];
  for (size_t c = 0; c < t.columns.size(); ++c)
    for (size_t d = 0; d < c; ++d)
      if (t.columns[c] == t.columns[d])
        throw InputError(source, record_lines[0], "column '" + t.columns[c] + "' appears twice in the header (fields " +
                                                      std::to_string(d + 1) + " and " + std::to_string(c + 1) + ")");
  for (size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != t.columns.size())
      throw InputError(source, record_lines[r],
                       "expected " + std::to_string(t.columns.size()) + " fields like the header, got " +
                           std::to_string(records[r].size()));
    t.rows.push_back(records[r]);
  }
  return t;
}

Table read_csv_file(const std::string& path) { return parse_csv(read_text_file(path), path); }

}  // namespace gpucosim::sweep
