#pragma once
// Child processes without a shell (arguments are passed as they are, never re-parsed).
#include <sys/types.h>

#include <string>
#include <vector>

namespace gpucosim::sweep {

// Starts argv[0] (searched in PATH when it has no '/') with stdout and stderr going to log_file
// (truncated), stdin from /dev/null, in folder cwd ("" = ours), with default signal handling and
// no signals blocked whatever the caller blocks. Returns the pid; throws std::runtime_error when
// the program cannot be started.
pid_t spawn_logged(const std::vector<std::string>& argv, const std::string& log_file, const std::string& cwd);

struct ChildEnd {
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it
  std::string describe() const;  // "exit code 1", "killed by signal 9 (Killed)"
};
ChildEnd wait_child(pid_t pid);

struct Captured {
  bool started = false;  // false when the program was not found or could not run
  ChildEnd end;
  std::string out;       // stdout and stderr together
};
// Runs a program to its end and captures its output (sbatch, squeue, rsvg-convert).
Captured run_captured(const std::vector<std::string>& argv);

// The absolute path of `program` in PATH, or "" when it is not there.
std::string find_in_path(const std::string& program);

// argv as one shell-quoted line, for people to copy.
std::string shell_line(const std::vector<std::string>& argv);

}  // namespace gpucosim::sweep
