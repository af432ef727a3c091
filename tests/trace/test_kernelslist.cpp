// kernelslist.g lines are used as the user meant or rejected with the line and what was expected:
// kernel paths resolve as Accel-Sim resolves them (relative to the list's folder) and also when
// written ./x, ../x or /abs/x; comments and device-to-host copies are skipped; anything else, a
// binary list, a list naming itself, a kernel line naming something that is not a kernel trace, or
// a list with no launch at all is an error (never a run of 0 kernels that "completed").
#include <gtest/gtest.h>

#include <filesystem>

#include "kernel/input_error.h"
#include "tests/support/test_paths.h"
#include "trace/trace_reader.h"
#include "trace_test_util.h"

namespace gpucosim {
namespace {

namespace fs = std::filesystem;

const std::string kTrace =
    test::with_header("#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 1 R1 MOV 0 0 0\n#END_TB\n");

// A folder with the list's neighbours: kernel-1.traceg, sub/kernel-2.traceg, notes.txt.
std::string make_dir() {
  const std::string dir = test::scratch_dir();
  fs::create_directories(dir + "/list");
  fs::create_directories(dir + "/list/sub");
  test::spit(dir + "/list/kernel-1.traceg", kTrace);
  test::spit(dir + "/list/sub/kernel-2.traceg", kTrace);
  test::spit(dir + "/other.traceg", kTrace);
  test::spit(dir + "/list/notes.txt", "just notes\n");
  return dir;
}

struct GoodList {
  const char* name;
  std::string text;                  // "@" stands for the scratch folder
  std::vector<std::string> resolved;  // kernel paths relative to the scratch folder
};

void PrintTo(const GoodList& c, std::ostream* os) { *os << c.name; }

std::string expand(std::string s, const std::string& dir) {
  for (size_t at; (at = s.find('@')) != std::string::npos;) s.replace(at, 1, dir);
  return s;
}

class trace_kernelslist_good : public ::testing::TestWithParam<GoodList> {};

TEST_P(trace_kernelslist_good, KernelLinesResolveAsMeant) {
  const GoodList& c = GetParam();
  const std::string dir = make_dir();
  const std::string list = dir + "/list/kernelslist.g";
  test::spit(list, expand(c.text, dir));
  std::vector<std::string> got;
  for (const Command& k : read_kernelslist(list))
    if (k.kind == Command::Kind::Kernel)
      got.push_back(fs::relative(fs::canonical(resolve_kernel_path(list, k.path)), dir).string());
  EXPECT_EQ(got, c.resolved);
}

INSTANTIATE_TEST_SUITE_P(
    Table, trace_kernelslist_good,
    ::testing::Values(GoodList{"AccelSimRelative", "MemcpyHtoD,0x10,4\nkernel-1.traceg\n", {"list/kernel-1.traceg"}},
                      GoodList{"DotSlash", "./kernel-1.traceg\n", {"list/kernel-1.traceg"}},
                      GoodList{"Subfolder", "./sub/kernel-2.traceg\nsub/kernel-2.traceg\n",
                               {"list/sub/kernel-2.traceg", "list/sub/kernel-2.traceg"}},
                      GoodList{"Parent", "../other.traceg\n", {"other.traceg"}},
                      GoodList{"Absolute", "@/other.traceg\n@/list/kernel-1.traceg\n",
                               {"other.traceg", "list/kernel-1.traceg"}},
                      GoodList{"CommentsDtoHAndBlanks",
                               "# a comment\n\nMemcpyDtoH,0x10,4\n  kernel-1.traceg  \r\n# end\n", {"list/kernel-1.traceg"}}),
    [](const ::testing::TestParamInfo<GoodList>& i) { return std::string(i.param.name); });

struct BadList {
  const char* name;
  std::string text;
  uint64_t line;
  const char* phrase;
};

void PrintTo(const BadList& c, std::ostream* os) { *os << c.name; }

class trace_kernelslist_bad : public ::testing::TestWithParam<BadList> {};

TEST_P(trace_kernelslist_bad, RejectedWithLineAndExpectation) {
  const BadList& c = GetParam();
  const std::string dir = make_dir();
  const std::string list = dir + "/list/kernelslist.g";
  test::spit(list, expand(c.text, dir));
  try {
    read_kernelslist(list);
    FAIL() << "no error for " << c.name;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), list) << e.what();
    EXPECT_EQ(e.line(), c.line) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.phrase), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, trace_kernelslist_bad,
    ::testing::Values(
        BadList{"Garbage", "kernel-1.traceg\nhello world\n", 2, "unexpected 'hello world': expected 'MemcpyHtoD"},
        BadList{"BinaryData", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10), 0, "binary data: expected a kernelslist.g"},
        BadList{"BinaryLine", std::string("kernel-1.traceg\nker\x01nel\n", 21), 0, "binary data"},
        BadList{"NamesItself", "./kernelslist.g\n", 1, "the list names itself"},
        BadList{"NotAKernelTrace", "kernel-1.traceg\n./notes.txt\n", 2, "is not a kernel trace"},
        BadList{"AFolder", "./sub\n", 1, "is a folder"},
        BadList{"Missing", "kernel-9.traceg\n", 1, "kernel trace 'kernel-9.traceg' not found"},
        BadList{"NoLaunch", "MemcpyHtoD,0x10,4\n# nothing else\n", 0, "no kernel launch"},
        BadList{"Empty", "", 0, "no kernel launch"},
        // Copies beyond the 48-bit address space: one of 2^64-1 bytes summed with another wrapped.
        BadList{"CopyPast2To48", "MemcpyHtoD,0xffffffffffff,2\nkernel-1.traceg\n", 1, "ends beyond 2^48"},
        BadList{"CopyOfAlmost2To64", "MemcpyHtoD,0x10,18446744073709551615\nkernel-1.traceg\n", 1, "ends beyond 2^48"},
        BadList{"CopyAtAHugeAddress", "kernel-1.traceg\nMemcpyHtoD,0xfffffffffffffff0,16\n", 2, "ends beyond 2^48"}),
    [](const ::testing::TestParamInfo<BadList>& i) { return std::string(i.param.name); });

TEST(trace_kernelslist, AFolderOrBinaryFileGivenAsTheListIsNamed) {
  const std::string dir = make_dir();
  try {
    read_kernelslist(dir + "/list");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpucosim
