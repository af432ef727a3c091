#pragma once
// The figures of the RegLess results page (bench/regless_results_bench.cpp) and the Markdown that
// sets them beside seed 000 chapter 4's published numbers (spec 000 §2.2.e). Arithmetic and text
// only, no simulation, so tests/bench can check which targets the page says hold.
#include <string>
#include <vector>

namespace gpucosim::bench::regless {

// One OSU capacity of the sweep (registers per SM = lines per bank x banks x shards).
struct CapacityPoint {
  double lines_per_sm = 0;
  bool ok = false;          // false: the run failed (e.g. a region that cannot fit a bank)
  double cycles = 0;
  double l1_requests = 0;   // RegLess L1 requests (register fetches + write-backs), all SMs
};

// One workload on GTX980: the full register file (regless off) beside RegLess.
struct Row {
  std::string workload, params;
  bool ok = false;
  double base_cycles = 0, rl_cycles = 0;
  double mem_stall_share = 0;     // full register file: memory stalls / all issue stalls
  double live_across_loads = 0;   // registers live after a global load, mean over its executions
  double global_share = 0;        // warp instructions that access global memory / all
  double preloads_osu = 0, preloads_l1 = 0, preloads_l2_dram = 0, preloads_undefined = 0;
  double l1_requests = 0, sm_cycles = 0;  // RegLess L1 requests; SM cycles summed over SMs
  double writebacks = 0;
  double dram_row_hits_off = 0, dram_row_hits_rl = 0;  // DRAM row-buffer hit rates of the two runs
  // Compiler regions (gpucosim analyze regions): static instructions per region, warp
  // instructions per region execution, regions, and the share of register writes of known value.
  double static_per_region = 0, dynamic_per_region = 0, regions = 0, known_value_share = 0;
  std::vector<CapacityPoint> capacity;  // largest first, the seed's 512 among them
  // Energy at 45 nm (power/gpu_energy.h on each run's statistics; 0: not measured): the full
  // register file, RegLess's register structure (OSU arrays, compressor lines), and the GPU.
  double rf_energy_nj = 0, rs_energy_nj = 0, gpu_energy_off_nj = 0, gpu_energy_rl_nj = 0;
  // RegLess at the default OSU with the compressor (0: no such run), and its register writes by
  // where the compressor knew the value's shape from (docs/blocks/regless.md §9): lane values the
  // generator emitted, the register-value analysis, neither (incompressible).
  double comp_cycles = 0;
  double value_writes = 0, values_emitted = 0, values_analysis = 0;
  double share_of(double n) const { return value_writes > 0 ? n / value_writes : 0; }
  // Known shape in the compressor run where there is one, else the analysis's static estimate.
  double known_share() const { return value_writes > 0 ? share_of(values_emitted + values_analysis) : known_value_share; }
  double energy_ratio() const { return rf_energy_nj > 0 ? rs_energy_nj / rf_energy_nj : 0; }
  double gpu_energy_ratio() const { return gpu_energy_off_nj > 0 ? gpu_energy_rl_nj / gpu_energy_off_nj : 0; }
  // Cycles without the compressor over cycles with it (> 1: the compressor helps).
  double comp_gain() const { return comp_cycles > 0 ? rl_cycles / comp_cycles : 0; }
  double ratio() const { return base_cycles > 0 ? rl_cycles / base_cycles : 0; }
  double preloads() const { return preloads_osu + preloads_l1 + preloads_l2_dram + preloads_undefined; }
  double l1_per_cycle() const { return sm_cycles > 0 ? l1_requests / sm_cycles : 0; }
  // L1 register traffic never falls as the OSU shrinks (over the capacities that ran).
  bool traffic_monotone() const;
};

// A compute kernel: fewer than this share of its warp instructions access global memory (at least
// 20 instructions per global access). In this model a warp waiting on a load stalls on the
// scoreboard, not on `stall_mem`, so the stall breakdown cannot tell compute from memory kernels;
// the instruction mix can.
constexpr double kComputeGlobalShare = 0.05;

// Seed 000 §4.6 (spec 000 §2.2.e), quoted on the page.
constexpr double kSeedL1PreloadShare = 0.009;        // 0.9 % of preloads from the L1
constexpr double kSeedL2DramPreloadShare = 0.00013;  // 0.013 % from the L2 / DRAM
constexpr double kSeedL1RequestsPerCycle = 0.02;     // "< 0.02 requests/cycle" per SM
constexpr double kSeedMinStaticPerRegion = 3.3, kSeedMaxStaticPerRegion = 16.0;  // Table 4.2's range
constexpr double kSeedRegisterEnergySaving = 0.753;  // register-structure energy -75.3 %
constexpr double kSeedGpuEnergySaving = 0.11;        // GPU energy -11 %
constexpr double kSeedNoCompressorLoss = 0.102;      // -10.2 % performance without the compressor (geomean)
// A kernel with affine registers: at least this share of its register writes have a value the
// compiler knows the shape of (the compressor's candidates).
constexpr double kAffineKnownShare = 0.5;

struct Check {
  std::string what, ours, seed, target;
  bool has_target = true;
  bool holds = false;
};

struct Summary {
  // `many_live` = registers live across a global load from which a kernel counts as holding many
  // (half the compiler's per-region register budget: such a kernel cannot keep two loads' worth
  // of live values in one region's reservation).
  double many_live = 0;
  std::vector<std::string> compute, many_live_kernels;
  double compute_geomean = 0, many_live_geomean = 0, all_geomean = 0;
  double osu_share = 0, l1_share = 0, l2_dram_share = 0, undefined_share = 0;
  double l1_per_cycle_mean = 0, l1_per_cycle_max = 0;
  double static_per_region_mean = 0;
  double rs_energy_geomean = 0, gpu_energy_geomean = 0;  // RegLess / full RF, over rows with energy
  size_t energy_rows = 0;
  std::vector<std::string> affine, rs_energy_higher;     // affine kernels; rows where RegLess' is higher
  double comp_gain_geomean = 0;                          // over the affine kernels with a compressor run
  std::vector<std::string> non_monotone;  // workloads whose traffic fell with a smaller OSU
  size_t capacity_rows = 0;               // workloads with at least two capacities that ran
  std::vector<Check> checks;
  int targets() const;
  int held() const;
};

Summary summarise(const std::vector<Row>& rows, double region_register_budget);
std::string results_page(const std::vector<Row>& rows, const Summary& s, bool quick);
std::string summary_text(const Summary& s);

}  // namespace gpucosim::bench::regless
