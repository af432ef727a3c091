// Address modes 0/1/2 with full and partial masks, on read and on write.
#include <gtest/gtest.h>

#include "trace/trace_format.h"
#include "trace/trace_reader.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

// Reads a one-warp trace whose warp 0 holds `lines` and returns that warp.
Warp read_warp(const std::string& lines, size_t n) {
  std::string body = "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = " + std::to_string(n) + "\n" + lines + "#END_TB\n";
  auto src = open_kernel_trace_buffer("t.traceg", test::with_header(body));
  ThreadBlock tb;
  EXPECT_TRUE(src->next_block(tb));
  EXPECT_EQ(tb.warps.size(), 1u);
  return tb.warps.at(0);
}

TEST(trace_addr_modes, ListAllFillsActiveLanesOnly) {
  Warp w = read_warp("0010 00000005 1 R1 LDG.E 1 R2 4 0 0x0000000000001000 0x0000000000002000 7 \n", 1);
  const Instruction& i = w.insts[0];
  EXPECT_EQ(i.addr_mode, AddrMode::ListAll);
  EXPECT_EQ(i.imm, 7);
  const LaneAddrs& a = w.lane_addrs(i);
  EXPECT_EQ(a[0], 0x1000u);
  EXPECT_EQ(a[1], 0u);
  EXPECT_EQ(a[2], 0x2000u);
  for (size_t l = 3; l < 32; ++l) EXPECT_EQ(a[l], 0u);
}

TEST(trace_addr_modes, BaseStrideStartsAtFirstActiveLane) {
  Warp w = read_warp("0010 ffff0000 0 STG.E 2 R2 R3 4 1 0x7f0000000100 8 0 \n", 1);
  const LaneAddrs& a = w.lane_addrs(w.insts[0]);
  for (size_t l = 0; l < 16; ++l) EXPECT_EQ(a[l], 0u);
  for (size_t l = 16; l < 32; ++l) EXPECT_EQ(a[l], 0x7f0000000100u + 8u * (l - 16));
}

TEST(trace_addr_modes, BaseStrideNonContiguousUsesConsecutiveMultiples) {
  // Lanes 1, 3, 4 active: Accel-Sim gives them base, base+s, base+2s.
  Warp w = read_warp("0010 0000001a 0 STG.E 2 R2 R3 4 1 0x1000 -16 0 \n", 1);
  const LaneAddrs& a = w.lane_addrs(w.insts[0]);
  EXPECT_EQ(a[1], 0x1000u);
  EXPECT_EQ(a[3], 0x1000u - 16);
  EXPECT_EQ(a[4], 0x1000u - 32);
  EXPECT_EQ(a[0] | a[2] | a[5], 0u);
}

TEST(trace_addr_modes, BaseDeltaIsRelativeToPreviousActiveLane) {
  Warp w = read_warp("0010 00000107 1 R4 LDS 1 R2 4 2 0x2000 4 -8 100 -3 \n", 1);
  const Instruction& i = w.insts[0];
  EXPECT_EQ(i.addr_mode, AddrMode::BaseDelta);
  EXPECT_EQ(i.imm, -3);
  const LaneAddrs& a = w.lane_addrs(i);
  EXPECT_EQ(a[0], 0x2000u);
  EXPECT_EQ(a[1], 0x2004u);
  EXPECT_EQ(a[2], 0x1ffcu);
  EXPECT_EQ(a[8], 0x1ffcu + 100);
  EXPECT_EQ(a[3], 0u);
}

TEST(trace_addr_modes, ImmediateIsOptionalForOlderTracers) {
  // v3/v4 lines end after the addresses; the field count tells them apart unambiguously.
  Warp w = read_warp(
      "0000 ffffffff 1 R1 MOV 0 0\n"
      "0010 00000003 1 R1 LDG.E 1 R2 4 0 0x10 0x20\n"
      "0020 00000003 1 R1 LDG.E 1 R2 4 2 0x10 16\n"
      "0030 00000003 1 R1 LDG.E 1 R2 4 1 0x10 16\n",
      4);
  ASSERT_EQ(w.insts.size(), 4u);
  for (const Instruction& i : w.insts) EXPECT_EQ(i.imm, 0);
  EXPECT_EQ(w.lane_addrs(w.insts[1])[1], 0x20u);
  EXPECT_EQ(w.lane_addrs(w.insts[2])[1], 0x20u);
  EXPECT_EQ(w.lane_addrs(w.insts[3])[1], 0x20u);
}

Instruction mem_inst(uint32_t mask, AddrMode mode) {
  Instruction i;
  i.active_mask = mask;
  i.mem_width = 4;
  i.addr_mode = mode;
  i.mem_slot = 0;
  return i;
}

TEST(trace_addr_modes, WriterKeepsStrideOnlyWhenRepresentable) {
  LaneAddrs a{};
  for (size_t l = 4; l < 12; ++l) a[l] = 0x100 + 4 * (l - 4);
  EXPECT_EQ(encodable_mode(mem_inst(0x00000ff0, AddrMode::BaseStride), a), AddrMode::BaseStride);
  EXPECT_EQ(encodable_mode(mem_inst(0x00000ff0, AddrMode::ListAll), a), AddrMode::ListAll);
  EXPECT_EQ(encodable_mode(mem_inst(0x00000ff0, AddrMode::BaseDelta), a), AddrMode::BaseDelta);
  a[7] += 1;  // stride broken
  EXPECT_EQ(encodable_mode(mem_inst(0x00000ff0, AddrMode::BaseStride), a), AddrMode::BaseDelta);
  a[7] -= 1;
  a[5] = 0;  // lane 5 off: non-contiguous
  EXPECT_EQ(encodable_mode(mem_inst(0x00000fd0, AddrMode::BaseStride), a), AddrMode::BaseDelta);
  LaneAddrs big{};
  big[0] = 0;
  big[1] = 1ull << 40;  // stride does not fit the tracer's int
  EXPECT_EQ(encodable_mode(mem_inst(0x3, AddrMode::BaseStride), big), AddrMode::BaseDelta);
}

TEST(trace_addr_modes, WriterFormatsEachMode) {
  KernelHeader h;
  OpcodeTable ops(80);
  Warp w;
  LaneAddrs a{};
  a[2] = 0x7f00;
  a[3] = 0x7f08;
  Instruction i = mem_inst(0xc, AddrMode::BaseStride);
  i.pc = 0x30;
  i.opcode = uint16_t(ops.intern("LDG.E.64"));
  i.imm = -1;
  w.push(i, &a);
  std::string out;
  append_instruction(out, w.insts[0], w, h, ops);
  EXPECT_EQ(out, "0030 0000000c 0 LDG.E.64 0 4 1 0x7f00 8 -1 \n");
  w.insts[0].addr_mode = AddrMode::ListAll;
  out.clear();
  append_instruction(out, w.insts[0], w, h, ops);
  EXPECT_EQ(out, "0030 0000000c 0 LDG.E.64 0 4 0 0x0000000000007f00 0x0000000000007f08 -1 \n");
  w.insts[0].addr_mode = AddrMode::BaseDelta;
  out.clear();
  append_instruction(out, w.insts[0], w, h, ops);
  EXPECT_EQ(out, "0030 0000000c 0 LDG.E.64 0 4 2 0x7f00 8 -1 \n");
}

}  // namespace
}  // namespace gpucosim
