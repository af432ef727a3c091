#include "sweep/sweep_spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "kernel/input_error.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/option_set.h"
#include "systemc/config/option_values.h"
#include "systemc/config/presets.h"
#include "workloads/workload.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

namespace {

const char* const kKeys[] = {"name", "workloads", "traces", "configs", "axes", "zip", "set", "stats", "energy",
                             "stats_interval"};

// Reads one YAML document and turns its nodes into the spec, remembering where each came from.
class SpecReader {
 public:
  explicit SpecReader(const std::string& file) : file_(file) {}

  uint64_t line(const YAML::Node& n) const { return uint64_t(n.Mark().line) + 1; }
  [[noreturn]] void fail(const YAML::Node& n, const std::string& what) const { throw InputError(file_, line(n), what); }
  [[noreturn]] void fail(uint64_t at, const std::string& what) const { throw InputError(file_, at, what); }

  std::string scalar(const YAML::Node& n, const std::string& key) const {
    if (!n.IsScalar()) fail(n, key + ": expected a single value (a number or a string), not a list or a map");
    return n.Scalar();
  }

  // A non-empty list of scalars; a single scalar is read as a list of one.
  std::vector<SweepValue> scalar_list(const YAML::Node& n, const std::string& key) const {
    std::vector<SweepValue> out;
    if (n.IsScalar()) {
      out.push_back({n.Scalar(), line(n)});
    } else if (n.IsSequence()) {
      for (const YAML::Node& v : n) out.push_back({scalar(v, key), line(v)});
    } else {
      fail(n, key + ": expected a list of values");
    }
    if (out.empty()) fail(n, key + ": empty list: expected at least one value");
    return out;
  }

  // The entries of a map in file order, each key checked to be a scalar and not repeated.
  std::vector<std::pair<YAML::Node, YAML::Node>> map_entries(const YAML::Node& n, const std::string& key) const {
    if (!n.IsMap()) fail(n, key + ": expected a map (option: values)");
    std::vector<std::pair<YAML::Node, YAML::Node>> out;
    std::set<std::string> seen;
    for (const auto& kv : n) {
      const std::string k = scalar(kv.first, key + " key");
      if (!seen.insert(k).second) fail(kv.first, key + ": '" + k + "' appears twice");
      out.emplace_back(kv.first, kv.second);
    }
    if (out.empty()) fail(n, key + ": empty map: expected at least one option");
    return out;
  }

