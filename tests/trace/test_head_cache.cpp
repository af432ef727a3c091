// The reader reuses the parsed head (PC .. address mode) of a line another warp had byte for
// byte (trace/head_cache.h). These cases hold it to giving what a full parse gives: lines that
// only start like a stored head, or differ after it, are read (or rejected) on their own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "kernel/input_error.h"
#include "trace/trace_reader.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

// One thread block of warps 0..n-1 (block dim 32*n), each with the given lines.
std::string block(const std::vector<std::string>& warps) {
  std::string b = "#BEGIN_TB\nthread block = 0,0,0\n";
  for (size_t w = 0; w < warps.size(); ++w) {
    const size_t n = size_t(std::count(warps[w].begin(), warps[w].end(), '\n'));
    b += "warp = " + std::to_string(w) + "\ninsts = " + std::to_string(n) + "\n" + warps[w];
  }
  return b + "#END_TB\n";
}

// `header_from`, when given, is replaced by `header_to` in the header (tracer version, lineinfo).
ThreadBlock read_block(const std::vector<std::string>& warps, const std::string& header_from = "",
                       const std::string& header_to = "") {
  const std::string dim = "(" + std::to_string(32 * warps.size()) + ",1,1)";
  std::string text = test::with_header(block(warps), "", "(1,1,1)", dim);
  if (!header_from.empty()) text.replace(text.find(header_from), header_from.size(), header_to);
  auto src = open_kernel_trace_buffer("t.traceg", text);
  ThreadBlock tb;
  EXPECT_TRUE(src->next_block(tb));
  return tb;
}

