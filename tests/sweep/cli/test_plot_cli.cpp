// `gpucosim plot` end to end: the SVG of a sweep's CSV (axes, one line per workload with a point
// per value, normalised bars with the geomean), of a run's --stats-interval time series, and the
// errors of bad invocations. Also the sweep's HTML index and its plots.
#include <gtest/gtest.h>

#include <filesystem>

#include "sweep/subprocess.h"
#include "tests/sweep/cli/sweep_cli_util.h"
#include "tests/sweep/svg_reader.h"
#include "tests/sweep/sweep_test_util.h"

namespace gpucosim::sweep {
namespace {

using namespace testutil;
namespace fs = std::filesystem;

// A quick sweep of 3 workloads x 4 values, collected.
std::string collected_sweep(const std::string& dir) {
  const std::string spec = write_text(dir, "l1.yaml",
                                      "workloads: [vecadd:n=4096, transpose_naive:n=128, reduction:blocks=32]\n"
                                      "axes:\n  gpgpu_l1_latency: [1, 10, 20, 40]\n"
                                      "set: {gpgpu_n_clusters: 2}\n");
  const test::CommandResult r = test::run_command(test::gpucosim_exe() + " sweep " + spec + " -j 2 --out " + dir + "/out");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return dir + "/out";
}

TEST(plotCli, SweepLinesAndNormalisedBars) {
  const std::string dir = test::scratch_dir();
  const std::string out = collected_sweep(dir);
  const std::string csv = out + "/results.csv";
  test::CommandResult r = test::run_command(test::gpucosim_exe() + " plot " + csv +
                                            " --x gpgpu_l1_latency --y cycles --out " + dir + "/cycles.svg");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string svg = test::read_text(dir + "/cycles.svg");
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_EQ(svg_axis_label(svg, "x"), "gpgpu_l1_latency");
  EXPECT_EQ(svg_axis_label(svg, "y"), "cycles");
  auto series = svg_series(svg);
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].name, "vecadd:n=4096");
  EXPECT_EQ(series[1].name, "transpose_naive:n=128");
  EXPECT_EQ(series[2].name, "reduction:blocks=32");
  for (const auto& s : series) EXPECT_EQ(s.points, 4) << s.name;

  r = test::run_command(test::gpucosim_exe() + " plot " + csv + " --bars --x gpgpu_l1_latency --y cycles --baseline 1 " +
                        "--out " + dir + "/speed.svg");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  svg = test::read_text(dir + "/speed.svg");
  series = svg_series(svg);
  ASSERT_EQ(series.size(), 4u) << "a bar per latency";
  EXPECT_EQ(series[0].name, "gpgpu_l1_latency=1");
  for (const auto& s : series) EXPECT_EQ(s.points, 4) << "3 workloads and the geomean";
  EXPECT_NE(svg.find(">geomean<"), std::string::npos);

  // One workload only, through --where.
  r = test::run_command(test::gpucosim_exe() + " plot " + csv + " --x gpgpu_l1_latency --y ipc --where " +
                        "workload=vecadd:n=4096 --out " + dir + "/one.svg");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(svg_series(test::read_text(dir + "/one.svg")).size(), 1u);

  // The sweep's own index: the table and a plot per statistic.
  const std::string index = test::read_text(out + "/index.html");
  EXPECT_NE(index.find("<img src=\"plots/cycles.svg\""), std::string::npos);
  EXPECT_NE(index.find("<img src=\"plots/cycles-normalised.svg\""), std::string::npos);
  EXPECT_NE(index.find("12 points"), std::string::npos);
  EXPECT_EQ(count_of(index, "<tr>"), 13u) << "header and 12 points";
  const auto index_series = svg_series(test::read_text(out + "/plots/ipc.svg"));
  ASSERT_EQ(index_series.size(), 3u);
  EXPECT_EQ(index_series[2].points, 4);
}

