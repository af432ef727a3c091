#include "systemc/config/option_registry.h"

#include <algorithm>
#include <cstring>

namespace gpucosim {

const char* option_type_name(OptionType t) {
  switch (t) {
    case OptionType::Uint: return "uint";
    case OptionType::Uint64: return "uint64";
    case OptionType::Double: return "double";
    case OptionType::Bool: return "bool (0/1)";
    case OptionType::Choice: return "choice";
    case OptionType::String: return "string";
    case OptionType::Cache: return "cache string";
    case OptionType::Clocks: return "clock domains a:b:c:d";
    case OptionType::Pipeline: return "threads:warp";
    case OptionType::Scheduler: return "scheduler";
    case OptionType::DramTiming: return "DRAM timing";
    case OptionType::UintList: return "uint list a,b,c,d,e[,f]";
    case OptionType::LatencyPair: return "latency,initiation";
    case OptionType::Queues: return "queues a:b:c:d";
    case OptionType::AddrMapping: return "address mapping";
  }
  return "?";
}

void apply_option(const OptionDef& def, const std::string& value, BuildState& state) {
  state.current = &def;
  def.apply(value, state);
  state.current = nullptr;
}

const std::vector<OptionGroup>& option_groups() {
  static const std::vector<OptionGroup> groups = [] {
    std::vector<OptionGroup> g(kCoreOptionGroups, kCoreOptionGroups + kCoreOptionGroupCount);
    g.insert(g.end(), kMemoryOptionGroups, kMemoryOptionGroups + kMemoryOptionGroupCount);
    const std::vector<OptionGroup>& blocks = block_option_groups();
    g.insert(g.end(), blocks.begin(), blocks.end());
    return g;
  }();
  return groups;
}

const OptionDef* find_option(const std::string& name) {
  for (const OptionGroup& g : option_groups())
    for (size_t i = 0; i < g.count; ++i)
      if (name == g.defs[i].name) return &g.defs[i];
  return nullptr;
}

namespace {
// Older GPGPU-Sim releases (the 3.x GTX 480 config among them) used these names.
const char* const kAliases[][2] = {
    {"rop_latency", "gpgpu_l2_rop_latency"},
};
}  // namespace

const char* option_alias_target(const std::string& name) {
  for (const auto& a : kAliases)
    if (name == a[0]) return a[1];
  return nullptr;
}

bool is_unmodelled_option(const std::string& name) {
  for (size_t i = 0; i < kUnmodelledOptionCount; ++i)
    if (name == kUnmodelledOptions[i]) return true;
  for (size_t i = 0; i < kUnmodelledFamilyCount; ++i) {
    size_t n = std::strlen(kUnmodelledFamilies[i]);
    if (name.size() > n && name.compare(0, n, kUnmodelledFamilies[i]) == 0 &&
        std::all_of(name.begin() + long(n), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return true;
  }
  return false;
}

std::vector<std::string> all_option_names() {
  std::vector<std::string> names;
  for (const OptionGroup& g : option_groups())
    for (size_t i = 0; i < g.count; ++i) names.push_back(g.defs[i].name);
  for (size_t i = 0; i < kUnmodelledOptionCount; ++i) names.push_back(kUnmodelledOptions[i]);
  for (size_t i = 0; i < kUnmodelledFamilyCount; ++i) names.push_back(std::string(kUnmodelledFamilies[i]) + "1");
  for (const auto& a : kAliases) names.push_back(a[0]);
  return names;
}

namespace {
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}
}  // namespace

std::string nearest_option_name(const std::string& name) {
  std::string best;
  size_t best_d = SIZE_MAX;
  for (const std::string& cand : all_option_names()) {
    size_t d = edit_distance(name, cand);
    if (d < best_d) best_d = d, best = cand;  // first of equals wins: table order is deterministic
  }
  // A suggestion that needs rewriting half the name helps nobody.
  return best_d <= std::max<size_t>(2, name.size() / 3) ? best : std::string();
}

void finalize_build(BuildState& s) {
  CoreConfig& c = s.gpu.core;
  c.int_ = s.trace_int.value_or(s.ptx_int);
  c.sp = s.trace_sp.value_or(s.ptx_sp);
  c.dp = s.trace_dp.value_or(s.ptx_dp);
  c.sfu = s.trace_sfu.value_or(s.ptx_sfu);
  c.tensor = s.trace_tensor.value_or(s.ptx_tensor);
  const UnitTiming plain{4, 1};
  c.alu = s.alu.value_or(s.trace_int.value_or(plain));
  c.branch = s.branch.value_or(s.trace_int.value_or(plain));
  c.special.clear();
  for (int i = 0; i < BuildState::kSpecialUnits; ++i)
    if (s.spec[size_t(i)].enabled && s.spec[size_t(i)].units > 0)
      c.special.push_back(SpecialUnit{uint32_t(i + 1), s.spec[size_t(i)].name, s.spec[size_t(i)].units,
                                      s.spec_timing[size_t(i)]});

  if (s.specialized_collectors) {
    // Collector sets of units the SM does not have stay idle in GPGPU-Sim; do not count them.
    const bool present[7] = {true, c.n_dp > 0, true, c.n_int > 0, c.n_tensor > 0, true, false};
    c.collector_units = 0;
    for (int k = 0; k < 7; ++k)
      if (present[k]) c.collector_units += s.oc_units[k];
  } else {
    c.collector_units = s.oc_units[kOcGen];
  }
  if (!s.deadlock_detect) s.gpu.limits.deadlock_cycles = 0;
  s.gpu.icnt.sector_packets = c.l1d.enabled && c.l1d.sectored;
}

}  // namespace gpucosim
