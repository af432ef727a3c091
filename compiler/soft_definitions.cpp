// Algorithm 2 and its fixpoint with soft-aware liveness.
#include "compiler/soft_definitions.h"

namespace gpucosim::compiler {

bool is_soft_def(const ControlFlowGraph& cfg, const DominatorTree& dom, const DominatorTree& post_dom,
                 const Liveness& live, size_t insn, uint8_t reg) {
  const int insn_bb = cfg.block_of(insn);
  // dominators(insnBB), insnBB included, virtual entry excluded.
  std::vector<int> doms;
  for (int v = insn_bb; v >= 0 && cfg.is_block(v); v = dom.idom(v)) doms.push_back(v);
  for (size_t k = 1; k < doms.size(); ++k) {  // strictDoms: all but insnBB itself
    const int dom_bb = doms[k];
    // strictPDoms(domBB) ∩ dominators(insnBB) non-empty: a reconvergence point lies between.
    bool reconverges = false;
    for (int p = post_dom.idom(dom_bb); p >= 0 && cfg.is_block(p) && !reconverges; p = post_dom.idom(p))
      for (int d : doms)
        if (d == p) reconverges = true;
    if (reconverges) continue;
    for (int succ : cfg.succs(dom_bb)) {
      if (!cfg.is_block(succ)) continue;  // the exit: nothing is live there
      if (dom.dominates(succ, insn_bb)) continue;
      if (live.live_in(cfg.blocks()[size_t(succ)].first).test(reg)) return true;
    }
  }
  return false;
}

SoftDefinitions::SoftDefinitions(const StaticCode& code, const ControlFlowGraph& cfg, const DominatorTree& dom,
                                 const DominatorTree& post_dom) {
  const size_t n = code.size();
  observed_.assign(n, {});
  structural_.assign(n, {});
  for (size_t i = 0; i < n; ++i)
    if (code[i].partial > 0) observed_[i] = code[i].defs;
  soft_ = observed_;
  for (bool grew = true; grew;) {
    ++rounds_;
    std::vector<RegisterSet> kills(n);
    for (size_t i = 0; i < n; ++i) kills[i] = code[i].defs & ~soft_[i];
    live_ = Liveness(code, cfg, kills);
    grew = false;
    for (size_t i = 0; i < n; ++i)
      for (uint8_t r : registers_of(code[i].defs)) {
        if (structural_[i].test(r) || !is_soft_def(cfg, dom, post_dom, live_, i, r)) continue;
        structural_[i].set(r);
        if (!soft_[i].test(r)) {
          soft_[i].set(r);
          grew = true;
        }
      }
  }
}

}  // namespace gpucosim::compiler
