// Yosys' per-module statistics of a hierarchical run (`stat -liberty -top`): the flat totals
// count each submodule once per instance, and the per-module breakdown gives each module's cells,
// area and share with everything below it (submodules and SRAM macros).
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "synth/flow/module_breakdown.h"
#include "synth/flow/yosys_output.h"

namespace gpucosim::test {
namespace {

// Shaped like Yosys 0.23's output: a top with a parameterised queue module used 4 times, a
// controller holding the SRAM macro (a blackbox, no section of its own), and the closing
// "design hierarchy" summary, which must not be taken for a module.
const char* kStat = R"(
=== $paramod$abc\queue ===

   Number of wires:                 10
   Number of cells:                 3
     DFFPOSX1                        2
     INVX1                           1

   Chip area for module '$paramod$abc\queue': 208.000000

=== ctrl ===

   Number of cells:                 3
     $paramod$def\ram_macro          1
     NAND2X1                         2

   Area for cell type $paramod$def\ram_macro is unknown!

   Chip area for module '\ctrl': 48.000000

=== top ===

   Number of cells:                 6
     $paramod$abc\queue              4
     ctrl                            1
     BUFX2                           1

   Area for cell type $paramod$abc\queue is unknown!
   Area for cell type \ctrl is unknown!

   Chip area for module '\top': 32.000000

=== design hierarchy ===

   top                               1
     $paramod$abc\queue              4
     ctrl                            1

   Number of cells:                 16
     $paramod$def\ram_macro          1
     BUFX2                           1
     DFFPOSX1                        8
     INVX1                           4
     NAND2X1                         2

   Chip area for top module '\top': 912.000000
)";

TEST(synthHierarchy, FlatTotalsCountEachInstance) {
  const synth::DesignStats d = synth::parse_design_stat(kStat, "top", "stat.txt");
  EXPECT_EQ(d.modules.size(), 3u);  // the summary is not a module
  EXPECT_EQ(d.instances.at("$paramod$abc\\queue"), 4u);
  EXPECT_EQ(d.instances.at("ctrl"), 1u);
  // 4 x 208 + 48 + 32 = 912, as Yosys' own summary says.
  EXPECT_DOUBLE_EQ(d.flat.chip_area, 912.0);
  EXPECT_EQ(d.flat.total_cells, 16u);  // 4 x 3 + 3 + 1; submodule instances are not cells
  EXPECT_EQ(d.flat.cells.at("DFFPOSX1"), 8u);
  EXPECT_EQ(d.flat.cells.count("ctrl"), 0u);
  // Only the macro is left without an area; the submodules are accounted for.
  ASSERT_EQ(d.flat.unknown_area.size(), 1u);
  EXPECT_EQ(d.flat.unknown_area[0], "$paramod$def\\ram_macro");
  EXPECT_DOUBLE_EQ(synth::parse_stat(kStat, "top", "stat.txt").chip_area, 912.0);
}

TEST(synthHierarchy, BreakdownIncludesEverythingBelowAModule) {
  const synth::DesignStats d = synth::parse_design_stat(kStat, "top", "stat.txt");
  const double macro = 1000.0, total = 912.0 + macro;
  const auto rows =
      synth::module_breakdown(d, {{"$paramod$def\\ram_macro", macro}}, {{"queue", "request queue"}}, total);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].module, "top");
  EXPECT_EQ(rows[0].depth, 0);
  EXPECT_DOUBLE_EQ(rows[0].area_um2, total);
  EXPECT_DOUBLE_EQ(rows[0].share, 1.0);
  EXPECT_EQ(rows[0].own_cells, 1u);
  EXPECT_EQ(rows[0].macros_each, 1u);
  const auto& q = rows[1];
  EXPECT_EQ(q.base, "queue");
  EXPECT_EQ(q.label, "request queue");
  EXPECT_EQ(q.depth, 1);
  EXPECT_EQ(q.instances, 4u);
  EXPECT_EQ(q.cells_each, 3u);
  EXPECT_DOUBLE_EQ(q.area_um2, 4 * 208.0);
  EXPECT_NEAR(q.share, 832.0 / total, 1e-12);
  const auto& c = rows[2];
  EXPECT_EQ(c.module, "ctrl");
  EXPECT_EQ(c.cells_each, 2u);
  EXPECT_EQ(c.macros_each, 1u);
  EXPECT_DOUBLE_EQ(c.sram_area_each_um2, macro);
  EXPECT_DOUBLE_EQ(c.area_um2, 48.0 + macro);
}

TEST(synthHierarchy, MissingTopIsAnError) {
  EXPECT_THROW(synth::parse_design_stat(kStat, "other", "stat.txt"), InputError);
}

}  // namespace
}  // namespace gpucosim::test
