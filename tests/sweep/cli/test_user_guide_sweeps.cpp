// The user guide's Sweeps section stays true: its sweep file is docs/examples/sm-count.yaml, and
// every command of its first example block runs and prints the lines the guide shows (the
// guide's out/ folder becomes a scratch folder).
#include <gtest/gtest.h>

#include <sstream>

#include "tests/sweep/cli/sweep_cli_util.h"

namespace gpucosim::sweep {
namespace {

using namespace testutil;

// The text of the first ```lang block after `from` in `text`.
std::string code_block(const std::string& text, const std::string& lang, size_t from) {
  const size_t open = text.find("```" + lang + "\n", from);
  if (open == std::string::npos) return "";
  const size_t start = open + 4 + lang.size();
  return text.substr(start, text.find("```", start) - start);
}

std::string replace_all(std::string s, const std::string& what, const std::string& with) {
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size())) s.replace(at, what.size(), with);
  return s;
}

TEST(userGuide, SweepsSectionRunsAsShown) {
  const std::string guide = test::read_text(test::source_dir() + "/docs/user-guide.md");
  const size_t section = guide.find("\n## Sweeps\n");
  ASSERT_NE(section, std::string::npos);
  EXPECT_EQ(code_block(guide, "yaml", section), test::read_text(test::source_dir() + "/docs/examples/sm-count.yaml"))
      << "the guide shows docs/examples/sm-count.yaml as it is";

  const std::string dir = test::scratch_dir();
  std::istringstream block(code_block(guide, "sh", section));
  struct Step {
    std::string command;
    std::vector<std::string> expected;
  };
  std::vector<Step> steps;
  for (std::string line; std::getline(block, line);) {
    if (line.rfind("$ ", 0) == 0) {
      steps.push_back({line.substr(2), {}});
    } else if (!steps.empty() && !line.empty() && line != "...") {
      steps.back().expected.push_back(replace_all(line, "out/", dir + "/"));
    }
  }
  ASSERT_GE(steps.size(), 6u);
  for (const Step& s : steps) {
    std::string cmd = replace_all(s.command, "out/", dir + "/");
    if (cmd.rfind("gpucosim ", 0) == 0) cmd = test::gpucosim_exe() + cmd.substr(8);
    const test::CommandResult r = test::run_command("cd " + test::source_dir() + " && " + cmd);
    ASSERT_EQ(r.exit_code, 0) << s.command << "\n" << r.output;
    size_t at = 0;
    for (const std::string& e : s.expected) {
      const size_t found = r.output.find(e, at);
      EXPECT_NE(found, std::string::npos) << s.command << ": the guide shows\n  " << e << "\nbut it printed\n" << r.output;
      if (found != std::string::npos) at = found + e.size();
    }
  }
  EXPECT_EQ(csv_lines(dir + "/sm-count.csv"), 13u);
}

}  // namespace
}  // namespace gpucosim::sweep
