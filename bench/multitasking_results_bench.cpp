// Reproduces seed 003 chapter 5's multiprogramming trends (Tanasić 2016, §5.3; spec 003 §4.1-4.5)
// on built-in kernel mixes and writes docs/results/multitasking.md with our figures beside the
// seed's (issue 13 point 6). Every figure comes from `gpucosim run` (shared runs with
// --solo-baselines, solo runs under FCFS) and `gpucosim analyze save-time`; nothing is typed in
// except the seed's published numbers, named as such.
//
//   gpucosim-bench multitasking-results [--out FILE] [--quick] [-j N] [--config PRESET] [--sms N]
//
// The runs are deterministic (the simulator is), so the page is the same on every machine and -j.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_args.h"
#include "bench/cli_run.h"
#include "bench/multitasking_results_page.h"

namespace gpucosim::bench::multitasking {
namespace {

constexpr const char* kWho = "multitasking-results";

// One application of a mix: a built-in workload and its per-application options.
struct AppSpec {
  std::string workload;   // NAME:k=v,...
  unsigned priority = 0;  // NPQ / PPQ only (the CLI refuses it under fcfs and dss)
  uint64_t start = 0;
  unsigned repeat = 1;
  std::string arg(const std::string& policy) const {
    std::string o;
    auto add = [&](const std::string& kv) { o += (o.empty() ? "" : ",") + kv; };
    if (priority && (policy == "npq" || policy == "ppq" || policy == "ppq_shared")) add("priority=" + std::to_string(priority));
    if (start) add("start=" + std::to_string(start));
    if (repeat > 1) add("repeat=" + std::to_string(repeat));
    return o.empty() ? workload : workload + "@" + o;
  }
};

struct MixSpec {
  std::string name;
  std::vector<AppSpec> apps;
  Regime regime = Regime::LongBlocks;
};

struct Scheme {
  const char* name;       // MixRun::policy: the CLI's policy, or fcfs_sm
  const char* policy;     // -gpucosim_sched_policy
  const char* mechanism;  // "" = the policy preempts nothing
};
// fcfs_sm: first come, first served at SM granularity (NPQ with every priority equal): the
// seed's non-prioritised baseline, which gives each SM to one kernel (spec 003 §2.1 leaves
// sharing an SM between processes to future work). `fcfs` shares SMs (GPGPU-Sim's first fit).
constexpr Scheme kPriorityRuns[] = {{"fcfs", "fcfs", ""},
                                    {"fcfs_sm", "npq", ""},
                                    {"npq", "npq", ""},
                                    {"ppq", "ppq", "context_switch"},
                                    {"ppq", "ppq", "drain"},
                                    {"ppq_shared", "ppq_shared", "context_switch"},
                                    {"ppq_shared", "ppq_shared", "drain"}};
constexpr Scheme kDssRuns[] = {{"fcfs", "fcfs", ""},
                               {"fcfs_sm", "npq", ""},
                               {"dss", "dss", "context_switch"},
                               {"dss", "dss", "drain"}};

// The mixes, on seed 003's GPU (TANASIC-T51, 13 SMs); sizes keep every run to about a second:
//  - longblock (long blocks, 12 registers, no shared memory) fills every SM (2048 threads per SM)
//    in two waves; its blocks run far longer than their save;
//  - bigctx (blocks of ~20 instructions with 64 registers per thread and 8 KB of shared memory,
//    two per SM) saves ~74 KB per block;
//  - the high-priority application (vecadd) arrives while the first has filled the GPU.
// The arrival cycle is derived from the solo run (half the low-priority application's solo
// turnaround over its waves), so it follows the model rather than being set by hand.
std::vector<MixSpec> priority_mixes(bool quick) {
  if (quick)
    return {{"longblock + vecadd", {{"longblock:n=4096,iters=32"}, {"vecadd:n=2048", 1}}, Regime::LongBlocks},
            {"bigctx + vecadd", {{"bigctx:n=8192"}, {"vecadd:n=2048", 1}}, Regime::BigContext}};
  return {{"longblock + vecadd", {{"longblock:n=53248,iters=128"}, {"vecadd:n=53248", 1}}, Regime::LongBlocks},
          {"bigctx + vecadd", {{"bigctx:n=212992"}, {"vecadd:n=53248", 1}}, Regime::BigContext}};
}

// DSS mixes of 2, 4, 6 and 8 processes (the seed's counts): the first 2, 4, ... of one list, a
// long application first, all relaunched (repeat=3) while another is unfinished.
std::vector<MixSpec> dss_mixes(bool quick) {
  auto mix = [](const std::vector<std::string>& all, size_t n) {
    MixSpec m;
    for (size_t i = 0; i < n; ++i) {
      const std::string& s = all[i];
      m.name += (m.name.empty() ? "" : " + ") + s.substr(0, s.find(':'));
      m.apps.push_back(AppSpec{s, 0, 0, 3});
    }
    return m;
  };
  if (quick) {
    const std::vector<std::string> all = {"longblock:n=4096,iters=32", "vecadd:n=2048", "compute:n=2048,iters=4",
                                          "bigctx:n=2048"};
    return {mix(all, 2), mix(all, 4)};
  }
  const std::vector<std::string> all = {"longblock:n=53248,iters=128", "vecadd:n=53248", "compute:n=26624",
                                        "bigctx:n=53248", "transpose_naive:n=512", "kmeans", "spmv_csr", "stencil2d"};
  return {mix(all, 2), mix(all, 4), mix(all, 6), mix(all, 8)};
}

// Runs `jobs` commands on `threads` threads; results in order.
std::vector<CliResult> run_all(const std::vector<std::string>& args, unsigned threads) {
  std::vector<CliResult> out(args.size());
  std::atomic<size_t> next{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < std::max(1u, threads); ++t)
    pool.emplace_back([&] {
      for (size_t i; (i = next++) < args.size();) out[i] = run_args(args[i]);
    });
  for (std::thread& t : pool) t.join();
  return out;
}

MixRun read_run(const CliResult& r, const Scheme& s, size_t n_apps) {
  MixRun run;
  run.policy = s.name;
  run.mechanism = s.mechanism;
  if (!r.ok || !r.stats.contains("multiprogram") || r.stats.at("applications").size() != n_apps) return run;
  run.ok = true;
  for (const nlohmann::json& a : r.stats.at("applications")) {
    AppResult x;
    x.label = a.value("label", "");
    x.priority = a.value("priority", 0.0);
    x.solo = a.value("solo_turnaround_cycles", 0.0);
    x.turnaround = a.value("turnaround_cycles", 0.0);
    x.ntt = a.value("ntt", 0.0);
    for (const nlohmann::json& rr : a.at("runs")) x.runs += rr.value("finished", false) ? 1 : 0;
    run.apps.push_back(x);
  }
  for (const nlohmann::json& k : r.stats.at("kernels")) {
    KernelResult x;
    x.name = k.value("kernel_name", "");
    x.app = k.value("application", 0u);
    x.preemptions = k.value("preemptions", 0.0);
    x.save_bytes = k.value("save_bytes", 0.0);
    x.restore_bytes = k.value("restore_bytes", 0.0);
    x.sm_preemptions = k.value("sm_preemptions", 0.0);
    x.preemption_cycles = k.value("preemption_cycles", 0.0);
    run.kernels.push_back(x);
  }
  const nlohmann::json& mp = r.stats.at("multiprogram");
  run.antt = mp.value("antt", 0.0);
  run.stp = mp.value("stp", 0.0);
  run.fairness = mp.value("fairness", 0.0);
  run.cycles = r.total("gpu_sim_cycle");
  return run;
}

// `gpucosim analyze save-time ... --json`'s first kernel; an empty object when it fails.
nlohmann::json save_model(const std::string& workload, const std::string& gpu_args) {
  const std::string cmd = gpucosim_exe() + " analyze save-time --workload " + workload + gpu_args +
                          " --control-bytes-per-warp 32 --json";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string text;
  char buf[4096];
  while (p && fgets(buf, sizeof buf, p.get())) text += buf;
  try {
    return nlohmann::json::parse(text).at("kernels").at(0);
  } catch (const nlohmann::json::exception&) {
    std::fprintf(stderr, "%s: no save-time model from `%s`\n", kWho, cmd.c_str());
    return nlohmann::json::object();
  }
}

}  // namespace
}  // namespace gpucosim::bench::multitasking

