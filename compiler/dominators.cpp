// Cooper-Harvey-Kennedy iterative dominators.
#include "compiler/dominators.h"

namespace gpucosim::compiler {

DominatorTree DominatorTree::dominators(const ControlFlowGraph& cfg) {
  std::vector<std::vector<int>> succ(cfg.node_count()), pred(cfg.node_count());
  for (size_t v = 0; v < cfg.node_count(); ++v) {
    succ[v] = cfg.succs(int(v));
    pred[v] = cfg.preds(int(v));
  }
  return build(cfg.entry(), cfg.node_count(), succ, pred);
}

DominatorTree DominatorTree::post_dominators(const ControlFlowGraph& cfg) {
  std::vector<std::vector<int>> succ(cfg.node_count()), pred(cfg.node_count());
  for (size_t v = 0; v < cfg.node_count(); ++v) {
    succ[v] = cfg.preds(int(v));  // the reversed graph
    pred[v] = cfg.succs(int(v));
  }
  return build(cfg.exit(), cfg.node_count(), succ, pred);
}

DominatorTree DominatorTree::build(int root, size_t n, const std::vector<std::vector<int>>& succ,
                                   const std::vector<std::vector<int>>& pred) {
  // Postorder by an iterative depth-first search (no recursion: kernels may be long chains).
  std::vector<int> post_number(n, -1), order;
  std::vector<char> visited(n, 0);
  std::vector<std::pair<int, size_t>> stack{{root, 0}};
  visited[size_t(root)] = 1;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < succ[size_t(v)].size()) {
      const int w = succ[size_t(v)][next++];
      if (!visited[size_t(w)]) {
        visited[size_t(w)] = 1;
        stack.push_back({w, 0});
      }
    } else {
      post_number[size_t(v)] = int(order.size());
      order.push_back(v);
      stack.pop_back();
    }
  }

  std::vector<int> idom(n, -1);
  idom[size_t(root)] = root;
  auto intersect = [&](int a, int b) {
    while (a != b) {
      while (post_number[size_t(a)] < post_number[size_t(b)]) a = idom[size_t(a)];
      while (post_number[size_t(b)] < post_number[size_t(a)]) b = idom[size_t(b)];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {  // reverse postorder
      const int b = *it;
      if (b == root) continue;
      int new_idom = -1;
      for (int p : pred[size_t(b)]) {
        if (idom[size_t(p)] < 0) continue;  // not processed yet, or unreachable
        new_idom = new_idom < 0 ? p : intersect(p, new_idom);
      }
      if (new_idom != idom[size_t(b)]) {
        idom[size_t(b)] = new_idom;
        changed = true;
      }
    }
  }
  idom[size_t(root)] = -1;
  return DominatorTree(root, std::move(idom));
}

bool DominatorTree::dominates(int a, int b) const {
  if (!reachable(b)) return false;
  for (int v = b; v >= 0; v = idom_[size_t(v)])
    if (v == a) return true;
  return false;
}

}  // namespace gpucosim::compiler
