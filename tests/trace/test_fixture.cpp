// The real vectorAdd trace (sm_80, tracer v5): counts, header, decoded lanes, byte-identical
// rewrite and the command list.
#include <gtest/gtest.h>

#include "tests/support/test_paths.h"
#include "trace/kernel_counts.h"
#include "trace/trace_reader.h"
#include "trace/trace_writer.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

std::string fixture_dir() { return test::shared_fixture("accelsim-vectoradd-sm80"); }

#define NEED_FIXTURE()                                                                   \
  if (fixture_dir().empty()) GTEST_SKIP() << "shared fixture accelsim-vectoradd-sm80 not found"

TEST(trace_fixture, CountsMatchTheTrace) {
  NEED_FIXTURE();
  auto src = open_kernel_trace(fixture_dir() + "/kernel-1.traceg");
  KernelCounts c = count_kernel(*src);
  EXPECT_EQ(c.thread_blocks, 196u);
  EXPECT_EQ(c.warps, 1568u);
  EXPECT_EQ(c.warp_instructions, 26601u);
  EXPECT_EQ(c.memory_instructions, 4689u);
}

TEST(trace_fixture, HeaderFields) {
  NEED_FIXTURE();
  auto src = open_kernel_trace(fixture_dir() + "/kernel-1.traceg");
  const KernelHeader& h = src->header();
  EXPECT_EQ(h.name, "_Z9vectorAddPKfS0_Pfi");
  EXPECT_EQ(h.id, 1u);
  EXPECT_EQ(h.grid, (Dim3{196, 1, 1}));
  EXPECT_EQ(h.block, (Dim3{256, 1, 1}));
  EXPECT_EQ(h.shmem, 0u);
  EXPECT_EQ(h.nregs, 12u);
  EXPECT_EQ(h.binary_version, 80u);
  EXPECT_EQ(h.stream_id, 0u);
  EXPECT_EQ(h.shmem_base, 0x00007fb139000000ull);
  EXPECT_EQ(h.local_base, 0x00007fb137000000ull);
  EXPECT_EQ(h.nvbit_version, "1.7");
  EXPECT_EQ(h.tracer_version, 5u);
  EXPECT_FALSE(h.lineinfo);
  EXPECT_TRUE(h.extra.empty());
}

TEST(trace_fixture, FirstBlockDecoded) {
  NEED_FIXTURE();
  auto src = open_kernel_trace(fixture_dir() + "/kernel-1.traceg");
  ThreadBlock tb;
  ASSERT_TRUE(src->next_block(tb));
  EXPECT_EQ(tb.id, (Dim3{0, 0, 0}));
  ASSERT_EQ(tb.warps.size(), 8u);
  const Warp& w = tb.warps[0];
  EXPECT_EQ(w.id, 0u);
  ASSERT_EQ(w.insts.size(), 17u);
  // 0000 ffffffff 1 R1 MOV 0 0 0
  EXPECT_EQ(src->opcodes()[w.insts[0].opcode].text, "MOV");
  EXPECT_EQ(w.insts[0].n_dst, 1);
  EXPECT_EQ(w.insts[0].dst[0], 1);
  // 0050 00000000 0 EXIT 0 0 0 : predicated off, still listed
  EXPECT_EQ(w.insts[5].active_mask, 0u);
  // 0060 ffffffff 1 R7 HFMA2.MMA 2 R255 R255 0 0
  EXPECT_EQ(w.insts[6].src[0], kRegZero);
  // 00a0 ffffffff 1 R4 LDG.E 1 R4 4 1 0x7fb0fc430e00 4 0
  const Instruction& ldg = w.insts[10];
  EXPECT_EQ(ldg.pc, 0xa0u);
  EXPECT_EQ(src->opcodes()[ldg.opcode].text, "LDG.E");
  EXPECT_EQ(ldg.mem_width, 4);
  EXPECT_EQ(ldg.addr_mode, AddrMode::BaseStride);
  ASSERT_TRUE(ldg.has_addresses());
  for (int k = 0; k < kWarpSize; ++k) EXPECT_EQ(w.lane_addrs(ldg)[size_t(k)], 0x7fb0fc430e00ull + 4u * unsigned(k)) << k;
  EXPECT_EQ(tb.warps[1].lane_addrs(tb.warps[1].insts[10])[0], 0x7fb0fc430e80ull);
}

TEST(trace_fixture, RewriteIsByteIdentical) {
  NEED_FIXTURE();
  const std::string in = fixture_dir() + "/kernel-1.traceg";
  const std::string out = test::scratch_dir() + "/kernel-1.traceg";
  auto src = open_kernel_trace(in);
  write_kernel_trace(out, *src);
  EXPECT_TRUE(test::read_text(in) == test::read_text(out)) << "rewritten fixture differs from the original";
}

TEST(trace_fixture, XzRoundTripKeepsEveryByte) {
  NEED_FIXTURE();
  const std::string in = fixture_dir() + "/kernel-1.traceg";
  const std::string dir = test::scratch_dir();
  auto src = open_kernel_trace(in);
  write_kernel_trace(dir + "/kernel-1.traceg.xz", *src);
  auto xz = open_kernel_trace(dir + "/kernel-1.traceg.xz");
  write_kernel_trace(dir + "/back.traceg", *xz);
  EXPECT_TRUE(test::read_text(in) == test::read_text(dir + "/back.traceg"));
  EXPECT_LT(test::read_text(dir + "/kernel-1.traceg.xz").size(), test::read_text(in).size() / 5);
}

TEST(trace_fixture, Kernelslist) {
  NEED_FIXTURE();
  const std::string list = fixture_dir() + "/kernelslist.g";
  std::vector<Command> cmds = read_kernelslist(list);
  ASSERT_EQ(cmds.size(), 3u);
  EXPECT_EQ(cmds[0].kind, Command::Kind::MemcpyHtoD);
  EXPECT_EQ(cmds[0].addr, 0x00007fb0fc400000ull);
  EXPECT_EQ(cmds[0].bytes, 200000u);
  EXPECT_EQ(cmds[1].addr, 0x00007fb0fc430e00ull);
  EXPECT_EQ(cmds[2].kind, Command::Kind::Kernel);
  EXPECT_EQ(cmds[2].path, "kernel-1.traceg");
  EXPECT_EQ(resolve_kernel_path(list, cmds[2].path), fixture_dir() + "/kernel-1.traceg");

  const std::string out = test::scratch_dir() + "/kernelslist.g";
  write_kernelslist(out, cmds);
  EXPECT_EQ(test::read_text(out), test::read_text(list));
}

}  // namespace
}  // namespace gpucosim
