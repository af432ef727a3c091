// Research-block options, generated from each block's declaration (kit::BlockDecl): the mode
// option `<block>`, one `gpucosim_<block>_<param>` per OPTION/AUTO parameter with the declared
// range, and the kit's own vcd / check / eval_every_cycle options. Single values are checked here
// (the error names the option's file and line); combinations with the core (warps, L1 geometry)
// are checked when the SMs are built (BlockRegistry::make_sm_options), still naming the option.
#include <deque>
#include <map>
#include <stdexcept>

#include "systemc/blocks/kit/block_decl.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/option_set.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

namespace {

enum class Kind { Mode, Param, Vcd, Check, EvalEveryCycle };
struct Target {
  const kit::BlockDecl* block;
  Kind kind;
  const kit::ParamInfo* param;  // Kind::Param
};

// Every generated option, built once from the declarations (immutable afterwards).
struct BlockOptionTables {
  std::deque<std::string> text;                      // owns the strings the OptionDefs point to
  std::deque<std::vector<OptionDef>> defs;
  std::vector<OptionGroup> groups;
  std::map<std::string, Target> targets;
  const char* keep(std::string s) {
    text.push_back(std::move(s));
    return text.back().c_str();
  }
};

const BlockOptionTables& tables();

void apply_block_option(const std::string& v, BuildState& s) {
  const Target& t = tables().targets.at(s.current->name);
  kit::BlockSettings& b = s.gpu.blocks[t.block->name];
  switch (t.kind) {
    case Kind::Mode:
      try {
        b.mode = kit::parse_block_mode(v);
      } catch (const std::invalid_argument& e) {
        throw ValueError(e.what());
      }
      return;
    case Kind::Vcd: b.vcd = v; return;
    case Kind::Check: b.check = parse_bool01(v); return;
    case Kind::EvalEveryCycle: b.eval_every_cycle = parse_bool01(v); return;
    case Kind::Param: {
      const kit::ParamInfo& p = *t.param;
      const uint32_t lo = p.source == kit::ParamSource::Auto ? 0 : p.lo;
      const uint32_t x = parse_u32(v);
      if (x < lo || x > p.hi)
        throw ValueError("expected an integer from " + std::to_string(lo) + " to " + std::to_string(p.hi) + ", got '" +
                         v + "'");
      b.values[p.name] = x;
      return;
    }
  }
}

BlockOptionTables build_tables() {
  BlockOptionTables t;
  for (const kit::BlockDecl* d : kit::builtin_block_decls()) {
    std::vector<OptionDef> rows;
    const std::string n = d->name;
    auto add = [&](const std::string& name, OptionType type, const std::string& def, const std::string& field,
                   const std::string& help, Target target) {
      rows.push_back(OptionDef{t.keep(name), type, t.keep(def), t.keep(field), t.keep(help), apply_block_option});
      t.targets[name] = target;
    };
    add(n, OptionType::String, "off", n + ".mode",
        std::string(d->summary) + ": off (baseline), tlm (C++ twin), rtl (Verilated RTL), lockstep (both, compared "
                                  "every cycle)",
        Target{d, Kind::Mode, nullptr});
    for (const kit::ParamInfo& p : *d->params) {
      if (p.source == kit::ParamSource::Core) continue;
      const bool autov = p.source == kit::ParamSource::Auto;
      add(p.option, OptionType::Uint, std::to_string(autov ? 0 : p.def), n + "." + p.name,
          std::string(p.doc) + " (" + std::to_string(autov ? 0 : p.lo) + " to " + std::to_string(p.hi) + ")",
          Target{d, Kind::Param, &p});
    }
    add("gpucosim_" + n + "_vcd", OptionType::String, "", n + ".vcd",
        "rtl/lockstep: write each SM's waves to <prefix>_sm<N>.vcd (\"\" = none)", Target{d, Kind::Vcd, nullptr});
    add("gpucosim_" + n + "_check", OptionType::Bool, "0", n + ".check",
        "run the block's protocol checker on its pins every cycle (any mode)", Target{d, Kind::Check, nullptr});
    add("gpucosim_" + n + "_eval_every_cycle", OptionType::Bool, "0", n + ".eval_every_cycle",
        "evaluate the block on quiet cycles too (lockstep then compares computed outputs every cycle)",
        Target{d, Kind::EvalEveryCycle, nullptr});
    t.defs.push_back(std::move(rows));
    t.groups.push_back(OptionGroup{d->title, t.defs.back().data(), t.defs.back().size()});
  }
  return t;
}

const BlockOptionTables& tables() {
  static const BlockOptionTables t = build_tables();
  return t;
}

}  // namespace

const std::vector<OptionGroup>& block_option_groups() { return tables().groups; }

std::string idle_block_options_warning(const OptionSet& options, const GpuConfig& gpu) {
  std::map<std::string, std::string> idle;  // block -> its idle options, in name order
  for (const auto& [name, target] : tables().targets) {
    if (target.kind == Kind::Mode) continue;
    const OptionEntry* e = options.find(name);
    if (!e || e->origin.kind == OptionOrigin::Kind::Default) continue;
    const kit::BlockMode mode = gpu.block(target.block->name).mode;
    const bool unused = mode == kit::BlockMode::Off || (target.kind == Kind::Vcd && mode == kit::BlockMode::Tlm);
    if (!unused) continue;
    std::string& list = idle[target.block->name];
    list += (list.empty() ? "" : ", ") + ("-" + name) + " (" + e->origin.describe() + ")";
  }
  std::string s;
  for (const auto& [block, list] : idle) {
    const kit::BlockMode mode = gpu.block(block).mode;
    s += (s.empty() ? "" : "; ") + list + " ha" + (list.find(',') == std::string::npos ? "s" : "ve") +
         " no effect: " + block + " is " + kit::to_string(mode) +
         (mode == kit::BlockMode::Off ? " (-" + block + " tlm, rtl or lockstep turns it on)"
                                      : " (waves come from its RTL: -" + block + " rtl or lockstep)");
  }
  return s;
}

}  // namespace gpucosim