// The message of reading the block, or "" when it reads.
std::string error_of(const std::vector<std::string>& warps) {
  try {
    read_block(warps);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const std::string kStore = "0000 ffffffff 0 STG.E.SYS 2 R2 R3 4 1 0x7f0000000100 4 0\n";
const std::string kMov = "0010 ffffffff 1 R1 MOV 0 0 5\n";

TEST(trace_head_cache, RepeatedLinesReadAsOnTheirOwn) {
  ThreadBlock tb = read_block({kStore + kMov, kStore + kMov});
  for (const Warp& w : tb.warps) {
    ASSERT_EQ(w.insts.size(), 2u);
    EXPECT_EQ(w.insts[0].pc, 0u);
    EXPECT_EQ(w.insts[0].mem_width, 4u);
    EXPECT_EQ(w.insts[0].n_src, 2u);
    EXPECT_EQ(w.lane_addrs(w.insts[0])[31], 0x7f0000000100u + 31 * 4);
    EXPECT_EQ(w.insts[1].pc, 0x10u);
    EXPECT_EQ(w.insts[1].dst[0], 1u);
    EXPECT_EQ(w.insts[1].imm, 5);
    EXPECT_FALSE(w.insts[1].has_addresses());
  }
}

TEST(trace_head_cache, WhatFollowsAHeadIsReadPerLine) {
  // Same head, other addresses and immediate; same PC and opcode, other mask or immediate.
  ThreadBlock tb = read_block({kStore + kMov,
                               "0000 ffffffff 0 STG.E.SYS 2 R2 R3 4 1 0x200 -8 7\n0010 0000ffff 1 R1 MOV 0 0 6\n"});
  const Warp& w = tb.warps[1];
  EXPECT_EQ(w.lane_addrs(w.insts[0])[0], 0x200u);
  EXPECT_EQ(w.lane_addrs(w.insts[0])[2], 0x200u - 16);
  EXPECT_EQ(w.insts[0].imm, 7);
  EXPECT_EQ(w.insts[1].active_mask, 0xffffu);
  EXPECT_EQ(w.insts[1].imm, 6);
  EXPECT_EQ(tb.warps[0].insts[1].active_mask, 0xffffffffu);
}

TEST(trace_head_cache, ALineThatOnlyStartsLikeAHeadIsParsedInFull) {
  // "1" then "12" as the address mode: the stored head is a prefix of the second line.
  EXPECT_NE(error_of({kStore, "0000 ffffffff 0 STG.E.SYS 2 R2 R3 4 12 0x100 4 0\n"}).find("unknown address mode 12"),
            std::string::npos);
  // A whole stored line followed by one more field.
  EXPECT_NE(error_of({kMov, "0010 ffffffff 1 R1 MOV 0 0 5 extra\n"}).find("unexpected field 'extra'"), std::string::npos);
  // Another immediate is just another line.
  EXPECT_EQ(read_block({kMov, "0010 ffffffff 1 R1 MOV 0 0 55\n"}).warps[1].insts[0].imm, 55);
}

TEST(trace_head_cache, ErrorsAfterAStoredHeadAreStillReported) {
  const std::string bad_base = "0000 ffffffff 0 STG.E.SYS 2 R2 R3 4 1 0xzz 4 0\n";
  const std::string err = error_of({kStore, bad_base});
  EXPECT_NE(err.find("bad base address '0xzz'"), std::string::npos) << err;
  EXPECT_NE(err.find("t.traceg:19:"), std::string::npos) << err;  // the second warp's line
  EXPECT_NE(error_of({kStore, "0000 ffffffff 0 STG.E.SYS 2 R2 R3 4 1 0x100\n"}).find("line ends early: expected stride"),
            std::string::npos);
}

// The fields before the PC (line number, or tracer < 3's block and warp prefix) are read per line
// even when the head after them is a stored one.
TEST(trace_head_cache, FieldsBeforeThePcAreReadPerLine) {
  const std::string v5 = "-accelsim tracer version = 5\n";
  ThreadBlock tb = read_block({"12 0010 ffffffff 1 R1 MOV 0 0 5\n", "13 0010 ffffffff 1 R1 MOV 0 0 5\n"}, v5,
                              v5 + "-enable lineinfo = 1\n");
  EXPECT_EQ(tb.warps[0].insts[0].line_num, 12u);
  EXPECT_EQ(tb.warps[1].insts[0].line_num, 13u);
  EXPECT_EQ(tb.warps[1].insts[0].imm, 5);
  tb = read_block({"0 0 0 0 0010 ffffffff 1 R1 MOV 0 0\n", "0 0 0 1 0010 ffffffff 1 R1 MOV 0 0\n"}, v5,
                  "-accelsim tracer version = 2\n");
  EXPECT_EQ(tb.warps[1].insts[0].pc, 0x10u);
  EXPECT_EQ(tb.warps[1].insts[0].dst[0], 1u);
  std::string err;
  try {
    read_block({"0 0 0 0 0010 ffffffff 1 R1 MOV 0 0\n", "0 0 x 1 0010 ffffffff 1 R1 MOV 0 0\n"}, v5,
               "-accelsim tracer version = 2\n");
  } catch (const InputError& e) {
    err = e.what();
  }
  EXPECT_NE(err.find("bad thread block z 'x'"), std::string::npos) << err;
}

// More distinct lines than the table first holds, repeated over warps: the table grows and every
// line still reads as its own text says.
TEST(trace_head_cache, ManyDistinctLinesOverManyWarps) {
  std::string lines;
  const int n = 1500;
  for (int k = 0; k < n; ++k) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04x %08x 1 R%d IADD3 2 R%d R%d 0 %d\n", k * 16, 0xffffffffu >> (k % 32), k % 255,
                  (k + 1) % 255, (k + 2) % 255, k - 700);
    lines += buf;
  }
  ThreadBlock tb = read_block({lines, lines, lines, lines});
  for (const Warp& w : tb.warps) {
    ASSERT_EQ(w.insts.size(), size_t(n));
    for (int k = 0; k < n; ++k) {
      const Instruction& i = w.insts[size_t(k)];
      ASSERT_EQ(i.pc, uint32_t(k * 16));
      ASSERT_EQ(i.active_mask, 0xffffffffu >> (k % 32));
      ASSERT_EQ(i.dst[0], k % 255);
      ASSERT_EQ(i.src[1], (k + 2) % 255);
      ASSERT_EQ(i.imm, k - 700);
    }
  }
}

}  // namespace
}  // namespace gpucosim
