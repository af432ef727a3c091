// ClockDomains::skip_to_core_cycle computes where the clocks land; stepping edge by edge (what it
// did before) must land on the same cycle counts, time and next edge in every domain.
#include <gtest/gtest.h>

#include <random>

#include "systemc/gpu/clock_domains.h"

namespace gpucosim {
namespace {

// The former loop, as the reference.
void step_to_core_cycle(ClockDomains& c, uint64_t core_cycle) {
  for (;;) {
    ClockDomains probe = c;
    const uint32_t mask = probe.advance();
    if ((mask & 1u) && probe.cycle(kCore) == core_cycle) return;  // the next edge is that core edge
    c.advance();
  }
}

TEST(clockSkip, ComputedSkipLandsWhereSteppingDoes) {
  std::mt19937_64 rng(11);
  const double presets[][4] = {{700, 700, 700, 924}, {1132, 1132, 1132, 850}, {1132, 1132, 1132, 3500},
                               {1447, 1447, 1447, 850}, {1000, 1000, 1000, 1000}};
  for (const auto& p : presets) {
    for (int trial = 0; trial < 20; ++trial) {
      ClockConfig cfg;
      cfg.core_mhz = p[0];
      cfg.icnt_mhz = p[1] * (1 + 0.3 * double(trial % 3));
      cfg.l2_mhz = p[2];
      cfg.dram_mhz = p[3] * (trial % 2 ? 1.0 : 0.77);
      ClockDomains stepped(cfg), skipped(cfg);
      const uint64_t first = 1 + rng() % 300;
      for (uint64_t k = 0; k < first; ++k) {
        stepped.advance();
        skipped.advance();
      }
      const uint64_t to = stepped.cycle(kCore) + 2 + rng() % 5000;
      step_to_core_cycle(stepped, to);
      skipped.skip_to_core_cycle(to);
      for (int d = 0; d < kNumDomains; ++d)
        EXPECT_EQ(skipped.cycle(ClockDomain(d)), stepped.cycle(ClockDomain(d))) << "domain " << d;
      EXPECT_EQ(skipped.now_fs(), stepped.now_fs());
      EXPECT_EQ(skipped.advance(), stepped.advance()) << "the same domains tick next";
      EXPECT_EQ(skipped.now_fs(), stepped.now_fs());
    }
  }
}

TEST(clockSkip, AFarTargetCostsNothingAndTheCountIsBounded) {
  ClockConfig cfg;
  cfg.core_mhz = 1132;
  cfg.icnt_mhz = 1132;
  cfg.l2_mhz = 1132;
  cfg.dram_mhz = 850;
  ClockDomains c(cfg);
  const uint64_t far = c.max_core_cycles() - 10;
  c.skip_to_core_cycle(far);
  EXPECT_EQ(c.cycle(kCore), far - 1);
  EXPECT_EQ(c.advance() & 1u, 1u);
  EXPECT_EQ(c.cycle(kCore), far);
  EXPECT_LT(c.now_fs(), uint64_t(1) << 63);
}

}  // namespace
}  // namespace gpucosim
