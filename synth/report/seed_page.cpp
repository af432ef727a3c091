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

// The configuration a comparison is made with: parameters, flow, node, library and clock.
std::string configuration(const SynthResult& r) {
  return params(r) + "; " + r.flow + " synthesis, " + f(r.node_nm, 0) + " nm " + r.library + ", " +
         f(1000.0 / r.clock_ns, 0) + " MHz clock";
}

// The block's name as its manifest labels its top module, else the block name.
std::string block_label(const SynthResult& r) {
  for (const auto& m : r.modules)
    if (m.depth == 0 && !m.label.empty()) return m.label;
  return r.block;
}

// State bits of the netlist: one per flip-flop or latch cell of the liberty (OSU: DFF*, LATCH).
uint64_t flip_flops(const SynthResult& r) {
  uint64_t n = 0;
  for (const auto& [type, k] : r.cell_counts)
    if (type.rfind("DFF", 0) == 0 || type.rfind("LATCH", 0) == 0 || type.rfind("SDFF", 0) == 0) n += k;
  return n;
}

double macro_bits(const SynthResult& r) {
  double b = 0;
  for (const auto& m : r.macros) b += double(m.words) * double(m.bits) * double(m.instances);
  return b;
}

void comparison(std::ostringstream& o, const SynthResult& r) {
  const SeedFigures& sd = r.seed;
  const ScaledFigures* at_seed = sd.node_nm > 0 ? at_node(r, sd.node_nm) : nullptr;
  const std::string unit = sd.unit.empty() ? "" : " " + sd.unit;
  const std::string seed_node = sd.node_nm > 0 ? f(sd.node_nm, 0) + " nm" : std::string("its node");
  o << "### " << block_label(r) << unit << " beside " << sd.source << "\n\n"
    << "Ours: " << configuration(r) << ".\n\n"
    << "| figure | seed (" << seed_node << (sd.clock_mhz > 0 ? ", " + f(sd.clock_mhz, 0) + " MHz" : std::string())
    << ") | ours | our configuration |\n|---|---|---|---|\n";
  if (sd.area_mm2 > 0)
    o << "| area | " << f(sd.area_mm2, 2) << " mm²" << (sd.area_note.empty() ? "" : " (" + sd.area_note + ")") << " | "
      << (at_seed ? f(at_seed->total_area_um2 * 1e-6, 4) + " mm² at " + seed_node + " (estimate, cells only, no routing); "
                  : std::string())
      << f(r.total_area_um2 * 1e-6, 3) << " mm² at " << f(r.node_nm, 0) << " nm | " << configuration(r) << " |\n";
  if (sd.gpu_units > 0 && sd.gpu_die_mm2 > 0) {
    o << "| " << sd.gpu << " overhead (" << sd.gpu_units << " x, " << f(sd.gpu_die_mm2, 0) << " mm² die) | "
      << (sd.gpu_overhead_mm2 > 0 ? f(sd.gpu_overhead_mm2, 1) + " mm²" : std::string("—"))
      << (sd.gpu_overhead_note.empty() ? "" : " (" + sd.gpu_overhead_note + ")") << " | ";
    if (at_seed)
      o << f(at_seed->total_area_um2 * 1e-6 * sd.gpu_units, 3) << " mm² = "
        << f(100.0 * at_seed->total_area_um2 * 1e-6 * sd.gpu_units / sd.gpu_die_mm2, 3) << "% (" << seed_node
        << " estimate)";
    o << " | " << configuration(r) << " |\n";
  }
  if (sd.power_mw > 0) {
    o << "| power | " << f(sd.power_mw, 1) << " mW" << (sd.power_note.empty() ? "" : " (" + sd.power_note + ")") << " | "
      << f(r.power_mw, 2) << " mW at " << f(1000.0 / r.clock_ns, 0) << " MHz, " << f(r.node_nm, 0)
      << " nm, OpenSTA default activity";
    if (at_seed) o << "; " << f(at_seed->power_mw, 2) << " mW at " << seed_node << " (estimate, same clock)";
    if (at_seed && sd.clock_mhz > 0)
      o << "; " << f(at_seed->power_mw * sd.clock_mhz / (1000.0 / r.clock_ns), 1) << " mW at " << seed_node << " and "
        << f(sd.clock_mhz, 0) << " MHz (dynamic power scaled with the clock)";
    if (r.has_activity)
      o << "; from recorded activity (" << r.power_activity.workload << ", " << r.power_activity.cycles
        << " cycles): " << f(r.power_activity.power_mw, 3) << " mW with the inputs as recorded, "
        << f(r.power_activity.mean_power_mw, 3) << " mW with every net at the recorded mean ("
        << f(r.power_activity.mean_activity, 4) << " transitions/cycle) at " << f(r.node_nm, 0) << " nm";
    o << " | " << configuration(r) << " |\n";
  }
  if (sd.storage_kb > 0) {
    const double sram_kb = macro_bits(r) / 8.0 / 1024.0, ff_kb = double(flip_flops(r)) / 8.0 / 1024.0;
    o << "| storage | " << f(sd.storage_kb, 2) << " KB" << (sd.storage_note.empty() ? "" : " (" + sd.storage_note + ")")
      << " | " << f(sram_kb + ff_kb, 2) << " KB: " << f(sram_kb, 2) << " KB in SRAM macros (";
    bool first = true;
    for (const auto& m : r.macros) {
      o << (first ? "" : ", ") << m.words << " x " << m.bits << (m.instances > 1 ? " x" + std::to_string(m.instances) : "");
      first = false;
    }
    o << ") + " << f(ff_kb, 2) << " KB of flip-flops (" << flip_flops(r) << ") | " << configuration(r) << " |\n";
  }
  o << "\nThe seed's figures come from its own design flow (" << sd.source
    << "); ours are cell area after synthesis (no routing, no clock tree) on the liberty named above, scaled to "
       "other nodes by Stillmaker & Baas. Power is at our synthesis clock unless stated. Compare orders of magnitude "
       "and ratios, not absolute values.\n\n";
  if (r.has_activity)
    o << "Recorded activity: every input bit of the netlist that the recording has is annotated ("
      << r.power_activity.inputs_annotated << " of " << r.power_activity.input_bits << "), "
      << r.power_activity.registers_annotated << " of " << r.power_activity.register_bits
      << " flip-flops matched a recorded register. See docs/synthesis.md, \"Power from recorded activity\", for why two "
         "activity figures are given.\n\n";
  if (!r.modules.empty())
    o << "#### " << block_label(r) << " by module (" << configuration(r) << ")\n\n" << module_table(r) << "\n";
}

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
    o << "| " << r.block << " | " << params(r) << " (" << r.flow << ") | " << f(r.node_nm, 0) << " nm (" << r.library
      << ", " << f(1000.0 / r.clock_ns, 0) << " MHz clock) | " << f(r.total_area_um2 * 1e-6, 4) << " | "
      << f(r.fmax_mhz, 1) << " | " << f(r.power_mw, 2) << " | " << act << " | " << mean << " |\n";
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
  for (const auto& r : in.blocks)
    if (r.seed.present()) comparison(o, r);
}

