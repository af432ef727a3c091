// Reproduces seed 000 chapter 4's RegLess results (Kloosterman 2018, §4.6; spec 000 §2.2.e) on the
// GTX980 preset and writes docs/results/regless.md with our figures beside the seed's (issue 14
// point 6). Every simulated figure comes from the runs of bench/sweeps/regless-results.yaml; the
// region figures from the compiler (`gpucosim analyze regions`); nothing is typed in except the
// seed's published numbers, named as such.
//
//   gpucosim-bench regless-results [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]
//
// The sweep's first document is the per-workload grid (regless off and tlm at the default 512
// lines per SM), its second the OSU capacity sweep (lines per bank; regless tlm).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/cli_run.h"
#include "bench/regless_results_page.h"
#include "bench/sweep_results.h"
#include "compiler/kernel_analysis.h"
#include "compiler/kernel_opener.h"
#include "kernel/input_error.h"
#include "power/gpu_energy.h"
#include "systemc/config/config_build.h"
#include "sweep/sweep_spec.h"

namespace gpucosim::bench::regless {
namespace {

constexpr const char* kWho = "regless-results";
// The compiler's per-region register budget at the default shard (RegionOptions, regions.h).
constexpr double kRegionRegisterBudget = 32;

std::string workload_name(const std::string& spec) { return spec.substr(0, spec.find(':')); }
std::string workload_params(const std::string& spec) {
  const size_t colon = spec.find(':');
  return colon == std::string::npos ? "" : spec.substr(colon + 1);
}

double stall_total(const CliResult& r) {
  double s = 0;
  for (const char* k : {"stall_mem", "stall_scoreboard", "stall_barrier", "stall_exec_unit_busy", "stall_ibuffer_empty",
                        "stall_idle"})
    s += r.total(k);
  return s;
}

// From the compiler's view of a workload's kernels (all kernels together, weighted by dynamic
// executions): registers live after a global load (its destination and every value that outlives
// it), the mean over the loads' executions; and the share of warp instructions that access global
// memory.
struct KernelShape {
  double live_across_loads = 0, global_share = 0;
};
KernelShape kernel_shape(const std::string& spec) {
  const compiler::KernelList list = compiler::kernel_list_from_workload(spec);
  double live = 0, loads = 0, global = 0, all = 0;
  for (const compiler::KernelOpener& k : list.kernels) {
    const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
    for (size_t i = 0; i < a.code.size(); ++i) {
      const compiler::StaticInstruction& in = a.code[i];
      const double n = double(in.executions);
      all += n;
      if (in.op.space != MemSpace::Global) continue;
      global += n;
      if (!in.op.is_load) continue;
      live += double(a.live.live_out(i).count()) * n;
      loads += n;
    }
  }
  return {loads > 0 ? live / loads : 0, all > 0 ? global / all : 0};
}

// `gpucosim analyze regions --workload SPEC --json`'s summary (Table 4.2's figures).
nlohmann::json region_summary(const std::string& spec) {
  const std::string cmd = gpucosim_exe() + " analyze regions --workload " + spec + " --json";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string text;
  char buf[4096];
  while (p && fgets(buf, sizeof buf, p.get())) text += buf;
  try {
    return nlohmann::json::parse(text).at("summary");
  } catch (const nlohmann::json::exception&) {
    std::fprintf(stderr, "%s: no region summary from `%s`\n", kWho, cmd.c_str());
    return nlohmann::json::object();
  }
}

// A run's energy at the model's default node, from its statistics and the configuration it
// wrote (effective.config loads back as it ran), as `gpucosim run --energy` computes it; an empty
// report when the run cannot be read back.
gpucosim::power::EnergyReport run_energy(const CliResult& r) {
  if (!r.ok || r.dir.empty()) return {};
  try {
    const gpucosim::LoadedConfig c = gpucosim::load_gpu_config({r.dir + "/effective.config"}, {});
    gpucosim::StatsMap stats;
    for (const auto& [k, v] : r.stats.at("total").items())
      if (v.is_number()) stats[k] = v.get<double>();
    return gpucosim::power::gpu_energy(c.gpu, stats);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: no energy for %s: %s\n", kWho, r.dir.c_str(), e.what());
    return {};
  }
}

double component_nj(const gpucosim::power::EnergyReport& e, const char* name) {
  const gpucosim::power::EnergyComponent* c = e.find(name);
  return c ? c->total_nj() : 0;
}

Row measure(const std::string& spec, const CliResult& off, const CliResult& rl) {
  Row row;
  row.workload = workload_name(spec);
  row.params = workload_params(spec);
  if (!off.ok || !rl.ok) return row;
  row.ok = true;
  row.base_cycles = off.total("gpu_sim_cycle");
  row.rl_cycles = rl.total("gpu_sim_cycle");
  const double stalls = stall_total(off);
  row.mem_stall_share = stalls > 0 ? off.total("stall_mem") / stalls : 0;
  const KernelShape shape = kernel_shape(spec);
  row.live_across_loads = shape.live_across_loads;
  row.global_share = shape.global_share;
  row.preloads_osu = rl.total("regless_preloads_osu");
  row.preloads_l1 = rl.total("regless_preloads_l1");
  row.preloads_l2_dram = rl.total("regless_preloads_l2_dram");
  row.preloads_undefined = rl.total("regless_preloads_undefined");
  row.l1_requests = rl.total("regless_l1_requests");
  row.sm_cycles = rl.total("sm_cycles");
  row.writebacks = rl.total("regless_writebacks");
  row.dram_row_hits_off = off.total("dram_row_buffer_hit_rate");
  row.dram_row_hits_rl = rl.total("dram_row_buffer_hit_rate");
  const gpucosim::power::EnergyReport eo = run_energy(off), er = run_energy(rl);
  row.rf_energy_nj = component_nj(eo, "register_file");
  row.rs_energy_nj = component_nj(er, "register_structure");
  row.gpu_energy_off_nj = eo.total_nj();
  row.gpu_energy_rl_nj = er.total_nj();
  const nlohmann::json r = region_summary(spec);
  auto get = [&](const char* k) { return r.contains(k) && r[k].is_number() ? r[k].get<double>() : 0.0; };
  row.regions = get("regions");
  row.static_per_region = get("static_instructions_per_region");
  row.dynamic_per_region = get("dynamic_instructions_per_region");
  row.known_value_share = get("known_value_share_dynamic");
  return row;
}

// The RegLess block's default value of a parameter, as this build registered it.
double block_default(const nlohmann::json& blocks, const char* param) {
  for (const nlohmann::json& b : blocks)
    if (b.value("name", "") == "regless")
      for (const nlohmann::json& p : b.at("params"))
        if (p.value("name", "") == param) return p.at("default").get<double>();
  throw std::runtime_error(std::string("the regless block has no parameter ") + param);
}

// Registers per SM: lines per bank x banks x shards (one per warp scheduler).
double lines_per_sm(const CliResult& r, double banks, double lines_per_bank) {
  return lines_per_bank * banks * r.config.at("core").value("n_schedulers", 1.0);
}

}  // namespace
}  // namespace gpucosim::bench::regless

