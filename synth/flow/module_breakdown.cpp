// Per-module breakdown (see module_breakdown.h).
#include "synth/flow/module_breakdown.h"

#include <functional>

namespace gpucosim::synth {

namespace {

struct Inclusive {
  uint64_t cells = 0, macros = 0;
  double logic = 0, sram = 0;
};

}  // namespace

std::vector<ModuleArea> module_breakdown(const DesignStats& d, const std::map<std::string, double>& macro_area,
                                         const std::map<std::string, std::string>& labels, double total_area) {
  std::map<std::string, Inclusive> memo;
  std::function<Inclusive(const std::string&)> inclusive = [&](const std::string& mod) {
    if (auto it = memo.find(mod); it != memo.end()) return it->second;
    const ModuleStats& ms = d.modules.at(mod);
    Inclusive in;
    in.logic = ms.chip_area;
    for (const auto& [type, k] : ms.cells) {
      if (d.modules.count(type) && type != mod) {
        const Inclusive sub = inclusive(type);
        in.cells += k * sub.cells;
        in.macros += k * sub.macros;
        in.logic += double(k) * sub.logic;
        in.sram += double(k) * sub.sram;
      } else if (auto m = macro_area.find(type); m != macro_area.end()) {
        in.macros += k;
        in.sram += double(k) * m->second;
      } else {
        in.cells += k;
      }
    }
    memo[mod] = in;
    return in;
  };

  std::vector<ModuleArea> rows;
  std::function<void(const std::string&, uint64_t, int)> visit = [&](const std::string& mod, uint64_t n, int depth) {
    const ModuleStats& ms = d.modules.at(mod);
    const Inclusive in = inclusive(mod);
    ModuleArea r;
    r.module = mod;
    r.base = ms.base;
    if (auto l = labels.find(ms.base); l != labels.end()) r.label = l->second;
    r.depth = depth;
    r.instances = n;
    r.cells_each = in.cells;
    r.macros_each = in.macros;
    r.logic_area_each_um2 = in.logic;
    r.sram_area_each_um2 = in.sram;
    r.own_area_um2 = ms.chip_area;
    for (const auto& [type, k] : ms.cells)
      if (!(d.modules.count(type) && type != mod) && !macro_area.count(type)) r.own_cells += k;
    r.area_um2 = (in.logic + in.sram) * double(n);
    r.share = total_area > 0 ? r.area_um2 / total_area : 0.0;
    rows.push_back(r);
    if (depth > 64) return;
    for (const auto& [type, k] : ms.cells)
      if (d.modules.count(type) && type != mod) visit(type, n * k, depth + 1);
  };
  visit(d.top, 1, 0);
  return rows;
}

}  // namespace gpucosim::synth
