// Reproduces seed 000's WarpPool results (Kloosterman 2018, §3.4; spec 000 §2.1.e) on the GTX480
// preset and writes docs/results/warppool.md with our figures beside the seed's (issue 4 point 5).
// Every figure on the page comes from the runs this program makes; nothing is typed in except
// the seed's published numbers, which are named as such.
//
//   gpucosim-bench warppool-results [--out FILE] [--quick]
//
// Each workload runs twice, baseline (warppool=off) and WarpPool (warppool=tlm; the RTL gives
// identical statistics, tests/gpu/test_warppool_workloads.cpp). --quick uses the workloads'
// default (test) sizes, to check the generator; the page should come from the full sizes.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "bench/cli_run.h"
#include "workloads/inter_warp_locality.h"
#include "bench/warppool_results_page.h"

namespace gpucosim::bench {
namespace {

// Workloads at the sizes of the results page. Which of them have inter-warp locality is measured
// from their instruction streams (bench/inter_warp_locality.h), not marked here.
struct Case {
  const char* workload;
  const char* full;   // parameters for the page; nullptr: the transpose case study's size
};
const Case kCases[] = {
    {"vecadd", "n=1048576"},
    {"transpose_naive", nullptr},
    {"transpose_shared", nullptr},
    {"gemm_naive", "m=128,n=256,k=128"},
    {"gemm_store2", "m=128,n=256,k=128"},
    {"syrk", "n=256,m=256"},
    {"syr2k", "n=256,m=256"},
    {"spmv_csr", "rows=65536"},
    {"atax", "nx=8192,ny=256"},
    {"stencil2d", "rows=512,cols=512"},
    {"reduction", "blocks=2048"},
    {"streamcluster", "points=32768"},
    {"kmeans", "points=65536"},
    {"regheavy", ""},
    {"branchy", ""},
};

// Matrix sizes of the transpose case study; the seed gives none, so the page uses the one whose
// baseline shared/naive ratio is nearest the seed's (case_study_index).
const char* const kTransposeSizes[] = {"n=1024", "n=2048", "n=4096"};

// Thread blocks of each kernel whose streams the locality measure reads.
constexpr uint64_t kLocalityBlocks = 64;

// The thrashing experiment: row walks with a stride of one 128-byte line (ATAX_1/MVT_1/BICG_2's
// pattern with no reuse between a warp's consecutive loads), 48 warps per SM each re-reading its
// 64-line footprint every sweep against a 128-line L1: under *oldest* nearly every load misses,
// so the seed's > 99 % quantum toggle fires. 23040 rows = one thread per row on every SM.
const char* const kThrash = "rowwalk:rows=23040,cols=64,sweeps=32";

double stall_total(const CliResult& r) {
  double s = 0;
  for (const char* k : {"stall_mem", "stall_scoreboard", "stall_barrier", "stall_exec_unit_busy", "stall_ibuffer_empty",
                        "stall_idle"})
    s += r.total(k);
  return s;
}

Row measure(const Case& c, bool quick) {
  Row row;
  row.workload = c.workload;
  row.params = quick ? "" : c.full;
  const std::string spec = row.params.empty() ? row.workload : row.workload + ":" + row.params;
  row.line_share = inter_warp_line_share(spec, kLocalityBlocks).share();
  row.inter_warp = row.line_share >= kInterWarpShare;
  const CliResult off = run_workload(spec, "GTX480", {"warppool=off"});
  const CliResult wp = run_workload(spec, "GTX480", {"warppool=tlm"});
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

Thrash measure_thrash(bool quick) {
  Thrash t;
  t.spec = quick ? "rowwalk:rows=23040,cols=64,sweeps=4" : kThrash;
  // rowwalk has one kernel.
  auto first = [](const CliResult& r, const char* key) { return r.stats["kernels"][0].value(key, 0.0); };
  const CliResult off = run_workload(t.spec, "GTX480", {"warppool=off"});
  const CliResult wp = run_workload(t.spec, "GTX480", {"warppool=tlm"});
  const CliResult low = run_workload(t.spec, "GTX480", {"warppool=tlm", "gpucosim_warppool_miss_pct=20"});
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
  std::string out = "docs/results/warppool.md";
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--out") && i + 1 < argc) {
      out = argv[++i];
    } else if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else {
      std::fprintf(stderr, "usage: warppool-results [--out FILE] [--quick]\n");
      return 2;
    }
  }
  // The transpose case study at each size (quick: the default size only).
  std::vector<Row> naive, shared;
  std::vector<TransposeStudy> sweep;
  for (const char* size : kTransposeSizes) {
    std::fprintf(stderr, "warppool-results: transpose %s\n", quick ? "(default size)" : size);
    naive.push_back(measure(Case{"transpose_naive", size}, quick));
    shared.push_back(measure(Case{"transpose_shared", size}, quick));
    if (!naive.back().ok || !shared.back().ok) return 1;
    sweep.push_back(transpose_study(naive.back(), shared.back()));
    if (quick) break;
  }
  const size_t chosen = case_study_index(sweep);
  if (chosen == sweep.size()) return 1;
  auto transpose_row = [&](const std::string& workload, size_t at) {
    return workload == "transpose_naive" ? naive[at] : shared[at];
  };
  // The per-workload rows, with the transposes at the case-study size.
  std::vector<Row> rows;
  std::vector<size_t> transpose_slots;
  for (const Case& c : kCases) {
    if (c.full == nullptr) {
      transpose_slots.push_back(rows.size());
      rows.push_back(transpose_row(c.workload, chosen));
      continue;
    }
    std::fprintf(stderr, "warppool-results: %s\n", c.workload);
    rows.push_back(measure(c, quick));
    if (!rows.back().ok) return 1;
  }
  std::fprintf(stderr, "warppool-results: thrashing (%s)\n", quick ? "quick" : kThrash);
  const Thrash thrash = measure_thrash(quick);
  if (!thrash.ok) return 1;
  Summary sum = summarise(rows, thrash);
  if (chosen != 0) {  // the same figures with the transposes at the smallest size
    std::vector<Row> alt = rows;
    for (size_t k : transpose_slots) alt[k] = transpose_row(alt[k].workload, 0);
    note_alternative(sum, summarise(alt, thrash), sweep[0].params);
  }
  std::ofstream f(out);
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  f << results_page(rows, thrash, sum, sweep, chosen, quick);
  std::printf("%s", summary_text(sum).c_str());
  std::printf("wrote %s\n", out.c_str());
  return 0;
}
