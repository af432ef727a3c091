// Docs that stay true: every command example of docs/**/*.md runs here, in page order, in a
// scratch workspace per page (a copy of docs/, the tests/, rtl/, configs/ and synth/ folders,
// ../shared, and the built gpucosim and gpucosim-bench under the names the pages use). A "$ "
// command must exit 0 (1 or 2 when the page shows it failing with "gpucosim: error: ...") and print
// the lines the page shows under it (in order; "..." stands for any lines). Examples that take minutes at the page's size run at a CI size instead (kCiSize:
// what changes and why), and the few that cannot run here say why (kNotRun); an entry of either
// table that matches no example fails the test, so the tables cannot outlive the pages.
// Templates ("...", <placeholder>) are not examples and are listed, not run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "tests/docs/doc_examples.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

namespace fs = std::filesystem;

// Examples run at a smaller size in CI: on `page`, every command containing `contains` has
// `from` replaced by `to`. Its output is then not compared (the figures are the page's size's).
struct CiSize {
  const char* page;
  const char* contains;
  const char* from;
  const char* to;
  const char* why;
  // A benchmark whose own pass mark is a wall-time ratio: exit 1 with this verdict printed is a
  // timing miss on a loaded CI machine (the tests run two at a time), not a broken example.
  const char* timing_verdict = nullptr;
};
const CiSize kCiSize[] = {
    {"docs/user-guide.md", "synth warppool --check-golden", "synth warppool", "synth tests/synth/fixtures/fifo_sram",
     "the CI-sized WarpPool takes ~2 min to synthesise; its own check is the synth regression (ctest -L synth)"},
    {"docs/user-guide.md", "synth warppool --update-golden", "synth warppool --update-golden",
     "synth tests/synth/fixtures/fifo_sram --update-golden --golden out/golden-fifo_sram.json",
     "the same on the small fixture, into a scratch golden file (the repository's must not change)"},
    {"docs/user-guide.md", "--param NREQ=256 --param NS=4", "warppool --param NREQ=256 --param NS=4",
     "tests/synth/fixtures/fifo_sram --param DEPTH=256", "parameter overrides on the small fixture"},
    {"docs/user-guide.md", "--seed-page docs/results/area-power.md", "out/synth/warppool", "out/synth/fifo_sram",
     "the WarpPool synthesis behind it takes ~6 min (skipped below); the page comes from the fixture instead"},
    {"docs/user-guide.md", "gpucosim-bench sim-rate  ", "sim-rate", "sim-rate --min-seconds 0.2 --only transpose_naive",
     "runs of >= 10 s per workload; the vecadd floor needs full-length runs"},
    {"docs/user-guide.md", "sim-rate --only transpose_naive --set warppool=rtl", "sim-rate", "sim-rate --min-seconds 0.2",
     "runs of >= 10 s"},
    {"docs/user-guide.md", "gpucosim-bench trace-reader", "trace-reader", "trace-reader --size-gb 0.02 --dir out",
     "a >= 1 GB trace"},
    {"docs/user-guide.md", "gpucosim-bench cosim-cost", "cosim-cost", "cosim-cost --repeat 1",
     "best of one run per mode instead of two (~11 s); its 3x wall-time mark is for a quiet machine",
     "(target <= 3.0x): NOT MET"},
    {"docs/user-guide.md", "gpucosim-bench warppool-results", "warppool-results",
     "warppool-results --quick --out out/warppool.md", "~7 min; --quick checks the generator at the test sizes"},
    {"docs/user-guide.md", "gpucosim-bench regless-results", "regless-results",
     "regless-results --quick --out out/regless.md", "~30 min of CPU; --quick checks the generator at the test sizes"},
    {"docs/user-guide.md", "gpucosim-bench multitasking-results", "multitasking-results",
     "multitasking-results --quick --out out/multitasking.md",
     "~1.5 min of runs; --quick checks the generator on tiny mixes"},
    {"docs/synthesis.md", "synth warppool", "synth warppool", "synth tests/synth/fixtures/fifo_sram",
     "a WarpPool synthesis takes minutes (the GTX 480 set over 40); the same options on the small fixture"},
    {"docs/synthesis.md", "--update-golden", "--update-golden", "--update-golden --golden out/golden.json",
     "into a scratch golden file (the repository's must not change)"},
};

