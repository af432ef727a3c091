// RegLess block testbench (docs/blocks/regless.md §5): twin and Verilated RTL of one shard in
// lockstep (kit::Lockstep) under the protocol checker (kit::Checked), driven by tb_regless_env's
// random region programs and held to its golden model and invariant checkers, for a small shard
// and the GTX 980 default. Every RTL register starts from a random value (--x-initial unique).
// Quiet cycles are held by both sides in one run and evaluated by both in another. A twin with one
// output bit flipped once is caught by lockstep. The small shard's structural coverage is reported.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "Vregless_tb_gtx980.h"
#include "Vregless_tb_gtx980_params.h"
#include "Vregless_tb_odd.h"
#include "Vregless_tb_odd_params.h"
#include "Vregless_tb_small.h"
#include "Vregless_tb_small_params.h"
#include "systemc/blocks/kit/checked.h"
#include "systemc/blocks/kit/lockstep.h"
#include "systemc/blocks/regless/regless_checker.h"
#include "systemc/blocks/regless/regless_twin.h"
#include "tb_regless_env.h"
#include "tests/support/test_paths.h"
#include "tlm_adapters/kit/verilated_bridge.h"
#include "tlm_adapters/kit/verilator_coverage.h"
#include "tlm_adapters/regless/regless_rtl_pins.h"

namespace gpucosim::tb {
namespace {

template <class VModel>
using Rtl = kit::VerilatedBridge<ReglessTraits, VModel, ReglessRtlPins>;

struct Result {
  std::string error;
  double compared = 0, held = 0;
  uint64_t cycles = 0, regions = 0;
};

template <class VModel>
Result run(const ReglessParams& p, uint64_t seed, bool every_cycle, ReglessCoverage& cov,
           const std::string& coverage_path = "") {
  kit::ImplOptions o;
  o.label = "regless/tb";
  o.eval_every_cycle = every_cycle;
  o.rand_reset = 2;
  o.rand_seed = int(seed);
  o.coverage_path = coverage_path;
  Result r;
  {
    kit::Checked<ReglessTraits, ReglessChecker> dut(
        std::make_unique<kit::Lockstep<ReglessTraits>>(std::make_unique<ReglessTwin>(p, every_cycle),
                                                       std::make_unique<Rtl<VModel>>(p, o), o.label),
        o.label);
    ReglessEnv env(dut, seed, cov);
    if (!env.run(200000)) r.error = env.error();
    r.cycles = env.cycles();
    r.regions = env.regions_done();
    StatsMap m;
    dut.collect(m);
    r.compared = m["lockstep_cycles_compared"];
    r.held = m["lockstep_cycles_held"];
  }
  return r;
}

template <class VModel>
void random_suite(const ReglessParams& p, const char* name, uint64_t seeds) {
  ReglessCoverage cov;
  uint64_t cycles = 0, regions = 0;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    const Result r = run<VModel>(p, seed * 7919, false, cov);
    ASSERT_EQ(r.error, "") << name << ", seed " << seed;
    EXPECT_EQ(r.compared + r.held, double(r.cycles + 1));
    cycles += r.cycles;
    regions += r.regions;
  }
  EXPECT_EQ(cov.missing(), "") << name << ": coverage points not hit";
  std::printf("[regless %s] %llu cycles, %llu regions; coverage: %s\n", name, (unsigned long long)cycles,
              (unsigned long long)regions, cov.summary().c_str());
}

TEST(ReglessTb, SmallShardRandomLockstepScoreboardCoverage) {
  random_suite<Vregless_tb_small>(Vregless_tb_small_params(), "small", 6);
}
TEST(ReglessTb, Gtx980ShardRandomLockstepScoreboardCoverage) {
  random_suite<Vregless_tb_gtx980>(Vregless_tb_gtx980_params(), "gtx980", 8);
}

// The bridge records each falling edge without an eval() (kit::detail::rearm_clock) for every
// model here, so the lockstep runs above hold that path to the twin cycle by cycle.
TEST(ReglessTb, TheBridgeRecordsTheFallingEdgeWithoutAnEval) {
  EXPECT_TRUE(Rtl<Vregless_tb_small>::rearms_clock_without_eval());
  EXPECT_TRUE(Rtl<Vregless_tb_gtx980>::rearms_clock_without_eval());
  EXPECT_TRUE(Rtl<Vregless_tb_odd>::rearms_clock_without_eval());
}

TEST(ReglessTb, OddShardRandomLockstepScoreboardCoverage) {
  random_suite<Vregless_tb_odd>(Vregless_tb_odd_params(), "odd", 4);
}

TEST(ReglessTb, EvaluatingEveryCycleComparesEveryCycle) {
  ReglessCoverage cov;
  const Result r = run<Vregless_tb_small>(Vregless_tb_small_params(), 11, true, cov);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.held, 0.0);
  EXPECT_EQ(r.compared, double(r.cycles + 1));
}

