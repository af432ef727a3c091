// `gpucosim compare STATS.json ACCELSIM.log`: works on every Accel-Sim log of the reference runs
// (../shared/accelsim-reference/logs, skipped when absent), shows equal traffic as ratio 1 where
// the counters mean the same, and rejects malformed input with file:line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>

#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

namespace fs = std::filesystem;

// The ratio column of `stat`'s first row in the compare output ("" if absent).
std::string ratio_of(const std::string& out, const std::string& stat) {
  std::smatch m;
  const std::regex re("\\n  " + std::regex_replace(stat, std::regex(R"([\[\]])"), R"(\$&)") +
                      R"( +(\S+) +(\S+) +(\S+)\n)");
  return std::regex_search(out, m, re) ? m[3].str() : "";
}

// The vectorAdd fixture run with Accel-Sim's own SM7_QV100 files (+ the UDP unit for sm_80
// traces) and the L2 pre-fill off, as the reference runs; "" when ../shared is absent.
std::string fixture_stats(const std::string& dir) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  const std::string cfg = test::shared_path("accelsim-configs/SM7_QV100");
  if (fixture.empty() || cfg.empty()) return "";
  const auto r = test::run_gpucosim("run --trace " + fixture + "/kernelslist.g --config " + cfg + "/gpgpusim.config --config " +
                     cfg + "/trace.config --config " + cfg + "/udp-for-sm80-traces.config --set gpgpu_perf_sim_memcpy=0 " +
                     "--quiet --out " + dir + "/run");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return dir + "/run/stats.json";
}

TEST(cli_compare, WorksOnEveryReferenceLog) {
  const std::string logs = test::shared_path("accelsim-reference/logs");
  const std::string dir = test::scratch_dir();
  const std::string stats = fixture_stats(dir);
  if (logs.empty() || stats.empty()) GTEST_SKIP() << "../shared/accelsim-reference or the fixture is absent";
  int n = 0;
  for (const auto& e : fs::directory_iterator(logs)) {
    if (e.path().extension() != ".log") continue;
    ++n;
    const auto r = test::run_gpucosim("compare " + stats + " " + e.path().string());
    EXPECT_EQ(r.exit_code, 0) << e.path() << "\n" << r.output;
    EXPECT_NE(r.output.find("\nkernel 1: "), std::string::npos) << e.path();
    EXPECT_NE(r.output.find("\ntotal\n"), std::string::npos) << e.path();
    EXPECT_FALSE(ratio_of(r.output, "L1D_total_cache_accesses").empty()) << e.path() << "\n" << r.output;
    // A complete log has every headline statistic: nothing to warn about.
    EXPECT_EQ(r.output.find("warning"), std::string::npos) << e.path() << "\n" << r.output;
  }
  EXPECT_GE(n, 9);
}

TEST(cli_compare, SameTraceSameConfigShowsEqualTraffic) {
  const std::string log = test::shared_path("accelsim-reference/logs/as_fix_x1_QV100UDP.log");
  const std::string dir = test::scratch_dir();
  const std::string stats = fixture_stats(dir);
  if (log.empty() || stats.empty()) GTEST_SKIP() << "../shared/accelsim-reference or the fixture is absent";
  const auto r = test::run_gpucosim("compare " + stats + " " + log);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Counts that do not depend on timing agree exactly once they mean the same thing.
  for (const char* s : {"warp_insn", "gpu_sim_insn", "L1D_total_cache_accesses", "L1D_total_cache_misses",
                        "L2_total_cache_accesses", "L2_total_cache_misses", "total_dram_reads",
                        "icnt_total_pkts_simt_to_mem", "icnt_total_pkts_mem_to_simt",
                        "Total_core_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]",
                        "L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]"})
    EXPECT_EQ(ratio_of(r.output, s), "1.000") << s << "\n" << r.output;
}

struct Bad {
  const char* name;
  std::string stats, log;  // file contents
  std::string expect;      // must appear in the error
};

