// Usage errors of the command line (see commands.h): every one is printed as
// "gpucosim: error: ..." and exits with 2, the first word of the command line is checked
// against the commands so a misspelt one is named, and the message says where help is.
#include <algorithm>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace gpucosim::cli {

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// "gpucosim run" or "gpucosim trace info": the commands CLI11 had entered when it failed.
std::string command_path(const CLI::App& app) {
  std::string path = "gpucosim";
  const CLI::App* at = &app;
  for (;;) {
    const std::vector<CLI::App*> subs = at->get_subcommands();
    if (subs.empty()) break;
    at = subs.front();
    path += " " + at->get_name();
  }
  return path;
}

}  // namespace

void check_command_name(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return;  // options (--help, --version) are CLI11's
  const std::string word = argv[1];
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return;
  std::string best;
  size_t best_d = 3;  // suggest only a near miss
  for (const std::string& n : names)
    if (const size_t d = edit_distance(word, n); d < best_d) {
      best = n;
      best_d = d;
    }
  std::sort(names.begin(), names.end());
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  throw CLI::ValidationError("unknown command '" + word + "'" + (best.empty() ? "" : "; did you mean '" + best + "'?") +
                             " (commands: " + list + ")");
}

std::string usage_error_message(const CLI::App& app, const CLI::ParseError& e) {
  return std::string("gpucosim: error: ") + e.what() + " (usage: `" + command_path(app) + " --help`)";
}

}  // namespace gpucosim::cli
