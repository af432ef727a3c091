#include "sweep/point_runner.h"

#include <algorithm>
#include <csignal>
#include <chrono>
#include <sstream>
#include <vector>

#include "kernel/input_error.h"
#include "sweep/subprocess.h"

namespace gpucosim::sweep {

namespace {

// The lines of a failed run's log that say why: its "gpucosim: error:" lines, else its last lines.
std::string error_from_log(const std::string& log) {
  std::vector<std::string> lines, errors;
  std::istringstream in(log);
  for (std::string l; std::getline(in, l);) {
    if (l.empty()) continue;
    lines.push_back(l);
    if (l.find("error:") != std::string::npos) errors.push_back(l);
  }
  const std::vector<std::string>& pick = errors.empty() ? lines : errors;
  std::string out;
  for (size_t i = pick.size() > 5 ? pick.size() - 5 : 0; i < pick.size(); ++i) out += pick[i] + "\n";
  return out;
}

}  // namespace

PointRun run_point(const std::string& exe, const std::string& dir, const std::function<bool(pid_t)>& on_start) {
  PointRun run;
  std::vector<std::string> argv{exe};
  try {
    const nlohmann::json point = read_point_json(dir);
    const auto args = point.find("run_args");
    if (!point.is_object() || args == point.end() || !args->is_array() || args->empty() ||
        !std::all_of(args->begin(), args->end(), [](const nlohmann::json& v) { return v.is_string(); }))
      throw InputError(dir + "/point.json", 0, "expected \"run_args\": a list of `gpucosim` arguments (strings)");
    for (const auto& a : *args) argv.push_back(a.get<std::string>());
  } catch (const std::exception& e) {
    run.result.state = PointState::Failed;
    run.result.error = std::string("unreadable point.json: ") + e.what();
    write_result(dir, run.result);
    return run;
  }
  // Points run side by side (one per job or Slurm task): each on one host thread, so a sweep
  // does not start cores x cores threads (gpucosim run --threads).
  if (argv.size() > 1 && argv[1] == "run") {
    argv.push_back("--threads");
    argv.push_back("1");
  }
  argv.push_back("--out");
  argv.push_back(dir);
  clear_outputs(dir);

  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  try {
    pid = spawn_logged(argv, dir + "/run.log", dir);
  } catch (const std::exception& e) {
    run.result.state = PointState::Failed;
    run.result.error = e.what();
    write_result(dir, run.result);
    return run;
  }
  if (on_start && !on_start(pid)) kill(pid, SIGTERM);
  const ChildEnd end = wait_child(pid);
  run.result.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // `gpucosim run` stops cleanly on SIGINT/SIGTERM, writes its statistics so far and exits with
  // 128 + SIGINT (cli/interrupt.h): stopped, not failed, like a run the signal killed.
  if (end.signal == SIGINT || end.signal == SIGTERM || end.signal == SIGHUP || (!end.signal && end.exit_code == 128 + SIGINT)) {
    run.interrupted = true;
    return run;
  }
  run.result.exit_code = end.exit_code;
  if (end.exit_code == 0 && !end.signal) {
    run.result.state = PointState::Ok;
  } else {
    run.result.state = PointState::Failed;
    std::string log;
    try {
      log = read_text_file(dir + "/run.log");
    } catch (const InputError&) {
    }
    run.result.error = error_from_log(log) + "(" + end.describe() + "; the whole output is in run.log)";
  }
  write_result(dir, run.result);
  return run;
}

}  // namespace gpucosim::sweep
