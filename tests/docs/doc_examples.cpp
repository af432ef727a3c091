#include "tests/docs/doc_examples.h"

#include <algorithm>
#include <regex>
#include <sstream>

namespace gpucosim::test {

namespace {

std::string rtrim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  return s;
}

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  return a == std::string::npos ? std::string() : rtrim(s.substr(a));
}

bool shell_fence(const std::string& lang) {
  const std::string l = trim(lang);
  return l.empty() || l == "sh" || l == "bash" || l == "shell" || l == "console";
}

// A line that is itself a command of the project (in a block without "$ " prompts).
bool command_line(const std::string& line) {
  static const std::regex re(R"(^(gpucosim( |$)|build/|make( |$)|ctest( |$)|scripts/|[A-Z][A-Z0-9_]*=\S* ))");
  return std::regex_search(line, re);
}

}  // namespace

std::vector<DocCommand> extract_commands(const std::string& page, const std::string& markdown) {
  // The shell blocks first, as (line number, text) lists.
  std::vector<std::vector<std::pair<int, std::string>>> blocks;
  {
    std::istringstream in(markdown);
    std::string raw;
    int n = 0;
    bool in_fence = false, shell = false;
    while (std::getline(in, raw)) {
      ++n;
      const std::string line = rtrim(raw);
      if (line.rfind("```", 0) == 0) {
        in_fence = !in_fence;
        shell = in_fence && shell_fence(line.substr(3));
        if (shell) blocks.emplace_back();
        continue;
      }
      if (in_fence && shell) blocks.back().emplace_back(n, line);
    }
  }
  std::vector<DocCommand> out;
  for (const auto& block : blocks) {
    // A block that uses "$ " prompts marks its commands so; its other lines are output.
    const bool prompts = std::any_of(block.begin(), block.end(), [](const auto& l) { return l.second.rfind("$ ", 0) == 0; });
    bool continuing = false, collecting = false;
    for (const auto& [n, line] : block) {
      if (continuing) {
        std::string part = trim(line);
        continuing = !part.empty() && part.back() == '\\';
        if (continuing) part.pop_back();
        out.back().command += " " + trim(part);
        continue;
      }
      const bool prompt = line.rfind("$ ", 0) == 0;
      if (prompt || (!prompts && command_line(line))) {
        DocCommand c;
        c.page = page;
        c.line = n;
        c.prompt = prompt;
        std::string cmd = prompt ? line.substr(2) : line;
        continuing = !cmd.empty() && cmd.back() == '\\';
        if (continuing) cmd.pop_back();
        c.command = trim(cmd);
        out.push_back(c);
        collecting = prompt;
        continue;
      }
      if (collecting) out.back().output.push_back(line);
    }
  }
  // Trailing blank output lines carry nothing.
  for (DocCommand& c : out)
    while (!c.output.empty() && trim(c.output.back()).empty()) c.output.pop_back();
  return out;
}

bool is_template(const std::string& command) {
  static const std::regex placeholder(R"(<[A-Za-z][^<>]*>)");
  return command.find("...") != std::string::npos || std::regex_search(command, placeholder);
}

bool output_matches(const std::vector<std::string>& expected, const std::string& actual, std::string* why) {
  std::vector<std::string> lines;
  std::istringstream in(actual);
  for (std::string l; std::getline(in, l);) lines.push_back(rtrim(l));
  size_t at = 0;
  for (const std::string& e : expected) {
    const std::string want = rtrim(e);
    if (trim(want) == "...") continue;
    while (at < lines.size() && lines[at] != want) ++at;
    if (at == lines.size()) {
      if (why) *why = "line not printed (or not in this order): " + want;
      return false;
    }
    ++at;
  }
  return true;
}

}  // namespace gpucosim::test
