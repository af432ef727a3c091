#include "sweep/table_plots.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"

namespace gpucosim::sweep {

namespace {

// A decimal number (strtod would also take hexadecimal "0x10", which no statistic is written as).
bool parse_number(const std::string& s, double& v) {
  if (s.empty() || s.find_first_of("xXpP") != std::string::npos) return false;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return *end == '\0' && std::isfinite(v);
}

size_t column(const Table& t, const std::string& name, const std::string& source, const char* what) {
  const size_t i = t.find(name);
  if (i == std::string::npos) {
    std::string cols;
    for (const std::string& c : t.columns) cols += (cols.empty() ? "" : ", ") + c;
    throw InputError(source, 0, std::string(what) + ": no column '" + name + "'; the columns are: " + cols);
  }
  return i;
}

// The rows that take part: finished runs matching every `where`.
std::vector<size_t> selected_rows(const Table& t, const TablePlotOptions& o, size_t xc) {
  std::vector<std::pair<size_t, std::string>> filters;
  for (const auto& [c, v] : o.where) filters.emplace_back(column(t, c, o.source, "--where"), v);
  const size_t status = t.find("status"), end = t.find("end");
  std::vector<size_t> rows;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    bool keep = true;
    for (const auto& [c, v] : filters) keep = keep && t.rows[r][c] == v;
    if (status != std::string::npos) keep = keep && t.rows[r][status] == "ok";
    // A row without an x value (a document of the sweep that does not vary it) has no place.
    keep = keep && !t.rows[r][xc].empty();
    if (end != std::string::npos) keep = keep && t.rows[r][end] != "deadlock";
    if (keep) rows.push_back(r);
  }
  return rows;
}

std::vector<size_t> by_columns(const Table& t, const TablePlotOptions& o) {
  std::vector<size_t> cols;
  if (o.by.empty()) {
    if (t.find("workload") != std::string::npos && o.x != "workload") cols.push_back(t.find("workload"));
  }
  for (const std::string& b : o.by) cols.push_back(column(t, b, o.source, "--by"));
  return cols;
}

std::string group_name(const Table& t, size_t row, const std::vector<size_t>& cols, const std::string& fallback) {
  std::string s;
  for (size_t c : cols) s += (s.empty() ? "" : " ") + (cols.size() > 1 ? t.columns[c] + "=" : "") + t.rows[row][c];
  return s.empty() ? fallback : s;
}

// The x values in plotting order: numbers ascending when all are numbers, else first appearance.
struct XValues {
  std::vector<std::string> order;
  bool numeric = true;
  std::map<std::string, double> value;  // numeric: the number; else the index
};
XValues x_values(const Table& t, const std::vector<size_t>& rows, size_t xc) {
  XValues xv;
  std::set<std::string> seen;  // a table of many rows: no linear search per row
  for (size_t r : rows) {
    const std::string& s = t.rows[r][xc];
    if (!seen.insert(s).second) continue;
    xv.order.push_back(s);
    double v;
    xv.numeric = xv.numeric && parse_number(s, v);
  }
  if (xv.numeric) {
    for (const std::string& s : xv.order) parse_number(s, xv.value[s]);
    std::sort(xv.order.begin(), xv.order.end(), [&](const std::string& a, const std::string& b) { return xv.value[a] < xv.value[b]; });
  } else {
    for (size_t i = 0; i < xv.order.size(); ++i) xv.value[xv.order[i]] = double(i);
  }
  return xv;
}

double y_value(const Table& t, size_t row, size_t yc, const std::string& source) {
  double v;
  if (!parse_number(t.rows[row][yc], v))
    throw InputError(source, row + 2, "column '" + t.columns[yc] + "': expected a number, got '" + t.rows[row][yc] + "'");
  return v;
}

// Rows grouped by line name (first appearance order), each keyed by its x value.
struct Grouped {
  std::vector<std::string> names;
  std::map<std::string, std::map<std::string, size_t>> rows;  // name -> x -> row
};
Grouped group_rows(const Table& t, const std::vector<size_t>& rows, const std::vector<size_t>& by, size_t xc, size_t yc,
                   const TablePlotOptions& o) {
  Grouped g;
  for (size_t r : rows) {
    if (t.rows[r][yc].empty()) continue;
    const std::string name = group_name(t, r, by, o.y);
    if (!g.rows.count(name)) g.names.push_back(name);
    auto [it, fresh] = g.rows[name].emplace(t.rows[r][xc], r);
    if (!fresh)
      throw InputError(o.source, r + 2,
                       "rows " + std::to_string(it->second + 2) + " and " + std::to_string(r + 2) + " are both '" + name +
                           "' at " + o.x + "=" + t.rows[r][xc] +
                           ": name the columns that tell them apart with --by, or pick one with --where COLUMN=VALUE");
  }
  return g;
}

}  // namespace