 private:
  std::string file_;
};

std::string strip_dash(std::string s) {
  if (!s.empty() && s[0] == '-') s.erase(0, 1);
  return s;
}

// Checks an option's name and value with the option registry, as `gpucosim run --set` would,
// but reporting the sweep file's line.
void check_option_name(const std::string& file, uint64_t line, const std::string& option) {
  const char* alias = option_alias_target(option);
  const std::string name = alias ? alias : option;
  if (find_option(name) || is_unmodelled_option(name)) return;
  const std::string near = nearest_option_name(name);
  throw InputError(file, line, "unknown option '" + option + "'" + (near.empty() ? "" : "; did you mean " + near + "?") +
                                   " (`gpucosim run --help` and docs/configuration.md list the options)");
}

void check_option(const std::string& file, uint64_t line, const std::string& option, const std::string& value) {
  OptionOrigin origin;
  origin.kind = OptionOrigin::Kind::File;
  origin.file = file;
  origin.line = line;
  OptionSet scratch;
  scratch.set(option, value, origin);
}

// The value as the option reads it, so that two spellings of one number ("1" and "01") are one
// point; values of other types as written. (Called after check_option: the value parses.)
std::string value_key(const std::string& option, const std::string& value) {
  const char* alias = option_alias_target(option);
  const OptionDef* def = find_option(alias ? alias : option);
  if (!def) return value;
  try {
    switch (def->type) {
      case OptionType::Uint:
      case OptionType::Uint64:
        return std::to_string(parse_u64(value));
      default:
        return value;
    }
  } catch (const std::exception&) {
    return value;
  }
}

SweepInput read_workload(const std::string& file, uint64_t line, const std::string& text) {
  const std::string name = text.substr(0, text.find(':'));
  const Workload* w = find_workload(name);
  if (!w) {
    std::string names;
    for (const auto& b : builtin_workloads()) names += (names.empty() ? "" : ", ") + b->name();
    throw InputError(file, line, "workloads: unknown workload '" + name + "'; expected one of: " + names);
  }
  ParamValues values;
  try {
    const std::vector<std::string> overrides = workload_spec_params(text, "workloads");
    values = resolve_params(*w, overrides, "workloads");
  } catch (const InputError& e) {
    throw InputError(file, line, e.what());
  }
  SweepInput in;
  in.text = text;
  in.name = name;
  in.run_arg = text;
  in.canonical = name;
  char sep = ':';
  for (const auto& [k, v] : values) {
    in.canonical += sep + k + "=" + std::to_string(v);
    sep = ',';
  }
  in.line = line;
  return in;
}

SweepInput read_trace(const std::string& file, const std::string& dir, uint64_t line, const std::string& text) {
  fs::path p(text);
  if (p.is_relative()) p = fs::path(dir) / p;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw InputError(file, line, "traces: no such trace file '" + text + "' (relative paths start at the sweep file's folder)");
  SweepInput in;
  in.is_trace = true;
  in.text = text;
  in.canonical = fs::weakly_canonical(p, ec).string();
  in.run_arg = in.canonical;
  // kernelslist.g names its folder; a single .traceg names itself.
  const fs::path c(in.canonical);
  in.name = c.filename() == "kernelslist.g" ? c.parent_path().filename().string() : c.stem().string();
  in.line = line;
  return in;
}

SweepConfig read_config(const std::string& file, const std::string& dir, const std::string& configs_dir, uint64_t line,
                        const std::string& text) {
  std::error_code ec;
  fs::path local(text);
  if (local.is_relative()) local = fs::path(dir) / local;
  std::string found;
  if (fs::is_regular_file(local, ec)) {
    found = local.string();
  } else {
    try {
      found = find_preset(text, configs_dir);
    } catch (const InputError& e) {
      throw InputError(file, line, std::string("configs: ") + e.what());
    }
  }
  // Loading it now reports a bad file before any point runs.
  try {
    OptionSet check;
    check.load_file(found);
  } catch (const InputError& e) {
    throw InputError(file, line, std::string("configs: ") + text + ": " + e.what());
  }
  return {text, fs::weakly_canonical(found, ec).string(), line};
}

}  // namespace

std::vector<std::string> SweepGroup::varying_options() const {
  std::vector<std::string> names;
  for (const SweepAxis& a : axes) names.push_back(a.option);
  for (const SweepZip& z : zips)
    for (const SweepAxis& a : z.options) names.push_back(a.option);
  return names;
}

std::vector<std::string> SweepSpec::varying_options() const {
  std::vector<std::string> names;
  for (const SweepGroup& g : groups)
    for (const std::string& o : g.varying_options())
      if (std::find(names.begin(), names.end(), o) == names.end()) names.push_back(o);
  return names;
}