// Examples this test does not run, and why (each names where the same thing is checked).
struct NotRun {
  const char* page;
  const char* contains;
  const char* why;
};
const NotRun kNotRun[] = {
    {"docs/user-guide.md", "make demo", "builds and runs the project: CI's own job"},
    {"docs/user-guide.md", "make test", "this test runs inside `make test`"},
    {"docs/user-guide.md", "make test-asan", "the whole tree again under the sanitizers (minutes)"},
    {"docs/user-guide.md", "make bench", "every benchmark at full length; each runs below at CI size"},
    {"docs/user-guide.md", "sm-count", "the Sweeps section's examples: tests/sweep/cli/test_user_guide_sweeps.cpp runs "
                                       "them as shown (the Slurm ones: tests/sweep/cli/test_sweep_slurm.cpp)"},
    {"docs/user-guide.md", "--stats-interval 200", "in the Sweeps example block: test_user_guide_sweeps.cpp runs it"},
    {"docs/user-guide.md", "out/tn/stats-interval.jsonl", "in the Sweeps example block: test_user_guide_sweeps.cpp"},
    {"docs/user-guide.md", "--backend slurm", "needs a Slurm cluster: tests/sweep/cli/test_sweep_slurm.cpp starts one"},
    {"docs/user-guide.md", "--from /shared/wp", "reads the Slurm sweep of the line before"},
    {"docs/user-guide.md", "warppool-activity.params", "~6 min (a reduced WarpPool synthesised, its power from a "
                                                        "VCD): tests/synth/test_activity_power.cpp runs --activity"},
    {"docs/synthesis.md", "synth warppool --activity",
     "WarpPool at its defaults with the recorded activity (~7 min); tests/synth/test_activity_power.cpp runs --activity"},
    {"docs/synthesis.md", "GPUCOSIM_UPDATE_GOLDEN=1 ctest", "rewrites every golden file by design"},
    {"docs/synthesis.md", "--seed-page docs/results/area-power.md",
     "needs the ~6 min WarpPool synthesis above; tests/synth/test_seed_page.cpp checks the page's generator"},
    {"docs/results/area-power.md", "--seed-page docs/results/area-power.md",
     "regenerates this page after the ~6 min synthesis of docs/synthesis.md"},
};

