// Write-read-write identity on synthetic kernels using every feature of the grammar.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "tests/support/test_paths.h"
#include "trace/trace_reader.h"
#include "trace/trace_writer.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

KernelHeader rich_header() {
  KernelHeader h;
  h.name = "_Z6kernelPfS_i";
  h.id = 7;
  h.grid = {3, 2, 1};
  h.block = {96, 1, 1};  // 3 warps
  h.shmem = 4096;
  h.nregs = 40;
  h.binary_version = 86;
  h.stream_id = 18446744073709551615ull;
  h.shmem_base = 0x00007f0000000000ull;
  h.local_base = 0x00007e0000000000ull;
  h.nvbit_version = "1.7.6";
  h.lineinfo = true;
  h.extra = {{"cluster dim", "(1,1,1)"}, {"my key", "some value = with equals"}};
  return h;
}

// A kernel with lineinfo, extra keys, predicated-off lines, negative immediates, RZ, four
// sources, empty warps and all three address modes with partial masks.
test::MemoryKernel rich_kernel() {
  test::MemoryKernel k(rich_header());
  const uint16_t mov = k.op("MOV"), ldg = k.op("LDG.E.128.SYS"), sts = k.op("STS.U16"), ffma = k.op("FFMA"),
                 exit_op = k.op("EXIT"), hmma = k.op("HMMA.16816.F32");
  for (uint32_t b = 0; b < 6; ++b) {
    ThreadBlock tb;
    tb.id = Dim3::from_linear(b, k.header().grid);
    for (uint32_t wi = 0; wi < 3; ++wi) {
      Warp w;
      w.id = wi;
      if (wi == 1 && b % 2 == 0) {  // empty warp, as the post-processor emits them
        tb.warps.push_back(w);
        continue;
      }
      Instruction i;
      i.line_num = 12 + b;
      i.pc = 0x10;
      i.active_mask = 0xffffffff;
      i.opcode = mov;
      i.n_dst = 1;
      i.dst[0] = 3;
      i.imm = -42;
      w.push(i);
      i.pc = 0x1a0;
      i.opcode = hmma;
      i.n_dst = 4;
      i.dst = {4, 5, 6, 7};
      i.n_src = 4;
      i.src = {8, 9, 10, kRegZero};
      i.imm = 2147483647;
      w.push(i);
      LaneAddrs a{};
      for (size_t l = 0; l < 32; ++l) a[l] = (l < 8 || l >= 24) ? 0 : 0x7f0000001000ull + 16 * l + 4096 * b;
      Instruction m;
      m.pc = 0x20;
      m.active_mask = 0x00ffff00;
      m.opcode = ldg;
      m.n_dst = 1;
      m.dst[0] = 12;
      m.n_src = 1;
      m.src[0] = 2;
      m.mem_width = 16;
      m.addr_mode = AddrMode::BaseStride;
      w.push(m, &a);
      a[9] = 0x10;  // stride broken: the writer falls back to base_delta
      m.pc = 0x30;
      w.push(m, &a);
      m.addr_mode = AddrMode::ListAll;
      m.pc = 0x40;
      w.push(m, &a);
      LaneAddrs s{};
      s[0] = 0x100, s[5] = 0x80, s[31] = 0xffff;
      m.opcode = sts;
      m.active_mask = 0x80000021;
      m.mem_width = 2;
      m.addr_mode = AddrMode::BaseDelta;
      m.imm = -1;
      m.pc = 0x50;
      w.push(m, &s);
      Instruction off;  // predicated off
      off.pc = 0x60;
      off.opcode = ffma;
      off.n_dst = 1;
      off.dst[0] = 1;
      off.n_src = 3;
      off.src = {1, 2, 3, 0};
      w.push(off);
      Instruction e;
      e.pc = 0xfff0;
      e.active_mask = 0x1;
      e.opcode = exit_op;
      w.push(e);
      tb.warps.push_back(w);
    }
    k.blocks_.push_back(tb);
  }
  return k;
}

void expect_same_blocks(const std::vector<ThreadBlock>& a, const std::vector<ThreadBlock>& b, const OpcodeTable& oa,
                        const OpcodeTable& ob) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t t = 0; t < a.size(); ++t) {
    EXPECT_EQ(a[t].id, b[t].id);
    ASSERT_EQ(a[t].warps.size(), b[t].warps.size());
    for (size_t w = 0; w < a[t].warps.size(); ++w) {
      const Warp &x = a[t].warps[w], &y = b[t].warps[w];
      EXPECT_EQ(x.id, y.id);
      ASSERT_EQ(x.insts.size(), y.insts.size());
      for (size_t i = 0; i < x.insts.size(); ++i) {
        const Instruction &p = x.insts[i], &q = y.insts[i];
        EXPECT_EQ(p.pc, q.pc);
        EXPECT_EQ(p.active_mask, q.active_mask);
        EXPECT_EQ(p.line_num, q.line_num);
        EXPECT_EQ(oa[p.opcode].text, ob[q.opcode].text);
        EXPECT_EQ(p.n_dst, q.n_dst);
        EXPECT_EQ(p.n_src, q.n_src);
        for (int r = 0; r < p.n_dst; ++r) EXPECT_EQ(p.dst[size_t(r)], q.dst[size_t(r)]);
        for (int r = 0; r < p.n_src; ++r) EXPECT_EQ(p.src[size_t(r)], q.src[size_t(r)]);
        EXPECT_EQ(p.mem_width, q.mem_width);
        EXPECT_EQ(p.imm, q.imm);
        ASSERT_EQ(p.has_addresses(), q.has_addresses());
        if (p.has_addresses()) {
          EXPECT_EQ(x.lane_addrs(p), y.lane_addrs(q)) << "tb " << t << " warp " << w << " inst " << i;
        }
      }
    }
  }
}

