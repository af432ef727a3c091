// Verilator hygiene (issue 12): the small configuration verilated with --x-initial unique,
// --x-assign unique and --coverage. Every register starts from a random value (Verilator's
// randReset 2, three seeds), so a register the RTL forgets to reset shows up as a lockstep
// difference against the twin right after reset; the full stimulus program then runs in lockstep
// with the scoreboard, and the model's structural (line/toggle) coverage is written and reported.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <string>

#include "Vwarppool_xcov.h"
#include "Vwarppool_xcov_params.h"
#include "tb_env.h"
#include "tb_stimulus.h"
#include "tests/support/test_paths.h"
#include "tlm_adapters/kit/verilated_bridge.h"
#include "tlm_adapters/warppool/warppool_rtl_pins.h"

namespace gpucosim::tb {
namespace {

using XRtl = kit::VerilatedBridge<WarpPoolTraits, Vwarppool_xcov, WarpPoolRtlPins>;

struct CoverageCount {
  uint64_t points = 0, hit = 0;
};
// Verilator's coverage.dat: one "C '<key>' <count>" line per coverage point.
CoverageCount read_coverage(const std::string& path) {
  std::ifstream f(path);
  CoverageCount c;
  const std::regex line(R"(^C '.*' (\d+)$)");
  std::string s;
  for (std::smatch m; std::getline(f, s);)
    if (std::regex_match(s, m, line)) {
      c.points += 1;
      c.hit += std::stoull(m[1].str()) > 0 ? 1 : 0;
    }
  return c;
}

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
  const CoverageCount c = read_coverage(cov_path);
  ASSERT_GT(c.points, 100u) << "no structural coverage written to " << cov_path;
  const double pct = 100.0 * double(c.hit) / double(c.points);
  std::printf("[warppool small, X-random reset] structural coverage: %llu of %llu points hit (%.1f %%), %s\n",
              (unsigned long long)c.hit, (unsigned long long)c.points, pct, cov_path.c_str());
  EXPECT_GT(pct, 50.0);
}

}  // namespace
}  // namespace gpucosim::tb
