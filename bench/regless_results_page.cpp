#include "bench/regless_results_page.h"
#include "bench/page_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gpucosim::bench::regless {
namespace {

std::string pct(double v, int digits = 1) {
  char f[16];
  std::snprintf(f, sizeof f, "%%.%df %%%%", digits);
  return fmt(f, 100.0 * v);
}
// "78 % (70 / 8 / 22)": known, then emitted / analysis / unknown, of the compressor run's writes;
// the analysis's estimate alone when there was no compressor run.
std::string known_cell(const Row& r) {
  if (r.value_writes <= 0) return pct(r.known_value_share, 0) + " (analysis)";
  const double unknown = r.value_writes - r.values_emitted - r.values_analysis;
  return pct(r.known_share(), 0) + " (" + fmt("%.0f", 100 * r.share_of(r.values_emitted)) + " / " +
         fmt("%.0f", 100 * r.share_of(r.values_analysis)) + " / " + fmt("%.0f", 100 * r.share_of(unknown)) + ")";
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "none" : s;
}

}  // namespace

bool Row::traffic_monotone() const {
  // `capacity` is ordered largest first: traffic may only rise along it.
  double last = -1;
  for (const CapacityPoint& p : capacity) {
    if (!p.ok) continue;
    if (p.l1_requests < last) return false;
    last = p.l1_requests;
  }
  return true;
}

int Summary::targets() const {
  return int(std::count_if(checks.begin(), checks.end(), [](const Check& c) { return c.has_target; }));
}
int Summary::held() const {
  return int(std::count_if(checks.begin(), checks.end(), [](const Check& c) { return c.has_target && c.holds; }));
}

