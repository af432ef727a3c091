#include "compiler/kernel_analysis.h"

namespace gpucosim::compiler {

KernelAnalysis analyse_kernel(KernelSource& src, const std::string& origin) {
  KernelAnalysis a;
  a.code = scan_kernel(src, origin);
  a.cfg = ControlFlowGraph(a.code);
  a.dom = DominatorTree::dominators(a.cfg);
  a.post_dom = DominatorTree::post_dominators(a.cfg);
  a.live = Liveness(a.code, a.cfg);
  return a;
}

KernelAnalysis analyse_kernel(const KernelOpener& kernel) {
  auto src = kernel.open();
  return analyse_kernel(*src, kernel.origin());
}

}  // namespace gpucosim::compiler
