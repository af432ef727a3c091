// Validation of the SRAM model on CACTI 7.0 configurations its constants were NOT fitted to: the
// held-out half of ../shared/calibration/cacti7_train.csv (power/cacti_sweep.h decides the split
// from a hash of each row's key columns; the fit, `gpucosim-bench sram-accuracy --fit`, only sees
// the other half). At least 90 % of the held-out rows must be within 30 % on area and on read
// energy and within 2x on leakage. `gpucosim-bench sram-accuracy` prints the same figures by part
// of the space.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "kernel/input_error.h"

#include "power/cacti_sweep.h"
#include "power/sram_model.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

std::string train_csv() {
  const std::filesystem::path p =
      std::filesystem::path(source_dir()) / ".." / "shared" / "calibration" / "cacti7_train.csv";
  return std::filesystem::exists(p) ? std::filesystem::canonical(p).string() : std::string();
}

TEST(powerSramHeldOut, NinetyPercentOfUnseenConfigurationsWithinBounds) {
  const std::string csv = train_csv();
  if (csv.empty()) GTEST_SKIP() << "../shared/calibration/cacti7_train.csv not found";
  const auto rows = power::load_cacti_sweep(csv);
  power::AccuracyTally held, train;
  for (const auto& r : rows) {
    if (!power::judged(r)) continue;
    (power::held_out(r) ? held : train).add(power::compare(power::estimate_sram(r.spec), r));
  }
  // Both halves are substantial, so the split is a real one.
  ASSERT_GE(held.rows, 100);
  ASSERT_GE(train.rows, 100);
  std::printf("held-out rows %d: area %.1f %%, read energy %.1f %%, leakage %.1f %%\n", held.rows,
              100 * held.area_fraction(), 100 * held.read_fraction(), 100 * held.leakage_fraction());
  EXPECT_GE(held.area_fraction(), 0.90);
  EXPECT_GE(held.read_fraction(), 0.90);
  EXPECT_GE(held.leakage_fraction(), 0.90);
}

TEST(powerSramHeldOut, SplitDependsOnTheKeyColumnsOnly) {
  power::CactiRow a;
  a.id = "one";
  a.spec.size_bytes = 65536;
  a.spec.block_bytes = 64;
  a.spec.node_nm = 45;
  power::CactiRow b = a;
  b.id = "another name, other figures";
  b.area_mm2 = 123;
  EXPECT_EQ(power::held_out(a), power::held_out(b));
  // Across a sweep of keys both halves get rows.
  int held = 0, total = 0;
  for (uint64_t size = 1024; size <= (uint64_t(2) << 20); size *= 2)
    for (double node : {22.0, 32.0, 45.0, 65.0, 90.0}) {
      power::CactiRow r = a;
      r.spec.size_bytes = size;
      r.spec.node_nm = node;
      held += power::held_out(r);
      ++total;
    }
  EXPECT_GT(held, total / 4);
  EXPECT_LT(held, 3 * total / 4);
}

TEST(powerSramHeldOut, SweepLoaderRejectsMalformedFiles) {
  const std::string dir = scratch_dir();
  const std::string path = dir + "/bad.csv";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs("config_id,cache_type\nx,ram\n", f);
    std::fclose(f);
  }
  try {
    power::load_cacti_sweep(path);
    FAIL() << "expected an InputError for a missing column";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("expected a column"), std::string::npos) << e.what();
    EXPECT_EQ(e.line(), 1u);
  }
}

}  // namespace
}  // namespace gpucosim::test
