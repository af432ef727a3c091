// The comparison page with the seeds' figures (see seed_page.h).
#include "synth/report/seed_page.h"

#include <cstdio>
#include <sstream>

#include "kernel/input_error.h"
#include "power/sram_macro.h"

namespace gpucosim::synth {

namespace {

std::string f(double v, int prec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", prec, v);
  return buf;
}

const ScaledFigures* at_node(const SynthResult& r, double nm) {
  for (const auto& s : r.scaled)
    if (s.node_nm == nm) return &s;
  return nullptr;
}

std::string params(const SynthResult& r) {
  std::string p;
  for (const auto& [k, v] : r.parameters) p += (p.empty() ? "" : " ") + k + "=" + v;
  return p.empty() ? "RTL defaults" : p;
}

// One row of Table 3.1 (seed 000): a WarpPool storage component as the thesis sized it.
struct SeedStorage {
  const char* name;
  uint64_t words, bits;
  double static_mw, total_mw;  // Table 3.1
};

// Table 3.1's entries; the intra-warp coalescers' 2 x 256 bytes are taken as 64 words of 32 bits each.
const SeedStorage kTable31[] = {
    {"Instruction queues", 128, 37, 0.4, 41.8},   {"Intra-warp coalescers (x2)", 64, 32, 0.2, 24.3},
    {"Inter-warp coalescing queues", 64, 124, 0.5, 44.3}, {"Thread map table", 8, 321, 0.1, 9.9},
    {"MSHR metadata table", 1024, 23, 2.1, 22.0},
};

void blocks_section(std::ostringstream& o, const ReportInputs& in) {
  o << "## Blocks: our synthesis beside the seeds\n\n";
  if (in.blocks.empty()) {
    o << "(no synth.json given)\n\n";
    return;
  }
  o << "| block | configuration | node | area mm² | fmax MHz | power mW (default activity) | power mW (recorded "
       "input activity) | power mW (all nets at the recorded mean) |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : in.blocks) {
    const std::string act = r.has_activity ? f(r.power_activity.power_mw, 2) : "—";
    const std::string mean = r.has_activity ? f(r.power_activity.mean_power_mw, 2) : "—";
    o << "| " << r.block << " | " << params(r) << " | " << f(r.node_nm, 0) << " nm (" << r.library << ", "
      << f(1000.0 / r.clock_ns, 0) << " MHz clock) | " << f(r.total_area_um2 * 1e-6, 4) << " | " << f(r.fmax_mhz, 1)
      << " | " << f(r.power_mw, 2) << " | " << act << " | " << mean << " |\n";
    for (const auto& s : r.scaled) {
      // Activity power scales like the default figure: logic by the same energy factor, SRAM re-estimated.
      const double k = r.power_mw > 0 ? s.power_mw / r.power_mw : 0;
      const std::string sact = r.has_activity && k > 0 ? f(r.power_activity.power_mw * k, 2) + " (est.)" : "—";
      const std::string smean = r.has_activity && k > 0 ? f(r.power_activity.mean_power_mw * k, 2) + " (est.)" : "—";
      o << "| " << r.block << " | (scaled) | " << f(s.node_nm, 0) << " nm, estimate | " << f(s.total_area_um2 * 1e-6, 4)
        << " | " << f(s.fmax_mhz, 1) << " | " << f(s.power_mw, 2) << " | " << sact << " | " << smean << " |\n";
    }
  }
  o << "\n";
  for (const auto& r : in.blocks) {
    if (r.block != "warppool") continue;
    const ScaledFigures* s45 = at_node(r, 45);
    o << "### WarpPool per SM\n\n| figure | seed 000 (Kloosterman 2018, 45 nm, placed and routed, 1.2 GHz) | ours |\n"
         "|---|---|---|\n";
    o << "| area | 0.36 mm² (Fig. 3.10; SRAM by CACTI 5.3; 45% routing) | "
      << (s45 ? f(s45->total_area_um2 * 1e-6, 4) + " mm² at 45 nm (estimate, cells only, no routing), " : std::string())
      << f(r.total_area_um2 * 1e-6, 3) << " mm² at " << f(r.node_nm, 0) << " nm |\n";
    o << "| GPU overhead (" << kGtx480Sms << " SMs, " << f(kGtx480DieMm2, 0) << " mm² die) | 5.4 mm² = 1.0% | ";
    if (s45)
      o << f(s45->total_area_um2 * 1e-6 * kGtx480Sms, 3) << " mm² = "
        << f(100.0 * s45->total_area_um2 * 1e-6 * kGtx480Sms / kGtx480DieMm2, 3) << "% (45 nm estimate)";
    o << " |\n";
    o << "| power | 142.3 mW (139.0 dynamic + 3.3 static) at 1.2 GHz, RC from layout + memory traces | "
      << f(r.power_mw, 2) << " mW at " << f(1000.0 / r.clock_ns, 0) << " MHz, " << f(r.node_nm, 0)
      << " nm, OpenSTA default activity";
    if (s45) o << "; " << f(s45->power_mw, 2) << " mW at 45 nm (estimate)";
    if (r.has_activity)
      o << "; from recorded activity (" << r.power_activity.workload << ", " << r.power_activity.cycles
        << " cycles): " << f(r.power_activity.power_mw, 3) << " mW with the inputs as recorded, "
        << f(r.power_activity.mean_power_mw, 3) << " mW with every net at the recorded mean ("
        << f(r.power_activity.mean_activity, 4) << " transitions/cycle) at " << f(r.node_nm, 0) << " nm";
    o << " |\n";
    o << "| storage | 5.23 KB (Table 3.1) | MSHR table as SRAM macro(s): ";
    for (const auto& m : r.macros) o << m.words << " x " << m.bits << " (" << m.instances << "x) ";
    o << "|\n\n";
    o << "Our configuration: " << params(r) << ". The seed's figures come from a placed-and-routed 45 nm design; ours "
         "are cell area after synthesis (no routing, no clock tree) on the 180 nm OSU library, scaled by "
         "Stillmaker & Baas. Our power is at our synthesis clock (" << f(1000.0 / r.clock_ns, 0)
      << " MHz), the seed's at 1.2 GHz: dynamic power scales with the clock. Compare orders of magnitude and ratios, "
         "not absolute values.\n\n";
    if (r.has_activity)
      o << "The activity was recorded from the RTL the GPU co-simulates (its default, GTX 480 parameter set), while "
           "the synthesis is of the configuration above: every input bit both have is annotated ("
        << r.power_activity.inputs_annotated << " of " << r.power_activity.input_bits << "), " << r.power_activity.registers_annotated
        << " of " << r.power_activity.register_bits << " flip-flops matched a recorded register. See docs/synthesis.md, "
           "\"Power from recorded activity\", for why two activity figures are given.\n\n";
  }
}

void sram_section(std::ostringstream& o) {
  o << "## SRAM model: WarpPool storage of Table 3.1 at 45 nm\n\n"
       "Each Table 3.1 component as one single-ported SRAM array of the embedded SRAM model "
       "(`power/sram_macro.h`, high-performance cells), beside the seed's static and total power per SM.\n\n"
       "| component | words x bits | bytes | area mm² | read pJ | leakage mW | seed static mW | seed total mW |\n"
       "|---|---|---|---|---|---|---|---|\n";
  double bytes = 0, area = 0, leak = 0, seed_static = 0, seed_total = 0;
  for (const auto& c : kTable31) {
    power::RamMacroSpec spec;
    spec.words = c.words;
    spec.bits = c.bits;
    spec.node_nm = 45;
    const power::SramEstimate e = power::estimate_ram_macro(spec);
    const int copies = c.words == 64 && c.bits == 32 ? 2 : 1;
    const double b = double(c.words * c.bits * uint64_t(copies)) / 8.0;
    bytes += b;
    area += e.area_mm2 * copies;
    leak += e.leakage_mw * copies;
    seed_static += c.static_mw;
    seed_total += c.total_mw;
    o << "| " << c.name << " | " << c.words << " x " << c.bits << " | " << f(b, 0) << " | " << f(e.area_mm2 * copies, 4)
      << " | " << f(e.read_energy_nj * 1e3, 2) << " | " << f(e.leakage_mw * copies, 3) << " | " << f(c.static_mw, 1)
      << " | " << f(c.total_mw, 1) << " |\n";
  }
  o << "| **total** | | " << f(bytes, 0) << " (" << f(bytes / 1024.0, 2) << " KB) | " << f(area, 4) << " | | "
    << f(leak, 3) << " | " << f(seed_static, 1) << " | " << f(seed_total, 1) << " |\n\n";
}

void energy_section(std::ostringstream& o, const ReportInputs& in) {
  o << "## GPU energy per kernel (power/gpu_energy.h, 45 nm unless stated)\n\n";
  if (in.energy.empty()) {
    o << "(no energy report given)\n\n";
    return;
  }
  // `gpucosim run --energy` labels reports RUN/KERNEL: each is compared with the first run's report of
  // the same KERNEL (baseline first on the command line).
  auto kernel_of = [](const std::string& label) {
    const size_t slash = label.find('/');
    return slash == std::string::npos ? label : label.substr(slash + 1);
  };
  o << "| run / kernel | total µJ | dynamic µJ | leakage µJ | average W | vs the first run |\n|---|---|---|---|---|---|\n";
  for (const auto& [label, e] : in.energy) {
    double first = 0;
    for (const auto& [l2, e2] : in.energy)
      if (kernel_of(l2) == kernel_of(label)) {
        first = e2.total_nj();
        break;
      }
    o << "| " << label << " | " << f(e.total_nj() * 1e-3, 3) << " | " << f(e.dynamic_nj() * 1e-3, 3) << " | "
      << f(e.leakage_nj() * 1e-3, 3) << " | " << f(e.average_power_w(), 3) << " | "
      << (first > 0 ? (e.total_nj() >= first ? "+" : "") + f(100.0 * (e.total_nj() / first - 1.0), 2) + "%" : "—")
      << " |\n";
  }
  o << "\nThe GPU energy model does not charge the WarpPool block itself; add its power (above) times the run "
       "time for the block's share.\n\n";
}

}  // namespace

