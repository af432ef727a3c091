#pragma once
// Whole-GPU validation tests: loading a preset, building small kernels in code, and running the
// GPU model in a forked child so that one test can simulate several configurations (SystemC
// elaborates once per process; the parent never elaborates, the child does so once and exits).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/config/config_build.h"
#include "systemc/gpu/application.h"
#include "systemc/gpu/gpu_model.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::test {

using json = nlohmann::json;

// configs/<preset>.config of the source tree with `sets` ("key=value") applied after it.
GpuConfig preset(const std::string& name, const std::vector<std::string>& sets = {});

// Runs `body` in a forked child and returns the JSON it produced. A child that throws, crashes or
// fails an assertion makes the test fail with its message.
json in_child(const std::function<json()>& body);

// A kernel built in code: a Program, a grid of 1-D blocks, and a function filling block i.
struct CodeKernel {
  std::shared_ptr<wl::Program> prog = std::make_shared<wl::Program>();
  KernelHeader header;
  wl::PlainBlockFn fill;
};
// header: 1-D grid and block, registers from the program unless `nregs` asks for more.
KernelHeader code_header(const wl::Program& p, uint32_t blocks, uint32_t threads, uint32_t shmem = 0,
                         uint32_t nregs = 0, uint32_t id = 1);

// An application of the given kernels in stream order (kernel ids are set to 1, 2, ...).
Application code_app(std::vector<CodeKernel> kernels, std::vector<Command> memcpys = {});

// Simulates `app` on `cfg` (call inside in_child) and returns the run's JSON (to_json(report)).
json simulate(const GpuConfig& cfg, const Application& app, GpuModelOptions opts = {});

// Sum of every statistic whose name matches prefix + "<anything>" + suffix (e.g. "dram[", "].bytes_read").
double sum_stats(const json& stats, const std::string& prefix, const std::string& suffix);

// Removes the fields that depend on the host's speed (sim_wall_s, sim_rate_*), everywhere in a
// stats JSON, so two runs of the same simulation compare equal.
void drop_wall_clock(json& j);

// Takes a statistics sample every `interval` core cycles into `samples` ({"cycle", "stats"} per
// sample, the wall-clock sim_* fields left out); `samples` must outlive the run.
void record_samples(GpuModelOptions& o, uint64_t interval, json& samples);

// Clock periods and ratios used to convert configured latencies into core cycles.
inline double core_per_icnt(const GpuConfig& g) { return g.clock.core_mhz / g.clock.icnt_mhz; }
inline double core_per_l2(const GpuConfig& g) { return g.clock.core_mhz / g.clock.l2_mhz; }
inline double core_per_dram(const GpuConfig& g) { return g.clock.core_mhz / g.clock.dram_mhz; }

// The `gpucosim` CLI: runs `gpucosim ARGS --quiet --out DIR` (DIR: `out_dir`, or a fresh scratch
// folder of the running test) and returns its exit code, output and stats.json.
struct CliRun {
  int exit_code = -1;
  std::string output;
  json stats;  // stats.json when it was written
};
CliRun run_cli(const std::string& args, const std::string& out_dir = "");

// A run's statistics without host-speed fields and without the lockstep counters (in the total
// and in every kernel), so a block's tlm, rtl and lockstep runs compare equal.
json without_lockstep_counters(const CliRun& r);

// "" when every statistic of `a` is in `b` with the same value (and `b` has no others unless
// `b_may_add`), else the first that differs.
std::string first_difference(const json& a, const json& b, bool b_may_add = false);

}  // namespace gpucosim::test
