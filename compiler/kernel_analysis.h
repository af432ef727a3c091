#pragma once
// Everything the compiler service computes for one kernel, in one call: the static code (one
// streaming pass over the kernel), its CFG, dominator and post-dominator trees and liveness.
// The parts are plain values that own their data, so a KernelAnalysis can be kept, moved and
// consulted while the same kernel is reopened and simulated.
//
//   const KernelList list = kernel_list_from_workload("branchy");
//   KernelAnalysis a = analyse_kernel(list.kernels[0]);
//   for (const BasicBlock& b : a.cfg.blocks()) ...                  // start_pc, end_pc
//   a.live.live_in(a.code.index_of(pc))                              // RegisterSet
//   a.post_dom.idom(a.cfg.block_of(i))                               // reconvergence block
#include "compiler/control_flow_graph.h"
#include "compiler/dominators.h"
#include "compiler/kernel_opener.h"
#include "compiler/liveness.h"
#include "compiler/static_code.h"

namespace gpucosim::compiler {

struct KernelAnalysis {
  StaticCode code;
  ControlFlowGraph cfg;
  DominatorTree dom, post_dom;
  Liveness live;
};

// Reads `src` to its end (pass a freshly opened source); `origin` names it in errors.
KernelAnalysis analyse_kernel(KernelSource& src, const std::string& origin);
// Opens the kernel afresh and analyses it.
KernelAnalysis analyse_kernel(const KernelOpener& kernel);

}  // namespace gpucosim::compiler
