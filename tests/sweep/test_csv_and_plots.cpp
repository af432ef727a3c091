// CSV writing and reading, and charts built from a table and from a time series: what each plot
// shows (axes, series, point counts, the normalised values and their geomean).
#include <gtest/gtest.h>

#include <cmath>

#include "kernel/input_error.h"
#include "sweep/csv_table.h"
#include "sweep/svg_plot.h"
#include "sweep/table_plots.h"
#include "tests/sweep/svg_reader.h"

namespace gpucosim::sweep {
namespace {

using testutil::count_of;
using testutil::svg_axis_label;
using testutil::svg_series;

TEST(csvTable, RoundTripWithQuoting) {
  Table t;
  t.columns = {"workload", "gpgpu_cache:dl1", "cycles"};
  t.rows = {{"vecadd:n=4,block=2", "N:64:128:6,L:L:m:N:H", "12"}, {"say \"hi\"", "", "3.5"}, {"two\nlines", "x", "1"}};
  const std::string csv = to_csv(t);
  EXPECT_NE(csv.find("\"vecadd:n=4,block=2\""), std::string::npos);
  EXPECT_NE(csv.find("\"say \"\"hi\"\"\""), std::string::npos);
  const Table back = parse_csv(csv, "t.csv");
  EXPECT_EQ(back.columns, t.columns);
  EXPECT_EQ(back.rows, t.rows);
  EXPECT_EQ(back.find("cycles"), 2u);
}

TEST(csvTable, ErrorsNameTheLine) {
  try {
    parse_csv("a,b\n1,2\n3\n", "t.csv");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 3u) << e.what();
  }
  EXPECT_THROW(parse_csv("a,b\n\"1,2\n", "t.csv"), InputError);
  EXPECT_THROW(parse_csv("", "t.csv"), InputError);
}

// A table as `sweep collect` writes it: 3 workloads x 4 values, one failed point.
Table sweep_table() {
  Table t;
  t.columns = {"workload", "config", "gpgpu_n_clusters", "status", "cycles", "point"};
  const char* const w[] = {"vecadd", "transpose_naive", "gemm_naive"};
  for (int i = 0; i < 3; ++i)
    for (int c : {1, 2, 4, 8})
      t.rows.push_back({w[i], "GTX480", std::to_string(c), "ok", std::to_string((i + 1) * 1000 * 8 / c), "p"});
  t.rows.push_back({"vecadd", "GTX980", "16", "failed", "", "q"});
  return t;
}

TEST(tablePlots, LineChartOneLinePerWorkload) {
  TablePlotOptions o;
  o.source = "r.csv";
  o.x = "gpgpu_n_clusters";
  o.y = "cycles";
  const LineChart c = line_chart_from_table(sweep_table(), o);
  ASSERT_EQ(c.series.size(), 3u) << "the failed row is left out";
  EXPECT_EQ(c.series[1].name, "transpose_naive");
  EXPECT_EQ(c.series[1].x, (std::vector<double>{1, 2, 4, 8}));
  EXPECT_EQ(c.series[1].y, (std::vector<double>{16000, 8000, 4000, 2000}));
  EXPECT_TRUE(c.x_categories.empty()) << "numbers are a numeric axis";

  const std::string svg = render_line_chart(c);
  EXPECT_EQ(svg_axis_label(svg, "x"), "gpgpu_n_clusters");
  EXPECT_EQ(svg_axis_label(svg, "y"), "cycles");
  const auto series = svg_series(svg);
  ASSERT_EQ(series.size(), 3u);
  for (const auto& s : series) EXPECT_EQ(s.points, 4) << s.name;
  EXPECT_EQ(series[2].name, "gemm_naive");
  EXPECT_EQ(count_of(svg, "<circle class=\"point\""), 12u);
  for (const char* tick : {">1<", ">2<", ">4<", ">8<"}) EXPECT_NE(svg.find(tick), std::string::npos) << tick;
}

TEST(tablePlots, NormalisedBarsWithGeomean) {
  TablePlotOptions o;
  o.source = "r.csv";
  o.x = "gpgpu_n_clusters";
  o.y = "cycles";
  o.baseline = "2";
  const BarChart c = normalised_bars_from_table(sweep_table(), o);
  ASSERT_EQ(c.groups.size(), 4u);
  EXPECT_EQ(c.groups.back().label, "geomean");
  ASSERT_EQ(c.series.size(), 4u);
  EXPECT_EQ(c.series[1], "gpgpu_n_clusters=2");
  for (const auto& g : c.groups) {
    EXPECT_DOUBLE_EQ(g.values[1], 1.0) << g.label << ": the baseline";
    EXPECT_DOUBLE_EQ(g.values[0], 2.0) << g.label;
    EXPECT_DOUBLE_EQ(g.values[3], 0.25) << g.label;
  }
  const std::string svg = render_bar_chart(c);
  const auto series = svg_series(svg);
  ASSERT_EQ(series.size(), 4u);
  for (const auto& s : series) EXPECT_EQ(s.points, 4) << "3 workloads and the geomean";
  EXPECT_NE(svg.find(">geomean<"), std::string::npos);
  EXPECT_NE(svg.find("class=\"reference\""), std::string::npos);
}

TEST(tablePlots, GeomeanOfUnequalRatios) {
  Table t;
  t.columns = {"workload", "size", "status", "cycles"};
  t.rows = {{"a", "1", "ok", "100"}, {"a", "2", "ok", "50"}, {"b", "1", "ok", "100"}, {"b", "2", "ok", "200"}};
  TablePlotOptions o;
  o.x = "size";
  o.y = "cycles";
  const BarChart c = normalised_bars_from_table(t, o);
  EXPECT_DOUBLE_EQ(c.groups[0].values[1], 0.5);
  EXPECT_DOUBLE_EQ(c.groups[1].values[1], 2.0);
  EXPECT_NEAR(c.groups[2].values[1], 1.0, 1e-12) << "sqrt(0.5 x 2)";
}

TEST(tablePlots, AmbiguousRowsAndUnknownColumnsAreErrors) {
  Table t = sweep_table();
  t.rows.push_back({"vecadd", "GTX980", "1", "ok", "5", "r"});
  TablePlotOptions o;
  o.source = "r.csv";
  o.x = "gpgpu_n_clusters";
  o.y = "cycles";
  try {
    line_chart_from_table(t, o);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--by"), std::string::npos) << e.what();
  }
  o.by = {"workload", "config"};
  EXPECT_EQ(line_chart_from_table(t, o).series.size(), 4u);
  o.by = {};
  o.where = {{"config", "GTX480"}};
  EXPECT_EQ(line_chart_from_table(t, o).series.size(), 3u);
  o.y = "cycle";
  EXPECT_THROW(line_chart_from_table(t, o), InputError);
}

TEST(tablePlots, CategoricalAxisKeepsTheTableOrder) {
  Table t;
  t.columns = {"workload", "scheduler", "status", "ipc"};
  t.rows = {{"a", "lrr", "ok", "1"}, {"a", "gto", "ok", "2"}, {"a", "two_level_active:6:0:1", "ok", "3"}};
  TablePlotOptions o;
  o.x = "scheduler";
  o.y = "ipc";
  const LineChart c = line_chart_from_table(t, o);
  EXPECT_EQ(c.x_categories, (std::vector<std::string>{"lrr", "gto", "two_level_active:6:0:1"}));
  EXPECT_NE(render_line_chart(c).find(">two_level_active:6:0:1<"), std::string::npos);
}

TEST(timeSeriesPlot, DefaultPanelsFromJsonLines) {
  std::string jsonl;
  for (int i = 1; i <= 5; ++i)
    jsonl += "{\"cycle\":" + std::to_string(i * 100) + ",\"cycles\":100,\"ipc\":" + std::to_string(i) +
             ",\"issued\":50,\"stall_mem\":150,\"stall_idle\":0,\"l1_misses\":3,\"l2_misses\":1,\"dram_bw_gbps\":2.5,"
             "\"active_warps\":48}\n";
  const TimeSeriesChart c = time_series_from_jsonl(jsonl, "ts.jsonl", {});
  ASSERT_EQ(c.panels.size(), 5u);
  EXPECT_EQ(c.panels[0].y_label, "IPC");
  EXPECT_TRUE(c.panels[3].stacked);
  EXPECT_EQ(c.panels[3].series.size(), 3u) << "issued, stall_idle, stall_mem";
  EXPECT_DOUBLE_EQ(c.panels[3].series[0].y[0], 0.5) << "slots per cycle";
  const std::string svg = render_time_series(c);
  EXPECT_EQ(count_of(svg, "<g class=\"panel\""), 5u);
  EXPECT_EQ(svg_axis_label(svg, "x"), "core cycle");
  for (const auto& s : svg_series(svg)) EXPECT_EQ(s.points, 5) << s.name;

  const TimeSeriesChart one = time_series_from_jsonl(jsonl, "ts.jsonl", {"active_warps"});
  ASSERT_EQ(one.panels.size(), 1u);
  EXPECT_THROW(time_series_from_jsonl(jsonl, "ts.jsonl", {"nope"}), InputError);
  try {
    time_series_from_jsonl(jsonl + "{\"cycle\": oops}\n", "ts.jsonl", {});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 6u) << e.what();
  }
}

