#include "tests/gpu/gpu_test_util.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "tests/support/test_paths.h"

namespace gpucosim::test {

GpuConfig preset(const std::string& name, const std::vector<std::string>& sets) {
  return load_gpu_config({source_dir() + "/configs/" + name + ".config"}, sets).gpu;
}

namespace {
bool write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n <= 0) return false;
    off += size_t(n);
  }
  return true;
}
}  // namespace

json in_child(const std::function<json()>& body) {
  std::fflush(nullptr);
  int fds[2];
  if (::pipe(fds) != 0) {
    ADD_FAILURE() << "pipe failed";
    return {};
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    json out;
    try {
      out = body();
      // A gtest assertion that failed in the child must fail the test in the parent too.
      if (::testing::Test::HasFailure()) out = json{{"child_error", "an assertion failed in the child (see above)"}};
    } catch (const std::exception& e) {
      out = json{{"child_error", e.what()}};
    }
    write_all(fds[1], out.dump());
    ::close(fds[1]);
    std::fflush(nullptr);
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string text;
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) text.append(buf, size_t(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || text.empty()) {
    ADD_FAILURE() << "simulation child died (status " << status << ")";
    return {};
  }
  json j = json::parse(text);
  if (j.is_object() && j.contains("child_error")) {
    ADD_FAILURE() << "simulation child: " << j["child_error"].get<std::string>();
    return {};
  }
  return j;
}

KernelHeader code_header(const wl::Program& p, uint32_t blocks, uint32_t threads, uint32_t shmem, uint32_t nregs,
                         uint32_t id) {
  return wl::make_header("test_kernel_" + std::to_string(id), id, Dim3{blocks, 1, 1}, Dim3{threads, 1, 1}, shmem, p,
                         nregs);
}

Application code_app(std::vector<CodeKernel> kernels, std::vector<Command> memcpys) {
  Application app;
  app.origin = "test kernels";
  app.memcpys = std::move(memcpys);
  uint32_t id = 1;
  for (CodeKernel& k : kernels) {
    k.header.id = id;
    k.header.name = "test_kernel_" + std::to_string(id);
    ++id;
    ApplicationKernel ak;
    ak.open = [k]() -> std::unique_ptr<KernelSource> {
      return std::make_unique<wl::GeneratedKernel>(k.header, k.prog, k.fill);
    };
    app.kernels.push_back(std::move(ak));
  }
  return app;
}

json simulate(const GpuConfig& cfg, const Application& app, GpuModelOptions opts) {
  GpuModel gpu("gpu", cfg, std::move(opts));
  const RunReport r = gpu.run(app);
  return json::parse(to_json(r).dump());
}

double sum_stats(const json& stats, const std::string& prefix, const std::string& suffix) {
  double s = 0;
  for (const auto& [k, v] : stats.items()) {
    if (k.size() < prefix.size() + suffix.size()) continue;
    if (k.compare(0, prefix.size(), prefix) != 0) continue;
    if (k.compare(k.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    s += v.get<double>();
  }
  return s;
}

void record_samples(GpuModelOptions& o, uint64_t interval, json& samples) {
  o.sample_interval = interval;
  o.on_sample = [&samples](uint64_t cycle, const StatsMap& m) {
    json s = json::object();
    for (const auto& [k, v] : m)
      if (k.rfind("sim_", 0) != 0) s[k] = v;
    samples.push_back({{"cycle", cycle}, {"stats", s}});
  };
}

void drop_wall_clock(json& j) {
  if (j.is_object()) {
    for (const char* k : {"sim_wall_s", "sim_rate_warp_insn_per_s", "sim_rate_cycles_per_s"}) j.erase(k);
    for (auto& [k, v] : j.items()) drop_wall_clock(v);
  } else if (j.is_array()) {
    for (auto& v : j) drop_wall_clock(v);
  }
}

CliRun run_cli(const std::string& args, const std::string& out_dir) {
  const std::string dir = out_dir.empty() ? scratch_dir() : out_dir;
  CliRun r;
  const CommandResult c = run_command(gpucosim_exe() + " " + args + " --quiet --out " + dir);
  r.exit_code = c.exit_code;
  r.output = c.output;
  std::ifstream f(dir + "/stats.json");
  if (f) {
    std::stringstream ss;
    ss << f.rdbuf();
    r.stats = json::parse(ss.str());
  }
  return r;
}

json without_lockstep_counters(const CliRun& r) {
  json j = r.stats;
  drop_wall_clock(j);
  auto drop = [](json& o) {
    for (const char* k : {"lockstep_cycles_compared", "lockstep_cycles_held", "lockstep_mismatches"}) o.erase(k);
  };
  if (j.contains("total")) drop(j["total"]);
  if (j.contains("kernels"))
    for (json& k : j["kernels"]) drop(k);
  return j;
}

std::string first_difference(const json& a, const json& b, bool b_may_add) {
  for (const auto& [k, v] : a.items())
    if (!b.contains(k) || b[k] != v) return k + ": " + v.dump() + " vs " + (b.contains(k) ? b[k].dump() : "absent");
  if (!b_may_add)
    for (const auto& [k, v] : b.items())
      if (!a.contains(k)) return k + ": absent vs " + v.dump();
  return "";
}

}  // namespace gpucosim::test