int bench_multitasking_results(int argc, char** argv) {
  using namespace gpucosim::bench;
  using namespace gpucosim::bench::multitasking;
  std::string out = "docs/results/multitasking.md", config = "TANASIC-T51";
  bool quick = false;
  double sms = 0, jobs_d = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--out") && has_value) out = argv[++i];
    else if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--config") && has_value) config = argv[++i];
    else if (!std::strcmp(argv[i], "--sms") && has_value) {
      if (!parse_number_arg(kWho, "--sms", argv[++i], 1, 1024, &sms)) return 2;
    } else if (!std::strcmp(argv[i], "-j") && has_value) {
      if (!parse_number_arg(kWho, "-j", argv[++i], 1, 1024, &jobs_d)) return 2;
    } else {
      std::fprintf(stderr, "usage: multitasking-results [--out FILE] [--quick] [-j N] [--config PRESET] [--sms N]\n");
      return 2;
    }
  }
  const unsigned jobs = unsigned(jobs_d);
  std::string gpu = " --config " + config;
  if (sms > 0) gpu += " --set gpgpu_n_clusters=" + std::to_string(int(sms)) + " --set gpgpu_n_cores_per_cluster=1";
  std::vector<MixSpec> pri = priority_mixes(quick), dss = dss_mixes(quick);

  // 1. Solo turnarounds under FCFS, one run per distinct application.
  std::vector<std::string> labels;
  for (const auto* set : {&pri, &dss})
    for (const MixSpec& m : *set)
      for (const AppSpec& a : m.apps)
        if (std::find(labels.begin(), labels.end(), a.workload) == labels.end()) labels.push_back(a.workload);
  std::vector<std::string> solo_args;
  for (const std::string& l : labels) solo_args.push_back("--workload " + l + gpu);
  std::fprintf(stderr, "%s: %zu solo runs\n", kWho, solo_args.size());
  const std::vector<CliResult> solo = run_all(solo_args, jobs);
  nlohmann::json solo_file = nlohmann::json::object();
  std::map<std::string, double> solo_cycles;
  double clock_mhz = 0;
  for (size_t i = 0; i < labels.size(); ++i) {
    if (!solo[i].ok) {
      std::fprintf(stderr, "%s: the solo run of %s failed\n", kWho, labels[i].c_str());
      return 1;
    }
    const double t = solo[i].stats.at("applications").at(0).at("runs").at(0).value("turnaround_cycles", 0.0);
    solo_file[labels[i]] = t;  // --solo-baselines keys: the spec as given
    solo_cycles[labels[i]] = t;
    clock_mhz = solo[i].config.at("clock").value("core_mhz", 0.0);
    sms = solo[i].sms();
  }
  const std::filesystem::path work = std::filesystem::temp_directory_path() /
                                     ("gpucosim-multitasking-" + std::to_string(::getpid()));
  std::filesystem::create_directories(work);
  const std::string solo_path = (work / "solo-baselines.json").string();
  std::ofstream(solo_path) << solo_file.dump(2) << "\n";

  // 2. The high-priority application arrives at half the low-priority one's first wave: its solo
  // turnaround over the waves it runs (blocks / (blocks per SM x SMs)), halved.
  for (MixSpec& m : pri) {
    const nlohmann::json model = save_model(m.apps[0].workload, gpu);
    const CliResult* r = nullptr;
    for (size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == m.apps[0].workload) r = &solo[i];
    const double blocks = r->stats.at("kernels").at(0).value("sm_blocks_completed", 0.0);
    const double per_wave = std::max(1.0, model.value("blocks_per_sm", 1.0) * sms);
    const double waves = std::max(1.0, std::ceil(blocks / per_wave));
    m.apps.back().start = uint64_t(solo_cycles[m.apps[0].workload] / waves / 2);
  }

  // 3. The shared runs.
  std::vector<std::string> args;
  std::vector<std::pair<size_t, Scheme>> what;  // mix index (priority first, then DSS), scheme
  auto queue = [&](const MixSpec& m, size_t index, const Scheme& s) {
    std::string a;
    for (const AppSpec& app : m.apps) a += "--workload " + app.arg(s.name) + " ";
    a += gpu.substr(1) + " --set gpucosim_sched_policy=" + s.policy;
    if (*s.mechanism) a += std::string(" --set gpucosim_preemption=") + s.mechanism;
    a += " --solo-baselines " + solo_path;
    args.push_back(a);
    what.emplace_back(index, s);
  };
  for (size_t i = 0; i < pri.size(); ++i)
    for (const Scheme& s : kPriorityRuns) queue(pri[i], i, s);
  for (size_t i = 0; i < dss.size(); ++i)
    for (const Scheme& s : kDssRuns) queue(dss[i], pri.size() + i, s);
  std::fprintf(stderr, "%s: %zu shared runs\n", kWho, args.size());
  const std::vector<CliResult> runs = run_all(args, jobs);
  std::filesystem::remove_all(work);

  Input in;
  in.config = "`" + gpu.substr(1) + "`";
  in.sms = sms;
  in.clock_mhz = clock_mhz;
  in.quick = quick;
  in.command = "build/release/bench/gpucosim-bench multitasking-results" + std::string(quick ? " --quick" : "") +
               (config != "TANASIC-T51" ? " --config " + config : "") +
               (gpu.find("n_clusters") != std::string::npos ? " --sms " + std::to_string(int(sms)) : "");
  auto to_mix = [](const MixSpec& s) {
    Mix m;
    m.name = s.name;
    m.regime = s.regime;
    for (const AppSpec& a : s.apps) m.apps.push_back(a.arg(a.priority ? "ppq" : "dss"));
    return m;
  };
  for (const MixSpec& s : pri) in.priority.push_back(to_mix(s));
  for (const MixSpec& s : dss) in.dss.push_back(to_mix(s));
  for (size_t i = 0; i < runs.size(); ++i) {
    const size_t mi = what[i].first;
    Mix& m = mi < pri.size() ? in.priority[mi] : in.dss[mi - pri.size()];
    m.runs.push_back(read_run(runs[i], what[i].second, m.apps.size()));
  }

  // 4. Save times: the low-priority kernel of each priority mix, measured and modelled.
  for (size_t i = 0; i < pri.size(); ++i) {
    const Mix& m = in.priority[i];
    SaveRow row;
    row.workload = pri[i].apps[0].workload;
    const nlohmann::json model = save_model(row.workload, gpu);
    row.kernel = model.value("kernel", row.workload);
    row.blocks_per_sm = model.value("blocks_per_sm", 0.0);
    row.context_bytes_per_sm = model.value("context_bytes_per_sm", 0.0);
    row.save_us = model.value("save_us", 0.0);
    const MixRun *cs = m.find("ppq", "context_switch"), *dr = m.find("ppq", "drain");
    if (cs && dr) {
      row.ok = !model.empty();
      for (const KernelResult& k : cs->kernels)
        if (k.app == 0) {
          row.preemptions += k.preemptions;
          row.save_bytes += k.save_bytes;
          row.cs_sm_preemptions += k.sm_preemptions;
          row.cs_preemption_cycles += k.preemption_cycles;
        }
      for (const KernelResult& k : dr->kernels)
        if (k.app == 0) {
          row.drain_sm_preemptions += k.sm_preemptions;
          row.drain_preemption_cycles += k.preemption_cycles;
        }
    }
    in.saves.push_back(row);
  }

  const Summary sum = summarise(in);
  std::ofstream f(out);
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  f << results_page(in, sum);
  std::printf("%s", summary_text(sum).c_str());
  std::printf("wrote %s\n", out.c_str());
  return 0;
}
