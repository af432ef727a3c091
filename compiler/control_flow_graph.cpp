// Basic blocks and edges from the observed transfers (rules in control_flow_graph.h).
#include "compiler/control_flow_graph.h"

#include <algorithm>

namespace gpucosim::compiler {
namespace {

// Successors and predecessors per instruction; kEntry/kExit stand for the virtual nodes.
constexpr int64_t kEntry = -1, kExit = -2;

void add_sorted(std::vector<int>& v, int x) {
  auto it = std::lower_bound(v.begin(), v.end(), x);
  if (it == v.end() || *it != x) v.insert(it, x);
}

}  // namespace

ControlFlowGraph::ControlFlowGraph(const StaticCode& code) {
  const size_t n = code.size();
  std::vector<std::vector<int64_t>> isucc(n), ipred(n);
  for (const auto& [from, to] : code.transfers()) {
    const int64_t a = code.index_of(from), b = code.index_of(to);
    isucc[size_t(a)].push_back(b);
    ipred[size_t(b)].push_back(a);
  }
  for (uint32_t pc : code.entry_pcs()) ipred[size_t(code.index_of(pc))].push_back(kEntry);
  for (uint32_t pc : code.final_pcs()) isucc[size_t(code.index_of(pc))].push_back(kExit);
  for (size_t i = 0; i < n; ++i)
    if (code[i].op.unit == UnitClass::EXIT && std::find(isucc[i].begin(), isucc[i].end(), kExit) == isucc[i].end())
      isucc[i].push_back(kExit);

  // i continues the block of i-1 when the two are one straight-line step apart.
  auto continues = [&](size_t i) {
    return i > 0 && code[i].pc == code[i - 1].pc + code.instruction_size() && isucc[i - 1].size() == 1 &&
           isucc[i - 1][0] == int64_t(i) && ipred[i].size() == 1 && ipred[i][0] == int64_t(i - 1);
  };
  block_of_.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    if (!continues(i)) blocks_.push_back({i, i, code[i].pc, code[i].pc});
    BasicBlock& b = blocks_.back();
    b.last = i;
    b.end_pc = code[i].pc;
    block_of_[i] = int(blocks_.size() - 1);
  }

  succs_.assign(node_count(), {});
  preds_.assign(node_count(), {});
  auto node_of = [&](int64_t inst) {
    return inst == kEntry ? entry() : inst == kExit ? exit() : block_of_[size_t(inst)];
  };
  auto link = [&](int from, int to) {
    add_sorted(succs_[size_t(from)], to);
    add_sorted(preds_[size_t(to)], from);
  };
  for (size_t b = 0; b < blocks_.size(); ++b) {
    for (int64_t s : isucc[blocks_[b].last]) link(int(b), node_of(s));
    for (int64_t p : ipred[blocks_[b].first])
      if (p == kEntry) link(entry(), int(b));
  }
}

std::string ControlFlowGraph::name(int node) const {
  if (node == entry()) return "entry";
  if (node == exit()) return "exit";
  return "B" + std::to_string(node);
}

std::vector<std::pair<int, int>> ControlFlowGraph::edges() const {
  std::vector<std::pair<int, int>> e;
  for (size_t a = 0; a < succs_.size(); ++a)
    for (int b : succs_[a]) e.emplace_back(int(a), b);
  return e;
}

}  // namespace gpucosim::compiler
