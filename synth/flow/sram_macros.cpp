// SRAM macro resolution, costing and netlist renaming (see sram_macros.h).
#include "synth/flow/sram_macros.h"

#include <cctype>
#include <set>

#include "kernel/input_error.h"
#include "power/sram_macro.h"

namespace gpucosim::synth {

namespace {

bool plain_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

[[noreturn]] void macro_error(const BlockManifest& man, const MacroDecl& d, const std::string& what) {
  throw InputError(man.path, 0, "SRAM macro " + d.module + ": " + what);
}

SizedMacro size_one(const BlockManifest& man, const MacroDecl& d, const RtlilModule& mod) {
  auto fail = [&](const std::string& what) { macro_error(man, d, what); };
  SizedMacro s;
  s.decl = d;
  s.yosys_name = mod.name;
  s.pins = mod.ports;
  if (mod.memories.size() > 1)
    fail("holds " + std::to_string(mod.memories.size()) + " arrays; an SRAM macro module must hold exactly one");
  if (mod.memories.empty()) {
    if (!d.words) fail("has no behavioural array to size it by; give \"words\" and \"bits\" in the manifest");
    s.words = *d.words;
    s.bits = *d.bits;
  } else {
    const RtlilMemory& m = mod.memories.front();
    if (!m.rd_clocked)
      fail("has an asynchronous (combinational) read; an SRAM macro needs a registered read port, so leave this "
           "array to flip-flops or register its output");
    s.words = m.size;
    s.bits = m.width;
    if (d.words && (*d.words != s.words || *d.bits != s.bits))
      fail("the manifest declares " + std::to_string(*d.words) + " x " + std::to_string(*d.bits) +
           " but the RTL array (" + mod.name + ") is " + std::to_string(s.words) + " x " + std::to_string(s.bits) +
           "; drop \"words\"/\"bits\" to use the RTL's size");
  }
  if (!d.ports.empty()) {
    try {
      s.ports = power::parse_port_spec(d.ports);
    } catch (const InputError& e) {
      fail(std::string("\"ports\": ") + e.what());
    }
  } else if (!mod.memories.empty()) {
    s.ports = power::PortCounts{0, std::max(1, mod.memories.front().rd_ports), std::max(1, mod.memories.front().wr_ports)};
  }
  bool has_clock = false;
  for (const auto& p : mod.ports) has_clock = has_clock || (p.name == d.clock && p.input && p.width == 1);
  if (!has_clock) fail("has no 1-bit input port \"" + d.clock + "\" (set \"clock\" in its manifest entry)");
  return s;
}

}  // namespace

std::vector<SizedMacro> resolve_macros(const BlockManifest& man, const std::vector<RtlilModule>& modules,
                                       const CellStats& stats) {
  std::vector<SizedMacro> out;
  std::set<std::string> cells;
  for (const MacroDecl& d : man.macros) {
    bool found = false;
    for (const RtlilModule& mod : modules) {
      if (mod.base != d.module) continue;
      found = true;
      SizedMacro s = size_one(man, d, mod);
      auto it = stats.cells.find(mod.name);
      s.instances = it == stats.cells.end() ? 0 : it->second;
      // A module used with its default parameters keeps its plain name; a derived one
      // ($paramod$<hash>\name) gets <name>__<words>x<bits>, numbered if two share a size.
      std::string cell = plain_identifier(mod.name) ? mod.name
                                                    : d.module + "__" + std::to_string(s.words) + "x" + std::to_string(s.bits);
      for (int k = 2; cells.count(cell); ++k) cell = d.module + "__" + std::to_string(s.words) + "x" + std::to_string(s.bits) + "_" + std::to_string(k);
      cells.insert(cell);
      s.cell = cell;
      if (s.instances > 0) out.push_back(s);
    }
    if (!found)
      throw InputError(man.path, 0,
                       "SRAM macro " + d.module + " is not instantiated under the top module " + man.top +
                           " (check the module name and \"sources\")");
  }
  return out;
}

MacroCost cost_macro(const SizedMacro& m, const MacroCostOptions& opt) {
  power::RamMacroSpec spec;
  spec.words = m.words;
  spec.bits = m.bits;
  spec.ports = m.ports;
  spec.node_nm = opt.node_nm;
  const power::SramEstimate e = power::estimate_ram_macro(spec);
  MacroCost c;
  c.module = m.decl.module;
  c.cell = m.cell;
  c.words = m.words;
  c.bits = m.bits;
  c.ports = power::port_spec_string(m.ports);
  c.instances = m.instances;
  c.area_um2 = e.area_mm2 * 1e6;
  c.access_ns = e.access_time_ns;
  c.cycle_ns = e.cycle_time_ns;
  c.read_energy_pj = e.read_energy_nj * 1e3;
  c.write_energy_pj = e.write_energy_nj * 1e3;
  c.leakage_mw = e.leakage_mw;
  // Per cycle each port is used with probability `activity`; a read-write port half reads, half writes.
  const double per_cycle_pj = opt.activity * (m.ports.r * c.read_energy_pj + m.ports.w * c.write_energy_pj +
                                              m.ports.rw * 0.5 * (c.read_energy_pj + c.write_energy_pj));
  const double cycles_per_s = opt.clock_ns > 0 ? 1e9 / opt.clock_ns : 0.0;
  c.dynamic_mw = double(m.instances) * per_cycle_pj * 1e-12 * cycles_per_s * 1e3;
  return c;
}

std::string rename_macro_cells(const std::string& netlist, const std::vector<SizedMacro>& macros) {
  std::string out = netlist;
  for (const SizedMacro& m : macros) {
    if (m.cell == m.yosys_name) continue;
    // write_verilog escapes non-plain identifiers: "\<name> " (the escape ends at whitespace).
    const std::string from = "\\" + m.yosys_name + " ";
    const std::string to = m.cell + " ";
    for (size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size()))
      out.replace(at, from.size(), to);
  }
  return out;
}

}  // namespace gpucosim::synth
