// Verilator hygiene (issue 12): the small configuration verilated with --x-initial unique,
// --x-assign unique and --coverage. Every register starts from a random value (Verilator's
// randReset 2, three seeds), so a register the RTL forgets to reset shows up as a lockstep
// difference against the twin right after reset; the full stimulus program then runs in lockstep
// with the scoreboard, and the model's structural (line/toggle) coverage is written and reported.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "Vwarppool_xcov.h"
#include "Vwarppool_xcov_params.h"
#include "tb_env.h"
#include "tb_stimulus.h"
#include "tests/support/test_paths.h"
#include "tlm_adapters/kit/verilated_bridge.h"
#include "tlm_adapters/kit/verilator_coverage.h"
#include "tlm_adapters/warppool/warppool_rtl_pins.h"

namespace gpucosim::tb {
namespace {

using XRtl = kit::VerilatedBridge<WarpPoolTraits, Vwarppool_xcov, WarpPoolRtlPins>;

TEST(WarpPoolXReset, RandomInitialRegistersLockstepScoreboardAndStructuralCoverage) {
  const WarpPoolParams p = Vwarppool_xcov_params();
  const std::string cov_path = test::scratch_dir() + "/warppool_coverage.dat";
  for (int seed = 1; seed <= 3; ++seed) {
    Coverage cov;
    WarpPoolTwin twin(p);
    kit::ImplOptions o;
    o.rand_reset = 2;
    o.rand_seed = seed;
    if (seed == 3) o.coverage_path = cov_path;
    {
      XRtl rtl(p, o);
      Env env(twin, &rtl, 1000 + uint64_t(seed), cov);
      run_suite(env, p.quantum, 1);
      ASSERT_TRUE(env.ok()) << "seed " << seed << ": " << env.error();
      EXPECT_GT(env.lanes_checked(), 1000u);
    }
  }
  const kit::CoverageCount c = kit::read_verilator_coverage(cov_path);
  ASSERT_GT(c.points, 100u) << "no structural coverage written to " << cov_path;
  const double pct = c.percent();
  std::printf("[warppool small, X-random reset] structural coverage: %llu of %llu points hit (%.1f %%), %s\n",
              (unsigned long long)c.hit, (unsigned long long)c.points, pct, cov_path.c_str());
  EXPECT_GT(pct, 50.0);
}

}  // namespace
}  // namespace gpucosim::tb
