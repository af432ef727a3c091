#pragma once
// The figures of the WarpPool results page (bench/warppool_results_bench.cpp) and the Markdown
// that sets them beside seed 000's published numbers.
#include <string>
#include <vector>

namespace gpucosim::bench {

// One workload, baseline vs WarpPool on GTX480.
struct Row {
  std::string workload, params;
  double line_share = 0;    // global-load line requests whose line another warp of the block loads
  bool inter_warp = false;  // line_share >= kInterWarpShare
  bool ok = false;
  double base_cycles = 0, wp_cycles = 0;
  double base_mpki = 0, wp_mpki = 0;  // L1D misses per 1000 warp instructions
  double loads_per_request = 0;       // (warp, load, line) slots per WarpPool L1 load request
  double mem_stall_share = 0;         // baseline: memory stalls / all issue stalls
  double switches = 0;                // selector policy switches
  double sms = 0;                     // SMs of the GPU
  double wp_writebacks = 0;           // WarpPool writebacks, all SMs (one (warp, line) slot each)
  double wp_l1_miss_rate = 0;         // WarpPool L1 load misses / L1 load requests
  double wp_tag_stall_share = 0;      // WarpPool cycles an inter-warp queue had no free tag / all
  double wp_store_wait_share = 0;     // WarpPool cycles a store waited on older loads / all
  double wp_l1_reject_share = 0;      // WarpPool cycles the L1 refused its load request / all
  double speedup() const { return wp_cycles > 0 ? base_cycles / wp_cycles : 0; }
};

// The thrashing kernel with the seed's 99% threshold and with a lower one.
struct Thrash {
  std::string spec;
  bool ok = false;
  double base_cycles = 0, wp_cycles = 0, low_cycles = 0;
  double base_mpki = 0, wp_mpki = 0, low_mpki = 0;
  double wp_miss_rate = 0, wp_switches = 0, low_switches = 0, low_warpid_share = 0, wp_warpid_share = 0;
};

// The transpose case study (seed Fig. 3.14) at one matrix size, from a transpose_naive and a
// transpose_shared row of that size.
struct TransposeStudy {
  bool ok = false;
  std::string params;             // the size, as the rows' parameters ("n=2048")
  double base_cycles = 0, wp_cycles = 0, loads_per_request = 0;
  double shared_vs_naive = 0;     // baseline shared-memory transpose time / baseline naive time
  double wp_vs_naive = 0;         // naive + WarpPool / naive baseline
  double wb_per_sm = 0;           // WarpPool writebacks per SM = cycles the writeback must take
  double wb_floor_vs_naive = 0;   // wb_per_sm / naive baseline cycles: WarpPool's lowest reachable ratio
  double wb_busy = 0;             // wb_per_sm / WarpPool cycles
  double l1_reject_share = 0;     // WarpPool cycles the L1 refused its request (MSHRs or lines busy)
  double tag_stall_share = 0;     // WarpPool cycles a load found no free tag in its queue
};
TransposeStudy transpose_study(const Row& naive, const Row& shared);

// Seed Fig. 3.14: the shared-memory transpose ran in 0.38x the naive transpose's baseline time.
constexpr double kSeedSharedVsNaive = 0.38;
// The seed gives no matrix size, so the case study's size is the one whose baseline
// shared/naive time ratio is nearest the seed's (distance of logarithms); index into `sweep`,
// or sweep.size() when no entry is ok.
size_t case_study_index(const std::vector<TransposeStudy>& sweep);

// Seed Fig. 3.14's target for the naive transpose: WarpPool at most 0.67x the baseline's time.
constexpr double kTransposeTarget = 0.67;

// The page's headline figures and whether each target of issue 4 holds.
struct Summary {
  double transpose_ratio = 0;       // WarpPool / baseline time, transpose_naive
  double inter_warp_lpr = 0;        // mean loads per L1 request, inter-warp-locality kernels
  double all_lpr = 0;               // the same over every kernel with global loads
  double vecadd_lpr = 0, vecadd_cost = 0;
  double gemm_lpr = 0, gemm_store2_lpr = 0;
  double syrk_lpr = 0, syr2k_lpr = 0;
  double mem_geomean_speedup = 0, mem_geomean_mpki_ratio = 0;
  std::vector<std::string> mem_limited;  // workloads in the geomeans
  struct Check {
    std::string what, ours, seed, target;
    // A target that can fail: `holds` says whether the figure meets it. A row without one
    // (has_target = false) shows the measurement and no verdict, and no summary counts it.
    bool has_target = true;
    bool holds = false;
    // The figure goes the other way than the seed's (said on the page whatever the target).
    bool contradicts_seed = false;
    // The verdict with the transpose rows of another size (note_alternative): (label, holds).
    std::vector<std::pair<std::string, bool>> other_sizes;
  };
  std::vector<Check> checks;
  // Targets (rows with has_target) and how many hold, at the case-study size and at each other.
  int targets() const;
  int held() const;
  int held_at(const std::string& size_label) const;
};

// Appends to every headline figure that the transpose's size changes (alt: the same summary with
// the transpose rows of another size) its value there: " (n=1024: 0.88x)", and to each such row
// with a target its verdict there (Check::other_sizes). Which figures differ is read from the two
// summaries, not listed, so a figure that gains a dependence is noted too.
void note_alternative(Summary& s, const Summary& alt, const std::string& alt_label);

// Inter-warp spatial locality: at least this share of a kernel's global-load line requests are to
// lines another warp of the same thread block also loads (bench/inter_warp_locality.h). The
// built-in workloads fall on either side of a wide gap (<= 24 % or >= 50 %); the threshold sits in it.
constexpr double kInterWarpShare = 1.0 / 3.0;

// Memory-throughput-limited: at least this share of the baseline's issue stalls wait on memory.
constexpr double kMemLimitedShare = 0.5;

Summary summarise(const std::vector<Row>& rows, const Thrash& thrash);
// `sweep` holds the case study at every size measured, `chosen` the one in `rows` and the headline.
std::string results_page(const std::vector<Row>& rows, const Thrash& thrash, const Summary& s,
                         const std::vector<TransposeStudy>& sweep, size_t chosen, bool quick);
std::string summary_text(const Summary& s);

}  // namespace gpucosim::bench
