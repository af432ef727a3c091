// Area/fmax regression (issue 5, deliverable 5): synthesises every block that has a manifest --
// rtl/*/block.json and the fixture blocks under tests/synth/fixtures/ -- and compares its area
// and fmax with synth/golden/<block>.json. Growth of an area or a drop of fmax beyond 5% fails,
// naming the block and the figure. GPUCOSIM_UPDATE_GOLDEN=1 rewrites the golden files instead.
// The same test also synthesises the block flat: the hierarchical and the flat flow agree on
// area within 3%.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <iostream>
#include <filesystem>
#include <string>
#include <vector>

#include "synth/flow/golden.h"
#include "synth/flow/manifest.h"
#include "synth/flow/synth_flow.h"
#include "tests/support/test_paths.h"
#include "tests/synth/synth_test_util.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

struct BlockCase {
  std::string name, manifest;
};

// The block name is the test's parameter value in listings (not a byte dump of the struct).
void PrintTo(const BlockCase& b, std::ostream* os) { *os << b.name; }

std::vector<BlockCase> blocks() {
  std::vector<BlockCase> out;
  for (const char* dir : {"/rtl", "/tests/synth/fixtures"})
    for (const auto& m : synth::discover_manifests(source_dir() + dir))
      out.push_back({fs::path(m).parent_path().filename().string(), m});
  return out;
}

std::string test_name(const ::testing::TestParamInfo<BlockCase>& info) {
  std::string n = info.param.name;
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class Regression : public ::testing::TestWithParam<BlockCase> {};

// The hierarchical flow (default) and the flat one (--flat) agree on total area within issue
// 17's 3% for every block of the regression set, at its CI-sized parameters: mapping each unique
// module once loses only cross-boundary optimisation (each module is mapped against the full
// clock period on its own, and no constant crosses a kept boundary). Outputs nothing reads are
// not kept: the flow gives such instances a pruned module copy (synth/flow/port_usage.h). Figures
// in docs/synthesis.md, "Both flows".
constexpr double kFlowAgreement = 0.03;

// One test per block, so that its hierarchical synthesis (the longest part: WarpPool's CI set
// takes most of a minute of Yosys) runs once for both checks: its area and fmax against the
// golden file, then the flat flow's area against it.
TEST_P(Regression, GoldenAreaAndFmaxAndFlatAgrees) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_FAIL() << "the area regression needs the synthesis tools: " << why;
  const synth::BlockManifest m = synth::load_manifest(GetParam().manifest);
  synth::SynthOptions o;
  o.out_dir = binary_dir() + "/synth-regression/" + m.block;  // inside the build tree, nothing cached elsewhere
  o.parameters = m.regression_parameters;                     // a large block's CI-sized configuration
  const synth::SynthResult hier = synth::run_synth(m, o);
  const std::string golden = source_dir() + "/synth/golden/" + m.block + ".json";

  const char* update = std::getenv("GPUCOSIM_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    synth::write_golden(golden, hier);
    std::cout << "updated " << golden << "\n";
    return;
  }
  const synth::GoldenCheck c = synth::compare_with_golden(hier, synth::load_golden(golden), golden);
  for (const auto& f : c.failures) ADD_FAILURE() << f;
  for (const auto& i : c.improvements)
    std::cout << "improved beyond tolerance (refresh the golden file): " << i << "\n";
  std::cout << m.block << ": total area " << hier.total_area_um2 << " um^2, fmax " << hier.fmax_mhz << " MHz, power "
            << hier.power_mw << " mW; Yosys " << hier.yosys_s << " s, OpenSTA " << hier.sta_s << " s\n";

  // Both flows.
  o.flat = true;
  o.out_dir = binary_dir() + "/synth-regression/" + m.block + "-flat";
  const synth::SynthResult flat = synth::run_synth(m, o);
  EXPECT_EQ(hier.flow, "hierarchical");
  EXPECT_EQ(flat.flow, "flat");
  EXPECT_FALSE(hier.modules.empty());
  EXPECT_TRUE(flat.modules.empty());
  const double ratio = hier.total_area_um2 / flat.total_area_um2;
  EXPECT_NEAR(ratio, 1.0, kFlowAgreement) << m.block << ": hierarchical " << hier.total_area_um2 << " um^2 vs flat "
                                << flat.total_area_um2 << " um^2";
  // The breakdown accounts for the whole block: the top's row is the total.
  EXPECT_NEAR(hier.modules.front().area_um2, hier.total_area_um2, 1e-6 * hier.total_area_um2);
  std::cout << m.block << ": hierarchical " << hier.total_area_um2 << " um^2 (" << hier.unique_modules
            << " unique modules, Yosys " << hier.yosys_s << " s), flat " << flat.total_area_um2 << " um^2 (Yosys "
            << flat.yosys_s << " s): ratio " << ratio << "\n";
}

INSTANTIATE_TEST_SUITE_P(synth, Regression, ::testing::ValuesIn(blocks()), test_name);

}  // namespace
}  // namespace gpucosim::test
