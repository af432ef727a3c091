// The command line itself: --version, --help on every subcommand, and bad invocations of `run`
// that must fail with a message naming what was wrong (never a crash or a silent default).
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

TEST(cli, VersionPrintsTheProjectVersion) {
  const auto r = test::run_gpucosim("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("gpucosim 0."), std::string::npos) << r.output;
}

// The process's startup heap (host_heap.h, from the CLI's .preinit_array) takes 256 MiB of
// address space ahead only where none is limited: under `ulimit -v` the command still starts and
// runs (it once aborted before main, every allocation refused). A sanitizer's runtime needs far
// more address space than any such limit: not checked there.
TEST(cli, StartsAndRunsUnderAnAddressSpaceLimit) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's runtime reserves terabytes of address space";
#else
  const auto v = test::run_command("ulimit -v 204800 && " + test::gpucosim_exe() + " --version");
  EXPECT_EQ(v.exit_code, 0) << v.output;
  EXPECT_NE(v.output.find("gpucosim 0."), std::string::npos) << v.output;
  const auto r = test::run_command("ulimit -v 1048576 && " + test::gpucosim_exe() +
                                   " run --quiet --workload vecadd --config GTX480 --out " + test::scratch_dir());
  EXPECT_EQ(r.exit_code, 0) << r.output;
#endif
}

TEST(cli, EverySubcommandHasHelp) {
  for (const char* sub : {"trace", "trace info", "trace gen", "workloads", "sram", "run"}) {
    const auto r = test::run_gpucosim(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub << ": " << r.output;
    EXPECT_NE(r.output.find("Usage"), std::string::npos) << sub << ": " << r.output;
  }
}

struct BadRun {
  const char* args;
  const char* message;  // must appear in the output
  int exit_code = 1;    // 2: a usage error (nothing to run: a missing argument)
};

TEST(cli, BadRunInvocationsFailWithAMessage) {
  const BadRun cases[] = {
      {"run", "--trace PATH, --workload NAME[:k=v,...] or --run-file FILE", 2},
      // Several applications may run together (docs/multitasking.md): each must be valid.
      {"run --workload vecadd --trace x.g", "x.g: cannot open"},
      {"run --workload no_such_kernel", "unknown workload 'no_such_kernel'"},
      {"run --workload vecadd:n=0", "vecadd"},
      {"run --workload vecadd:bogus=1", "bogus"},
      {"run --workload vecadd --config NO_SUCH_GPU", "NO_SUCH_GPU"},
      {"run --workload vecadd --set gpgpu_n_clsuters=4", "gpgpu_n_clusters"},  // nearest known name
      {"run --workload vecadd --set gpgpu_n_clusters=four", "four"},
      {"run --trace /nonexistent/kernelslist.g", "/nonexistent/kernelslist.g"},
      {"run --workload vecadd --max-cycles lots", "lots"},
      {"run --workload vecadd --threads 0", "--threads: expected an integer in 1..256"},
      {"run --workload vecadd --threads many", "--threads: expected an unsigned integer, got 'many'"},
      {"run --workload vecadd --threads 1000", "--threads: expected an integer in 1..256"},
  };
  for (const BadRun& c : cases) {
    const auto r = test::run_gpucosim(std::string(c.args) + " --out " + test::scratch_dir());
    // Bad input: exit 1 and one "gpucosim: error: " line naming what was wrong, nothing else.
    EXPECT_EQ(r.exit_code, c.exit_code) << c.args;
    EXPECT_EQ(r.output.rfind("gpucosim: error: ", 0), 0u) << c.args << " printed:\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << " printed:\n" << r.output;
  }
}

TEST(cli, RunWritesStatsAndTheEffectiveConfiguration) {
  const std::string dir = test::scratch_dir();
  const auto r = test::run_gpucosim("run --quiet --workload vecadd --config GTX480 --set gpgpu_max_cycle=100000 --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(r.output.empty()) << "--quiet printed: " << r.output;
  // The effective configuration carries the override with its origin.
  const auto cfg = test::run_command("grep -- '-gpgpu_max_cycle' " + dir + "/effective.config");
  EXPECT_NE(cfg.output.find("100000"), std::string::npos) << cfg.output;
  EXPECT_NE(cfg.output.find("--set"), std::string::npos) << cfg.output;
  const auto stats = test::run_command("grep -c '\"warp_insn\"' " + dir + "/stats.json");
  EXPECT_EQ(stats.output, "3\n");  // one kernel, total, and the work of no kernel ("unattributed")
}

}  // namespace
}  // namespace gpucosim
