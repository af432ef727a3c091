#pragma once
// Register liveness per PC: backward dataflow over the ControlFlowGraph,
//   live_out(i) = union of live_in(s) over the successors s of i (nothing is live at the exit)
//   live_in(i)  = uses(i) + (live_out(i) - defs(i))
// solved per block (use/def summaries, worklist in postorder until nothing changes), then
// expanded to every instruction. Operands cover all the registers their width implies
// (register_widths.h). A write always kills: the trace does not say which writes are predicated.
//
// live(i) = live_in(i) + live_out(i) is what must be held in registers while i executes: the
// values it reads and the values it leaves for later, so its count is the register pressure at
// i, and its maximum over the kernel is the largest number of registers live at any point.
#include <cstdint>
#include <vector>

#include "compiler/control_flow_graph.h"
#include "compiler/register_set.h"
#include "compiler/static_code.h"

namespace gpucosim::compiler {

class Liveness {
 public:
  Liveness() = default;
  Liveness(const StaticCode& code, const ControlFlowGraph& cfg);
  // The same with the registers each instruction kills given (kills[i] within code[i].defs):
  // under SIMT divergence a soft definition writes only some lanes and kills nothing, so a live
  // range goes on through it (soft_definitions.h).
  Liveness(const StaticCode& code, const ControlFlowGraph& cfg, const std::vector<RegisterSet>& kills);

  // Per instruction index of the StaticCode.
  const RegisterSet& live_in(size_t i) const { return in_[i]; }
  const RegisterSet& live_out(size_t i) const { return out_[i]; }
  RegisterSet live(size_t i) const { return in_[i] | out_[i]; }
  size_t live_count(size_t i) const { return live(i).count(); }

  // Over all instructions (0 for a kernel without instructions). max_index: the first
  // instruction with the maximum.
  size_t max_live() const { return max_; }
  size_t max_index() const { return max_index_; }
  double mean_live() const { return mean_; }

 private:
  void solve(const StaticCode& code, const ControlFlowGraph& cfg, const std::vector<RegisterSet>& kills);

  std::vector<RegisterSet> in_, out_;
  size_t max_ = 0, max_index_ = 0;
  double mean_ = 0;
};

}  // namespace gpucosim::compiler