namespace {

// Reads one document. `first`: the sweep-wide keys are allowed (and read into spec).
SweepGroup read_group(const SpecReader& r, const YAML::Node& root, bool first, const std::string& configs_dir,
                      SweepSpec& spec) {
  const std::string& path = spec.file;
  SweepGroup group;
  group.line = r.line(root);
  std::set<std::string> varied;  // options already in axes or zip
  for (const auto& [key_node, value] : r.map_entries(root, "sweep file")) {
    const std::string key = key_node.Scalar();
    const uint64_t key_line = r.line(key_node);
    bool known = false;
    for (const char* k : kKeys) known = known || key == k;
    if (!known) {
      std::string keys;
      for (const char* k : kKeys) keys += (keys.empty() ? "" : ", ") + std::string(k);
      r.fail(key_node, "unknown key '" + key + "'; expected one of: " + keys);
    }
    const bool sweep_wide = key == "name" || key == "stats" || key == "energy" || key == "stats_interval";
    if (sweep_wide && !first)
      r.fail(key_node, "'" + key + "' is a key of the whole sweep: it belongs in the first document");
    if (key == "name") {
      spec.name = r.scalar(value, key);
    } else if (key == "workloads") {
      for (const SweepValue& v : r.scalar_list(value, key)) group.inputs.push_back(read_workload(path, v.line, v.value));
    } else if (key == "traces") {
      for (const SweepValue& v : r.scalar_list(value, key))
        group.inputs.push_back(read_trace(path, spec.dir, v.line, v.value));
    } else if (key == "configs") {
      for (const SweepValue& v : r.scalar_list(value, key))
        group.configs.push_back(read_config(path, spec.dir, configs_dir, v.line, v.value));
    } else if (key == "axes" || key == "zip") {
      if (key == "axes") group.line_of_axes = key_line;
      // zip: one map, or a list of maps (groups that vary independently of each other).
      std::vector<YAML::Node> maps;
      if (key == "zip" && value.IsSequence()) {
        for (const YAML::Node& g : value) maps.push_back(g);
        if (maps.empty()) r.fail(value, "zip: empty list: expected at least one map of options");
      } else {
        maps.push_back(value);
      }
      for (const YAML::Node& g : maps) {
        SweepZip zip;
        zip.line = r.line(g);
        for (const auto& [opt_node, values] : r.map_entries(g, key)) {
          SweepAxis axis;
          axis.option = strip_dash(opt_node.Scalar());
          axis.line = r.line(opt_node);
          check_option_name(path, axis.line, axis.option);
          if (!varied.insert(axis.option).second)
            r.fail(opt_node, key + ": option '" + axis.option + "' already varies in axes or zip");
          axis.values = r.scalar_list(values, key + ": " + axis.option);
          std::map<std::string, std::string> distinct;  // value_key -> the value as written first
          for (const SweepValue& v : axis.values) {
            check_option(path, v.line, axis.option, v.value);
            // An axis value twice is the same point twice; in a zip only whole entries must differ.
            const auto [at, fresh] = distinct.emplace(value_key(axis.option, v.value), v.value);
            if (!fresh && key == "axes")
              r.fail(v.line, key + ": " + axis.option + ": value '" + v.value + "' appears twice" +
                                 (at->second == v.value ? "" : " (as '" + at->second + "')"));
          }
          if (!zip.options.empty() && axis.values.size() != zip.options.front().values.size())
            r.fail(opt_node, "zip: " + axis.option + " has " + std::to_string(axis.values.size()) + " values but " +
                                 zip.options.front().option + " has " + std::to_string(zip.options.front().values.size()) +
                                 ": options that vary together need the same number of values");
          (key == "axes" ? group.axes : zip.options).push_back(std::move(axis));
        }
        if (key == "zip") {
          std::set<std::vector<std::string>> entries;
          for (size_t i = 0; i < zip.options.front().values.size(); ++i) {
            std::vector<std::string> entry;
            for (const SweepAxis& a : zip.options) entry.push_back(value_key(a.option, a.values[i].value));
            if (!entries.insert(entry).second)
              r.fail(zip.options.front().values[i].line, "zip: entry " + std::to_string(i + 1) + " repeats an earlier one");
          }
          group.zips.push_back(std::move(zip));
        }
      }
    } else if (key == "set") {
      for (const auto& [opt_node, v] : r.map_entries(value, key)) {
        check_option_name(path, r.line(opt_node), strip_dash(opt_node.Scalar()));
        SweepSet s{strip_dash(opt_node.Scalar()), r.scalar(v, "set: " + opt_node.Scalar()), r.line(opt_node)};
        check_option(path, s.line, s.option, s.value);
        group.sets.push_back(s);
      }
    } else if (key == "stats") {
      for (const SweepValue& v : r.scalar_list(value, key)) {
        for (const SweepStat& earlier : spec.stats)
          if (earlier.name == v.value)
            r.fail(v.line, "stats: '" + v.value + "' is listed twice (also line " + std::to_string(earlier.line) + ")");
        spec.stats.push_back({v.value, v.line});
      }
    } else if (key == "energy") {
      const std::string v = r.scalar(value, key);
      if (v == "false" || v == "no" || v == "off") continue;
      if (v == "true" || v == "yes" || v == "on") {
        spec.energy_node_nm = 45;
        continue;
      }
      char* end = nullptr;
      const double nm = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || !(nm >= 16 && nm <= 180))  // written so that NaN fails too
        r.fail(value, "energy: expected true, false or a process node in nm (16..180), got '" + v + "'");
      spec.energy_node_nm = nm;
    } else if (key == "stats_interval") {
      const std::string v = r.scalar(value, key);
      char* end = nullptr;
      errno = 0;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end || n == 0 || v[0] == '-' || errno == ERANGE)
        r.fail(value, "stats_interval: expected a positive number of core cycles, got '" + v + "'");
      spec.stats_interval = n;
    }
  }
  // A fixed option that also varies would be overridden at every point: almost surely a mistake.
  for (const SweepSet& s : group.sets)
    if (varied.count(s.option)) r.fail(s.line, "set: option '" + s.option + "' also varies in axes or zip");
  if (group.inputs.empty())
    r.fail(group.line, "no workloads and no traces: expected at least one of the keys workloads, traces");
  std::set<std::string> inputs;
  for (const SweepInput& i : group.inputs)
    if (!inputs.insert(i.canonical).second)
      r.fail(i.line, std::string(i.is_trace ? "traces" : "workloads") + ": '" + i.text + "' is listed twice");
  if (group.configs.empty()) group.configs.push_back(read_config(path, spec.dir, configs_dir, 0, "GTX480"));
  std::set<std::string> configs;
  for (const SweepConfig& c : group.configs)
    if (!configs.insert(c.file).second) r.fail(c.line, "configs: '" + c.text + "' is listed twice");
  if (!group.line_of_axes) group.line_of_axes = group.line;
  return group;
}

}  // namespace

