// Reproduces seed 000's WarpPool results (Kloosterman 2018, §3.4; spec 000 §2.1.e) on the GTX480
// preset and writes docs/results/warppool.md with our figures beside the seed's (issue 4 point 5).
// Every figure on the page comes from the runs of the sweep bench/sweeps/warppool-results.yaml;
// nothing is typed in except the seed's published numbers, which are named as such.
//
//   gpucosim-bench warppool-results [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]
//
// Without --from it runs (or resumes) the sweep with `gpucosim sweep` into --sweep-out first
// (default out/warppool-results[-quick]); with --from it reads a sweep that ran already (for
// example on a Slurm cluster). --quick uses bench/sweeps/warppool-results-quick.yaml (the
// workloads' default test sizes) to check the generator; the page should come from the full sizes.
//
// The sweep's first document is the per-workload grid (warppool off and tlm); its workloads, in
// file order, are the page's rows, the transposes (at several sizes) once each. Its second
// document is the thrashing kernel (off, tlm, tlm with a lower miss threshold).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "bench/cli_run.h"
#include "bench/sweep_results.h"
#include "bench/warppool_results_page.h"
#include "kernel/input_error.h"
#include "sweep/sweep_spec.h"
#include "workloads/inter_warp_locality.h"

namespace gpucosim::bench {
namespace {

// Thread blocks of each kernel whose streams the locality measure reads.
constexpr uint64_t kLocalityBlocks = 64;

double stall_total(const CliResult& r) {
  double s = 0;
  for (const char* k : {"stall_mem", "stall_scoreboard", "stall_barrier", "stall_exec_unit_busy", "stall_ibuffer_empty",
                        "stall_idle"})
    s += r.total(k);
  return s;
}

// "name:k=v,..." -> name and "k=v,..." ("" without parameters).
std::string workload_name(const std::string& spec) { return spec.substr(0, spec.find(':')); }
std::string workload_params(const std::string& spec) {
  const size_t colon = spec.find(':');
  return colon == std::string::npos ? "" : spec.substr(colon + 1);
}

Row measure(const std::string& spec, const CliResult& off, const CliResult& wp) {
  Row row;
  row.workload = workload_name(spec);
  row.params = workload_params(spec);
  row.line_share = inter_warp_line_share(spec, kLocalityBlocks).share();
  row.inter_warp = row.line_share >= kInterWarpShare;
  if (!off.ok || !wp.ok) return row;
  row.ok = true;
  row.base_cycles = off.total("gpu_sim_cycle");
  row.wp_cycles = wp.total("gpu_sim_cycle");
  const double kinsn = off.total("warp_insn") / 1000.0;
  row.base_mpki = off.total("L1D_total_cache_misses") / kinsn;
  row.wp_mpki = wp.total("L1D_total_cache_misses") / kinsn;
  const double reqs = wp.total("warppool_l1_load_requests");
  row.loads_per_request = reqs > 0 ? wp.total("warppool_load_slots") / reqs : 0;
  const double stalls = stall_total(off);
  row.mem_stall_share = stalls > 0 ? off.total("stall_mem") / stalls : 0;
  row.switches = wp.total("warppool_policy_switches");
  row.sms = wp.sms();
  row.wp_writebacks = wp.total("warppool_writebacks");
  row.wp_l1_miss_rate = wp.total("warppool_l1_load_misses") / std::max(1.0, reqs);
  const double wp_cycles_all = std::max(1.0, wp.total("warppool_cycles"));
  row.wp_tag_stall_share = wp.total("warppool_cycles_tag_stall") / wp_cycles_all;
  row.wp_store_wait_share = wp.total("warppool_cycles_store_waits") / wp_cycles_all;
  row.wp_l1_reject_share = wp.total("warppool_l1_rejects") / wp_cycles_all;
  return row;
}

Thrash measure_thrash(const std::string& spec, const CliResult& off, const CliResult& wp, const CliResult& low) {
  Thrash t;
  t.spec = spec;
  // rowwalk has one kernel.
  auto first = [](const CliResult& r, const char* key) { return r.stats["kernels"][0].value(key, 0.0); };
  if (!off.ok || !wp.ok || !low.ok) return t;
  t.ok = true;
  const double kinsn = first(off, "warp_insn") / 1000.0;
  t.base_mpki = first(off, "L1D_total_cache_misses") / kinsn;
  t.wp_mpki = first(wp, "L1D_total_cache_misses") / kinsn;
  t.low_mpki = first(low, "L1D_total_cache_misses") / kinsn;
  t.wp_miss_rate = first(wp, "warppool_l1_load_misses") / std::max(1.0, first(wp, "warppool_l1_load_requests"));
  t.wp_switches = first(wp, "warppool_policy_switches");
  t.low_switches = first(low, "warppool_policy_switches");
  t.wp_warpid_share = first(wp, "warppool_warpid_policy_cycles") / std::max(1.0, first(wp, "warppool_cycles"));
  t.low_warpid_share = first(low, "warppool_warpid_policy_cycles") / std::max(1.0, first(low, "warppool_cycles"));
  t.base_cycles = first(off, "gpu_sim_cycle");
  t.wp_cycles = first(wp, "gpu_sim_cycle");
  t.low_cycles = first(low, "gpu_sim_cycle");
  return t;
}

}  // namespace
}  // namespace gpucosim::bench

