// SRAM macros of any shape: exact for power-of-two shapes, proportional padding otherwise.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "power/sram_macro.h"

namespace gpucosim::power {
namespace {

RamMacroSpec macro(uint64_t words, uint64_t bits, double node = 45) {
  RamMacroSpec m;
  m.words = words;
  m.bits = bits;
  m.node_nm = node;
  return m;
}

TEST(energySramMacro, PowerOfTwoShapesMatchTheModel) {
  SramSpec s;
  s.size_bytes = 4096;
  s.block_bytes = 16;
  s.node_nm = 45;
  s.ecc = false;
  const SramEstimate direct = estimate_sram(s);
  const SramEstimate m = estimate_ram_macro(macro(256, 128));
  EXPECT_DOUBLE_EQ(m.area_mm2, direct.area_mm2);
  EXPECT_DOUBLE_EQ(m.read_energy_nj, direct.read_energy_nj);
  EXPECT_DOUBLE_EQ(m.leakage_mw, direct.leakage_mw);
}

TEST(energySramMacro, PaddingScalesAreaWithUsedBits) {
  const SramEstimate full = estimate_ram_macro(macro(512, 128));
  const SramEstimate three_quarters = estimate_ram_macro(macro(384, 128));
  EXPECT_NEAR(three_quarters.area_mm2 / full.area_mm2, 0.75, 1e-9);
  EXPECT_NEAR(three_quarters.leakage_mw / full.leakage_mw, 0.75, 1e-9);
  EXPECT_DOUBLE_EQ(three_quarters.read_energy_nj, full.read_energy_nj);  // same word width
}

TEST(energySramMacro, NarrowerWordsCostLessPerAccess) {
  const SramEstimate w128 = estimate_ram_macro(macro(256, 128));
  const SramEstimate w96 = estimate_ram_macro(macro(256, 96));
  EXPECT_NEAR(w96.read_energy_nj / w128.read_energy_nj, 0.75, 1e-9);
  EXPECT_LT(w96.area_mm2, w128.area_mm2);
}

TEST(energySramMacro, MoreWordsMoreArea) {
  EXPECT_GT(estimate_ram_macro(macro(1024, 32, 180)).area_mm2, estimate_ram_macro(macro(256, 32, 180)).area_mm2);
}

TEST(energySramMacro, RejectsEmptyMacros) {
  EXPECT_THROW(estimate_ram_macro(macro(0, 32)), InputError);
  EXPECT_THROW(estimate_ram_macro(macro(16, 0)), InputError);
  EXPECT_THROW(estimate_ram_macro(macro(16, 32, 500)), InputError);
}

TEST(energySramMacro, PaddedCacheWaysScaleArea) {
  CacheArraySpec c;
  c.sets = 64;
  c.line_bytes = 128;
  c.node_nm = 45;
  c.ways = 8;
  const SramEstimate eight = estimate_cache_array(c);
  c.ways = 6;
  const SramEstimate six = estimate_cache_array(c);
  EXPECT_NEAR(six.area_mm2 / eight.area_mm2, 0.75, 1e-9);
  EXPECT_LT(six.read_energy_nj, eight.read_energy_nj);
}

}  // namespace
}  // namespace gpucosim::power