int bench_regless_results(int argc, char** argv) {
  using namespace gpucosim::bench;
  using namespace gpucosim::bench::regless;
  namespace sw = gpucosim::sweep;
  std::string out = "docs/results/regless.md", sweep_file, from, sweep_out;
  bool quick = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--out") && has_value) out = argv[++i];
    else if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--sweep") && has_value) sweep_file = argv[++i];
    else if (!std::strcmp(argv[i], "--from") && has_value) from = argv[++i];
    else if (!std::strcmp(argv[i], "--sweep-out") && has_value) sweep_out = argv[++i];
    else if (!std::strcmp(argv[i], "-j") && has_value) jobs = unsigned(std::max(1, std::atoi(argv[++i])));
    else {
      std::fprintf(stderr, "usage: regless-results [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]\n");
      return 2;
    }
  }
  if (sweep_file.empty())
    sweep_file = quick ? "bench/sweeps/regless-results-quick.yaml" : "bench/sweeps/regless-results.yaml";
  const std::string sweep_dir = !from.empty() ? from
                                : !sweep_out.empty() ? sweep_out
                                : quick ? "out/regless-results-quick" : "out/regless-results";
  if (from.empty() && !run_sweep(sweep_file, jobs, sweep_dir, kWho)) return 1;

  sw::SweepSpec spec;
  try {
    spec = sw::read_sweep_file(sweep_file, GPUCOSIM_BENCH_CONFIGS_DIR);
  } catch (const gpucosim::InputError& e) {
    std::fprintf(stderr, "gpucosim: error: %s\n", e.what());
    return 1;
  }
  constexpr const char* kLines = "gpucosim_regless_lines_per_bank";
  constexpr const char* kComp = "gpucosim_regless_compressor";
  const bool with_comp = spec.groups.size() == 3;
  if (spec.groups.size() < 2 || spec.groups.size() > 3 || spec.groups[0].axes.size() != 1 ||
      spec.groups[0].axes[0].option != "regless" || spec.groups[1].axes.size() != 1 ||
      spec.groups[1].axes[0].option != kLines ||
      (with_comp && (spec.groups[2].axes.size() != 1 || spec.groups[2].axes[0].option != kComp))) {
    std::fprintf(stderr, "%s: %s: expected a grid over regless (first document), one over %s (second) and "
                         "optionally one over %s (third), as in bench/sweeps/regless-results.yaml\n",
                 kWho, sweep_file.c_str(), kLines, kComp);
    return 1;
  }
  const SweepResults results(spec, sweep_dir, kWho);
  const nlohmann::json blocks = registered_blocks();
  double banks = 0, def_lines = 0;
  try {
    banks = block_default(blocks, "n_banks");
    def_lines = block_default(blocks, "lines_per_bank");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", kWho, e.what());
    return 1;
  }
  std::vector<Row> rows;
  for (const sw::SweepInput& in : spec.groups[0].inputs) {
    const CliResult& off = results.get(0, in.text, {{"regless", "off"}});
    const CliResult& tlm = results.get(0, in.text, {{"regless", "tlm"}});
    Row row = measure(in.text, off, tlm);
    if (row.ok) {
      // The default lines per bank of the first document's run, then the capacity sweep's.
      row.capacity.push_back({lines_per_sm(tlm, banks, def_lines), true, row.rl_cycles, row.l1_requests});
      for (const sw::SweepValue& v : spec.groups[1].axes[0].values) {
        const CliResult& r = results.get(1, in.text, {{kLines, v.value}});
        CapacityPoint p;
        p.lines_per_sm = lines_per_sm(tlm, banks, std::stod(v.value));
        p.ok = r.ok;
        p.cycles = r.total("gpu_sim_cycle");
        p.l1_requests = r.total("regless_l1_requests");
        row.capacity.push_back(p);
      }
      if (with_comp) {
        const CliResult& c = results.get(2, in.text, {{kComp, "1"}});
        if (c.ok) {
          row.comp_cycles = c.total("gpu_sim_cycle");
          row.value_writes = c.total("regless_value_writes");
          row.values_emitted = c.total("regless_value_writes_emitted");
          row.values_analysis = c.total("regless_value_writes_analysis");
        }
      }
      std::sort(row.capacity.begin(), row.capacity.end(),
                [](const CapacityPoint& a, const CapacityPoint& b) { return a.lines_per_sm > b.lines_per_sm; });
    }
    rows.push_back(std::move(row));
  }
  const Summary sum = summarise(rows, kRegionRegisterBudget);
  std::ofstream f(out);
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  f << results_page(rows, sum, quick);
  std::printf("%s", summary_text(sum).c_str());
  std::printf("wrote %s\n", out.c_str());
  return 0;
}