TEST(plotCli, TimeSeriesOfARun) {
  const std::string dir = test::scratch_dir();
  test::CommandResult r = test::run_command(test::gpucosim_exe() + " run --quiet --workload transpose_naive:n=256 " +
                                            "--stats-interval 500 --out " + dir + "/run");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const size_t intervals = csv_lines(dir + "/run/stats-interval.jsonl");
  ASSERT_GT(intervals, 3u);
  r = test::run_command(test::gpucosim_exe() + " plot " + dir + "/run/stats-interval.jsonl --out " + dir + "/ts.svg");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string svg = test::read_text(dir + "/ts.svg");
  EXPECT_EQ(svg_axis_label(svg, "x"), "core cycle");
  EXPECT_EQ(count_of(svg, "<g class=\"panel\""), 5u);
  for (const char* panel : {"data-label=\"IPC\"", "data-label=\"DRAM GB/s\"", "data-label=\"active warps\"",
                            "data-label=\"scheduler slots / cycle\"", "data-label=\"cache misses / interval\""})
    EXPECT_NE(svg.find(panel), std::string::npos) << panel;
  const auto series = svg_series(svg);
  std::vector<std::string> names;
  for (const auto& s : series) {
    names.push_back(s.name);
    EXPECT_EQ(size_t(s.points), intervals) << s.name;
  }
  for (const char* n : {"ipc", "dram_bw_gbps", "active_warps", "issued", "stall_mem", "l1_misses", "l2_misses"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;

  r = test::run_command(test::gpucosim_exe() + " plot " + dir + "/run/stats-interval.jsonl --y ipc --y active_warps " +
                        "--out " + dir + "/two.svg");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(count_of(test::read_text(dir + "/two.svg"), "<g class=\"panel\""), 2u);
}

TEST(plotCli, PngWhereAConverterIsInstalled) {
  const std::string dir = test::scratch_dir();
  write_text(dir, "t.csv", "workload,size,status,cycles\na,1,ok,10\na,2,ok,5\n");
  const test::CommandResult r =
      test::run_command(test::gpucosim_exe() + " plot " + dir + "/t.csv --x size --y cycles --out " + dir + "/t.png");
  if (find_in_path("rsvg-convert").empty()) {
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("rsvg-convert"), std::string::npos) << r.output;
    GTEST_SKIP() << "no rsvg-convert (librsvg2-bin): checked the message only";
  }
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(test::read_text(dir + "/t.png").substr(1, 3), "PNG");
}

TEST(plotCli, BadInvocations) {
  const std::string dir = test::scratch_dir();
  write_text(dir, "t.csv", "workload,size,status,cycles\na,1,ok,10\na,2,ok,5\n");
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {dir + "/t.csv --x size --y cyc --out " + dir + "/x.svg", "no column 'cyc'"},
      {dir + "/t.csv --x bogus --y cycles --out " + dir + "/x.svg", "no column 'bogus'"},
      {dir + "/t.csv --y cycles --out " + dir + "/x.svg", "--x"},
      {dir + "/t.csv --x size --y cycles --out " + dir + "/x.pdf", ".svg or .png"},
      {dir + "/t.csv --x size --y cycles --bars --baseline 7 --out " + dir + "/x.svg", "no row has size=7"},
      {dir + "/none.csv --x size --y cycles --out " + dir + "/x.svg", "cannot open"},
      {dir + " --x size --y cycles --out " + dir + "/x.svg", "is a folder: expected a file"},
      {dir + "/t.csv --x size --y cycles --baseline 1 --out " + dir + "/x.svg", "expected --bars with it"},
      {dir + "/t0.csv --x size --y cycles --log-x --out " + dir + "/x.svg", "t0.csv:2: --log-x: size=0 has no logarithm"},
      {dir + "/bad.jsonl --out " + dir + "/x.svg", "bad.jsonl:1: not a JSON object"},
      {dir + "/ts.jsonl --log-x --out " + dir + "/x.svg", "--log-x are for CSV tables"},
  };
  write_text(dir, "bad.jsonl", "cycle,ipc\n1,2\n");
  write_text(dir, "t0.csv", "workload,size,status,cycles\na,0,ok,10\na,2,ok,5\n");
  write_text(dir, "ts.jsonl", "{\"cycle\":100,\"ipc\":1}\n");
  for (const Case& c : cases) {
    const test::CommandResult r = test::run_command(test::gpucosim_exe() + " plot " + c.args);
    EXPECT_EQ(r.exit_code, 1) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find("gpucosim: error:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << r.output;
  }
}

}  // namespace
}  // namespace gpucosim::sweep
