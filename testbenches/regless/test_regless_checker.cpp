// The RegLess shard's protocol checker, rule by rule: each rule fires on a violation and names
// itself first in its message, and a legal cycle passes.
#include <gtest/gtest.h>

#include "systemc/blocks/regless/regless_checker.h"
#include "tests/blocks/protocol_violation.h"

namespace gpucosim {
namespace {

ReglessParams small() {
  ReglessParams p;
  p.n_warps = 8;
  p.n_banks = 4;
  p.lines_per_bank = 4;
  p.n_regs = 16;
  p.data_bits = 16;
  p.n_ops = 2;
  return p;
}
bool fires(const std::string& msg, const char* rule) { return msg.rfind(rule, 0) == 0; }

// Outputs with warp 1 active, warp 2 draining, warp 3 stacked (offered).
ReglessOutputs some_states() {
  ReglessOutputs o;
  o.active = 0b0010;
  o.draining = 0b0100;
  o.stacked = 0b1000;
  o.top_valid = true;
  o.top_warp = 3;
  for (uint32_t b = 0; b < 4; ++b) o.avail[b] = 4;
  return o;
}

template <class F>
std::string in_rule(F&& edit) {
  ReglessChecker c(small());
  ReglessInputs in;
  ReglessOutputs o = some_states();
  edit(in, o);
  return test::violation([&] { c.check_inputs(in, o); });
}

TEST(ReglessChecker, InputRules) {
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.launch_valid = true, i.launch_warp = 9; }), "range"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.launch_valid = true, i.launch_warp = 1; }), "launch"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.rgn_valid = true, i.rgn_pre = 1, i.rgn_inv = 2; }), "region"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.rgn_valid = true, i.rgn_pre = 1, i.rgn_cinv = 1; }), "region"));
  // warp 3, r1 -> bank 0: a preload with no line reserved there
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.rgn_valid = true, i.rgn_pre = 2; }), "region"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.end_valid = true, i.end_warp = 3; }), "end"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.op_valid = 1, i.op_kind[0] = kRlRead, i.op_warp[0] = 3; }), "issue_gate"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.op_valid = 1, i.op_kind[0] = kRlAlloc, i.op_warp[0] = 2; }), "issue_gate"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.op_valid = 1, i.op_kind[0] = 3, i.op_warp[0] = 1; }), "range"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.op_valid = 1, i.op_kind[0] = kRlWrite, i.op_warp[0] = 1; }), "write_alloc"));
  EXPECT_TRUE(fires(in_rule([](ReglessInputs& i, ReglessOutputs&) { i.fill_valid = true, i.fill_warp = 1; }), "fill"));
  EXPECT_EQ(in_rule([](ReglessInputs&, ReglessOutputs&) {}), "");
}

TEST(ReglessChecker, DrainingWriteNeedsItsLastUse) {
  ReglessChecker c(small());
  ReglessOutputs o = some_states();
  o.active = 0b0110, o.draining = 0;
  c.check_outputs(o);
  ReglessInputs a;
  a.op_valid = 1, a.op_kind[0] = kRlAlloc, a.op_warp[0] = 2, a.op_reg[0] = 5;
  c.check_inputs(a, o);
  ReglessOutputs o2 = some_states();  // warp 2 now draining; the allocation answered with line 3
  o2.rsp_valid = 1, o2.rsp_line[0] = 3;
  c.check_outputs(o2);
  ReglessInputs w;
  w.op_valid = 1, w.op_kind[0] = kRlWrite, w.op_warp[0] = 2, w.op_reg[0] = 5, w.op_line[0] = 3, w.op_rel[0] = kRlKeep;
  EXPECT_TRUE(fires(test::violation([&] { c.check_inputs(w, o2); }), "drain_release"));
}

template <class F>
std::string out_rule(F&& edit) {
  ReglessChecker c(small());
  ReglessOutputs o = some_states();
  c.check_outputs(o);
  edit(o);
  return test::violation([&] { c.check_outputs(o); });
}

TEST(ReglessChecker, OutputRules) {
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.stacked |= 1u << 9; }), "warp_bits"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.stacked |= 0b0010; }), "state_onehot"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.active = 0b10010; }), "transition"));  // none -> active
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.draining = 0b1100, o.stacked = 0, o.top_valid = false; }), "transition"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.top_warp = 1; }), "top"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.avail[2] = 5; }), "avail"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.rsp_valid = 1; }), "answer"));
  EXPECT_TRUE(fires(out_rule([](ReglessOutputs& o) { o.mem_valid = true; }), "mem_request"));
  EXPECT_EQ(out_rule([](ReglessOutputs&) {}), "");
}

TEST(ReglessChecker, MemStableAndActivation) {
  ReglessChecker c(small());
  ReglessOutputs o = some_states();
  o.mem_valid = true, o.mem_rd = true, o.mem_warp = 3, o.mem_reg = 1;
  c.check_outputs(o);
  ReglessInputs none;
  c.check_inputs(none, o);  // not taken
  ReglessOutputs changed = o;
  changed.mem_reg = 2;
  EXPECT_TRUE(fires(test::violation([&] { c.check_outputs(changed); }), "mem_stable"));

  ReglessChecker d(small());
  d.check_outputs(o);
  ReglessInputs taken;
  taken.mem_ready = true;
  d.check_inputs(taken, o);  // the fetch of warp 3 r1 is taken, not answered
  ReglessOutputs act = some_states();
  act.stacked = 0, act.active = 0b1010, act.top_valid = false;
  EXPECT_TRUE(fires(test::violation([&] { d.check_outputs(act); }), "activation"));
}

}  // namespace
}  // namespace gpucosim
