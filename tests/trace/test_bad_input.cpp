// Every kind of malformed trace raises InputError naming the file, the line and what was
// expected — never a crash, a hang or a silent default.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>

#include "kernel/input_error.h"
#include "tests/support/test_paths.h"
#include "trace/trace_reader.h"
#include "trace/trace_writer.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

// test::with_header() puts the body on line 12.
constexpr uint64_t B = 11;

struct BadCase {
  const char* name;
  std::string text;
  uint64_t line;
  const char* phrase;
};

// Keeps CTest's test names short (gtest would print the struct's bytes).
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

std::string tb(const std::string& warps) { return "#BEGIN_TB\nthread block = 0,0,0\n" + warps + "#END_TB\n"; }
std::string warp0(const std::string& lines, int n) { return "warp = 0\ninsts = " + std::to_string(n) + "\n" + lines; }
std::string hdr(const std::string& from, const std::string& to) {
  std::string h = test::with_header("");
  h.replace(h.find(from), from.size(), to);
  return h;
}
const std::string kMov = "0000 ffffffff 1 R1 MOV 0 0 0 \n";

std::vector<BadCase> cases() {
  return {
      {"EofInsideBlock", test::with_header("#BEGIN_TB\nthread block = 0,0,0\n"), B + 2, "end of file in the thread block started at line 12"},
      {"EofBeforeThreadBlockLine", test::with_header("#BEGIN_TB\n"), B + 1, "expected 'thread block = x,y,z'"},
      {"EofInsideWarp", test::with_header("#BEGIN_TB\nthread block = 0,0,0\n" + warp0(kMov, 3)), B + 5, "end of file inside warp 0: expected 3"},
      {"EofAfterWarpLine", test::with_header("#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"), B + 3, "expected 'insts = N'"},
      {"BadHexPc", test::with_header(tb(warp0("00zz ffffffff 1 R1 MOV 0 0 0\n", 1))), B + 5, "bad PC '00zz'"},
      {"MaskOverflow", test::with_header(tb(warp0("0000 1ffffffff 1 R1 MOV 0 0 0\n", 1))), B + 5, "bad active mask"},
      {"BadHexAddress", test::with_header(tb(warp0("0000 00000001 0 STG.E 0 4 0 0xg00 0\n", 1))), B + 5, "bad address '0xg00'"},
      {"AddressOverflow", test::with_header(tb(warp0("0000 00000001 0 STG.E 0 4 1 0x10000000000000000 4 0\n", 1))), B + 5, "bad base address"},
      {"FewerLinesBeforeEnd", test::with_header(tb(warp0(kMov, 2))), B + 6, "warp 0 has fewer instruction lines than insts = 2: found 1"},
      {"FewerLinesBeforeNextWarp", test::with_header(tb(warp0(kMov, 2) + "warp = 1\ninsts = 0\n")), B + 6, "fewer instruction lines than insts = 2"},
      {"MoreLines", test::with_header(tb(warp0(kMov + kMov, 1))), B + 6, "warp 0 has more instruction lines than insts = 1"},
      {"UnknownAddressMode", test::with_header(tb(warp0("0000 ffffffff 0 STG.E 0 4 3 0x100 4 0\n", 1))), B + 5, "unknown address mode 3"},
      {"Mode0TooFewAddresses", test::with_header(tb(warp0("0000 00000007 0 STG.E 0 4 0 0x1 0x2\n", 1))), B + 5, "mask 00000007 has 3 active lanes, line has 2"},
      {"Mode0TooManyAddresses", test::with_header(tb(warp0("0000 00000001 0 STG.E 0 4 0 0x1 0x2 0x3\n", 1))), B + 5, "address mode 0 needs one address per active lane"},
      {"Mode2WrongDeltaCount", test::with_header(tb(warp0("0000 0000000f 0 STG.E 0 4 2 0x100 4 4\n", 1))), B + 5, "expected 3 deltas"},
      {"Mode1MissingStride", test::with_header(tb(warp0("0000 0000000f 0 STG.E 0 4 1 0x100\n", 1))), B + 5, "line ends early: expected stride"},
      {"RegisterOutOfRange", test::with_header(tb(warp0("0000 ffffffff 1 R256 MOV 0 0 0\n", 1))), B + 5, "bad destination register 'R256'"},
      {"SourceRegisterNotR", test::with_header(tb(warp0("0000 ffffffff 0 IADD 1 P0 0 0\n", 1))), B + 5, "bad source register 'P0'"},
      {"DestNumTooLarge", test::with_header(tb(warp0("0000 ffffffff 5 R1 R2 R3 R4 R5 MOV 0 0 0\n", 1))), B + 5, "dest_num 5 is out of range"},
      {"SrcNumTooLarge", test::with_header(tb(warp0("0000 ffffffff 0 MOV 5 R1 R2 R3 R4 R5 0 0\n", 1))), B + 5, "src_num 5 is out of range"},
      {"MemWidthOverflow", test::with_header(tb(warp0("0000 ffffffff 0 MOV 0 300 0\n", 1))), B + 5, "bad mem_width '300'"},
      {"ImmediateOverflow", test::with_header(tb(warp0("0000 ffffffff 0 MOV 0 0 99999999999999999999\n", 1))), B + 5, "bad immediate"},
      {"InstsOverflow", test::with_header(tb("warp = 0\ninsts = 99999999999999999999999\n")), B + 4, "bad instruction count"},
      {"DamagedPc", test::with_header(tb(warp0("zzzz ffffffff 0 MOV 0 0 0\n", 1))), B + 5,
       "expected instruction 1 of 1 of warp 0 ('<hex PC> <hex active mask> <dest count> ...'), got 'zzzz"},
      {"TrailingField", test::with_header(tb(warp0("0000 ffffffff 0 MOV 0 0 0 extra\n", 1))), B + 5, "unexpected field 'extra'"},
      {"UnknownOpcode", test::with_header(tb(warp0("0000 ffffffff 0 FOOBAR.X 0 0 0\n", 1))), B + 5, "unknown opcode 'FOOBAR.X' for binary version 80"},
      {"WarpWithoutInsts", test::with_header(tb("warp = 0\nwarp = 1\ninsts = 0\n")), B + 4, "expected 'insts = N' after 'warp = 0'"},
      {"WarpOutOfOrder", test::with_header(tb("warp = 1\ninsts = 1\n" + kMov + "warp = 0\ninsts = 1\n"), "", "(1,1,1)", "(64,1,1)"), B + 6, "warp 0 out of order"},
      {"WarpDuplicate", test::with_header(tb(warp0(kMov, 1) + warp0(kMov, 1)), "", "(1,1,1)", "(64,1,1)"), B + 6, "warp 0 out of order"},
      {"WarpOutOfRange", test::with_header(tb("warp = 2\ninsts = 1\n"), "", "(1,1,1)", "(64,1,1)"), B + 3, "warp 2 out of range: block dim (64,1,1) has 2 warps"},
      // The body checked against the header: warps per block, empty warps, blocks vs the grid.
      {"BlockWithoutWarps", test::with_header(tb("")), B + 3, "thread block 0,0,0 (line 13) has 0 warp(s): expected the 1 of block dim (32,1,1)"},
      {"BlockMissingAWarp", test::with_header(tb(warp0(kMov, 1)), "", "(1,1,1)", "(64,1,1)"), B + 6, "has 1 warp(s): expected the 2 of block dim (64,1,1)"},
      {"FewerBlocksThanGrid", test::with_header(tb(warp0(kMov, 1)), "", "(2,1,1)"), B + 6, "end of file after 1 thread block(s): the grid (2,1,1) has 2"},
      {"DuplicateBlock", test::with_header(tb(warp0(kMov, 1)) + tb(warp0(kMov, 1)), "", "(2,1,1)"), B + 8, "thread block 0,0,0 appears a second time"},
      {"WarpBeyondTheStreamBound", test::with_header(tb("warp = 0\ninsts = 50000000\n")), B + 4, "above the bound of 1024 MB per thread block"},
      {"NestedBeginTb", test::with_header("#BEGIN_TB\nthread block = 0,0,0\n#BEGIN_TB\n"), B + 3, "nested '#BEGIN_TB'"},
      {"BlockOutsideGrid", test::with_header("#BEGIN_TB\nthread block = 2,0,0\n#END_TB\n", "", "(2,1,1)"), B + 2, "outside the grid (2,1,1)"},
      {"BadThreadBlockLine", test::with_header("#BEGIN_TB\nthread block = 0,0\n#END_TB\n"), B + 2, "expected 'thread block = x,y,z'"},
      {"LineTooLong", test::with_header("#BEGIN_TB\n" + std::string(1500000, 'a')), B + 2, "line longer than 1 MiB"},
      {"GarbageBetweenBlocks", test::with_header(tb(warp0(kMov, 1)) + "hello\n"), B + 7, "expected '#BEGIN_TB'"},
      {"MissingHeaderKey", hdr("-nregs = 8\n", ""), 9, "missing header key -nregs"},
      {"MissingKernelName", hdr("-kernel name = k\n", ""), 9, "missing header key -kernel name"},
      {"DuplicateHeaderKey", hdr("-shmem = 0\n", "-shmem = 0\n-shmem = 1\n"), 6, "duplicate header key -shmem"},
      {"BadHeaderValue", hdr("-nregs = 8", "-nregs = eight"), 6, "bad value 'eight' for -nregs"},
      {"BadGridDim", hdr("(1,1,1)", "(2,1)"), 3, "expected (x,y,z)"},
      {"ZeroBlockDim", hdr("(32,1,1)", "(0,1,1)"), 4, "zero dimension"},
      // CUDA's launch limits: beyond them no launch recorded the trace (and a grid of 2^64 blocks
      // was once sized in memory before the body showed it held one block).
      {"GridBeyondCuda", hdr("(1,1,1)", "(4294967295,65535,65535)"), 3, "is beyond CUDA's limits: expected at most (2147483647,65535,65535)"},
      {"GridYBeyondCuda", hdr("(1,1,1)", "(1,65536,1)"), 3, "is beyond CUDA's limits"},
      {"BlockBeyondCuda", hdr("(32,1,1)", "(32,1,65)"), 4, "is beyond CUDA's limits: expected at most (1024,1024,64)"},
      {"BlockOver1024Threads", hdr("(32,1,1)", "(64,32,1)"), 4, "has 2048 threads: expected at most 1024"},
      {"HeaderLineWithoutDash", hdr("-shmem = 0\n", "shmem 0\n"), 5, "expected a header line '-key = value'"},
      {"HeaderOnlyEof", "-kernel name = k\n", 1, "end of file inside the kernel header"},
      {"UnsupportedBinaryVersion", hdr("binary version = 80", "binary version = 72"), 7,
       "binary version 72 has no opcode map (supported: "},
      {"TracerVersionTooNew", hdr("tracer version = 5", "tracer version = 6"), 8, "accelsim tracer version 6 is not supported"},
      {"LineinfoNotBool", hdr("-accelsim tracer version = 5\n", "-accelsim tracer version = 5\n-enable lineinfo = 2\n"), 9,
       "-enable lineinfo must be 0 or 1"},
      {"LineinfoMissingLineNumber", hdr("-accelsim tracer version = 5\n", "-accelsim tracer version = 5\n-enable lineinfo = 1\n") +
                                        tb(warp0("0000 ffffffff 1 R1 MOV 0 0 0\n", 1)),
       B + 6, "bad dest_num 'R1'"},
  };
}

