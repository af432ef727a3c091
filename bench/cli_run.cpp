#include "bench/cli_run.h"

#include <unistd.h>

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

CliResult run_workload(const std::string& spec, const std::string& config, const std::vector<std::string>& sets) {
  // One scratch folder per process and call, so concurrent benchmarks do not collide.
  static unsigned serial = 0;
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("gpucosim-bench-" + std::to_string(getpid()) + "-" + std::to_string(serial++)))
                              .string();
  std::string cmd = gpucosim_exe() + " run --quiet --workload " + spec + " --config " + config + " --out " + out;
  for (const std::string& s : sets) cmd += " --set " + s;
  CliResult r;
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "failed: %s\n", cmd.c_str());
    std::filesystem::remove_all(out);
    return r;
  }
  std::ifstream in(out + "/stats.json");
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove_all(out);
  try {
    r.stats = nlohmann::json::parse(text.str());
    r.ok = r.stats.contains("total");
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "unreadable stats of `%s`: %s\n", cmd.c_str(), e.what());
  }
  return r;
}

}  // namespace gpucosim::bench
