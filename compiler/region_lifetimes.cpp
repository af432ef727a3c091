// Last uses, invalidating reads, cache invalidations and metadata cost.
#include "compiler/region_lifetimes.h"

#include <algorithm>
#include <deque>
#include <set>

namespace gpucosim::compiler {
namespace {

// Blocks of r's live range around `start`: those joined to it by edges on which r is live
// (r live on entry to the edge's target), followed both ways.
std::vector<int> live_component(const ControlFlowGraph& cfg, const Liveness& live, uint8_t r, int start) {
  auto live_edge = [&](int to) { return cfg.is_block(to) && live.live_in(cfg.blocks()[size_t(to)].first).test(r); };
  std::vector<char> seen(cfg.blocks().size(), 0);
  std::vector<int> out;
  std::deque<int> work{start};
  seen[size_t(start)] = 1;
  while (!work.empty()) {
    const int x = work.front();
    work.pop_front();
    out.push_back(x);
    for (int s : cfg.succs(x))
      if (live_edge(s) && !seen[size_t(s)]) {
        seen[size_t(s)] = 1;
        work.push_back(s);
      }
    if (live_edge(x))
      for (int p : cfg.preds(x))
        if (cfg.is_block(p) && !seen[size_t(p)]) {
          seen[size_t(p)] = 1;
          work.push_back(p);
        }
  }
  return out;
}

// Nearest common post-dominator of the nodes (the virtual exit when none nearer).
int common_post_dominator(const DominatorTree& pdom, const std::vector<int>& nodes) {
  int x = nodes.front();
  for (int n : nodes) {
    while (x >= 0 && !pdom.dominates(x, n)) x = pdom.idom(x);
    if (x < 0) return pdom.root();
  }
  return x;
}

}  // namespace

void annotate_lifetimes(const KernelAnalysis& a, const SoftDefinitions& soft, RegionTable& table) {
  const StaticCode& code = a.code;
  const ControlFlowGraph& cfg = a.cfg;
  const Liveness& live = soft.liveness();
  // First region of each block, and regions per block.
  std::vector<std::vector<int>> regions_of_block(cfg.blocks().size());
  for (size_t k = 0; k < table.regions.size(); ++k) regions_of_block[size_t(table.regions[k].block)].push_back(int(k));

  auto references = [&](int block, uint8_t r) {
    const BasicBlock& b = cfg.blocks()[size_t(block)];
    for (size_t i = b.first; i <= b.last; ++i)
      if ((code[i].defs | code[i].uses).test(r)) return true;
    return false;
  };
  // Does r's value in this live range ever cross a region boundary (have a memory copy)?
  auto crosses = [&](const std::vector<int>& comp, uint8_t r) {
    for (int b : comp)
      for (int k : regions_of_block[size_t(b)])
        if ((table.regions[size_t(k)].inputs | table.regions[size_t(k)].outputs).test(r)) return true;
    return false;
  };
  // A cache invalidation of r at the first point after `nodes` where every path has left r's
  // live range: their common post-dominator, or further down while r is live through it.
  std::set<std::pair<int, uint8_t>> placed;
  auto invalidate_after = [&](std::vector<int> nodes, uint8_t r) {
    int x = common_post_dominator(a.post_dom, nodes);
    while (cfg.is_block(x) && live.live_out(cfg.blocks()[size_t(x)].last).test(r)) x = a.post_dom.idom(x);
    if (!cfg.is_block(x)) return;  // the kernel ends first: its registers' memory is released then
    const BasicBlock& b = cfg.blocks()[size_t(x)];
    int region = regions_of_block[size_t(x)].front();
    if (live.live_in(b.first).test(r)) {
      // r dies inside x: at the start of the region holding its last reference.
      for (int k : regions_of_block[size_t(x)])
        for (size_t i = table.regions[size_t(k)].first; i <= table.regions[size_t(k)].last; ++i)
          if ((code[i].defs | code[i].uses).test(r)) region = k;
      if (table.regions[size_t(region)].invalidating_reads.test(r)) return;
    }
    if (placed.insert({region, r}).second) table.regions[size_t(region)].cache_invalidations.set(r);
  };

  // Deaths at a region's last reference: an input not live after the region.
  for (Region& g : table.regions) {
    const RegisterSet dying = g.inputs & ~live.live_out(g.last);
    for (uint8_t r : registers_of(dying)) {
      const std::vector<int> comp = live_component(cfg, live, r, g.block);
      std::vector<int> refs;
      bool post_dominates_all = true;
      for (int b : comp)
        if (references(b, r)) {
          refs.push_back(b);
          if (!a.post_dom.dominates(g.block, b)) post_dominates_all = false;
        }
      if (post_dominates_all) {
        g.invalidating_reads.set(r);
      } else {
        refs.push_back(g.block);
        invalidate_after(refs, r);
      }
    }
  }
  // Deaths on control-flow edges: live out of a block, not into one of its successors.
  for (size_t p = 0; p < cfg.blocks().size(); ++p)
    for (int q : cfg.succs(int(p))) {
      if (!cfg.is_block(q)) continue;
      const RegisterSet dead = live.live_out(cfg.blocks()[p].last) & ~live.live_in(cfg.blocks()[size_t(q)].first);
      for (uint8_t r : registers_of(dead)) {
        const std::vector<int> comp = live_component(cfg, live, r, int(p));
        if (!crosses(comp, r)) continue;
        std::vector<int> nodes{q};
        for (int b : comp)
          if (references(b, r)) nodes.push_back(b);
        invalidate_after(nodes, r);
      }
    }

  // Last references: erase what no later region reads (interior registers, and inputs whose
  // preload was the invalidating read); the rest becomes evictable.
  table.annotations.assign(code.size(), {});
  for (const Region& g : table.regions) {
    RegisterSet seen;
    for (size_t i = g.last + 1; i-- > g.first;) {
      const RegisterSet last_refs = (code[i].defs | code[i].uses) & ~seen;
      seen |= last_refs;
      const RegisterSet erase = last_refs & (g.interior | g.invalidating_reads);
      table.annotations[i].erase = erase;
      table.annotations[i].evict = last_refs & ~erase;
    }
  }
}

void count_metadata(const StaticCode& code, Region& g) {
  // Bits of one 64-bit metadata instruction after its 10-bit opcode.
  constexpr uint32_t kPayload = 54, kEntryBits = 7;  // entry: 6-bit register + invalidation kind
  const uint32_t entries = g.preload_entries();
  const uint32_t max_bank = g.bank_usage.empty() ? 0 : *std::max_element(g.bank_usage.begin(), g.bank_usage.end());
  if (g.instructions() <= 4 && entries <= 2 && max_bank <= 3) {
    // Compact form: 8 banks x 2 bits + 2 entries x 7 bits + 4 instructions x 3 operands x 2 bits = 54.
    g.compact = true;
    g.metadata_instructions = 1;
    return;
  }
  g.compact = false;
  // Region start: 8 banks x 4 bits (5 when a bank needs 16 lines, leaving room for 2 entries).
  const uint32_t header_entries = max_bank >= 16 ? 2 : 3;
  const uint32_t extra = entries > header_entries ? entries - header_entries : 0;
  uint32_t n = 1 + (extra + kPayload / kEntryBits - 1) / (kPayload / kEntryBits);
  // Last-use flags: 2 bits per register operand, 9 instructions x 3 operands per instruction.
  uint32_t insts = 0, slots = 0;
  for (size_t i = g.first; i <= g.last; ++i) {
    uint32_t ops = 0;
    for (int k = 0; k < code[i].n_dst; ++k) ops += code[i].dst[size_t(k)] != kRegZero;
    for (int k = 0; k < code[i].n_src; ++k) ops += code[i].src[size_t(k)] != kRegZero;
    if (insts == 0 || insts + 1 > 9 || slots + ops > 27) {
      ++n;
      insts = 0;
      slots = 0;
    }
    ++insts;
    slots += ops;
  }
  g.metadata_instructions = n;
}

}  // namespace gpucosim::compiler
