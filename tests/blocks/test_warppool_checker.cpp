// WarpPool's protocol checker, rule by rule: each rule fires on a violation and names itself, and
// kit::Checked reports the cycle and the instance; the twin under the checker passes a real run
// (tests/sm/test_sm_warppool.cpp runs every SM-level test with the checker on).
#include <gtest/gtest.h>

#include <memory>

#include "systemc/blocks/kit/checked.h"
#include "systemc/blocks/warppool/warppool_checker.h"
#include "systemc/blocks/warppool/warppool_twin.h"
#include "tests/blocks/protocol_violation.h"

namespace gpucosim {
namespace {

const WarpPoolParams kP;

using test::violation;

std::string in_rule(const WarpPoolInputs& in, const WarpPoolOutputs& presented) {
  return violation([&] { WarpPoolChecker(kP).check_inputs(in, presented); });
}
std::string out_rule(const WarpPoolOutputs& o) {
  return violation([&] { WarpPoolChecker(kP).check_outputs(o); });
}
bool starts(const std::string& s, const char* rule) { return s.rfind(rule, 0) == 0; }

TEST(WarpPoolChecker, QuietPinsAndNoInputsPass) {
  WarpPoolOutputs o;
  o.quiet = o.idle = true;
  EXPECT_EQ(in_rule(WarpPoolInputs{}, o), "");
  EXPECT_EQ(out_rule(o), "");
}

TEST(WarpPoolChecker, EachInputRuleFires) {
  WarpPoolOutputs o;
  WarpPoolInputs in;
  in.issue_valid = true;
  in.issue_warp = 3;
  EXPECT_TRUE(starts(in_rule(in, o), "issue_ready")) << in_rule(in, o);
  o.issue_ready = 1u << 3;
  EXPECT_EQ(in_rule(in, o), "");
  in.issue_tag = 1u << kP.tag_bits;
  EXPECT_TRUE(starts(in_rule(in, o), "issue_tag"));

  in = WarpPoolInputs{};
  in.ret_valid = true;
  EXPECT_TRUE(starts(in_rule(in, WarpPoolOutputs{}), "ret_ready"));
  o = WarpPoolOutputs{};
  o.ret_ready = true;
  in.ret_id = 3;  // no request was accepted
  EXPECT_TRUE(starts(in_rule(in, o), "ret_id")) << in_rule(in, o);
  {  // accepted, returned once: fine; returned twice: not
    WarpPoolChecker c(kP);
    WarpPoolOutputs req;
    req.l1_valid = true;
    req.l1_id = 3;
    req.l1_nslots = 1;
    req.l1_sectors = 1;
    WarpPoolInputs acc;
    acc.l1_accept = true;
    EXPECT_NO_THROW(c.check_inputs(acc, req));
    EXPECT_NO_THROW(c.check_inputs(in, o));
    EXPECT_THROW(c.check_inputs(in, o), kit::ProtocolViolation);
  }

  in = WarpPoolInputs{};
  in.l1_accept = true;
  EXPECT_TRUE(starts(in_rule(in, WarpPoolOutputs{}), "l1_accept"));
  in = WarpPoolInputs{};
  in.l1_miss = true;
  EXPECT_TRUE(starts(in_rule(in, WarpPoolOutputs{}), "l1_accept"));

  o = WarpPoolOutputs{};
  o.agu_valid = true;
  in = WarpPoolInputs{};
  EXPECT_TRUE(starts(in_rule(in, o), "agu_mask"));
  in.agu_mask = 1;
  in.agu_addr[0] = uint64_t(1) << kP.addr_bits;
  EXPECT_TRUE(starts(in_rule(in, o), "agu_mask"));

  in = WarpPoolInputs{};
  in.skip = 1;
  EXPECT_TRUE(starts(in_rule(in, WarpPoolOutputs{}), "skip"));
}

TEST(WarpPoolChecker, EachOutputRuleFires) {
  WarpPoolOutputs o;
  o.ld_ok = uint64_t(1) << kP.n_warps;
  EXPECT_TRUE(starts(out_rule(o), "warp_bits"));
  o = WarpPoolOutputs{};
  o.l1_valid = true;
  o.l1_sectors = 1;
  o.l1_nslots = kP.slots_per_tag + 1;
  EXPECT_TRUE(starts(out_rule(o), "l1_request"));
  o.l1_nslots = 1;
  o.l1_sectors = 0;
  EXPECT_TRUE(starts(out_rule(o), "l1_request"));
  o = WarpPoolOutputs{};
  o.l1_valid = o.l1_store = true;
  o.l1_sectors = 3;
  o.l1_nslots = 2;
  EXPECT_TRUE(starts(out_rule(o), "l1_request"));
  o = WarpPoolOutputs{};
  o.wb_valid = true;
  EXPECT_TRUE(starts(out_rule(o), "writeback"));
  o.wb_lanes = 1;
  o.wb_data[5] = 7;
  EXPECT_TRUE(starts(out_rule(o), "writeback"));
  o = WarpPoolOutputs{};
  o.quiet = true;
  o.agu_valid = true;
  EXPECT_TRUE(starts(out_rule(o), "quiet"));
  o = WarpPoolOutputs{};
  o.idle = true;
  EXPECT_TRUE(starts(out_rule(o), "quiet"));
}

TEST(WarpPoolChecker, CheckedNamesTheInstanceAndCycle) {
  kit::Checked<WarpPoolTraits, WarpPoolChecker> c(std::make_unique<WarpPoolTwin>(kP), "warppool/sm2");
  WarpPoolOutputs o;
  c.reset(o);
  WarpPoolInputs in;
  c.step(in, o);
  in.ret_valid = true;  // nothing in flight: ret_ready is 0
  try {
    c.step(in, o);
    FAIL();
  } catch (const kit::ProtocolViolation& e) {
    EXPECT_NE(std::string(e.what()).find("warppool/sm2: protocol violation at cycle 1: ret_id"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace gpucosim