TEST(csvTable, AColumnNamedTwiceIsAnError) {
  try {
    parse_csv("workload,cycles,cycles\nvecadd,1,2\n", "t.csv");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 1u) << e.what();
    EXPECT_NE(std::string(e.what()).find("'cycles' appears twice"), std::string::npos) << e.what();
  }
}

// Values near the largest double (a damaged table) are drawn on a finite axis with few ticks:
// the tick loop once stepped by nothing at this scale and filled memory.
TEST(tablePlots, ValuesNearTheLargestDoubleGiveAFiniteAxis) {
  Table t;
  t.columns = {"workload", "x", "status", "cycles"};
  const double big = 1.7e308;
  t.rows = {{"a", "1", "ok", "1"}, {"a", "2", "ok", std::to_string(big)}, {"b", "-1.7e308", "ok", "-1.7e308"},
            {"b", "1.7e308", "ok", "5"}};
  for (size_t i = 0; i < 14; ++i) t.rows.push_back({"c", std::to_string(3 + i), "ok", std::to_string(i)});
  TablePlotOptions o;
  o.x = "x";
  o.y = "cycles";
  const std::string svg = render_line_chart(line_chart_from_table(t, o));
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find("inf"), std::string::npos);
  EXPECT_LT(count_of(svg, "<line"), 200u);
  EXPECT_NE(svg.find(">1e+308<"), std::string::npos) << "a round tick at the top";

  std::string jsonl = "{\"cycle\":1,\"cycles\":1,\"ipc\":1.7e308}\n{\"cycle\":1.7e308,\"cycles\":1,\"ipc\":-1.7e308}\n";
  const std::string ts = render_time_series(time_series_from_jsonl(jsonl, "ts.jsonl", {}));
  EXPECT_EQ(ts.find("nan"), std::string::npos);
  EXPECT_LT(count_of(ts, "<line"), 200u);
}

