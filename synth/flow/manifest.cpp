// Synthesis manifest reader (see manifest.h and docs/how-to-add-a-block.md).
#include "synth/flow/manifest.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"

namespace fs = std::filesystem;

namespace gpucosim::synth {

namespace {

using nlohmann::json;

// nlohmann::json keeps no positions for values, so semantic errors point at the first line that
// mentions the key: good enough to find a typo in a hand-written manifest.
uint64_t line_of(const std::string& text, const std::string& key) {
  const size_t at = text.find("\"" + key + "\"");
  if (at == std::string::npos) return 0;
  return uint64_t(std::count(text.begin(), text.begin() + long(at), '\n')) + 1;
}

class Reader {
 public:
  Reader(const std::string& text, const std::string& path) : text_(text), path_(path) {}

  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw InputError(path_, key.empty() ? 0 : line_of(text_, key), what);
  }

  void only_keys(const json& obj, const std::set<std::string>& allowed, const std::string& where) const {
    for (const auto& [k, v] : obj.items()) {
      (void)v;
      if (!allowed.count(k)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(k, "unknown key \"" + k + "\" in " + where + "; expected one of: " + list);
      }
    }
  }

  std::string string(const json& obj, const std::string& key, bool required) const {
    if (!obj.contains(key)) {
      if (required) fail("", "missing required key \"" + key + "\"");
      return {};
    }
    const json& v = obj.at(key);
    if (!v.is_string() || v.get<std::string>().empty()) fail(key, "\"" + key + "\" must be a non-empty string");
    return v.get<std::string>();
  }

  std::vector<std::string> strings(const json& obj, const std::string& key, bool required) const {
    std::vector<std::string> out;
    if (!obj.contains(key)) {
      if (required) fail("", "missing required key \"" + key + "\"");
      return out;
    }
    const json& v = obj.at(key);
    if (!v.is_array()) fail(key, "\"" + key + "\" must be an array of strings");
    for (const auto& e : v) {
      if (!e.is_string() || e.get<std::string>().empty()) fail(key, "\"" + key + "\" must hold non-empty strings");
      out.push_back(e.get<std::string>());
    }
    if (required && out.empty()) fail(key, "\"" + key + "\" must name at least one file");
    return out;
  }

  uint64_t positive(const json& v, const std::string& key) const {
    if (!v.is_number_integer() || v.get<int64_t>() <= 0) fail(key, "\"" + key + "\" must be a positive integer");
    return v.get<uint64_t>();
  }

 private:
  const std::string& text_;
  const std::string& path_;
};

// Absolute, so the tools (which run inside the output folder) find the files whatever the
// current folder was.
std::string absolute_in(const fs::path& dir, const std::string& p) {
  const fs::path q = fs::path(p).is_absolute() ? fs::path(p) : fs::absolute(dir / p);
  return q.lexically_normal().string();
}

MacroDecl read_macro(const Reader& r, const json& m) {
  if (!m.is_object()) r.fail("macros", "\"macros\" entries must be objects with at least a \"module\"");
  r.only_keys(m, {"module", "clock", "ports", "words", "bits", "comment"}, "a macro");
  MacroDecl d;
  d.module = r.string(m, "module", true);
  if (m.contains("clock")) d.clock = r.string(m, "clock", true);
  d.ports = r.string(m, "ports", false);
  if (m.contains("words")) d.words = r.positive(m.at("words"), "words");
  if (m.contains("bits")) d.bits = r.positive(m.at("bits"), "bits");
  if (d.words.has_value() != d.bits.has_value())
    r.fail(m.contains("words") ? "words" : "bits", "macro " + d.module + ": give both \"words\" and \"bits\" or neither");
  return d;
}

}  // namespace