Summary summarise(const std::vector<Row>& rows, double region_register_budget) {
  Summary s;
  s.many_live = region_register_budget / 2;
  std::vector<double> compute, many, all;
  double osu = 0, l1 = 0, l2 = 0, undef = 0, per_cycle = 0, spr = 0;
  size_t n_ok = 0;
  for (const Row& r : rows) {
    if (!r.ok) continue;
    ++n_ok;
    all.push_back(r.ratio());
    if (r.global_share < kComputeGlobalShare && r.live_across_loads < s.many_live) {
      compute.push_back(r.ratio());
      s.compute.push_back(r.workload);
    }
    if (r.live_across_loads >= s.many_live) {
      many.push_back(r.ratio());
      s.many_live_kernels.push_back(r.workload);
    }
    osu += r.preloads_osu;
    l1 += r.preloads_l1;
    l2 += r.preloads_l2_dram;
    undef += r.preloads_undefined;
    per_cycle += r.l1_per_cycle();
    s.l1_per_cycle_max = std::max(s.l1_per_cycle_max, r.l1_per_cycle());
    spr += r.static_per_region;
    size_t ran = std::count_if(r.capacity.begin(), r.capacity.end(), [](const CapacityPoint& p) { return p.ok; });
    if (ran >= 2) {
      ++s.capacity_rows;
      if (!r.traffic_monotone()) s.non_monotone.push_back(r.workload);
    }
  }
  std::vector<double> rs_energy, gpu_energy, comp_gain;
  for (const Row& r : rows) {
    if (!r.ok) continue;
    if (r.rf_energy_nj > 0 && r.rs_energy_nj > 0 && r.gpu_energy_off_nj > 0 && r.gpu_energy_rl_nj > 0) {
      rs_energy.push_back(r.energy_ratio());
      gpu_energy.push_back(r.gpu_energy_ratio());
      if (r.energy_ratio() >= 1) s.rs_energy_higher.push_back(r.workload);
    }
    if (r.known_share() >= kAffineKnownShare && r.comp_cycles > 0) {
      s.affine.push_back(r.workload);
      comp_gain.push_back(r.comp_gain());
    }
  }
  s.energy_rows = rs_energy.size();
  s.rs_energy_geomean = geomean(rs_energy);
  s.gpu_energy_geomean = geomean(gpu_energy);
  s.comp_gain_geomean = geomean(comp_gain);
  s.compute_geomean = geomean(compute);
  s.many_live_geomean = geomean(many);
  s.all_geomean = geomean(all);
  const double pre = osu + l1 + l2 + undef;
  if (pre > 0) {
    s.osu_share = osu / pre;
    s.l1_share = l1 / pre;
    s.l2_dram_share = l2 / pre;
    s.undefined_share = undef / pre;
  }
  if (n_ok) {
    s.l1_per_cycle_mean = per_cycle / double(n_ok);
    s.static_per_region_mean = spr / double(n_ok);
  }

  auto add = [&](std::string what, std::string ours, std::string seed, std::string target, bool has, bool holds) {
    s.checks.push_back(Check{std::move(what), std::move(ours), std::move(seed), std::move(target), has, holds});
  };
  add("Run time, compute kernels (" + join(s.compute) + "), RegLess 512 / full RF, geomean",
      compute.empty() ? "no compute kernel" : fmt("%.3fx", s.compute_geomean), "matches the baseline on average",
      "within 5 %", true, !compute.empty() && std::fabs(s.compute_geomean - 1.0) <= 0.05);
  add("Run time, kernels with >= " + fmt("%.0f", s.many_live) + " registers live across a global load (" +
          join(s.many_live_kernels) + "), geomean",
      many.empty() ? "no such kernel" : fmt("%.3fx", s.many_live_geomean),
      "gaussian, heartwall, hybridsort > 5 % slower", "slower than the compute kernels", true,
      !many.empty() && !compute.empty() && s.many_live_geomean > s.compute_geomean);
  add("L1 register traffic as the OSU shrinks 1024 -> 512 -> 256 -> 128 (" + std::to_string(s.capacity_rows) +
          " workloads)",
      s.non_monotone.empty() ? "never falls" : "falls on " + join(s.non_monotone), "rises (Fig. 4.13)",
      "monotone non-decreasing on every workload", true, s.capacity_rows > 0 && s.non_monotone.empty());
  add("Preloads served by the OSU / L1 / L2+DRAM (512 lines, all workloads)",
      pct(s.osu_share, 2) + " / " + pct(s.l1_share, 3) + " / " + pct(s.l2_dram_share, 3),
      "about 99 % / " + pct(kSeedL1PreloadShare) + " / " + pct(kSeedL2DramPreloadShare, 3),
      "OSU >> L1 >= L2+DRAM (OSU >= 90 %)", true,
      pre > 0 && s.osu_share >= 0.9 && s.l1_share >= s.l2_dram_share);
  add("RegLess L1 requests per SM cycle, mean (max) over workloads",
      fmt("%.4f", s.l1_per_cycle_mean) + " (" + fmt("%.4f", s.l1_per_cycle_max) + ")",
      "< " + fmt("%.2f", kSeedL1RequestsPerCycle), "<< 1 (at most 0.1 on every workload)", true,
      n_ok > 0 && s.l1_per_cycle_max <= 0.1);
  add("Run time without the compressor / with it, kernels with >= " + pct(kAffineKnownShare, 0) +
          " of register writes of known shape (" + join(s.affine) + "), geomean",
      comp_gain.empty() ? "not measured" : fmt("%.3fx", s.comp_gain_geomean),
      fmt("%.3fx", 1.0 / (1.0 - kSeedNoCompressorLoss)) + " (-" + pct(kSeedNoCompressorLoss) + " performance)",
      "> 1 (the compressor helps)", true, !comp_gain.empty() && s.comp_gain_geomean > 1.0);
  add("Register-structure energy, RegLess / full RF, geomean (" + std::to_string(s.energy_rows) + " workloads)",
      s.energy_rows ? fmt("%.3fx", s.rs_energy_geomean) : "not measured",
      fmt("%.3fx", 1.0 - kSeedRegisterEnergySaving) + " (-" + pct(kSeedRegisterEnergySaving) + ")",
      "lower on every workload", true, s.energy_rows > 0 && s.rs_energy_higher.empty());
  add("GPU energy, RegLess / full RF, geomean", s.energy_rows ? fmt("%.3fx", s.gpu_energy_geomean) : "not measured",
      fmt("%.3fx", 1.0 - kSeedGpuEnergySaving) + " (-" + pct(kSeedGpuEnergySaving, 0) + ")", "< 1", true,
      s.energy_rows > 0 && s.gpu_energy_geomean < 1.0);
  add("Static instructions per region, mean over workloads", fmt("%.1f", s.static_per_region_mean),
      fmt("%.1f", kSeedMinStaticPerRegion) + " - " + fmt("%.1f", kSeedMaxStaticPerRegion) + " (Table 4.2)",
      "within Table 4.2's range", true,
      n_ok > 0 && s.static_per_region_mean >= kSeedMinStaticPerRegion && s.static_per_region_mean <= kSeedMaxStaticPerRegion);
  return s;
}