// The seed's storage structures, each as one single-ported SRAM array of the embedded SRAM model
// at the seed's node, beside the seed's power of each.
void sram_section(std::ostringstream& o, const SynthResult& r) {
  const SeedFigures& sd = r.seed;
  const double node = sd.node_nm > 0 ? sd.node_nm : 45;
  o << "## SRAM model: " << block_label(r) << "'s storage as the seed sized it (" << sd.storage_note << ", " << f(node, 0)
    << " nm)\n\n"
       "Each structure as one single-ported SRAM array of the embedded SRAM model "
       "(`power/sram_macro.h`, high-performance cells), beside the seed's static and total power"
    << (sd.unit.empty() ? "" : " " + sd.unit) << ".\n\n"
       "| component | words x bits | bytes | area mm² | read pJ | leakage mW | seed static mW | seed total mW |\n"
       "|---|---|---|---|---|---|---|---|\n";
  double bytes = 0, area = 0, leak = 0, seed_static = 0, seed_total = 0;
  for (const auto& c : sd.storage) {
    power::RamMacroSpec spec;
    spec.words = c.words;
    spec.bits = c.bits;
    spec.node_nm = node;
    const power::SramEstimate e = power::estimate_ram_macro(spec);
    const double b = double(c.words * c.bits * uint64_t(c.copies)) / 8.0;
    bytes += b;
    area += e.area_mm2 * c.copies;
    leak += e.leakage_mw * c.copies;
    seed_static += c.static_mw;
    seed_total += c.total_mw;
    o << "| " << c.name << " | " << c.words << " x " << c.bits << (c.copies > 1 ? " (x" + std::to_string(c.copies) + ")" : "")
      << " | " << f(b, 0) << " | " << f(e.area_mm2 * c.copies, 4) << " | " << f(e.read_energy_nj * 1e3, 2) << " | "
      << f(e.leakage_mw * c.copies, 3) << " | " << f(c.static_mw, 1) << " | " << f(c.total_mw, 1) << " |\n";
  }
  o << "| **total** | | " << f(bytes, 0) << " (" << f(bytes / 1024.0, 2) << " KB; seed " << f(sd.storage_kb, 2)
    << " KB) | " << f(area, 4) << " | | " << f(leak, 3) << " | " << f(seed_static, 1) << " | " << f(seed_total, 1)
    << " |\n\n";
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
  o << "\nThe GPU energy model does not charge the research blocks themselves; add a block's power (above) times the run "
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
  for (const auto& r : in.blocks)
    if (r.seed.present() && !r.seed.storage.empty()) sram_section(o, r);
  energy_section(o, in);
  std::string sources;
  for (const auto& r : in.blocks)
    if (r.seed.present()) sources += "\n- " + r.block + ": " + r.seed.source;
  if (!sources.empty())
    o << "## Sources of the seed figures\n\nFrom each block's manifest (`rtl/<block>/block.json`, \"seed\"):" << sources
      << "\n";
  return o.str();
}

}  // namespace gpucosim::synth
