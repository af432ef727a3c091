// Text and JSON views of region tables and register values.
#include "compiler/region_report.h"

#include <cstdio>

namespace gpucosim::compiler {
namespace {

std::string fixed(double v, int digits = 2) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

nlohmann::ordered_json reg_list(const RegisterSet& s) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (uint8_t r : registers_of(s)) j.push_back(r);
  return j;
}

std::string banks_text(const std::vector<uint32_t>& b) {
  std::string s;
  for (uint32_t x : b) s += (s.empty() ? "" : " ") + std::to_string(x);
  return s;
}

}  // namespace

void RegionSummary::add(const RegionTable& t) {
  for (const Region& g : t.regions) {
    ++regions;
    static_instructions += g.instructions();
    region_executions += g.executions;
    live_on_entry_executions += uint64_t(g.live_on_entry) * g.executions;
    dynamic_instructions += g.dynamic_instructions;
    compact_regions += g.compact;
    over_budget += g.over_budget;
    if (g.max_live > max_live) max_live = g.max_live;
  }
  static_metadata += t.static_metadata();
  dynamic_metadata += t.dynamic_metadata();
  load_use_splits += t.load_use_splits;
}

nlohmann::ordered_json summary_json(const RegionSummary& s, const RegisterValues::Share& vs,
                                    const RegisterValues::Share& vd) {
  nlohmann::ordered_json j;
  j["regions"] = s.regions;
  j["static_instructions_per_region"] = s.static_per_region();
  j["region_executions"] = s.region_executions;
  j["dynamic_instructions_per_region"] = s.dynamic_per_region();
  j["cycles_per_region"] = nullptr;  // needs the timing model
  j["max_live"] = s.max_live;
  j["live_at_region_start"] = s.live_at_region_start();
  j["compact_regions"] = s.compact_regions;
  j["over_budget_regions"] = s.over_budget;
  j["load_use_splits"] = s.load_use_splits;
  j["static_metadata_instructions"] = s.static_metadata;
  j["dynamic_metadata_instructions"] = s.dynamic_metadata;
  j["dynamic_metadata_overhead"] =
      s.dynamic_instructions ? double(s.dynamic_metadata) / double(s.dynamic_instructions) : 0.0;
  j["known_value_share_static"] = vs.known_share();
  j["known_value_share_dynamic"] = vd.known_share();
  j["compressible_share_static"] = vs.compressible_share();
  j["compressible_share_dynamic"] = vd.compressible_share();
  return j;
}

nlohmann::ordered_json regions_json(const KernelAnalysis& a, const RegionAnalysis& ra, const RegisterValues& v) {
  const RegionTable& t = ra.table;
  const KernelHeader& h = a.code.header();
  nlohmann::ordered_json j;
  j["kernel"] = h.name;
  j["id"] = h.id;
  j["instruction_size"] = a.code.instruction_size();
  j["static_instructions"] = a.code.size();
  j["basic_blocks"] = a.cfg.blocks().size();
  j["options"] = {{"max_regs_per_region", t.options.max_regs_per_region},
                  {"bank_lines", t.options.bank_lines},
                  {"banks", t.options.banks},
                  {"min_instructions", t.options.min_instructions}};
  uint64_t soft_structural = 0, soft_observed = 0;
  for (size_t i = 0; i < a.code.size(); ++i) {
    soft_structural += ra.soft.structural(i).count();
    soft_observed += ra.soft.observed(i).count();
  }
  j["soft_definitions"] = {{"structural", soft_structural}, {"observed", soft_observed}};
  nlohmann::ordered_json regions = nlohmann::ordered_json::array();
  for (const Region& g : t.regions) {
    nlohmann::ordered_json e;
    e["first_pc"] = g.first_pc;
    e["last_pc"] = g.last_pc;
    e["block"] = a.cfg.name(g.block);
    e["instructions"] = g.instructions();
    e["inputs"] = reg_list(g.inputs);
    e["outputs"] = reg_list(g.outputs);
    e["interior"] = reg_list(g.interior);
    e["soft_preloads"] = reg_list(g.soft_preloads);
    e["invalidating_reads"] = reg_list(g.invalidating_reads);
    e["cache_invalidations"] = reg_list(g.cache_invalidations);
    e["max_live"] = g.max_live;
    e["live_on_entry"] = g.live_on_entry;
    e["bank_usage"] = g.bank_usage;
    e["over_budget"] = g.over_budget;
    e["metadata_instructions"] = g.metadata_instructions;
    e["compact"] = g.compact;
    e["executions"] = g.executions;
    e["dynamic_instructions"] = g.dynamic_instructions;
    nlohmann::ordered_json insts = nlohmann::ordered_json::array();
    for (size_t i = g.first; i <= g.last; ++i)
      insts.push_back({{"pc", a.code[i].pc},
                       {"opcode", a.code[i].op.text},
                       {"erase", reg_list(t.annotations[i].erase)},
                       {"evict", reg_list(t.annotations[i].evict)}});
    e["annotations"] = insts;
    regions.push_back(e);
  }
  j["regions"] = regions;
  RegionSummary s;
  s.add(t);
  j["summary"] = summary_json(s, v.static_share, v.dynamic_share);
  return j;
}