class trace_bad_input : public ::testing::TestWithParam<BadCase> {};

TEST_P(trace_bad_input, RaisesInputErrorWithFileLineAndReason) {
  const BadCase& c = GetParam();
  const std::string name = std::string("bad-") + c.name + ".traceg";
  try {
    auto src = open_kernel_trace_buffer(name, c.text);
    ThreadBlock tb;
    while (src->next_block(tb)) {
    }
    FAIL() << "no error for " << c.name;
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.file(), name);
    EXPECT_EQ(e.line(), c.line) << msg;
    EXPECT_NE(msg.find(name + ":" + std::to_string(c.line) + ": "), std::string::npos) << msg;
    EXPECT_NE(msg.find(c.phrase), std::string::npos) << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, trace_bad_input, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

// Errors that need real files: the list, the suffix and the xz layer.
void expect_error(const std::function<void()>& f, const std::string& file, uint64_t line, const std::string& phrase) {
  try {
    f();
    FAIL() << "no error, expected " << phrase;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file) << e.what();
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(std::string(e.what()).find(phrase), std::string::npos) << e.what();
  }
}

void read_whole(const std::string& path) {
  auto src = open_kernel_trace(path);
  ThreadBlock tb;
  while (src->next_block(tb)) {
  }
}

TEST(trace_bad_files, MissingKernelNamedInList) {
  const std::string dir = test::scratch_dir();
  test::spit(dir + "/kernelslist.g", "MemcpyHtoD,0x10,4\nkernel-1.traceg\nkernel-2.traceg\n");
  test::spit(dir + "/kernel-1.traceg", test::with_header(""));
  expect_error([&] { read_kernelslist(dir + "/kernelslist.g"); }, dir + "/kernelslist.g", 3, "kernel trace 'kernel-2.traceg' not found");
}

