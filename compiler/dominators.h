#pragma once
// Dominator and post-dominator trees of a ControlFlowGraph, by the iterative algorithm of
// Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001): idoms are refined
// in reverse postorder until nothing changes, intersecting along the current tree with
// postorder numbers. Post-dominators are the same computation on the reversed graph, rooted
// at the virtual exit.
//
// Node a dominates b when every path from the entry to b passes through a; a post-dominates b
// when every path from b to the exit passes through a. Every node dominates itself.
#include <vector>

#include "compiler/control_flow_graph.h"

namespace gpucosim::compiler {

class DominatorTree {
 public:
  DominatorTree() = default;
  // Dominators (rooted at cfg.entry()).
  static DominatorTree dominators(const ControlFlowGraph& cfg);
  // Post-dominators (rooted at cfg.exit()).
  static DominatorTree post_dominators(const ControlFlowGraph& cfg);

  int root() const { return root_; }
  // The immediate (post-)dominator; -1 for the root and for nodes the root does not reach.
  int idom(int node) const { return idom_[size_t(node)]; }
  bool reachable(int node) const { return node == root_ || idom_[size_t(node)] >= 0; }
  bool dominates(int a, int b) const;

 private:
  DominatorTree(int root, std::vector<int> idom) : root_(root), idom_(std::move(idom)) {}
  static DominatorTree build(int root, size_t n, const std::vector<std::vector<int>>& succ,
                             const std::vector<std::vector<int>>& pred);

  int root_ = -1;
  std::vector<int> idom_;
};

}  // namespace gpucosim::compiler