TEST(cli_compare, MalformedInputIsAnErrorWithFileAndLine) {
  const std::string dir = test::scratch_dir();
  const std::string good_stats = R"({"kernels": [{"kernel_name": "k", "gpu_sim_cycle": 10}], "total": {"gpu_sim_cycle": 10}})";
  const std::string good_log = "junk before\nkernel_name = k\ngpu_sim_cycle = 12\nL1D_total_cache_accesses = 3\n";
  const Bad cases[] = {
      {"stats not JSON", "{\n  \"kernels\": [\n  oops\n", good_log, "stats.json:3: not JSON"},
      {"stats without kernels", R"({"total": {}})", good_log, "stats.json: expected gpucosim's stats.json"},
      {"log with a bad number", good_stats, "kernel_name = k\ngpu_sim_cycle = 12\nL2_total_cache_misses = lots\n",
       "acc.log:3: L2_total_cache_misses = 'lots': expected a non-negative number"},
      {"truncated log", good_stats, "kernel_name = k\nL1D_total_cache_accesses = 3\n",
       "acc.log:1: kernel 'k' has no gpu_sim_cycle line"},
      {"not a log", good_stats, "hello\n", "acc.log: no kernel statistics found"},
      // Values a log of GPGPU-Sim never holds: each was read (the last of two, NaN, infinity, a
      // number cut at a NUL byte) and compared as if it were a count.
      {"value twice", good_stats, "kernel_name = k\ngpu_sim_cycle = 12\ngpu_sim_cycle = 7\n",
       "acc.log:3: gpu_sim_cycle appears a second time in kernel 'k' (first on line 2)"},
      {"not a number", good_stats, "kernel_name = k\ngpu_sim_cycle = nan\n", "acc.log:2: gpu_sim_cycle = 'nan'"},
      {"infinite", good_stats, "kernel_name = k\ngpu_sim_cycle = 12\nL1D_total_cache_accesses = inf\n",
       "acc.log:3: L1D_total_cache_accesses = 'inf'"},
      {"negative", good_stats, "kernel_name = k\ngpu_sim_cycle = -12\n", "acc.log:2: gpu_sim_cycle = '-12'"},
      {"NUL inside", good_stats, std::string("kernel_name = k\ngpu_sim_cycle = 62\0 04\n", 39), "= '62\\x00 04'"},
      {"two runs in one file", good_stats,
       "kernel_name = k\ngpu_sim_cycle = 12\ngpu_tot_sim_cycle = 12\nkernel_name = k\ngpu_sim_cycle = 12\n"
       "gpu_tot_sim_cycle = 12\n",
       "acc.log:4: gpu_tot_sim_cycle does not grow (from 12 to 12)"},
      {"stats value a string", R"({"kernels": [{"kernel_name": "k", "gpu_sim_cycle": "abc"}], "total": {"gpu_sim_cycle": 10}})",
       good_log, "stats.json: kernel 1: statistic 'gpu_sim_cycle' is \"abc\": expected a number"},
      {"stats total an array", R"({"kernels": [], "total": {"warp_insn": [1, 2]}})", good_log,
       "stats.json: \"total\": statistic 'warp_insn' is [1,2]"},
  };
  for (const Bad& c : cases) {
    test::write_text(dir + "/stats.json", c.stats);
    test::write_text(dir + "/acc.log", c.log);
    const auto r = test::run_gpucosim("compare " + dir + "/stats.json " + dir + "/acc.log");
    EXPECT_EQ(r.exit_code, 1) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find("gpucosim: error: "), std::string::npos) << c.name << "\n" << r.output;
    EXPECT_NE(r.output.find(c.expect), std::string::npos) << c.name << "\n" << r.output;
  }
  test::write_text(dir + "/stats.json", good_stats);
  test::write_text(dir + "/acc.log", good_log);
  const auto r = test::run_gpucosim("compare " + dir + "/stats.json " + dir + "/acc.log");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ratio_of(r.output, "gpu_sim_cycle"), "0.833") << r.output;
  EXPECT_EQ(test::run_gpucosim("compare " + dir + "/missing.json " + dir + "/acc.log").exit_code, 1);
  // A folder where the log should be.
  const auto d = test::run_gpucosim("compare " + dir + "/stats.json " + dir);
  EXPECT_EQ(d.exit_code, 1) << d.output;
  EXPECT_NE(d.output.find("is a folder: expected an Accel-Sim log file"), std::string::npos) << d.output;
}

TEST(cli_compare, ALogCutShortInsideAKernelIsNamedInAWarning) {
  const std::string log = test::shared_path("accelsim-reference/logs/as_fix_x1_QV100UDP.log");
  const std::string dir = test::scratch_dir();
  const std::string stats = fixture_stats(dir);
  if (log.empty() || stats.empty()) GTEST_SKIP() << "../shared/accelsim-reference or the fixture is absent";
  // The reference log up to the line after its kernel's gpu_sim_cycle: the cache, DRAM and
  // interconnect statistics further down the block are lost.
  const std::string text = test::read_text(log);
  const size_t at = text.find("\ngpu_sim_cycle = ");
  ASSERT_NE(at, std::string::npos);
  const size_t cut = text.find('\n', at + 1);
  test::write_text(dir + "/cut.log", text.substr(0, cut + 1));
  const size_t kernel_at = text.rfind("\nkernel_name = ", at) + 1;  // where its kernel_name line starts
  const uint64_t kernel_line = uint64_t(std::count(text.begin(), text.begin() + long(kernel_at), '\n')) + 1;
  const auto r = test::run_gpucosim("compare " + stats + " " + dir + "/cut.log");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const std::string warn = "gpucosim: warning: " + dir + "/cut.log:" + std::to_string(kernel_line) + ": kernel 1 (";
  EXPECT_NE(r.output.find(warn), std::string::npos) << warn << "\n" << r.output;
  for (const char* s : {"L1D_total_cache_accesses", "L2_total_cache_misses", "total dram reads", "icnt_total_pkts_mem_to_simt"})
    EXPECT_NE(r.output.find(s, r.output.find(warn)), std::string::npos) << s << "\n" << r.output;
  EXPECT_FALSE(ratio_of(r.output, "gpu_sim_cycle").empty()) << r.output;
  EXPECT_EQ(ratio_of(r.output, "L2_total_cache_accesses"), "-") << r.output;
}

}  // namespace
}  // namespace gpucosim
