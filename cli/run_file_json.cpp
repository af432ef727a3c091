// JSON run files. nlohmann checks that the text is JSON (its errors carry a byte offset, turned
// into a line); yaml-cpp, which reads JSON as the YAML subset it is, then gives every value its
// line, and a quoted scalar (a JSON string) apart from a plain one (a number, true, null).
#include <set>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "cli/json_parse_error.h"
#include "cli/run_file_entries.h"
#include "kernel/input_error.h"

namespace gpucosim::cli {

namespace {

uint64_t line_of(const YAML::Node& n) { return uint64_t(n.Mark().line) + 1; }

bool all_digits(const std::string& s, size_t from) {
  if (s.size() <= from) return false;
  for (size_t i = from; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

RunFileValue value_of(const std::string& path, const YAML::Node& n) {
  RunFileValue v;
  v.line = line_of(n);
  if (n.IsMap()) {
    v.kind = RunFileValue::Kind::Table;
    std::set<std::string> seen;
    for (const auto& kv : n) {
      const std::string key = kv.first.Scalar();
      if (!seen.insert(key).second) throw InputError(path, line_of(kv.first), "key \"" + key + "\" given twice");
      v.table.emplace_back(key, value_of(path, kv.second));
      v.table.back().second.line = line_of(kv.first);  // errors point at the key's line
    }
  } else if (n.IsSequence()) {
    v.what = "an array";
  } else if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    if (n.Tag() == "!") {
      v.kind = RunFileValue::Kind::String;
      v.text = s;
    } else if (all_digits(s, s.size() && s[0] == '-' ? 1 : 0)) {
      v.kind = RunFileValue::Kind::Integer;
      v.text = s;
    } else if (s == "true" || s == "false") {
      v.what = "a boolean";
    } else if (s == "null") {
      v.what = "null";
    } else {
      v.what = "the number " + s + " (not an integer)";
    }
  } else {
    v.what = "null";
  }
  return v;
}

}  // namespace

std::vector<RunFileEntry> parse_json_run_file(const std::string& path, const std::string& text) {
  try {
    if (!nlohmann::json::accept(text)) (void)!nlohmann::json::parse(text).is_null();  // throws with the position
  } catch (const nlohmann::json::exception& e) {
    throw json_parse_error(path, text, e, "a run file {\"applications\": [{...}, ...]} of integers that fit 64 bits");
  }
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(path, uint64_t(e.mark.line) + 1, "cannot read this JSON: " + e.msg);
  }
  const RunFileValue top = value_of(path, root);
  const char* shape = "expected an object {\"applications\": [{...}, ...]}";
  if (top.kind != RunFileValue::Kind::Table) throw InputError(path, top.line, shape);
  YAML::Node apps;
  for (const auto& [key, v] : top.table)
    if (key != "applications")
      throw InputError(path, v.line, "unknown key \"" + key + "\": " + shape);
  apps = root["applications"];
  if (!apps) throw InputError(path, 1, std::string("no \"applications\" key: ") + shape);
  if (!apps.IsSequence())
    throw InputError(path, line_of(apps), "\"applications\" must be an array of objects, one per application");
  std::vector<RunFileEntry> out;
  for (const YAML::Node& a : apps) {
    const RunFileValue v = value_of(path, a);
    if (v.kind != RunFileValue::Kind::Table)
      throw InputError(path, v.line, "an application must be an object {\"workload\": NAME, ...} or {\"trace\": PATH, ...}");
    out.push_back(RunFileEntry{v.line, v.table});
  }
  return out;
}

}  // namespace gpucosim::cli