TEST(trace_bad_files, MalformedMemcpyLine) {
  const std::string dir = test::scratch_dir();
  test::spit(dir + "/kernelslist.g", "\nMemcpyHtoD,0x10\n");
  expect_error([&] { read_kernelslist(dir + "/kernelslist.g"); }, dir + "/kernelslist.g", 2, "expected 'MemcpyHtoD,<hex address>,<decimal bytes>'");
  test::spit(dir + "/kernelslist.g", "MemcpyHtoD,zz,5\n");
  expect_error([&] { read_kernelslist(dir + "/kernelslist.g"); }, dir + "/kernelslist.g", 1, "MemcpyHtoD,<hex address>");
}

TEST(trace_bad_files, MissingListAndTrace) {
  const std::string dir = test::scratch_dir();
  expect_error([&] { read_kernelslist(dir + "/none.g"); }, dir + "/none.g", 0, "cannot open");
  expect_error([&] { read_whole(dir + "/none.traceg"); }, dir + "/none.traceg", 0, "cannot open");
}

// A trace is recognised by its content, whatever its name: a plain trace named .trace or even
// .traceg.xz is read as text, an .xz stream under any name is decompressed, and a binary file
// that is not .xz is refused as such.
TEST(trace_bad_files, KernelTraceUnderAnyName) {
  const std::string dir = test::scratch_dir();
  const std::string text = test::with_header(tb(warp0(kMov, 1)));
  for (const char* name : {"/k.trace", "/k.txt", "/k.traceg.xz"}) {
    test::spit(dir + name, text);
    EXPECT_TRUE(is_kernel_trace_path(dir + name)) << name;
    auto src = open_kernel_trace(dir + name);
    EXPECT_EQ(test::read_all(*src).size(), 1u) << name;
  }
  {
    auto src = open_kernel_trace(dir + "/k.trace");
    write_kernel_trace(dir + "/real.traceg.xz", *src);
  }
  std::rename((dir + "/real.traceg.xz").c_str(), (dir + "/compressed.bin").c_str());
  EXPECT_TRUE(is_kernel_trace_path(dir + "/compressed.bin"));
  auto xz = open_kernel_trace(dir + "/compressed.bin");
  EXPECT_EQ(test::read_all(*xz).size(), 1u);

  test::spit(dir + "/garbage.traceg", std::string("\x01\x02\x00binary\xff", 10));
  EXPECT_FALSE(is_kernel_trace_path(dir + "/garbage.traceg"));
  expect_error([&] { read_whole(dir + "/garbage.traceg"); }, dir + "/garbage.traceg", 0, "binary data: expected a kernel trace");
  test::spit(dir + "/list.traceg", "kernel-1.traceg\n");
  EXPECT_FALSE(is_kernel_trace_path(dir + "/list.traceg"));  // text without a kernel header: a list
}

