#pragma once
// Paths tests need: the source tree, the build tree, the shared fixtures beside the project, and
// fresh scratch folders.
#include <string>

namespace gpucosim::test {

std::string source_dir();   // project root
std::string binary_dir();   // CMake build folder
std::string gpucosim_exe(); // the built CLI
// ../shared/fixtures/<name> relative to the project root; "" when absent (tests then GTEST_SKIP).
std::string shared_fixture(const std::string& name);
// ../shared/<relative> (any reference data beside the project); "" when absent.
std::string shared_path(const std::string& relative);
// A new empty folder under the build tree, unique to the running test.
std::string scratch_dir();

struct CommandResult {
  int exit_code;
  std::string output;  // stdout and stderr together
};
// Runs a shell command line, capturing its output.
CommandResult run_command(const std::string& command_line);

// Runs the built CLI: `gpucosim ARGS` (ARGS as a shell would split them).
CommandResult run_gpucosim(const std::string& args);

// Writes `text` to `path` as it is (binary), replacing the file.
void write_text(const std::string& path, const std::string& text);
// The whole file as it is (binary); "" when it cannot be read.
std::string read_text(const std::string& path);

}  // namespace gpucosim::test