int bench_warppool_results(int argc, char** argv) {
  using namespace gpucosim::bench;
  namespace sw = gpucosim::sweep;
  std::string out = "docs/results/warppool.md", sweep_file, from, sweep_out;
  bool quick = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--out") && has_value) {
      out = argv[++i];
    } else if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else if (!std::strcmp(argv[i], "--sweep") && has_value) {
      sweep_file = argv[++i];
    } else if (!std::strcmp(argv[i], "--from") && has_value) {
      from = argv[++i];
    } else if (!std::strcmp(argv[i], "--sweep-out") && has_value) {
      sweep_out = argv[++i];
    } else if (!std::strcmp(argv[i], "-j") && has_value) {
      jobs = unsigned(std::max(1, std::atoi(argv[++i])));
    } else {
      std::fprintf(stderr,
                   "usage: warppool-results [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]\n");
      return 2;
    }
  }
  if (sweep_file.empty())
    sweep_file = quick ? "bench/sweeps/warppool-results-quick.yaml" : "bench/sweeps/warppool-results.yaml";
  const std::string sweep_dir = !from.empty() ? from
                                : !sweep_out.empty() ? sweep_out
                                : quick ? "out/warppool-results-quick" : "out/warppool-results";
  if (from.empty() && !run_sweep(sweep_file, jobs, sweep_dir, "warppool-results")) return 1;

  sw::SweepSpec spec;
  try {
    spec = sw::read_sweep_file(sweep_file, GPUCOSIM_BENCH_CONFIGS_DIR);
  } catch (const gpucosim::InputError& e) {
    std::fprintf(stderr, "gpucosim: error: %s\n", e.what());
    return 1;
  }
  if (spec.groups.size() != 2 || spec.groups[0].axes.size() != 1 || spec.groups[0].axes[0].option != "warppool" ||
      spec.groups[1].inputs.size() != 1 || spec.groups[1].zips.size() != 1) {
    std::fprintf(stderr, "warppool-results: %s: expected a grid over warppool (first document) and the thrashing "
                         "kernel's zip (second), as in bench/sweeps/warppool-results.yaml\n", sweep_file.c_str());
    return 1;
  }
  const SweepResults results(spec, sweep_dir, "warppool-results");
  const auto off = std::vector<std::pair<std::string, std::string>>{{"warppool", "off"}};
  const auto tlm = std::vector<std::pair<std::string, std::string>>{{"warppool", "tlm"}};
  auto row_of = [&](const std::string& w) { return measure(w, results.get(0, w, off), results.get(0, w, tlm)); };

  // The transpose case study at each size, pairing naive and shared by their parameters.
  std::vector<Row> naive, shared;
  std::vector<TransposeStudy> sizes;
  for (const sw::SweepInput& in : spec.groups[0].inputs) {
    if (workload_name(in.text) != "transpose_naive") continue;
    const std::string twin = "transpose_shared" + in.text.substr(std::string("transpose_naive").size());
    naive.push_back(row_of(in.text));
    shared.push_back(row_of(twin));
    if (!naive.back().ok || !shared.back().ok) return 1;
    sizes.push_back(transpose_study(naive.back(), shared.back()));
  }
  const size_t chosen = case_study_index(sizes);
  if (chosen == sizes.size()) return 1;
  auto transpose_row = [&](const std::string& workload, size_t at) {
    return workload == "transpose_naive" ? naive[at] : shared[at];
  };
  // The per-workload rows in the sweep file's order, each transpose once, at the case-study size.
  std::vector<Row> rows;
  std::vector<size_t> transpose_slots;
  for (const sw::SweepInput& in : spec.groups[0].inputs) {
    const std::string name = workload_name(in.text);
    if (name == "transpose_naive" || name == "transpose_shared") {
      const bool seen = std::any_of(rows.begin(), rows.end(), [&](const Row& r) { return r.workload == name; });
      if (!seen) {
        transpose_slots.push_back(rows.size());
        rows.push_back(transpose_row(name, chosen));
      }
      continue;
    }
    rows.push_back(row_of(in.text));
    if (!rows.back().ok) return 1;
  }
  const sw::SweepGroup& tg = spec.groups[1];
  const std::string thrash_spec = tg.inputs[0].text;
  std::vector<std::vector<std::pair<std::string, std::string>>> thrash_points;
  for (size_t i = 0; i < tg.zips[0].options[0].values.size(); ++i) {
    thrash_points.emplace_back();
    for (const sw::SweepAxis& a : tg.zips[0].options) thrash_points.back().emplace_back(a.option, a.values[i].value);
  }
  if (thrash_points.size() != 3) return 1;
  const Thrash thrash = measure_thrash(thrash_spec, results.get(1, thrash_spec, thrash_points[0]),
                                       results.get(1, thrash_spec, thrash_points[1]),
                                       results.get(1, thrash_spec, thrash_points[2]));
  if (!thrash.ok) return 1;
  Summary sum = summarise(rows, thrash);
  if (chosen != 0) {  // the same figures with the transposes at the smallest size
    std::vector<Row> alt = rows;
    for (size_t k : transpose_slots) alt[k] = transpose_row(alt[k].workload, 0);
    note_alternative(sum, summarise(alt, thrash), sizes[0].params);
  }
  std::ofstream f(out);
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  f << results_page(rows, thrash, sum, sizes, chosen, quick);
  std::printf("%s", summary_text(sum).c_str());
  std::printf("wrote %s\n", out.c_str());
  return 0;
}
