#include "sweep/collect.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "sweep/point_store.h"
#include "sweep/stat_columns.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

std::vector<std::string> sweep_stat_columns(const SweepSpec& spec) {
  if (spec.stats.empty()) return default_stat_columns(spec.energy_node_nm.has_value());
  std::vector<std::string> c;
  for (const SweepStat& s : spec.stats) c.push_back(s.name);
  return c;
}

Table collect_sweep(const SweepSpec& spec, const std::vector<SweepPoint>& points, const std::string& out_dir) {
  const std::vector<std::string> stats = sweep_stat_columns(spec);
  Table t;
  t.columns = {"workload", "config"};
  for (const std::string& o : spec.varying_options()) t.columns.push_back(o);
  t.columns.push_back("status");
  for (const std::string& s : stats) {
    if (t.find(s) != std::string::npos)
      throw InputError(spec.file, spec.stats.empty() ? 1 : spec.stats[&s - &stats[0]].line,
                       "stats: column '" + s + "' has the name of another column");
    t.columns.push_back(s);
  }
  t.columns.push_back("point");

  std::vector<bool> seen(stats.size(), false);
  bool any_ok = false;
  const std::vector<std::string> varying = spec.varying_options();
  for (const SweepPoint& p : points) {
    std::vector<std::string> row{point_input(spec, p).text, point_config(spec, p).text};
    // A document that does not vary an option leaves its cell empty.
    for (const std::string& o : varying) {
      std::string v;
      for (const auto& kv : p.coords)
        if (kv.first == o) v = kv.second;
      row.push_back(v);
    }
    const std::string dir = point_dir(out_dir, p);
    const PointResult r = read_result(dir);
    row.push_back(to_string(r.state));
    std::vector<std::string> values(stats.size());
    if (r.state == PointState::Ok) {
      any_ok = true;
      const RunFiles files = read_run_files(dir + "/stats.json");
      for (size_t i = 0; i < stats.size(); ++i)
        if (const auto v = stat_value(stats[i], files)) {
          values[i] = format_number(*v);
          seen[i] = true;
        }
    }
    row.insert(row.end(), values.begin(), values.end());
    row.push_back(p.folder);
    t.rows.push_back(std::move(row));
  }
  // A requested statistic that no finished run has is a misspelling, not a missing value.
  for (size_t i = 0; i < stats.size() && any_ok && !spec.stats.empty(); ++i)
    if (!seen[i])
      throw InputError(spec.file, spec.stats[i].line,
                       "stats: no finished point has a statistic '" + stats[i] + "': " + stat_name_expected());
  return t;
}

namespace {

// A statistics JSON: an object with a "total" object and a "kernels" list.
bool is_stats_json(const fs::path& p) {
  std::ifstream f(p);
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    return j.is_object() && j.contains("total") && j["total"].is_object() && j.contains("kernels") &&
           j["kernels"].is_array();
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace

Table collect_runs(const std::string& dir, const std::vector<std::string>& stat_columns_in) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir, 0, "not a folder: expected a folder of `gpucosim run` outputs");
  std::vector<std::pair<fs::path, RunFiles>> found;  // each statistics file read once
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (!it->is_regular_file(ec) || p.extension() != ".json") continue;
    const std::string name = p.filename().string();
    if (name == "effective-config.json" || name == "energy.json" || name == "point.json" || name == "result.json")
      continue;
    // A file named stats.json is a run's statistics: damaged, it is an error (read_run_files names
    // it), not a run left out. Other JSON files count when they have a statistics file's shape.
    if (name == "stats.json" || is_stats_json(p)) found.emplace_back(p, read_run_files(p.string()));
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  if (found.empty())
    throw InputError(dir, 0, "no statistics JSON found: expected stats.json files written by `gpucosim run`");

  std::vector<RunFiles> runs;
  std::vector<std::string> names;
  for (auto& [f, run] : found) {
    runs.push_back(std::move(run));
    fs::path rel = fs::relative(f, dir, ec);
    // A run folder's stats.json is named by its folder; any other file by its own name.
    names.push_back(rel.filename() == "stats.json" ? rel.parent_path().string() : rel.replace_extension().string());
    if (names.back().empty()) names.back() = ".";
  }
  std::vector<std::string> stat_columns = stat_columns_in;
  for (size_t i = 0; i < stat_columns.size(); ++i) {
    for (size_t k = 0; k < i; ++k)
      if (stat_columns[k] == stat_columns[i]) throw InputError("--stat", 0, "'" + stat_columns[i] + "' is given twice");
    // A statistic no run has is a misspelling, not a column of blanks (as for a sweep's `stats`).
    if (std::none_of(runs.begin(), runs.end(), [&](const RunFiles& r) { return stat_value(stat_columns[i], r).has_value(); }))
      throw InputError("--stat", 0, "no run in " + dir + " has a statistic '" + stat_columns[i] + "': " + stat_name_expected());
  }
  if (stat_columns.empty()) {
    const bool energy = std::any_of(runs.begin(), runs.end(), [](const RunFiles& r) { return !r.energy.is_null(); });
    stat_columns = default_stat_columns(energy);
  }
  // Options that differ between the runs with an effective configuration: the runs' axes.
  std::vector<std::string> option_order;
  std::vector<std::map<std::string, std::string>> values(runs.size());
  for (size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].config.is_object()) continue;
    for (const auto& o : runs[i].config.value("options", nlohmann::json::array())) {
      const std::string name = o.value("name", "");
      std::string v = o.contains("value") && o["value"].is_string() ? o["value"].get<std::string>() : o.value("value", nlohmann::json()).dump();
      if (values[i].emplace(name, v).second && std::find(option_order.begin(), option_order.end(), name) == option_order.end())
        option_order.push_back(name);
    }
  }
  std::vector<std::string> varying;
  for (const std::string& o : option_order) {
    std::set<std::string> distinct;
    for (const auto& m : values) {
      auto it = m.find(o);
      distinct.insert(it == m.end() ? std::string("\x01") : it->second);
    }
    if (distinct.size() > 1) varying.push_back(o);
  }
  Table t;
  t.columns = {"run"};
  t.columns.insert(t.columns.end(), varying.begin(), varying.end());
  t.columns.push_back("end");
  t.columns.insert(t.columns.end(), stat_columns.begin(), stat_columns.end());
  for (size_t i = 0; i < runs.size(); ++i) {
    std::vector<std::string> row{names[i]};
    for (const std::string& o : varying) {
      auto it = values[i].find(o);
      row.push_back(it == values[i].end() ? "" : it->second);
    }
    row.push_back(runs[i].stats.value("end", ""));
    for (const std::string& s : stat_columns) {
      const auto v = stat_value(s, runs[i]);
      row.push_back(v ? format_number(*v) : "");
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::vector<std::string> identity_columns(const Table& t) {
  std::vector<std::string> c;
  for (const std::string& col : t.columns) {
    if (col == "status" || col == "end") break;
    c.push_back(col);
  }
  return c;
}

}  // namespace gpucosim::sweep
