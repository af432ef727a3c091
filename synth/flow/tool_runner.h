#pragma once
// Runs an external tool (yosys, sta) with its output captured in a log file. No shell: arguments
// are passed as they are, so paths with spaces or quotes need no escaping.
#include <functional>
#include <string>
#include <vector>

namespace gpucosim::synth {

// The absolute path of `program`: itself when it contains a '/', else the first executable match
// on PATH; "" when there is none.
std::string find_executable(const std::string& program);

struct ToolRun {
  int exit_code = -1;     // the tool's exit status; 128 + N when killed by signal N
  double wall_s = 0;
  std::string log_path;   // stdout and stderr together
};

// Runs `program args...` in `work_dir` with stdout+stderr written to `log_path`. Throws
// InputError("<program>", 0, ...) when the program cannot be found or started, with a hint to
// scripts/install-deps.
// `on_line`, when given, is told every complete line of the log as the tool writes it (the log is
// read back a few times a second while the tool runs): the flow's --progress.
ToolRun run_tool(const std::string& program, const std::vector<std::string>& args, const std::string& work_dir,
                 const std::string& log_path, const std::function<void(const std::string&)>& on_line = {});

// Reads a whole text file ("" when it cannot be read).
std::string read_text_file(const std::string& path);

}  // namespace gpucosim::synth