LineChart line_chart_from_table(const Table& t, const TablePlotOptions& o) {
  const size_t xc = column(t, o.x, o.source, "--x"), yc = column(t, o.y, o.source, "--y");
  const std::vector<size_t> by = by_columns(t, o);
  const std::vector<size_t> rows = selected_rows(t, o, xc);
  const XValues xv = x_values(t, rows, xc);
  const Grouped g = group_rows(t, rows, by, xc, yc, o);
  LineChart c;
  c.title = o.title.empty() ? o.y + " against " + o.x : o.title;
  c.x_label = o.x;
  c.y_label = o.y;
  c.log_x = o.log_x;
  if (o.log_x) {  // refused rather than drawn on a linear axis the user did not ask for
    if (!xv.numeric) throw InputError(o.source, 0, "--log-x: the values of column '" + o.x + "' are not all numbers");
    for (size_t r : rows)
      if (xv.value.at(t.rows[r][xc]) <= 0)
        throw InputError(o.source, r + 2, "--log-x: " + o.x + "=" + t.rows[r][xc] + " has no logarithm: expected values above 0");
  }
  if (!xv.numeric) c.x_categories = xv.order;
  for (const std::string& name : g.names) {
    Series s;
    s.name = name;
    for (const std::string& x : xv.order) {
      auto it = g.rows.at(name).find(x);
      if (it == g.rows.at(name).end()) continue;
      s.x.push_back(xv.value.at(x));
      s.y.push_back(y_value(t, it->second, yc, o.source));
    }
    c.series.push_back(std::move(s));
  }
  if (c.series.empty()) throw InputError(o.source, 0, "no rows to plot: no finished run has a value in column '" + o.y + "'");
  return c;
}

BarChart normalised_bars_from_table(const Table& t, const TablePlotOptions& o) {
  const size_t xc = column(t, o.x, o.source, "--x"), yc = column(t, o.y, o.source, "--y");
  const std::vector<size_t> by = by_columns(t, o);
  const std::vector<size_t> rows = selected_rows(t, o, xc);
  const XValues xv = x_values(t, rows, xc);
  const Grouped g = group_rows(t, rows, by, xc, yc, o);
  if (g.names.empty()) throw InputError(o.source, 0, "no rows to plot: no finished run has a value in column '" + o.y + "'");
  const std::string base = o.baseline.empty() ? xv.order.front() : o.baseline;
  if (std::find(xv.order.begin(), xv.order.end(), base) == xv.order.end())
    throw InputError(o.source, 0, "--baseline: no row has " + o.x + "=" + base);
  BarChart c;
  c.title = o.title.empty() ? o.y + " normalised to " + o.x + "=" + base : o.title;
  c.y_label = o.y + " / " + o.y + " at " + o.x + "=" + base;
  c.reference = 1;
  for (const std::string& x : xv.order) c.series.push_back(o.x + "=" + x);
  std::vector<double> log_sum(xv.order.size(), 0);
  std::vector<size_t> count(xv.order.size(), 0);
  for (const std::string& name : g.names) {
    BarChart::Group grp;
    grp.label = name;
    const auto& at = g.rows.at(name);
    auto b = at.find(base);
    const double denom = b == at.end() ? std::nan("") : y_value(t, b->second, yc, o.source);
    // A line without a baseline row has no bars (shown as missing); a baseline of 0 cannot be
    // divided by, which is the table's problem to name rather than bars to leave out.
    if (b != at.end() && denom == 0)
      throw InputError(o.source, b->second + 2, "'" + name + "' has " + o.y + " = 0 at the baseline " + o.x + "=" + base +
                                                    ": cannot normalise to it; pick another with --baseline");
    for (size_t i = 0; i < xv.order.size(); ++i) {
      auto it = at.find(xv.order[i]);
      double v = std::nan("");
      if (it != at.end() && std::isfinite(denom)) {
        v = y_value(t, it->second, yc, o.source) / denom;
        if (!std::isfinite(v))
          throw InputError(o.source, it->second + 2, "'" + name + "': " + o.y + " / its value at " + o.x + "=" + base +
                                                         " is beyond the range of a double");
      }
      grp.values.push_back(v);
      if (std::isfinite(v) && v > 0) {
        log_sum[i] += std::log(v);
        ++count[i];
      }
    }
    c.groups.push_back(std::move(grp));
  }
  BarChart::Group geo;
  geo.label = "geomean";
  for (size_t i = 0; i < xv.order.size(); ++i) geo.values.push_back(count[i] ? std::exp(log_sum[i] / double(count[i])) : std::nan(""));
  c.groups.push_back(std::move(geo));
  return c;
}

