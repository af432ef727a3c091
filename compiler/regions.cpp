// analyse_regions: soft definitions, Algorithm 1, lifetimes, metadata.
#include "compiler/regions.h"

#include "compiler/region_formation.h"
#include "compiler/region_lifetimes.h"
#include "compiler/region_shape.h"

namespace gpucosim::compiler {

uint64_t RegionTable::static_metadata() const {
  uint64_t n = 0;
  for (const Region& r : regions) n += r.metadata_instructions;
  return n;
}

uint64_t RegionTable::dynamic_metadata() const {
  uint64_t n = 0;
  for (const Region& r : regions) n += uint64_t(r.metadata_instructions) * r.executions;
  return n;
}

RegionAnalysis analyse_regions(const KernelAnalysis& a, const RegionOptions& options) {
  RegionAnalysis out;
  out.soft = SoftDefinitions(a.code, a.cfg, a.dom, a.post_dom);
  const RegionShaper shaper(a.code, out.soft, options);
  const FormedRegions formed = create_regions(a.cfg, shaper, options);

  RegionTable& t = out.table;
  t.options = options;
  t.splits = formed.splits;
  t.load_use_splits = formed.load_use_splits;
  t.region_of.assign(a.code.size(), -1);
  for (const auto& [first, last] : formed.ranges) {
    const RegionShape s = shaper.shape(first, last);
    Region g;
    g.first = first;
    g.last = last;
    g.first_pc = a.code[first].pc;
    g.last_pc = a.code[last].pc;
    g.block = a.cfg.block_of(first);
    g.inputs = s.inputs;
    g.outputs = s.outputs;
    g.interior = s.interior;
    g.soft_preloads = s.soft_preloads;
    g.max_live = s.max_live;
    g.live_on_entry = uint32_t(a.live.live_in(first).count());
    g.bank_usage = s.bank_usage;
    g.over_budget = !shaper.valid(s, first, last);
    g.executions = a.code[first].executions;
    for (size_t i = first; i <= last; ++i) {
      g.dynamic_instructions += a.code[i].executions;
      t.region_of[i] = int(t.regions.size());
    }
    t.regions.push_back(g);
  }
  annotate_lifetimes(a, out.soft, t);
  for (Region& g : t.regions) count_metadata(a.code, g);
  return out;
}

}  // namespace gpucosim::compiler
