// `gpucosim plot`: SVG (or PNG, where rsvg-convert is installed) plots of a sweep's CSV or of a
// run's time series.
//
//   gpucosim plot CSV --x AXIS --y STAT [--by COLUMN]... [--where COLUMN=VALUE]... [--log-x] --out FILE.svg
//   gpucosim plot CSV --bars --x AXIS --y STAT [--baseline VALUE] --out FILE.svg     (normalised, with geomean)
//   gpucosim plot RUN/stats-interval.jsonl [--y FIELD]... --out FILE.svg              (time series)
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "kernel/input_error.h"
#include "sweep/point_store.h"
#include "sweep/subprocess.h"
#include "sweep/table_plots.h"

namespace gpucosim::cli {

namespace {

namespace fs = std::filesystem;
using namespace gpucosim::sweep;

struct PlotArgs {
  std::string input, out, x, title, baseline;
  std::vector<std::string> y, by, where;
  bool bars = false, log_x = false;
};

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A time series is JSON lines: the file's first non-blank character opens an object.
bool is_time_series(const std::string& text) {
  const size_t i = text.find_first_not_of(" \t\r\n");
  return i != std::string::npos && text[i] == '{';
}

void write_output(const std::string& svg, const std::string& out) {
  if (!ends_with(out, ".png")) {
    write_file_atomic(out, svg);
    return;
  }
  const std::string conv = find_in_path("rsvg-convert");
  if (conv.empty())
    throw InputError("--out", 0, out + ": PNG needs rsvg-convert (Debian package librsvg2-bin), which is not installed; "
                     "write .svg instead");
  const std::string svg_path = out.substr(0, out.size() - 4) + ".svg";
  write_file_atomic(svg_path, svg);
  const Captured c = run_captured({conv, "-o", out, svg_path});
  if (!c.started || c.end.exit_code != 0 || c.end.signal)
    throw InputError(out, 0, "rsvg-convert failed (" + c.end.describe() + "): " + c.out);
}

void plot(const PlotArgs& a) {
  if (a.out.empty()) throw InputError("--out", 0, "expected the file to write (FILE.svg or FILE.png)");
  if (!ends_with(a.out, ".svg") && !ends_with(a.out, ".png"))
    throw InputError("--out", 0, "expected a file name ending in .svg or .png, got '" + a.out + "'");
  if (!a.baseline.empty() && !a.bars) throw InputError("--baseline", 0, "is for normalised bars: expected --bars with it");
  const std::string text = read_text_file(a.input);
  std::string svg;
  // A .jsonl file is read as a time series whatever it holds, so that a broken one is named as such.
  if (ends_with(a.input, ".jsonl") || is_time_series(text)) {
    if (!a.x.empty() || a.bars || !a.by.empty() || !a.where.empty() || a.log_x)
      throw InputError(a.input, 0,
                       "a time series is plotted against cycles: --x, --bars, --by, --where and --log-x are for CSV tables");
    TimeSeriesChart c = time_series_from_jsonl(text, a.input, a.y);
    if (!a.title.empty()) c.title = a.title;
    svg = render_time_series(c);
  } else {
    if (a.x.empty() || a.y.size() != 1)
      throw InputError(a.input, 0, "a CSV table needs --x COLUMN and one --y COLUMN");
    TablePlotOptions o;
    o.source = a.input;
    o.x = a.x;
    o.y = a.y.front();
    o.by = a.by;
    for (const std::string& w : a.where) {
      const size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0) throw InputError("--where", 0, "expected COLUMN=VALUE, got '" + w + "'");
      o.where.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    o.baseline = a.baseline;
    o.log_x = a.log_x;
    o.title = a.title;
    const Table t = parse_csv(text, a.input);
    svg = a.bars ? render_bar_chart(normalised_bars_from_table(t, o)) : render_line_chart(line_chart_from_table(t, o));
  }
  write_output(svg, a.out);
  std::cout << "wrote " << a.out << "\n";
}

}  // namespace

void register_plot_command(CLI::App& app) {
  auto a = std::make_shared<PlotArgs>();
  CLI::App* cmd = app.add_subcommand(
      "plot", "Plot a sweep's CSV (a statistic against an axis, or normalised bars) or a run's --stats-interval time series");
  cmd->add_option("input", a->input, "CSV from `gpucosim sweep collect`, or a stats-interval.jsonl")->required();
  cmd->add_option("--out", a->out, "FILE.svg, or FILE.png (needs rsvg-convert)")->required();
  cmd->add_option("--x", a->x, "CSV: the column along the x axis (an option of the sweep)");
  cmd->add_option("--y", a->y, "CSV: the statistic column; time series: a field per panel (repeatable; default IPC, "
                               "DRAM bandwidth, active warps, issue-slot breakdown, cache misses)");
  cmd->add_option("--by", a->by, "CSV: column(s) whose values name the lines (default workload)");
  cmd->add_option("--where", a->where, "CSV: only rows with COLUMN=VALUE (repeatable)");
  cmd->add_flag("--bars", a->bars, "CSV: bars normalised to --baseline, one group per line, plus the geomean");
  cmd->add_option("--baseline", a->baseline, "CSV with --bars: the x value to normalise to (default the smallest)");
  cmd->add_flag("--log-x", a->log_x, "CSV: logarithmic x axis");
  cmd->add_option("--title", a->title, "title above the plot");
  cmd->callback([a] { plot(*a); });
}

}  // namespace gpucosim::cli