std::vector<std::string> doc_pages() {
  std::vector<std::string> pages;
  const fs::path docs = fs::path(source_dir()) / "docs";
  std::error_code ec;
  for (fs::recursive_directory_iterator it(docs, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".md") pages.push_back(fs::relative(it->path(), source_dir()).string());
  std::sort(pages.begin(), pages.end());
  return pages;
}

// The workspace a page's examples run in: the folders they name, the tools under the names they
// use, and ../shared beside it. docs/ is a copy (examples write pages such as the seed page).
std::string make_workspace(const std::string& scratch) {
  const fs::path src(source_dir());
  const fs::path work = fs::path(scratch) / "work";
  fs::create_directories(work / "build" / "release" / "cli");
  fs::create_directories(work / "build" / "release" / "bench");
  fs::create_directories(work / "bin");
  fs::copy(src / "docs", work / "docs", fs::copy_options::recursive);
  for (const char* d : {"tests", "rtl", "configs", "synth", "bench"}) fs::create_directory_symlink(src / d, work / d);
  if (fs::exists(src / ".." / "shared")) fs::create_directory_symlink(fs::canonical(src / ".." / "shared"), fs::path(scratch) / "shared");
  const fs::path exe(gpucosim_exe()), bench = fs::path(binary_dir()) / "bench" / "gpucosim-bench";
  fs::create_symlink(exe, work / "build" / "release" / "cli" / "gpucosim");
  fs::create_symlink(bench, work / "build" / "release" / "bench" / "gpucosim-bench");
  fs::create_symlink(exe, work / "bin" / "gpucosim");
  return work.string();
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class docs_examples : public ::testing::TestWithParam<std::string> {};

TEST_P(docs_examples, EveryCommandRunsAndPrintsWhatThePageShows) {
  const std::string page = GetParam();
  const std::vector<DocCommand> commands = extract_commands(page, read_text(source_dir() + "/" + page));
  if (commands.empty()) GTEST_SKIP() << page << " has no command examples";
  const std::string work = make_workspace(scratch_dir());
  const bool have_shared = fs::exists(fs::path(work) / ".." / "shared");
  std::map<std::string, int> used;
  int ran = 0;
  for (const DocCommand& c : commands) {
    const std::string where = page + ":" + std::to_string(c.line) + ": " + c.command;
    if (is_template(c.command)) {
      std::printf("template, not run: %s\n", where.c_str());
      continue;
    }
    const NotRun* skip = nullptr;
    for (const NotRun& n : kNotRun)
      if (page == n.page && c.command.find(n.contains) != std::string::npos) skip = &n;
    if (skip) {
      ++used[std::string(skip->page) + skip->contains];
      std::printf("not run (%s): %s\n", skip->why, where.c_str());
      continue;
    }
    if (!have_shared && c.command.find("../shared/") != std::string::npos) {
      std::printf("not run (../shared is absent): %s\n", where.c_str());
      continue;
    }
    std::string cmd = c.command;
    bool resized = false;
    for (const CiSize& s : kCiSize) {
      if (page != s.page || c.command.find(s.contains) == std::string::npos) continue;
      const size_t at = cmd.find(s.from);
      ASSERT_NE(at, std::string::npos) << where << ": the CI size replaces '" << s.from << "', not in the command";
      cmd.replace(at, std::string(s.from).size(), s.to);
      resized = true;
      ++used[std::string(s.page) + s.contains];
    }
    std::printf("%s: %s%s\n", resized ? "ran at CI size" : "ran", where.c_str(), resized ? (" -> " + cmd).c_str() : "");
    for (const CiSize& s : kCiSize)
      if (page == s.page && c.command.find(s.contains) != std::string::npos) std::printf("  (%s)\n", s.why);
    const CommandResult r = run_command("cd " + quote(work) + " && PATH=" + quote(work + "/bin") + ":\"$PATH\" sh -c " +
                                        quote(cmd));
    ++ran;
    // An example that shows an error is expected to fail (exit 1, or 2 for a usage error).
    const bool shows_error = std::any_of(c.output.begin(), c.output.end(), [](const std::string& l) {
      return l.rfind("gpucosim: error: ", 0) == 0;
    });
    const CiSize* timing = nullptr;
    for (const CiSize& s : kCiSize)
      if (page == s.page && s.timing_verdict && c.command.find(s.contains) != std::string::npos) timing = &s;
    if (shows_error)
      EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2) << where << "\n" << r.output;
    else if (timing && r.exit_code == 1 && r.output.find(timing->timing_verdict) != std::string::npos)
      std::printf("  ran; its timing mark was missed on this (loaded) machine:\n%s", r.output.c_str());
    else
      EXPECT_EQ(r.exit_code, 0) << where << "\n" << r.output;
    if (c.prompt && !c.output.empty() && !resized) {
      std::string why;
      EXPECT_TRUE(output_matches(c.output, r.output, &why)) << where << "\n" << why << "\nprinted:\n" << r.output;
    }
  }
  std::printf("%d example(s) of %s ran\n", ran, page.c_str());
  // Every table entry for this page matched an example.
  for (const CiSize& s : kCiSize)
    if (page == s.page) {
      EXPECT_GT(used[std::string(s.page) + s.contains], 0) << "stale CI-size entry: " << s.contains;
    }
  for (const NotRun& n : kNotRun)
    if (page == n.page) {
      EXPECT_GT(used[std::string(n.page) + n.contains], 0) << "stale not-run entry: " << n.contains;
    }
}

INSTANTIATE_TEST_SUITE_P(Pages, docs_examples, ::testing::ValuesIn(doc_pages()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param.substr(5);  // after "docs/"
                           for (char& ch : n)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

// The extractor itself: prompts, bare commands, continuations, shown output, templates.
TEST(docs_extractor, FindsCommandsOutputAndTemplates) {
  const std::string md =
      "text\n```sh\n$ gpucosim run --workload vecadd \\\n    --quiet\n$ gpucosim --version\ngpucosim 0.1.0\n\n```\n"
      "```cpp\ngpucosim::x();\n```\n```\ngpucosim sram --size 1K   # note\nnot a command\n"
      "gpucosim run --config <my.config> ...\nGPUCOSIM_X=1 ctest -L synth\n```\n";
  const std::vector<DocCommand> c = extract_commands("p.md", md);
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0].command, "gpucosim run --workload vecadd --quiet");
  EXPECT_EQ(c[0].line, 3);
  EXPECT_TRUE(c[0].prompt);
  EXPECT_TRUE(c[0].output.empty());
  EXPECT_EQ(c[1].output, std::vector<std::string>{"gpucosim 0.1.0"});
  EXPECT_EQ(c[2].command, "gpucosim sram --size 1K   # note");
  EXPECT_FALSE(c[2].prompt);
  EXPECT_TRUE(is_template(c[3].command));
  EXPECT_FALSE(is_template(c[2].command));
  EXPECT_EQ(c[4].command, "GPUCOSIM_X=1 ctest -L synth");

  std::string why;
  EXPECT_TRUE(output_matches({"a", "...", "c"}, "a\nb\nc\n", &why));
  EXPECT_TRUE(output_matches({"a", "c"}, "a\nb\nc  \n", &why));
  EXPECT_FALSE(output_matches({"c", "a"}, "a\nb\nc\n", &why));
  EXPECT_NE(why.find("a"), std::string::npos);
  EXPECT_FALSE(output_matches({"a 1.0"}, "a 1.1\n", &why));
}

}  // namespace
}  // namespace gpucosim::test