// The twin with active bit 0 flipped once, after edge 200: lockstep must stop there.
class FlippedTwin : public ReglessBlock {
 public:
  explicit FlippedTwin(const ReglessParams& p) : t_(p, true) {}
  void reset(ReglessOutputs& out) override { t_.reset(out); }
  void step(const ReglessInputs& in, ReglessOutputs& out) override {
    t_.step(in, out);
    if (++cycle_ == 200) out.active ^= 1;
  }
  const ReglessParams& params() const override { return t_.params(); }
  const char* kind() const override { return "tlm"; }

 private:
  ReglessTwin t_;
  uint64_t cycle_ = 0;
};

TEST(ReglessTb, LockstepFindsAOneBitDifference) {
  const ReglessParams p = Vregless_tb_small_params();
  kit::ImplOptions o;
  o.eval_every_cycle = true;
  kit::Lockstep<ReglessTraits> dut(std::make_unique<FlippedTwin>(p), std::make_unique<Rtl<Vregless_tb_small>>(p, o),
                                   "regless/tb");
  ReglessCoverage cov;
  ReglessEnv env(dut, 5, cov);
  EXPECT_FALSE(env.run(1000));
  EXPECT_NE(env.error().find("lockstep mismatch at cycle 200, active"), std::string::npos) << env.error();
}

// Mutants of the shard (the twin behind a wrapper that breaks one thing), run without lockstep and
// without the protocol checker: the environment's own invariant checkers must catch each.
class Mutant : public ReglessBlock {
 public:
  enum Kind { kDropWriteBack, kEraseAsEvict, kEarlyActive, kLoseRegionEnd };
  Mutant(const ReglessParams& p, Kind k) : t_(p, true), k_(k) {}
  void reset(ReglessOutputs& out) override { t_.reset(out); }
  void step(const ReglessInputs& in, ReglessOutputs& out) override {
    ReglessInputs x = in;
    if (k_ == kEraseAsEvict)
      for (uint32_t k = 0; k < kReglessMaxOps; ++k)
        if (x.op_rel[k] == kRlErase) x.op_rel[k] = kRlEvict;
    if (k_ == kLoseRegionEnd) x.end_valid = false;
    t_.step(x, out);
    if (k_ == kDropWriteBack) out.mem_wb = false;
    if (k_ == kEarlyActive) out.active |= out.preloading, out.preloading = 0;
  }
  const ReglessParams& params() const override { return t_.params(); }
  const char* kind() const override { return "tlm"; }

 private:
  ReglessTwin t_;
  Kind k_;
};

std::string mutant_error(Mutant::Kind k) {
  Mutant dut(Vregless_tb_small_params(), k);
  ReglessCoverage cov;
  ReglessEnv env(dut, 3, cov);
  EXPECT_FALSE(env.run(50000));
  std::printf("[regless mutant %d] %s\n", int(k), env.error().c_str());
  return env.error();
}

TEST(ReglessTb, InvariantCheckersCatchMutants) {
  // a dirty victim dropped instead of written back: its value is lost
  EXPECT_NE(mutant_error(Mutant::kDropWriteBack).find("lost register value"), std::string::npos);
  // interior registers kept on the dirty list: they reach memory
  EXPECT_NE(mutant_error(Mutant::kEraseAsEvict).find("interior register reached memory"), std::string::npos);
  // a warp issuing before its inputs arrived
  const std::string early = mutant_error(Mutant::kEarlyActive);
  EXPECT_TRUE(early.find("active before its preload") != std::string::npos ||
              early.find("error answer") != std::string::npos) << early;
  // regions that never end: no forward progress
  EXPECT_NE(mutant_error(Mutant::kLoseRegionEnd).find("no forward progress"), std::string::npos);
}

TEST(ReglessTb, StructuralCoverageOfTheRtl) {
  const std::string path = test::scratch_dir() + "/regless_coverage.dat";
  std::remove(path.c_str());
  ReglessCoverage cov;
  const Result r = run<Vregless_tb_small>(Vregless_tb_small_params(), 99, false, cov, path);
  ASSERT_EQ(r.error, "");
  const kit::CoverageCount c = kit::read_verilator_coverage(path);
  ASSERT_GT(c.points, 50u) << "no structural coverage written to " << path;
  std::printf("[regless small, X-random reset] structural coverage: %llu of %llu points hit (%.1f %%)\n",
              (unsigned long long)c.hit, (unsigned long long)c.points, c.percent());
  EXPECT_GT(c.percent(), 80.0);
}

}  // namespace
}  // namespace gpucosim::tb