BlockManifest parse_manifest(const std::string& text, const std::string& path) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    const size_t byte = std::min<size_t>(e.byte, text.size());
    const uint64_t line = uint64_t(std::count(text.begin(), text.begin() + long(byte ? byte - 1 : 0), '\n')) + 1;
    std::string what = e.what();
    const size_t colon = what.find("syntax error");
    throw InputError(path, line, "invalid JSON: " + (colon == std::string::npos ? what : what.substr(colon)));
  }
  const Reader r(text, path);
  if (!j.is_object()) r.fail("", "a synthesis manifest must be a JSON object");
  r.only_keys(j,
              {"block", "top", "sources", "include_dirs", "parameters", "regression_parameters", "clock", "macros",
               "comment", "description", "modules", "seed"},
              "the manifest");

  BlockManifest m;
  m.path = path;
  // Sources are relative to the manifest; anchor them absolutely so the tools, which run inside
  // the output folder, find them whatever the working directory was.
  const fs::path dir = fs::absolute(path).lexically_normal().parent_path();
  m.dir = dir.string();
  m.block = j.contains("block") ? r.string(j, "block", true)
                                 : fs::absolute(path).lexically_normal().parent_path().filename().string();
  m.top = r.string(j, "top", true);
  for (const auto& s : r.strings(j, "sources", true)) m.sources.push_back(absolute_in(dir, s));
  for (const auto& s : r.strings(j, "include_dirs", false)) m.include_dirs.push_back(absolute_in(dir, s));

  for (const char* key : {"parameters", "regression_parameters"}) {
    if (!j.contains(key)) continue;
    auto& out = std::string(key) == "parameters" ? m.parameters : m.regression_parameters;
    const json& p = j.at(key);
    if (!p.is_object()) r.fail(key, std::string("\"") + key + "\" must be an object of NAME: value");
    for (const auto& [k, v] : p.items()) {
      if (v.is_number_integer()) out[k] = std::to_string(v.get<int64_t>());
      else if (v.is_string() && !v.get<std::string>().empty()) out[k] = v.get<std::string>();
      else r.fail(k, "parameter " + k + " must be an integer or a Verilog literal string such as \"32'hFF\"");
    }
  }

  if (j.contains("clock")) {
    const json& c = j.at("clock");
    if (!c.is_object()) r.fail("clock", "\"clock\" must be an object {\"port\": \"clk\", \"period_ns\": 5}");
    r.only_keys(c, {"port", "period_ns"}, "\"clock\"");
    m.clock_port = r.string(c, "port", false);
    if (c.contains("period_ns")) {
      const json& p = c.at("period_ns");
      if (!p.is_number() || !(p.get<double>() > 0) || !std::isfinite(p.get<double>()))
        r.fail("period_ns", "\"period_ns\" must be a positive number of nanoseconds");
      m.clock_ns = p.get<double>();
    }
  }

  if (j.contains("macros")) {
    const json& ms = j.at("macros");
    if (!ms.is_array()) r.fail("macros", "\"macros\" must be an array");
    std::set<std::string> seen;
    for (const auto& e : ms) {
      MacroDecl d = read_macro(r, e);
      if (!seen.insert(d.module).second) r.fail("macros", "macro module " + d.module + " is listed twice");
      if (d.module == m.top) r.fail("macros", "the top module " + m.top + " cannot be an SRAM macro");
      m.macros.push_back(d);
    }
  }

  if (j.contains("modules")) {
    const json& ml = j.at("modules");
    if (!ml.is_object()) r.fail("modules", "\"modules\" must be an object of MODULE: \"label\"");
    for (const auto& [k, v] : ml.items()) {
      if (!v.is_string() || v.get<std::string>().empty()) r.fail(k, "module label of " + k + " must be a non-empty string");
      m.module_labels[k] = v.get<std::string>();
    }
  }
  if (j.contains("seed"))
    m.seed = seed_from_json(j.at("seed"), [&r](const std::string& key, const std::string& what) { r.fail(key, what); });

  for (const auto& s : m.sources)
    if (!fs::is_regular_file(s)) r.fail("sources", "source file " + s + " does not exist");
  for (const auto& d : m.include_dirs)
    if (!fs::is_directory(d)) r.fail("include_dirs", "include folder " + d + " does not exist");
  return m;
}

BlockManifest load_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "cannot read the synthesis manifest");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_manifest(text.str(), path);
}

std::vector<std::string> discover_manifests(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const fs::path m = e.path() / "block.json";
    if (e.is_directory() && fs::is_regular_file(m)) out.push_back(m.lexically_normal().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string locate_manifest(const std::string& block_or_path, const std::string& rtl_dir) {
  const fs::path p(block_or_path);
  if (fs::is_regular_file(p)) return p.string();
  if (fs::is_directory(p) && fs::is_regular_file(p / "block.json")) return (p / "block.json").string();
  const fs::path named = fs::path(rtl_dir) / block_or_path / "block.json";
  if (block_or_path.find('/') == std::string::npos && fs::is_regular_file(named)) return named.string();
  std::string known;
  for (const auto& m : discover_manifests(rtl_dir))
    known += (known.empty() ? "" : ", ") + fs::path(m).parent_path().filename().string();
  throw InputError(block_or_path, 0,
                   "unknown block: expected a block name with " + named.string() +
                       ", a folder holding block.json, or a manifest path (blocks with a manifest: " +
                       (known.empty() ? std::string("none") : known) + ")");
}

}  // namespace gpucosim::synth
