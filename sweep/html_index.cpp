#include "sweep/html_index.h"

#include <filesystem>
#include <sstream>

#include "kernel/input_error.h"
#include "sweep/collect.h"
#include "sweep/point_store.h"
#include "sweep/table_plots.h"
#include "synth/report/svg_chart.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

namespace {

using synth::xml_escape;

// File names from statistic names (which may hold '[', '.', '/').
std::string file_stem(const std::string& s) {
  std::string o;
  for (char c : s) o += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return o;
}

// The first value the sweep file gives for a varying option.
std::string first_value(const SweepSpec& spec, const std::string& option) {
  for (const SweepGroup& g : spec.groups) {
    for (const SweepAxis& a : g.axes)
      if (a.option == option) return a.values.front().value;
    for (const SweepZip& z : g.zips)
      for (const SweepAxis& a : z.options)
        if (a.option == option) return a.values.front().value;
  }
  return "";
}

}  // namespace

std::string write_sweep_index(const SweepSpec& spec, const std::vector<SweepPoint>& points, const Table& table,
                              const std::string& out_dir, const std::string& csv_name) {
  const std::string plots = (fs::path(out_dir) / "plots").string();
  std::error_code ec;
  fs::create_directories(plots, ec);
  if (ec) throw InputError(plots, 0, "cannot create: " + ec.message());

  const std::vector<std::string> stats = sweep_stat_columns(spec);
  const std::vector<std::string> varying = spec.varying_options();
  size_t ok = 0, failed = 0, pending = 0;
  const size_t status = table.find("status");
  for (const auto& r : table.rows) (r[status] == "ok" ? ok : r[status] == "failed" ? failed : pending)++;

  // Lines: every identity column but the x axis that takes more than one value.
  std::vector<std::string> by;
  if (!varying.empty())
    for (const std::string& c : identity_columns(table)) {
      if (c == varying.front()) continue;
      const size_t i = table.find(c);
      for (const auto& r : table.rows)
        if (r[i] != table.rows.front()[i]) {
          by.push_back(c);
          break;
        }
    }

  std::ostringstream figs;
  auto figure = [&](const std::string& file, const std::string& svg, const std::string& caption) {
    write_file_atomic(plots + "/" + file, svg);
    figs << "<figure><img src=\"plots/" << xml_escape(file) << "\" alt=\"" << xml_escape(caption) << "\"><figcaption>"
         << xml_escape(caption) << "</figcaption></figure>\n";
  };
  for (const std::string& s : stats) {
    TablePlotOptions o;
    o.source = csv_name;
    o.y = s;
    o.by = by.empty() ? std::vector<std::string>{"workload"} : by;
    try {
      if (!varying.empty()) {
        o.x = varying.front();
        figure(file_stem(s) + ".svg", render_line_chart(line_chart_from_table(table, o)), s + " against " + o.x);
        if (&s == &stats.front()) {
          // The first value the sweep file gives for that option is the baseline.
          o.baseline = first_value(spec, o.x);
          figure(file_stem(s) + "-normalised.svg", render_bar_chart(normalised_bars_from_table(table, o)),
                 s + " normalised to " + o.x + "=" + o.baseline + ", with the geometric mean");
        }
      } else {
        o.x = "workload";
        o.by = {};
        figure(file_stem(s) + ".svg", render_line_chart(line_chart_from_table(table, o)), s + " per workload");
      }
    } catch (const InputError&) {
      // A statistic no finished point has (yet): no plot, the table shows the gaps.
    }
  }
  // Time series of the points that recorded one. A finished point of a sweep with stats_interval
  // always wrote its series: one missing or unreadable was damaged from outside, and is named
  // rather than left out of the index.
  std::ostringstream series;
  for (const SweepPoint& p : points) {
    const std::string file = point_dir(out_dir, p) + "/stats-interval.jsonl";
    if (read_result(point_dir(out_dir, p)).state != PointState::Ok) continue;
    if (!fs::exists(file, ec)) {
      if (spec.stats_interval)
        throw InputError(file, 0, "missing, though the point finished with stats_interval set: remove the point's "
                                  "result.json to run it again");
      continue;
    }
    TimeSeriesChart c = time_series_from_jsonl(read_text_file(file), file, {});
    c.title = describe_point(spec, p);
    write_file_atomic(plots + "/timeseries-" + p.folder + ".svg", render_time_series(c));
    series << "<li><a href=\"plots/timeseries-" << xml_escape(p.folder) << ".svg\">" << xml_escape(describe_point(spec, p))
           << "</a></li>\n";
  }

  std::ostringstream h;
  const std::string title = spec.name.empty() ? "sweep " + fs::path(spec.file).filename().string() : spec.name;
  h << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" << xml_escape(title) << "</title>\n"
    << "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:13px}"
       "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eee}"
       "figure{display:inline-block;margin:1em}img{max-width:100%}</style></head><body>\n";
  h << "<h1>" << xml_escape(title) << "</h1>\n<p>" << points.size() << " points from <code>"
    << xml_escape(spec.file) << "</code>: " << ok << " ok, " << failed << " failed, " << pending
    << " pending. Table as CSV: <a href=\"" << xml_escape(csv_name) << "\">" << xml_escape(csv_name) << "</a>.</p>\n";
  h << "<h2>Plots</h2>\n" << figs.str();
  if (!series.str().empty()) h << "<h2>Time series</h2>\n<ul>\n" << series.str() << "</ul>\n";
  h << "<h2>Points</h2>\n<table>\n<tr>";
  for (const std::string& c : table.columns) h << "<th>" << xml_escape(c) << "</th>";
  h << "</tr>\n";
  const size_t point_col = table.find("point");
  for (const auto& r : table.rows) {
    h << "<tr>";
    for (size_t i = 0; i < r.size(); ++i) {
      if (i == point_col)
        h << "<td><a href=\"points/" << xml_escape(r[i]) << "/\">" << xml_escape(r[i]) << "</a></td>";
      else
        h << "<td>" << xml_escape(r[i]) << "</td>";
    }
    h << "</tr>\n";
  }
  h << "</table>\n</body></html>\n";
  const std::string index = (fs::path(out_dir) / "index.html").string();
  write_file_atomic(index, h.str());
  return index;
}

}  // namespace gpucosim::sweep