TEST(tablePlots, MistakesOfLogAxesBaselinesAndNumbersAreErrors) {
  Table t = sweep_table();
  TablePlotOptions o;
  o.source = "r.csv";
  o.x = "gpgpu_n_clusters";
  o.y = "cycles";
  o.log_x = true;
  EXPECT_EQ(line_chart_from_table(t, o).series.size(), 3u);
  t.rows.push_back({"vecadd", "GTX480", "0", "ok", "7", "z"});
  try {
    line_chart_from_table(t, o);
    ADD_FAILURE() << "a log axis through 0";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), t.rows.size() + 1) << e.what();
  }
  t = sweep_table();
  t.rows[0][4] = "0";  // vecadd at the baseline (gpgpu_n_clusters=1)
  o.log_x = false;
  try {
    normalised_bars_from_table(t, o);
    ADD_FAILURE() << "normalised to 0";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u) << e.what();
  }
  // Hexadecimal is not a number here (strtod would read 0x10 as 16): the axis is categorical.
  Table h;
  h.columns = {"workload", "x", "status", "cycles"};
  h.rows = {{"a", "0x10", "ok", "1"}, {"a", "2", "ok", "2"}};
  o.x = "x";
  EXPECT_EQ(line_chart_from_table(h, o).x_categories, (std::vector<std::string>{"0x10", "2"}));
  h.rows[0][3] = "0x10";
  EXPECT_THROW(line_chart_from_table(h, o), InputError);
}

TEST(timeSeriesPlot, AFieldThatIsNotANumberIsNamed) {
  try {
    time_series_from_jsonl("{\"cycle\":100,\"ipc\":1}\n{\"cycle\":200,\"ipc\":\"abc\"}\n", "ts.jsonl", {});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"ipc\""), std::string::npos) << e.what();
  }
  // null is an interval without a value (what a NaN is written as): a gap, not an error.
  EXPECT_NO_THROW(time_series_from_jsonl("{\"cycle\":100,\"ipc\":null}\n", "ts.jsonl", {}));
}

}  // namespace
}  // namespace gpucosim::sweep
