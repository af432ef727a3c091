#include "bench/cli_run.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpucosim::bench {

std::string gpucosim_exe() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / ".." / "cli" / "gpucosim").string();
}

double CliResult::sms() const {
  const nlohmann::json& core = config.at("core");
  return core.value("n_clusters", 0.0) * core.value("cores_per_cluster", 0.0);
}

CliResult run_args(const std::string& args) {
  // One scratch folder per process and call, so concurrent benchmarks do not collide.
  static std::atomic<unsigned> serial{0};
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("gpucosim-bench-" + std::to_string(getpid()) + "-" + std::to_string(serial++)))
                              .string();
  // One host thread: these benchmarks measure one core's rate (sim-rate, cosim-cost) or run
  // several simulations side by side (multitasking-results -j N).
  std::string cmd = gpucosim_exe() + " run --quiet --threads 1 " + args + " --out " + out;
  if (isatty(STDERR_FILENO)) cmd += " --progress";  // each run's progress line, as `gpucosim run` shows it
  CliResult r;
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "failed: %s\n", cmd.c_str());
    std::filesystem::remove_all(out);
    return r;
  }
  r = read_run_dir(out);
  r.dir.clear();
  std::filesystem::remove_all(out);
  if (!r.ok) std::fprintf(stderr, "unreadable stats of `%s`\n", cmd.c_str());
  return r;
}

CliResult run_workload(const std::string& spec, const std::string& config, const std::vector<std::string>& sets) {
  std::string args = "--workload " + spec + " --config " + config;
  for (const std::string& s : sets) args += " --set " + s;
  return run_args(args);
}

CliResult read_run_dir(const std::string& dir) {
  auto slurp = [&](const char* file) {
    std::ifstream in(dir + "/" + file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  CliResult r;
  try {
    r.stats = nlohmann::json::parse(slurp("stats.json"));
    r.config = nlohmann::json::parse(slurp("effective-config.json")).value("resolved", nlohmann::json::object());
    r.ok = r.stats.contains("total") && r.config.contains("core");
    r.dir = dir;
  } catch (const nlohmann::json::exception&) {
    r = CliResult{};
  }
  return r;
}

nlohmann::json registered_blocks() {
  const std::string cmd = gpucosim_exe() + " blocks --json";
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) return nlohmann::json::array();
  std::string text;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  if (pclose(f) != 0) return nlohmann::json::array();
  return nlohmann::json::parse(text, nullptr, false).is_discarded() ? nlohmann::json::array()
                                                                      : nlohmann::json::parse(text);
}

}  // namespace gpucosim::bench
