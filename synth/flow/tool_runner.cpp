// fork/exec of the synthesis tools (see tool_runner.h).
#include "synth/flow/tool_runner.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <filesystem>
#include <sstream>

#include "kernel/input_error.h"

namespace gpucosim::synth {

namespace {

bool is_executable_file(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::string find_executable(const std::string& program) {
  if (program.empty()) return {};
  // Absolute: the tool runs inside the output folder (a relative ./yosys would name another file).
  if (program.find('/') != std::string::npos)
    return is_executable_file(program) ? std::filesystem::absolute(program).string() : std::string();
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (is_executable_file(candidate)) return std::filesystem::absolute(candidate).string();
  }
  return {};
}

ToolRun run_tool(const std::string& program, const std::vector<std::string>& args, const std::string& work_dir,
                 const std::string& log_path, const std::function<void(const std::string&)>& on_line) {
  const std::string exe = find_executable(program);
  if (exe.empty())
    throw InputError(program, 0,
                     "tool not found (not an executable file, nor on PATH); install it with scripts/install-deps "
                     "(Debian packages yosys, berkeley-abc, opensta) or name it with --yosys/--sta");
  std::vector<std::string> argv_s;
  argv_s.push_back(exe);
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);

  const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log_fd < 0) throw InputError(log_path, 0, std::string("cannot write the tool log: ") + std::strerror(errno));

  ToolRun run;
  run.log_path = log_path;
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(log_fd);
    throw InputError(program, 0, std::string("cannot start the tool: ") + std::strerror(errno));
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec.
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    const int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, STDIN_FILENO);
    if (::chdir(work_dir.c_str()) != 0) ::_exit(126);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(log_fd);
  int status = 0;
  if (on_line) {
    // Follow the log while the tool runs: read what was appended, hand over complete lines.
    std::ifstream follow(log_path, std::ios::binary);
    std::string pending;
    auto drain = [&] {
      follow.clear();
      char buf[65536];
      while (follow.read(buf, sizeof buf) || follow.gcount() > 0) {
        pending.append(buf, size_t(follow.gcount()));
        if (!follow) break;
      }
      size_t start = 0, nl;
      while ((nl = pending.find('\n', start)) != std::string::npos) {
        on_line(pending.substr(start, nl - start));
        start = nl + 1;
      }
      pending.erase(0, start);
    };
    for (;;) {
      const pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid || (done < 0 && errno != EINTR)) break;
      drain();
      ::usleep(250000);
    }
    drain();
  } else {
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  if (run.exit_code == 126 || run.exit_code == 127) {
    const std::string log = read_text_file(log_path);
    if (log.empty()) throw InputError(program, 0, "could not run " + exe + " in " + work_dir);
  }
  return run;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace gpucosim::synth