TimeSeriesChart time_series_from_jsonl(const std::string& text, const std::string& source,
                                       const std::vector<std::string>& metrics) {
  std::vector<nlohmann::json> recs;
  std::istringstream in(text);
  uint64_t line_no = 0;
  for (std::string l; std::getline(in, l);) {
    ++line_no;
    if (l.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(l);
    } catch (const nlohmann::json::exception& e) {
      throw InputError(source, line_no, std::string("not a JSON object: ") + e.what());
    }
    if (!j.is_object() || !j.contains("cycle") || !j["cycle"].is_number())
      throw InputError(source, line_no, "expected an object with \"cycle\" (a line of `gpucosim run --stats-interval`)");
    // Every field of an interval is a number (null where it has no value, e.g. IPC of no cycles).
    for (const auto& [k, v] : j.items())
      if (!v.is_number() && !v.is_null())
        throw InputError(source, line_no, "field \"" + k + "\": expected a number, got " + v.dump());
    recs.push_back(std::move(j));
  }
  if (recs.empty()) throw InputError(source, 0, "no intervals: expected JSON lines from `gpucosim run --stats-interval`");

  // per_cycle: divided by the interval's length (the last interval is usually shorter).
  auto series = [&](const std::string& field, bool per_cycle = false) {
    Series s;
    s.name = field;
    for (const auto& r : recs) {
      s.x.push_back(r["cycle"].get<double>());
      double v = r.contains(field) && r[field].is_number() ? r[field].get<double>() : std::nan("");
      if (per_cycle) v = r.contains("cycles") && r["cycles"].is_number() && r["cycles"].get<double>() > 0
                             ? v / r["cycles"].get<double>()
                             : std::nan("");
      s.y.push_back(v);
    }
    return s;
  };
  auto present = [&](const std::string& field) { return recs.front().contains(field); };
  TimeSeriesChart c;
  c.title = "time series of " + source;
  c.x_label = "core cycle";
  if (!metrics.empty()) {
    for (const std::string& m : metrics) {
      if (!present(m)) {
        std::string known;
        for (const auto& [k, v] : recs.front().items()) known += (known.empty() ? "" : ", ") + k;
        throw InputError(source, 1, "no field '" + m + "'; the fields are: " + known);
      }
      c.panels.push_back({m, {series(m)}, false});
    }
    return c;
  }
  auto panel = [&](const std::string& label, const std::vector<std::string>& fields, bool stacked) {
    Panel p{label, {}, stacked};
    for (const std::string& f : fields)
      if (present(f)) p.series.push_back(series(f, stacked));
    if (!p.series.empty()) c.panels.push_back(std::move(p));
  };
  panel("IPC", {"ipc"}, false);
  panel("DRAM GB/s", {"dram_bw_gbps"}, false);
  panel("active warps", {"active_warps"}, false);
  std::vector<std::string> slots{"issued"};
  for (const auto& [k, v] : recs.front().items())
    if (k.rfind("stall_", 0) == 0) slots.push_back(k);
  panel("scheduler slots / cycle", slots, true);
  panel("cache misses / interval", {"l1_misses", "l2_misses"}, false);
  return c;
}

}  // namespace gpucosim::sweep
