// Peak memory of a trace of many kernels (issue 15: peak memory stays flat in trace size). A run
// keeps each kernel's report to its end, since charges made after a kernel's end (write-backs of
// the lines it wrote) are added to it then; each report is a StatsRow of 8 bytes a counter
// (systemc/gpu/stats_row.h). As a map it was about 440 KB a kernel on QV100 (2 100 counters),
// which this test's bound of 120 KB a kernel would catch.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

// Peak resident set of `gpucosim ARGS` in KB (its own, from wait4), or -1 if it failed.
long peak_rss_kb(const std::string& args) {
  const std::string cmd = test::gpucosim_exe() + " " + args + " >/dev/null 2>&1";
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return ru.ru_maxrss;
}

std::string kernels_list(const std::string& dir, const std::string& trace_dir, int copies) {
  const std::string path = dir + "/kernelslist-" + std::to_string(copies) + ".g";
  std::ofstream f(path);
  for (int i = 0; i < copies; ++i) f << trace_dir << "/kernel-1.traceg\n";
  return path;
}

TEST(many_kernels, PeakMemoryGrowsLittlePerKernel) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "peak memory is checked in the release suite (ASan's shadow memory dominates)";
#endif
  const std::string dir = test::scratch_dir();
  const test::CommandResult gen = test::run_gpucosim("trace gen vecadd -p n=1024 --out " + dir + "/t");
  ASSERT_EQ(gen.exit_code, 0) << gen.output;
  constexpr int kFew = 10, kMany = 130;
  const std::string opts = " --config QV100 --threads 1 --quiet --no-progress";
  const long few = peak_rss_kb("run --trace " + kernels_list(dir, dir + "/t", kFew) + opts + " --out " + dir + "/few");
  const long many = peak_rss_kb("run --trace " + kernels_list(dir, dir + "/t", kMany) + opts + " --out " + dir + "/many");
  ASSERT_GT(few, 0);
  ASSERT_GT(many, 0);
  const double per_kernel_kb = double(many - few) / (kMany - kFew);
  EXPECT_LT(per_kernel_kb, 120.0) << "peak RSS " << few << " KB with " << kFew << " kernels, " << many << " KB with "
                                  << kMany;
  // Every kernel is reported.
  const std::string stats = test::read_text(dir + "/many/stats.json");
  size_t n = 0;
  for (size_t at = stats.find("\"kernel_launch_uid\""); at != std::string::npos;
       at = stats.find("\"kernel_launch_uid\"", at + 1))
    ++n;
  EXPECT_EQ(n, size_t(kMany));
}

}  // namespace
}  // namespace gpucosim
