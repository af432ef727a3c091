// `gpucosim report`: inputs found in block folders, chart contents, SVG drawing and the files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>

#include "kernel/input_error.h"
#include "power/energy_json.h"
#include "synth/flow/synth_result.h"
#include "synth/flow/tool_runner.h"
#include "synth/report/report_charts.h"
#include "synth/report/report_writer.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

synth::SynthResult block(const std::string& name, double logic, double sram) {
  synth::SynthResult r;
  r.block = name;
  r.node_nm = 180;
  r.clock_ns = 5;
  r.logic_area_um2 = logic;
  r.sram_area_um2 = sram;
  r.total_area_um2 = logic + sram;
  r.fmax_mhz = 300;
  r.logic_internal_mw = 1;
  r.logic_switching_mw = 0.5;
  r.sram_dynamic_mw = 0.25;
  r.power_mw = 1.75;
  r.scaled.push_back({45, logic * 0.05, sram * 0.07, logic * 0.05 + sram * 0.07, 2000, 0.4, false});
  return r;
}

power::EnergyReport energy(double rf, double dram) {
  power::EnergyReport e;
  e.runtime_s = 1e-3;
  e.components.push_back({"register_file", "x", 10, rf, 1});
  e.components.push_back({"dram", "y", 20, dram, 0});
  return e;
}

TEST(synthReport, AreaChartSplitsLogicAndSram) {
  synth::ReportInputs in;
  in.blocks = {block("a", 1000, 3000), block("b", 500, 0)};
  const synth::StackedBarChart c = synth::area_chart(in);
  EXPECT_EQ(c.unit, "um^2");
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].values, (std::vector<double>{1000, 3000}));
  EXPECT_EQ(c.rows[1].values, (std::vector<double>{500, 0}));
  in.blocks.push_back(block("big", 2e5, 3e5));
  EXPECT_EQ(synth::area_chart(in).unit, "mm^2");
  EXPECT_DOUBLE_EQ(synth::area_chart(in).rows[2].values[1], 0.3);
}

TEST(synthReport, EnergyChartHasOneSeriesPerComponent) {
  synth::ReportInputs in;
  in.energy = {{"baseline", energy(100, 400)}, {"warppool", energy(120, 300)}};
  const synth::StackedBarChart c = synth::energy_chart(in);
  EXPECT_EQ(c.series, (std::vector<std::string>{"register_file", "dram"}));
  EXPECT_EQ(c.unit, "nJ");
  EXPECT_EQ(c.rows[1].label, "warppool");
  EXPECT_DOUBLE_EQ(c.rows[1].values[0], 121);  // dynamic + leakage
}

TEST(synthReport, SvgBarsAreProportional) {
  synth::StackedBarChart c;
  c.title = "t <&>";
  c.unit = "mW";
  c.series = {"x", "y"};
  c.rows = {{"r1", {1, 3}}, {"r2", {2, 0}}};
  const std::string svg = synth::render_svg(c);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("t &lt;&amp;&gt;"), std::string::npos);
  std::vector<double> widths;
  const std::regex bar(R"re(<rect x="[0-9.]+" y="[0-9.]+" width="([0-9.]+)" height="18")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator(); ++it)
    widths.push_back(std::stod((*it)[1]));
  ASSERT_EQ(widths.size(), 3u);  // the zero segment is not drawn
  EXPECT_NEAR(widths[1] / widths[0], 3.0, 1e-6);
  EXPECT_NEAR(widths[2] / widths[0], 2.0, 1e-6);
}

TEST(synthReport, NiceAxisMaximum) {
  EXPECT_DOUBLE_EQ(synth::nice_ceiling(3.2), 5);
  EXPECT_DOUBLE_EQ(synth::nice_ceiling(0.021), 0.025);
  EXPECT_DOUBLE_EQ(synth::nice_ceiling(1000), 1000);
  EXPECT_DOUBLE_EQ(synth::nice_ceiling(0), 1);
}

TEST(synthReport, ReadsBlockFoldersAndEnergyFiles) {
  const std::string dir = scratch_dir();
  for (const auto& b : {block("alpha", 100, 200), block("beta", 300, 0)})
    write_file(dir, "synth/" + b.block + "/synth.json", synth::to_json(b).dump(2));
  nlohmann::json kernels = {{"kernels", {{{"name", "k1"}, {"energy", power::to_json(energy(1, 2))}},
                                         {{"name", "k2"}, {"energy", power::to_json(energy(3, 4))}}}}};
  const std::string ef = write_file(dir, "run.json", kernels.dump());
  const synth::ReportInputs in = synth::load_report_inputs({dir + "/synth"}, {ef});
  ASSERT_EQ(in.blocks.size(), 2u);
  EXPECT_EQ(in.blocks[0].block, "alpha");
  EXPECT_DOUBLE_EQ(in.blocks[1].logic_area_um2, 300);
  ASSERT_EQ(in.energy.size(), 2u);
  EXPECT_EQ(in.energy[0].first, "k1");
  EXPECT_NEAR(in.energy[1].second.total_nj(), 3 + 4 + 1, 1e-9);

  const synth::ReportInputs one = synth::load_report_inputs({dir + "/synth/beta"}, {});
  ASSERT_EQ(one.blocks.size(), 1u);
  EXPECT_THROW(synth::load_report_inputs({dir}, {}), InputError);  // no synth.json one level down
  EXPECT_THROW(synth::load_report_inputs({dir + "/synth"}, {dir + "/none.json"}), InputError);
  write_file(dir, "bad.json", "{\"x\": 1}");
  EXPECT_THROW(synth::load_report_inputs({dir + "/synth"}, {dir + "/bad.json"}), InputError);
}

// Results no synthesis writes, an input given twice and a report whose components are not a
// list: errors naming the file (each was drawn, counted twice or left out without a word).
TEST(synthReport, DamagedOrRepeatedInputsAreRefused) {
  const std::string dir = scratch_dir();
  auto expect_refused = [&](const std::string& name, const std::function<void(nlohmann::ordered_json&)>& damage,
                            const std::string& message) {
    nlohmann::ordered_json j = synth::to_json(block(name, 100, 200));
    damage(j);
    write_file(dir, name + "/synth.json", j.dump(2));
    try {
      synth::load_report_inputs({dir + "/" + name}, {});
      ADD_FAILURE() << name << " was read";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(name + "/synth.json"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  expect_refused("negative", [](auto& j) { j["logic_area_um2"] = -5; }, "\"logic_area_um2\" must not be negative");
  expect_refused("node0", [](auto& j) { j["node_nm"] = 0; }, "\"node_nm\" must be above 0");
  expect_refused("powerstr", [](auto& j) { j["power"] = "x"; }, "\"power\" must be an object");
  expect_refused("macro", [](auto& j) { j["macros"] = nlohmann::ordered_json::array({{{"bogus", 1}}}); },
                 "every entry of \"macros\" needs its \"module\"");
  expect_refused("typed", [](auto& j) { j["scaled"][0]["fmax_mhz"] = "fast"; }, "a field of the wrong type");
  write_file(dir, "empty/synth.json", "");
  EXPECT_THROW(synth::load_report_inputs({dir + "/empty"}, {}), InputError);

  write_file(dir, "good/synth.json", synth::to_json(block("good", 100, 200)).dump(2));
  EXPECT_THROW(synth::load_report_inputs({dir + "/good", dir + "/good/"}, {}), InputError);
  const std::string comps = write_file(dir, "comps.json", R"({"kernels": [{"name": "k", "energy": {"components": "x"}}]})");
  EXPECT_THROW(synth::load_report_inputs({dir + "/good"}, {comps}), InputError);
  const std::string neg = write_file(dir, "neg.json",
                                     R"({"components": [{"name": "dram", "events": 1, "dynamic_nj": -3, "leakage_nj": 0}]})");
  EXPECT_THROW(synth::load_report_inputs({dir + "/good"}, {neg}), InputError);
  const std::string ok = write_file(dir, "ok.json", power::to_json(energy(1, 2)).dump());
  EXPECT_THROW(synth::load_report_inputs({dir + "/good"}, {ok, ok}), InputError);
  EXPECT_EQ(synth::load_report_inputs({dir + "/good"}, {ok}).energy.size(), 1u);
}

TEST(synthReport, WritesMarkdownHtmlAndCharts) {
  const std::string dir = scratch_dir();
  synth::ReportInputs in;
  in.blocks = {block("alpha", 100, 200)};
  in.energy = {{"run", energy(5, 6)}};
  const synth::ReportFiles f = synth::write_report(in, dir + "/report");
  const std::string md = synth::read_text_file(f.markdown), html = synth::read_text_file(f.html);
  EXPECT_NE(md.find("![Area by block"), std::string::npos);
  EXPECT_NE(md.find("| alpha |"), std::string::npos);
  EXPECT_NE(md.find("Stillmaker"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);  // inlined
  EXPECT_NE(html.find("register_file"), std::string::npos);
  EXPECT_EQ(f.charts.size(), 3u);
  for (const auto& c : f.charts) EXPECT_NE(synth::read_text_file(c).find("</svg>"), std::string::npos) << c;
  EXPECT_THROW(synth::write_report(synth::ReportInputs{}, dir + "/empty"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