std::string summary_text(const Summary& s) {
  std::ostringstream o;
  o << "RegLess results: " << s.held() << " of " << s.targets() << " targets hold\n";
  for (const Check& c : s.checks)
    o << "  [" << (!c.has_target ? "    " : c.holds ? "hold" : "FAIL") << "] " << c.what << ": " << c.ours << " (seed "
      << c.seed << ")\n";
  return o.str();
}

std::string results_page(const std::vector<Row>& rows, const Summary& s, bool quick) {
  std::ostringstream o;
  o << "# RegLess results on GTX980 (seed 000, chapter 4)\n\n";
  o << "<!-- Generated by `build/release/bench/gpucosim-bench regless-results` from the runs of\n"
       "bench/sweeps/regless-results.yaml; do not edit by hand. -->\n\n";
  if (quick)
    o << "**Quick check at the workloads' test sizes (`--quick`): not the page's figures.**\n\n";
  o << "Every built-in workload on the GTX980 preset (seed Table 4.1) with the full register file "
       "(`regless=off`) and with RegLess as its C++ twin (`regless=tlm`; the Verilated RTL gives identical "
       "statistics) at the seed's 512 OSU lines per SM, then at 1024, 256 and 128. The seed's numbers are "
       "quoted from its text (spec 000 §2.2.e); it ran Rodinia, we run our built-in kernels, so the "
       "comparison is of trends.\n\n";
  o << "## Targets\n\n" << s.held() << " of " << s.targets() << " targets hold.\n\n";
  o << "| figure | ours | seed | target | holds |\n|---|---|---|---|---|\n";
  for (const Check& c : s.checks)
    o << "| " << c.what << " | " << c.ours << " | " << c.seed << " | " << c.target << " | "
      << (!c.has_target ? "-" : c.holds ? "yes" : "**no**") << " |\n";
  o << "\nA kernel is *compute* when fewer than " << pct(kComputeGlobalShare, 0)
    << " of its warp instructions access global memory and fewer than " << fmt("%.0f", s.many_live)
    << " registers are live across its global loads (half the compiler's per-region register budget).\n\n";

  o << "## Run time and preloads (512 lines per SM)\n\n";
  o << "| workload | parameters | full RF cycles | RegLess cycles | ratio | global insts | live across loads | "
       "preloads | OSU | L1 | L2/DRAM | undefined | write-backs | L1 req/SM cycle | DRAM row hits full RF / RegLess |\n"
       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    if (!r.ok) {
      o << "| " << r.workload << " | " << r.params << " | failed | | | | | | | | | | | | |\n";
      continue;
    }
    const double p = std::max(1.0, r.preloads());
    o << "| " << r.workload << " | " << r.params << " | " << num(r.base_cycles) << " | " << num(r.rl_cycles) << " | "
      << fmt("%.3f", r.ratio()) << " | " << pct(r.global_share, 0) << " | " << fmt("%.1f", r.live_across_loads)
      << " | " << num(r.preloads()) << " | " << pct(r.preloads_osu / p) << " | " << pct(r.preloads_l1 / p, 2) << " | "
      << pct(r.preloads_l2_dram / p, 3) << " | " << pct(r.preloads_undefined / p) << " | " << num(r.writebacks)
      << " | " << fmt("%.4f", r.l1_per_cycle()) << " | " << pct(r.dram_row_hits_off, 0) << " / "
      << pct(r.dram_row_hits_rl, 0) << " |\n";
  }
  o << "\n*Undefined*: a preload of a register never written since its warp launched (the backing "
       "store's valid bit answers it without a memory access). *DRAM row hits*: the DRAM row-buffer hit "
       "rate of each run. Where RegLess runs faster than the full register file, compare the two: the "
       "capacity manager's gating (a warp issues only inside an activated region) can spread the warps' "
       "loads out in time, and the DRAM then serves them with more row hits.\n\n";

  o << "## Energy and the compressor (512 lines per SM)\n\n";
  o << "Energy at 45 nm from each run's statistics and configuration (`power/gpu_energy.h`, as "
       "`gpucosim run --energy`; docs/blocks/regless.md §10): the full register file's banks against "
       "RegLess's OSU data arrays (the capacity manager's and OSU's logic is not charged), and the whole "
       "GPU (instruction fetch with the metadata instructions, L1/L2/DRAM with the backing store's "
       "traffic, arithmetic, leakage). Compressor: the same RegLess run with "
       "`gpucosim_regless_compressor=1`. *Writes of known shape*: the share of that run's register "
       "writes whose 32 lane values the compressor knew the shape of, and from where: emitted (the "
       "built-in generator gave the lane values, docs/blocks/regless.md §9) / analysis (the "
       "register-value analysis: uniform/affine dataflow and observed lane addresses) / unknown "
       "(incompressible). A trace carries no values: its writes are analysis or unknown.\n\n";
  o << "| workload | full RF register energy (uJ) | RegLess register energy (uJ) | ratio | GPU energy ratio | "
       "writes of known shape (emitted / analysis / unknown) | cycles with compressor | without / with |\n"
       "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    if (!r.ok) continue;
    o << "| " << r.workload << " | " << fmt("%.2f", r.rf_energy_nj / 1000) << " | " << fmt("%.2f", r.rs_energy_nj / 1000)
      << " | " << fmt("%.3f", r.energy_ratio()) << " | " << fmt("%.3f", r.gpu_energy_ratio()) << " | "
      << known_cell(r) << " | " << (r.comp_cycles > 0 ? num(r.comp_cycles) : "-") << " | "
      << (r.comp_cycles > 0 ? fmt("%.3f", r.comp_gain()) : "-") << " |\n";
  }
  o << "\n";

  o << "## OSU capacity (registers per SM)\n\n";
  std::vector<double> caps;
  for (const Row& r : rows)
    for (const CapacityPoint& p : r.capacity)
      if (std::find(caps.begin(), caps.end(), p.lines_per_sm) == caps.end()) caps.push_back(p.lines_per_sm);
  std::sort(caps.rbegin(), caps.rend());
  o << "L1 register requests (cycles relative to the full register file):\n\n| workload |";
  for (double c : caps) o << " " << fmt("%.0f", c) << " |";
  o << " monotone |\n|---|";
  for (size_t i = 0; i < caps.size(); ++i) o << "---:|";
  o << "---|\n";
  for (const Row& r : rows) {
    if (!r.ok) continue;
    o << "| " << r.workload << " |";
    for (double c : caps) {
      auto it = std::find_if(r.capacity.begin(), r.capacity.end(), [&](const CapacityPoint& p) { return p.lines_per_sm == c; });
      if (it == r.capacity.end()) o << " |";
      else if (!it->ok) o << " refused |";
      else o << " " << num(it->l1_requests) << " (" << fmt("%.2fx", it->cycles / std::max(1.0, r.base_cycles)) << ") |";
    }
    o << " " << (r.traffic_monotone() ? "yes" : "**no**") << " |\n";
  }
  o << "\n*refused*: the run stopped before simulating, because a region needs more lines of one bank "
       "than a bank of that size holds (the compiler cannot split a single instruction).\n\n";

  o << "## Regions (beside seed Table 4.2)\n\n";
  o << "The seed's Table 4.2 lists 3.3 - 16.0 static instructions per region over Rodinia (b+tree 3.7, "
       "bfs 3.3, lud 16.0, nw 10.8, streamcluster 4.3). Ours, from `gpucosim analyze regions` at the "
       "default shard (8 banks x 16 lines):\n\n";
  o << "| workload | regions | static insts / region | warp insts / region execution | writes of known value (analysis) |\n"
       "|---|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    if (!r.ok) continue;
    o << "| " << r.workload << " | " << fmt("%.0f", r.regions) << " | " << fmt("%.1f", r.static_per_region) << " | "
      << fmt("%.1f", r.dynamic_per_region) << " | " << pct(r.known_value_share, 0) << " |\n";
  }
  o << "\n";
  return o.str();
}

}  // namespace gpucosim::bench::regless
