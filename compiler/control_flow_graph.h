#pragma once
// The control-flow graph of a kernel from the transfers its warps were seen to take
// (StaticCode::transfers): for each pair of consecutive instructions in a warp's stream, an edge
// from the first PC to the second. Only what ran is in the graph: a branch never taken has no
// edge, code never reached has no block.
//
// Nodes are the basic blocks, numbered 0..n-1 in PC order, plus a virtual entry (node n) and a
// virtual exit (node n+1). The entry leads to every PC that began a warp's stream; every PC
// that ended one, and every EXIT instruction (a predicated EXIT ends some threads even when the
// warp goes on), leads to the exit. A basic block is a maximal run of instructions at
// consecutive PCs (one instruction size apart) where each has exactly one successor, the next,
// and each after the first exactly one predecessor, the previous: one entry, straight line.
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/static_code.h"

namespace gpucosim::compiler {

struct BasicBlock {
  size_t first = 0, last = 0;     // indices into StaticCode::instructions(), inclusive
  uint32_t start_pc = 0, end_pc = 0;  // PCs of the first and last instruction
  size_t instructions() const { return last - first + 1; }
};

class ControlFlowGraph {
 public:
  ControlFlowGraph() = default;
  explicit ControlFlowGraph(const StaticCode& code);

  const std::vector<BasicBlock>& blocks() const { return blocks_; }
  size_t node_count() const { return blocks_.size() + 2; }
  int entry() const { return int(blocks_.size()); }
  int exit() const { return int(blocks_.size()) + 1; }
  bool is_block(int node) const { return node >= 0 && size_t(node) < blocks_.size(); }
  // "B3", "entry", "exit".
  std::string name(int node) const;

  // Successors / predecessors of a node, sorted by node number.
  const std::vector<int>& succs(int node) const { return succs_[size_t(node)]; }
  const std::vector<int>& preds(int node) const { return preds_[size_t(node)]; }
  // Every edge (from, to), sorted.
  std::vector<std::pair<int, int>> edges() const;

  // The block holding instruction `index` of the StaticCode it was built from.
  int block_of(size_t index) const { return block_of_[index]; }

 private:
  std::vector<BasicBlock> blocks_;
  std::vector<std::vector<int>> succs_, preds_;
  std::vector<int> block_of_;
};

}  // namespace gpucosim::compiler