TEST(trace_bad_files, TruncatedAndCorruptXz) {
  const std::string dir = test::scratch_dir();
  // A valid xz of a valid trace, then cut and flipped copies of it.
  std::string body;
  for (int i = 0; i < 2000; ++i) body += "0000 ffffffff 1 R1 MOV 0 0 " + std::to_string(i) + " \n";
  const std::string plain = test::with_header(tb("warp = 0\ninsts = 2000\n" + body));
  test::spit(dir + "/k.traceg", plain);
  {
    auto src = open_kernel_trace(dir + "/k.traceg");
    write_kernel_trace(dir + "/k.traceg.xz", *src);
  }
  const std::string xz = test::read_text(dir + "/k.traceg.xz");
  ASSERT_GT(xz.size(), 100u);
  read_whole(dir + "/k.traceg.xz");

  // The decoder fails on the first chunk (the whole small file), before line 1 is returned.
  test::spit(dir + "/cut.traceg.xz", xz.substr(0, xz.size() / 2));
  expect_error([&] { read_whole(dir + "/cut.traceg.xz"); }, dir + "/cut.traceg.xz", 1, "truncated xz stream");
  std::string flipped = xz;
  flipped[flipped.size() / 2] ^= 0x55;
  test::spit(dir + "/flip.traceg.xz", flipped);
  expect_error([&] { read_whole(dir + "/flip.traceg.xz"); }, dir + "/flip.traceg.xz", 1, "corrupt xz data");
}

}  // namespace
}  // namespace gpucosim