SweepSpec read_sweep_file(const std::string& path, const std::string& configs_dir) {
  std::error_code dir_ec;
  if (fs::is_directory(path, dir_ec)) throw InputError(path, 0, "is a folder: expected a sweep file (YAML)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open the sweep file: expected a readable YAML file");
  std::stringstream text;
  text << in.rdbuf();
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(text.str());
  } catch (const YAML::Exception& e) {
    throw InputError(path, uint64_t(e.mark.line) + 1, "not valid YAML: " + e.msg);
  }
  SweepSpec spec;
  spec.file = path;
  std::error_code ec;
  spec.dir = fs::absolute(fs::path(path), ec).parent_path().string();
  const SpecReader r(path);
  for (const YAML::Node& doc : docs) {
    if (doc.IsNull()) continue;  // an empty document (e.g. after a trailing ---)
    if (!doc.IsMap())
      r.fail(doc, "expected a map with the keys workloads, traces, configs, axes, zip, set, stats");
    spec.groups.push_back(read_group(r, doc, spec.groups.empty(), configs_dir, spec));
  }
  if (spec.groups.empty()) throw InputError(path, 1, "empty sweep file: expected the keys workloads (or traces), axes ...");
  // Known before any point runs: the energy column exists only when the points report energy.
  for (const SweepStat& st : spec.stats)
    if (st.name == "energy_uj" && !spec.energy_node_nm)
      throw InputError(path, st.line, "stats: energy_uj needs `energy: true` (or a node in nm): the points report no energy otherwise");
  return spec;
}

}  // namespace gpucosim::sweep