std::string seed_page(const ReportInputs& in, const std::string& command) {
  if (in.blocks.empty() && in.energy.empty())
    throw InputError("--seed-page", 0, "nothing to compare: give synth folders and/or --energy files");
  std::ostringstream o;
  o << "# Area, power and energy beside the seeds\n\n"
    << "<!-- Generated by gpucosim report --seed-page; do not edit: regenerate (docs/synthesis.md). -->\n\n"
    << "Generated with:\n\n```sh\n" << command << "\n```\n\n";
  blocks_section(o, in);
  sram_section(o);
  energy_section(o, in);
  o << "## The seeds' other figures\n\n"
       "| seed | figure | value |\n|---|---|---|\n"
       "| 000 WarpPool | storage / area / power per SM | 5.23 KB / 0.36 mm² / 142.3 mW (45 nm, 1.2 GHz) |\n"
       "| 000 WarpPool | GPU overhead | 5.4 mm² (1.0% of 529 mm²), 0.8% of TDP |\n"
       "| 000 RegLess | register energy / total GPU energy | −75.3% / −11% (28 nm, 1 GHz, normalised) |\n"
       "| 001 FineReg | storage / SM area | about 5.02 KB / 0.38% of a Fermi SM (CACTI 6.0) |\n"
       "| 001 FineReg | total energy | −21.3% vs baseline (GPUWattch + RF-virtualisation models) |\n\n"
       "Sources: ../shared/spec/000-kloosterman.md (Table 3.1, Fig. 3.10, §2.1.c), "
       "../shared/spec/001-finereg.md (§5.5, Table of storage).\n";
  return o.str();
}

}  // namespace gpucosim::synth