TEST(trace_roundtrip, WriteReadWriteIsByteIdentical) {
  for (const char* suffix : {".traceg", ".traceg.xz"}) {
    const std::string dir = test::scratch_dir();
    test::MemoryKernel k = rich_kernel();
    const std::vector<ThreadBlock> original = k.blocks_;
    write_kernel_trace(dir + "/a" + suffix, k);
    auto back = open_kernel_trace(dir + "/a" + suffix);
    EXPECT_EQ(back->header().name, k.header().name);
    EXPECT_EQ(back->header().stream_id, k.header().stream_id);
    EXPECT_EQ(back->header().extra, k.header().extra);
    EXPECT_TRUE(back->header().lineinfo);
    std::vector<ThreadBlock> blocks = test::read_all(*back);
    expect_same_blocks(original, blocks, k.opcodes(), back->opcodes());
    // The broken-stride line was written as base_delta.
    EXPECT_EQ(blocks[0].warps[0].insts[3].addr_mode, AddrMode::BaseDelta);

    // Reading what was written and writing it again changes no byte (xz output is deterministic).
    auto again = open_kernel_trace(dir + "/a" + suffix);
    write_kernel_trace(dir + "/b" + suffix, *again);
    EXPECT_TRUE(test::read_text(dir + "/a" + suffix) == test::read_text(dir + "/b" + suffix)) << suffix;
  }
}

// Found by the fuzzer: an unknown key with a NUL byte was cut short on write and read back as a
// duplicate of a known key.
TEST(trace_roundtrip, ExtraKeysSurviveAnyBytes) {
  KernelHeader h = rich_header();
  h.extra = {{std::string("shmem \0\xfc_addr", 14), "1"}, {"k", std::string("a\0b", 3)}};
  test::MemoryKernel k(h);
  const std::string path = test::scratch_dir() + "/x.traceg";
  write_kernel_trace(path, k);
  auto back = open_kernel_trace(path);
  EXPECT_EQ(back->header().extra, h.extra);
  EXPECT_EQ(back->header().shmem, h.shmem);
}

TEST(trace_roundtrip, OldTracerPrefixIsSkipped) {
  std::string trace = test::with_header(
      "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0 0 0 0 0000 ffffffff 1 R1 MOV 0 0\n#END_TB\n"
      "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 2\n"
      "1 0 0 0 0000 ffffffff 1 R1 MOV 0 0\n"
      "1 0 0 0 0010 0000000f 0 STG.E 2 R2 R3 4 1 0x100 4\n#END_TB\n",
      "", "(2,1,1)");
  trace.replace(trace.find("version = 5"), 11, "version = 2");
  auto src = open_kernel_trace_buffer("old.traceg", trace);
  std::vector<ThreadBlock> b = test::read_all(*src);
  ASSERT_EQ(b.size(), 2u);
  ASSERT_EQ(b[1].warps[0].insts.size(), 2u);
  EXPECT_EQ(b[1].warps[0].lane_addrs(b[1].warps[0].insts[1])[3], 0x10cu);
}

TEST(trace_roundtrip, AssumedBinaryVersionPicksTheMap) {
  std::string trace = test::with_header("");
  trace.replace(trace.find("binary version = 80"), 19, "binary version = 0");
  TraceReadOptions o;
  o.assume_binary_version = 80;
  auto src = open_kernel_trace_buffer("bv0.traceg", trace, o);
  EXPECT_EQ(src->header().binary_version, 0u);
  EXPECT_EQ(src->opcodes().binary_version(), 80u);
}

TEST(trace_roundtrip, HeaderOnlyAndNoFinalNewline) {
  // A header without its grid's thread blocks is a damaged trace, not an empty kernel.
  auto empty = open_kernel_trace_buffer("e.traceg", test::with_header(""));
  ThreadBlock tb;
  EXPECT_THROW(empty->next_block(tb), InputError);
  auto last = open_kernel_trace_buffer(
      "n.traceg", test::with_header("#BEGIN_TB\r\nthread block = 0,0,0\r\nwarp = 0\r\ninsts = 0\r\n#END_TB"));
  ASSERT_TRUE(last->next_block(tb));
  EXPECT_EQ(tb.warps.size(), 1u);
  EXPECT_TRUE(tb.warps[0].insts.empty());
  EXPECT_FALSE(last->next_block(tb));
}

TEST(trace_roundtrip, KernelslistIgnoresOtherLines) {
  auto cmds = parse_kernelslist_buffer("list.g", "MemcpyHtoD,0x10,5\n\nMemcpyDtoH,0x10,5\n# note\nkernel-2.traceg.xz\n");
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(cmds[1].path, "kernel-2.traceg.xz");
  EXPECT_EQ(resolve_kernel_path("a/b/list.g", "kernel-2.traceg"), "a/b/kernel-2.traceg");
  EXPECT_EQ(resolve_kernel_path("list.g", "kernel-2.traceg"), "kernel-2.traceg");
  EXPECT_EQ(resolve_kernel_path("a/list.g", "/abs/k.traceg"), "/abs/k.traceg");
}

}  // namespace
}  // namespace gpucosim
