// SWL's protocol checker, rule by rule: each rule fires on a violation and names itself, a legal
// sequence passes, and kit::Checked reports the instance and the cycle. The block testbench
// (testbenches/swl) and the SM and whole-GPU tests run every implementation under the checker.
#include <gtest/gtest.h>

#include <memory>

#include "systemc/blocks/kit/checked.h"
#include "systemc/blocks/swl/swl_checker.h"
#include "systemc/blocks/swl/swl_twin.h"
#include "tests/blocks/protocol_violation.h"

namespace gpucosim {
namespace {

using test::violation;

SwlParams params(uint32_t n, uint32_t limit) {
  SwlParams p;
  p.n_warps = n;
  p.limit = limit;
  return p;
}

bool starts(const std::string& s, const char* rule) { return s.rfind(rule, 0) == 0; }

SwlInputs in(uint64_t launch, uint64_t retire, uint64_t parked, uint32_t limit = 2) {
  SwlInputs i;
  i.launch = launch;
  i.retire = retire;
  i.parked = parked;
  i.limit = limit;
  return i;
}
SwlOutputs out(uint64_t live, uint64_t allow) {
  SwlOutputs o;
  o.live = live;
  o.allow = allow;
  return o;
}

// Warps 2, 0, 1 launched in that order (0 and 1 in one cycle: slot order), limit 2.
SwlChecker three_live() {
  SwlChecker c(params(8, 2));
  c.check_inputs(in(0b100, 0, 0), out(0, 0));
  c.check_outputs(out(0b100, 0b100));
  c.check_inputs(in(0b011, 0, 0), out(0b100, 0b100));
  return c;
}

TEST(SwlChecker, ALegalSequencePasses) {
  SwlChecker c = three_live();
  EXPECT_NO_THROW(c.check_outputs(out(0b111, 0b101)));
  // Warp 2 parks: 0 and 1 are the two oldest active warps; 2 (older, parked) stays allowed.
  EXPECT_NO_THROW(c.check_inputs(in(0, 0, 0b100), out(0b111, 0b101)));
  EXPECT_NO_THROW(c.check_outputs(out(0b111, 0b111)));
  // Slot 0 retires and takes a new warp in the same cycle: the new one is the youngest.
  EXPECT_NO_THROW(c.check_inputs(in(0b001, 0b001, 0b100), out(0b111, 0b111)));
  EXPECT_NO_THROW(c.check_outputs(out(0b111, 0b111)));
}

TEST(SwlChecker, EachInputRuleFires) {
  auto rule = [](const SwlInputs& i, const SwlOutputs& o) {
    return violation([&] { SwlChecker(params(8, 2)).check_inputs(i, o); });
  };
  EXPECT_TRUE(starts(rule(in(0x100, 0, 0), out(0, 0)), "warp_bits")) << rule(in(0x100, 0, 0), out(0, 0));
  EXPECT_TRUE(starts(rule(in(0, 0b10, 0), out(0b01, 0)), "retire"));
  EXPECT_TRUE(starts(rule(in(0b01, 0, 0), out(0b01, 0)), "launch"));
  EXPECT_EQ(rule(in(0b01, 0b01, 0), out(0b01, 0)), "");  // retire and relaunch: fine
  EXPECT_TRUE(starts(rule(in(0, 0b01, 0b01), out(0b01, 0)), "parked"));
  EXPECT_TRUE(starts(rule(in(0, 0, 0b10), out(0b01, 0)), "parked"));
  EXPECT_TRUE(starts(rule(in(0, 0, 0, 0), out(0, 0)), "limit"));
  EXPECT_TRUE(starts(rule(in(0, 0, 0, 65), out(0, 0)), "limit"));
  SwlChecker c(params(8, 2));
  c.check_inputs(in(0, 0, 0, 2), out(0, 0));
  EXPECT_TRUE(starts(violation([&] { c.check_inputs(in(0, 0, 0, 3), out(0, 0)); }), "limit"));
}

TEST(SwlChecker, EachOutputRuleFires) {
  auto rule = [](const SwlOutputs& o) { return violation([&] { three_live().check_outputs(o); }); };
  EXPECT_TRUE(starts(rule(out(0x107, 0b101)), "warp_bits"));
  EXPECT_TRUE(starts(rule(out(0b110, 0b100)), "live")) << rule(out(0b110, 0b100));
  EXPECT_TRUE(starts(rule(out(0b111, 0x105)), "warp_bits"));
  SwlChecker c(params(16, 2));
  c.check_inputs(in(0b11, 0, 0), out(0, 0));
  EXPECT_TRUE(starts(violation([&] { c.check_outputs(out(0b11, 0b111)); }), "allow_live"));
  EXPECT_TRUE(starts(rule(out(0b111, 0b111)), "over_limit")) << rule(out(0b111, 0b111));
  EXPECT_TRUE(starts(rule(out(0b111, 0b011)), "oldest_first")) << rule(out(0b111, 0b011));
  EXPECT_TRUE(starts(rule(out(0b111, 0b100)), "oldest_first"));
}

TEST(SwlChecker, CheckedNamesTheInstanceAndCycleAndTheTwinPasses) {
  kit::Checked<SwlTraits, SwlChecker> dut(std::make_unique<SwlTwin>(params(8, 1)), "swl/sm3");
  SwlOutputs o;
  dut.reset(o);
  dut.step(in(0b11, 0, 0, 1), o);
  EXPECT_EQ(o.live, 0b11u);
  EXPECT_EQ(o.allow, 0b01u);
  dut.step(in(0, 0b01, 0, 1), o);  // the oldest retires: warp 1 is promoted
  EXPECT_EQ(o.allow, 0b10u);
  const std::string e = violation([&] { dut.step(in(0, 0b01, 0, 1), o); });
  EXPECT_EQ(e.rfind("swl/sm3: protocol violation at cycle 2: retire", 0), 0u) << e;
}

}  // namespace
}  // namespace gpucosim
