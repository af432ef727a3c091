// SWL block testbench (docs/blocks/swl.md §5): twin and Verilated RTL in lockstep (kit::Lockstep)
// under the protocol checker (kit::Checked), driven by tb_swl_env's phased random stimulus and
// scoreboarded against its reference model, at 8, 48 and 64 warps and limits from 1 to above the
// warp count. Every RTL register starts from a random value (--x-initial unique, three seeds per
// configuration): the age matrix has no reset, and the twin, which zeroes it, must still agree.
// Quiet cycles are held by both sides in one run and evaluated by both in another; lockstep then
// compares every cycle. A twin with one output bit flipped once is caught by lockstep, naming the
// cycle and the port. The RTL's structural coverage (8 warps) is written and reported.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "Vswl_tb48.h"
#include "Vswl_tb48_params.h"
#include "Vswl_tb64.h"
#include "Vswl_tb64_params.h"
#include "Vswl_tb8.h"
#include "Vswl_tb8_params.h"
#include "systemc/blocks/kit/checked.h"
#include "systemc/blocks/kit/lockstep.h"
#include "systemc/blocks/swl/swl_checker.h"
#include "systemc/blocks/swl/swl_twin.h"
#include "tb_swl_env.h"
#include "tests/support/test_paths.h"
#include "tlm_adapters/kit/verilated_bridge.h"
#include "tlm_adapters/kit/verilator_coverage.h"
#include "tlm_adapters/swl/swl_rtl_pins.h"

namespace gpucosim::tb {
namespace {

template <class VModel>
using Rtl = kit::VerilatedBridge<SwlTraits, VModel, SwlRtlPins>;

struct Result {
  std::string error;
  double compared = 0, held = 0;
  uint64_t cycles = 0;
};

// One run: Checked(Lockstep(twin, rtl)) under the environment for `cycles` cycles.
template <class VModel>
Result run(SwlParams p, uint32_t limit, uint64_t seed, bool every_cycle, SwlCoverage& cov,
           const std::string& coverage_path = "") {
  p.limit = limit;
  kit::ImplOptions o;
  o.label = "swl/tb";
  o.eval_every_cycle = every_cycle;
  o.rand_reset = 2;
  o.rand_seed = int(seed);
  o.coverage_path = coverage_path;
  Result r;
  {
    kit::Checked<SwlTraits, SwlChecker> dut(
        std::make_unique<kit::Lockstep<SwlTraits>>(std::make_unique<SwlTwin>(p, every_cycle),
                                                   std::make_unique<Rtl<VModel>>(p, o), o.label),
        o.label);
    SwlEnv env(dut, limit, seed, cov);
    if (!env.run(5000)) r.error = env.error();
    r.cycles = env.cycles();
    StatsMap m;
    dut.collect(m);
    r.compared = m["lockstep_cycles_compared"];
    r.held = m["lockstep_cycles_held"];
  }
  return r;
}

template <class VModel>
void random_suite(const SwlParams& p, std::initializer_list<uint32_t> limits) {
  SwlCoverage cov;
  for (uint32_t limit : limits)
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const Result r = run<VModel>(p, limit, seed * 7919 + limit, false, cov);
      ASSERT_EQ(r.error, "") << p.n_warps << " warps, limit " << limit << ", seed " << seed;
      // Every edge plus the reset was compared with both sides evaluating, or held by both.
      EXPECT_EQ(r.compared + r.held, double(r.cycles + 1));
      EXPECT_GT(r.held, 0.0) << "no quiet cycle was held";
    }
  EXPECT_EQ(cov.missing(), "") << p.n_warps << " warps: coverage points not hit";
  std::printf("[swl %u warps] throttled %llu, all_live %llu, reuse %llu, parked_room %llu, promoted %llu cycles\n",
              p.n_warps, (unsigned long long)cov.throttled, (unsigned long long)cov.all_live,
              (unsigned long long)cov.reuse, (unsigned long long)cov.parked_room, (unsigned long long)cov.promoted);
}

TEST(SwlTb, EightWarpsRandomLockstepScoreboardCoverage) {
  random_suite<Vswl_tb8>(Vswl_tb8_params(), {1, 2, 3, 5, 8, 64});
}
TEST(SwlTb, FortyEightWarpsRandomLockstepScoreboardCoverage) {
  random_suite<Vswl_tb48>(Vswl_tb48_params(), {1, 8, 24, 47, 48});
}
TEST(SwlTb, SixtyFourWarpsRandomLockstepScoreboardCoverage) {
  random_suite<Vswl_tb64>(Vswl_tb64_params(), {1, 16, 63, 64});
}

// Neither side holds a quiet cycle: every cycle is compared, and the pins are those of the run
// that held (the scoreboard checks both against the same reference).
TEST(SwlTb, EvaluatingEveryCycleComparesEveryCycle) {
  SwlCoverage cov;
  const Result r = run<Vswl_tb8>(Vswl_tb8_params(), 3, 11, true, cov);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.held, 0.0);
  EXPECT_EQ(r.compared, double(r.cycles + 1));
}

// The twin with allow bit 2 flipped after edge 300: lockstep must stop there, naming port and values.
class FlippedTwin : public SwlBlock {
 public:
  explicit FlippedTwin(const SwlParams& p) : t_(p) {}
  void reset(SwlOutputs& out) override { t_.reset(out); }
  void step(const SwlInputs& in, SwlOutputs& out) override {
    t_.step(in, out);
    if (++cycle_ == 300) out.allow ^= 4;
  }
  const SwlParams& params() const override { return t_.params(); }
  const char* kind() const override { return "tlm"; }

 private:
  SwlTwin t_;
  uint64_t cycle_ = 0;
};

TEST(SwlTb, LockstepFindsAOneBitDifference) {
  SwlParams p = Vswl_tb8_params();
  kit::ImplOptions o;
  kit::Lockstep<SwlTraits> dut(std::make_unique<FlippedTwin>(p), std::make_unique<Rtl<Vswl_tb8>>(p, o), "swl/tb");
  SwlCoverage cov;
  SwlEnv env(dut, p.limit, 5, cov);
  EXPECT_FALSE(env.run(1000));
  EXPECT_NE(env.error().find("lockstep mismatch at cycle 300, allow"), std::string::npos) << env.error();
}

TEST(SwlTb, StructuralCoverageOfTheRtl) {
  const std::string path = test::scratch_dir() + "/swl_coverage.dat";
  std::remove(path.c_str());
  SwlCoverage cov;
  const Result r = run<Vswl_tb8>(Vswl_tb8_params(), 2, 99, false, cov, path);
  ASSERT_EQ(r.error, "");
  const kit::CoverageCount c = kit::read_verilator_coverage(path);
  ASSERT_GT(c.points, 50u) << "no structural coverage written to " << path;
  const double pct = c.percent();
  std::printf("[swl 8 warps, X-random reset] structural coverage: %llu of %llu points hit (%.1f %%), %s\n",
              (unsigned long long)c.hit, (unsigned long long)c.points, pct, path.c_str());
  EXPECT_GT(pct, 90.0);
}

}  // namespace
}  // namespace gpucosim::tb
