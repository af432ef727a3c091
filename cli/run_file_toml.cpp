// The TOML subset of run files (docs/multitasking.md, "Run files"): comments (#), blank lines,
// `[[application]]` headers, and `key = value` lines where value is a basic string ("...", with
// \" \\ \t \n escapes), an integer (optionally signed, digits and single '_' between them), or an
// inline table { key = value, ... } of those. Anything else (arrays, floats, booleans,
// multi-line strings, dotted keys, other tables) is an error naming its line.
#include <cctype>
#include <cstring>
#include <set>
#include <sstream>

#include "cli/run_file_entries.h"
#include "kernel/input_error.h"

namespace gpucosim::cli {

namespace {

class Line {
 public:
  Line(const std::string& path, uint64_t no, const std::string& text) : path_(path), no_(no), s_(text) {}

  [[noreturn]] void fail(const std::string& what) const { throw InputError(path_, no_, what); }
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  bool at_end() {
    skip_ws();
    return i_ >= s_.size() || s_[i_] == '#';
  }
  bool eat(char c) {
    skip_ws();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  std::string key() {
    skip_ws();
    const size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '-')) ++i_;
    if (b == i_) fail("expected a key (letters, digits, '_' or '-')" + here());
    return s_.substr(b, i_ - b);
  }
  RunFileValue value(bool inline_table_allowed) {
    skip_ws();
    RunFileValue v;
    v.line = no_;
    if (i_ >= s_.size()) fail("expected a value after '='");
    const char c = s_[i_];
    if (c == '"') {
      if (s_.compare(i_, 3, "\"\"\"") == 0) fail("multi-line strings are not part of the run-file TOML subset");
      v.kind = RunFileValue::Kind::String;
      ++i_;
      for (;;) {
        if (i_ >= s_.size()) fail("unterminated string");
        const char d = s_[i_++];
        if (d == '"') break;
        if (d != '\\') {
          v.text += d;
          continue;
        }
        if (i_ >= s_.size()) fail("unterminated string");
        const char e = s_[i_++];
        if (e == '"' || e == '\\') v.text += e;
        else if (e == 'n') v.text += '\n';
        else if (e == 't') v.text += '\t';
        else fail(std::string("unsupported escape \\") + e + " (the subset has \\\" \\\\ \\n \\t)");
      }
    } else if (c == '{') {
      if (!inline_table_allowed) fail("nested inline tables are not part of the run-file TOML subset");
      ++i_;
      v.kind = RunFileValue::Kind::Table;
      std::set<std::string> seen;
      if (!eat('}')) {
        for (;;) {
          const std::string k = key();
          if (!seen.insert(k).second) fail("key \"" + k + "\" given twice");
          if (!eat('=')) fail("expected '=' after \"" + k + "\"" + here());
          v.table.emplace_back(k, value(false));
          if (eat('}')) break;
          if (!eat(',')) fail("expected ',' or '}' in the inline table" + here());
        }
      }
    } else if (c == '+' || c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      const size_t b = i_;
      if (c == '+' || c == '-') ++i_;
      std::string digits = c == '-' ? "-" : "";
      bool prev_digit = false;
      while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) {
        if (s_[i_] == '_' && !prev_digit) fail("'_' must sit between digits");
        prev_digit = s_[i_] != '_';
        if (prev_digit) digits += s_[i_];
        ++i_;
      }
      if (!prev_digit || (i_ < s_.size() && std::strchr(".eExob:", s_[i_])))
        fail("expected an integer, got '" + s_.substr(b) + "' (floats, dates and hex are not part of the subset)");
      v.kind = RunFileValue::Kind::Integer;
      v.text = digits;
    } else if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 5, "false") == 0) {
      v.what = "a boolean";
      i_ += s_[i_] == 't' ? 4 : 5;
    } else if (c == '[') {
      fail("arrays are not part of the run-file TOML subset: expected a string, an integer or { ... }");
    } else {
      fail("expected a string \"...\", an integer or an inline table { ... }" + here());
    }
    return v;
  }
  std::string here() const { return i_ < s_.size() ? " at '" + s_.substr(i_) + "'" : " at the end of the line"; }

 private:
  const std::string& path_;
  uint64_t no_;
  const std::string& s_;
  size_t i_ = 0;
};

}  // namespace

std::vector<RunFileEntry> parse_toml_run_file(const std::string& path, const std::string& text) {
  std::vector<RunFileEntry> out;
  std::set<std::string> seen;
  std::istringstream in(text);
  std::string s;
  for (uint64_t no = 1; std::getline(in, s); ++no) {
    if (!s.empty() && s.back() == '\r') s.pop_back();
    Line l(path, no, s);
    if (l.at_end()) continue;
    if (l.eat('[')) {
      if (!l.eat('[')) l.fail("only [[application]] tables are part of the run-file TOML subset");
      const std::string name = l.key();
      if (name != "application" || !l.eat(']') || !l.eat(']') || !l.at_end())
        l.fail("expected [[application]] (one per application)");
      out.push_back(RunFileEntry{no, {}});
      seen.clear();
      continue;
    }
    const std::string k = l.key();
    if (out.empty()) l.fail("key \"" + k + "\" before the first [[application]]");
    if (l.eat('.')) l.fail("dotted keys are not part of the run-file TOML subset");
    if (!l.eat('=')) l.fail("expected '=' after \"" + k + "\"" + l.here());
    if (!seen.insert(k).second) l.fail("key \"" + k + "\" given twice");
    RunFileValue v = l.value(true);
    if (!l.at_end()) l.fail("unexpected text after the value" + l.here());
    out.back().keys.emplace_back(k, std::move(v));
  }
  return out;
}

}  // namespace gpucosim::cli
