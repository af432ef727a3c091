#pragma once
// The command examples of a Markdown page: the lines of its shell code blocks (```sh, ```console,
// ```bash or a fence without a language) that start with "$ " or with a command of the project
// (gpucosim, build/..., make, ctest, scripts/, VAR=value ...), with continuation lines joined, and
// for a "$ " command the output lines the page shows under it.
#include <string>
#include <vector>

namespace gpucosim::test {

struct DocCommand {
  std::string page;                 // as given, e.g. "docs/user-guide.md"
  int line = 0;                     // 1-based line of the command
  std::string command;              // without "$ ", continuation lines joined
  bool prompt = false;              // written as "$ command"
  std::vector<std::string> output;  // lines shown under a "$ " command; "..." stands for any lines
};

std::vector<DocCommand> extract_commands(const std::string& page, const std::string& markdown);

// A template rather than an example: it holds "..." or a <placeholder>.
bool is_template(const std::string& command);

// Whether every line of `expected` appears in `actual`, in order ("..." lines match any lines;
// trailing spaces ignored); `why` says which line was not found.
bool output_matches(const std::vector<std::string>& expected, const std::string& actual, std::string* why);

}  // namespace gpucosim::test
