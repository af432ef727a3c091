#pragma once
// Soft definitions (seed 000 §4.4.4, Algorithm 2): under SIMT divergence a write may change only
// the active lanes of a register, so it does not kill the register's earlier value. Liveness
// that treats such a write as a kill would end a live range that other lanes still need.
//
// A definition of register r by instruction i is soft when either
//   * structural (Algorithm 2): some block D strictly dominating i's block, with no block between
//     them that post-dominates D (no reconvergence point between D and i), has a successor that
//     does not dominate i's block and on whose edge from D r is live: another definition reaches
//     a use under different control conditions; or
//   * observed: some dynamic instance of i ran with some but not all of its warp's live lanes
//     (StaticInstruction::partial). Traces carry no predicate operands, so a predicated write
//     shows only this way; Algorithm 2 alone would miss it.
//
// Algorithm 2 asks whether r is live on an edge, and which definitions kill decides liveness,
// so the two are solved together: start from the observed soft definitions, compute liveness in
// which soft definitions do not kill, find the structural ones with it, and repeat until the set
// stops growing (it only grows, so this ends). The virtual entry and exit are not blocks here.
#include <vector>

#include "compiler/control_flow_graph.h"
#include "compiler/dominators.h"
#include "compiler/liveness.h"
#include "compiler/register_set.h"
#include "compiler/static_code.h"

namespace gpucosim::compiler {

// Algorithm 2 as the thesis writes it, for one definition, against the given liveness.
bool is_soft_def(const ControlFlowGraph& cfg, const DominatorTree& dom, const DominatorTree& post_dom,
                 const Liveness& live, size_t insn, uint8_t reg);

class SoftDefinitions {
 public:
  SoftDefinitions() = default;
  SoftDefinitions(const StaticCode& code, const ControlFlowGraph& cfg, const DominatorTree& dom,
                  const DominatorTree& post_dom);

  // Per instruction index: the registers it defines softly (both kinds), and of them the
  // structural (Algorithm 2) and observed (partial lanes) ones.
  const RegisterSet& soft(size_t i) const { return soft_[i]; }
  const RegisterSet& structural(size_t i) const { return structural_[i]; }
  const RegisterSet& observed(size_t i) const { return observed_[i]; }
  // Registers instruction i kills: its definitions less the soft ones.
  RegisterSet kills(const StaticCode& code, size_t i) const { return code[i].defs & ~soft_[i]; }

  // Liveness in which soft definitions do not kill.
  const Liveness& liveness() const { return live_; }
  int rounds() const { return rounds_; }

 private:
  std::vector<RegisterSet> soft_, structural_, observed_;
  Liveness live_;
  int rounds_ = 0;
};

}  // namespace gpucosim::compiler