nlohmann::ordered_json values_json(const KernelAnalysis& a, const RegisterValues& v) {
  nlohmann::ordered_json j;
  j["kernel"] = a.code.header().name;
  j["id"] = a.code.header().id;
  j["s2r_roles"] = v.s2r_roles;
  j["address_sites"] = v.address_sites;
  j["address_sites_predicted"] = v.address_sites_matched;
  nlohmann::ordered_json defs = nlohmann::ordered_json::array();
  for (const ValueDefinition& d : v.defs)
    defs.push_back({{"pc", a.code[d.index].pc},
                    {"opcode", a.code[d.index].op.text},
                    {"reg", d.reg},
                    {"value", to_string(d.value)},
                    {"pattern", compressor_pattern(d.value)},
                    {"source", d.observed ? "addresses" : "dataflow"}});
  j["definitions"] = defs;
  j["known_share_static"] = v.static_share.known_share();
  j["known_share_dynamic"] = v.dynamic_share.known_share();
  j["compressible_share_static"] = v.static_share.compressible_share();
  j["compressible_share_dynamic"] = v.dynamic_share.compressible_share();
  return j;
}

void print_regions_text(std::ostream& os, const KernelAnalysis& a, const RegionAnalysis& ra, const RegisterValues& v) {
  const RegionTable& t = ra.table;
  const KernelHeader& h = a.code.header();
  os << "kernel " << h.id << ": " << h.name << "\n  " << a.code.size() << " static instructions, "
     << a.cfg.blocks().size() << " basic blocks, " << t.regions.size() << " regions (budget "
     << t.options.max_regs_per_region << " registers per region, " << t.options.bank_lines << " per bank of "
     << t.options.banks << ", min " << t.options.min_instructions << " instructions)\n";
  os << "  region  first    last     block  insts  live  banks            meta  inputs | outputs | interior\n";
  for (size_t k = 0; k < t.regions.size(); ++k) {
    const Region& g = t.regions[k];
    os << "  " << pad("R" + std::to_string(k), 8) << pad(hex_pc(g.first_pc), 9) << pad(hex_pc(g.last_pc), 9)
       << pad(a.cfg.name(g.block), 7) << pad(std::to_string(g.instructions()), 7) << pad(std::to_string(g.max_live), 6)
       << pad(banks_text(g.bank_usage), 17) << pad(std::to_string(g.metadata_instructions) + (g.compact ? "c" : ""), 6)
       << to_string(g.inputs) << " | " << to_string(g.outputs) << " | " << to_string(g.interior)
       << (g.over_budget ? "  (over budget)" : "") << "\n";
    if (g.invalidating_reads.any() || g.cache_invalidations.any())
      os << "          invalidating reads: " << to_string(g.invalidating_reads)
         << "; cache invalidations: " << to_string(g.cache_invalidations) << "\n";
  }
  RegionSummary s;
  s.add(t);
  os << "  " << fixed(s.static_per_region()) << " static instructions per region, " << fixed(s.dynamic_per_region())
     << " warp instructions per region execution, " << fixed(s.live_at_region_start())
     << " registers live at a region start; metadata " << s.static_metadata << " static, "
     << s.dynamic_metadata << " fetched ("
     << fixed(s.dynamic_instructions ? 100.0 * double(s.dynamic_metadata) / double(s.dynamic_instructions) : 0.0, 1)
     << " % of warp instructions)\n";
  os << "  registers of known value: " << fixed(100.0 * v.static_share.known_share(), 1) << " % of definitions, "
     << fixed(100.0 * v.dynamic_share.known_share(), 1) << " % of writes; compressible "
     << fixed(100.0 * v.static_share.compressible_share(), 1) << " % / "
     << fixed(100.0 * v.dynamic_share.compressible_share(), 1) << " %\n";
}

void print_values_text(std::ostream& os, const KernelAnalysis& a, const RegisterValues& v) {
  const KernelHeader& h = a.code.header();
  std::string roles;
  for (const std::string& r : v.s2r_roles) roles += (roles.empty() ? "" : ", ") + r;
  os << "kernel " << h.id << ": " << h.name << "\n  S2R roles: " << (roles.empty() ? "-" : roles) << "; "
     << v.address_sites_matched << " of " << v.address_sites << " observed address shapes predicted\n";
  os << "  pc       opcode              reg   value                      pattern        source\n";
  for (const ValueDefinition& d : v.defs)
    os << "  " << pad(hex_pc(a.code[d.index].pc), 9) << pad(a.code[d.index].op.text, 20)
       << pad("R" + std::to_string(d.reg), 6) << pad(to_string(d.value), 27) << pad(compressor_pattern(d.value), 15)
       << (d.observed ? "addresses" : "dataflow") << "\n";
  os << "  registers of known value: " << fixed(100.0 * v.static_share.known_share(), 1) << " % of definitions, "
     << fixed(100.0 * v.dynamic_share.known_share(), 1) << " % of writes; compressible "
     << fixed(100.0 * v.static_share.compressible_share(), 1) << " % / "
     << fixed(100.0 * v.dynamic_share.compressible_share(), 1) << " %\n";
}

void print_summary_text(std::ostream& os, const std::string& origin, const RegionSummary& s,
                        const RegisterValues::Share& vs, const RegisterValues::Share& vd) {
  os << "summary (" << origin << ", as seed 000 Table 4.2): " << s.regions << " regions, "
     << fixed(s.static_per_region(), 1) << " static instructions per region, " << fixed(s.dynamic_per_region(), 1)
     << " warp instructions per region execution (cycles per region need the timing model)\n"
     << "  metadata: " << s.static_metadata << " static, " << s.dynamic_metadata << " fetched; known values "
     << fixed(100.0 * vs.known_share(), 1) << " % of definitions, " << fixed(100.0 * vd.known_share(), 1)
     << " % of writes\n";
}

}  // namespace gpucosim::compiler
