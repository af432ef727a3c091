// Backward liveness dataflow: block summaries, a worklist to the fixpoint, then per instruction.
#include "compiler/liveness.h"

#include <deque>

namespace gpucosim::compiler {

Liveness::Liveness(const StaticCode& code, const ControlFlowGraph& cfg) {
  std::vector<RegisterSet> kills(code.size());
  for (size_t i = 0; i < code.size(); ++i) kills[i] = code[i].defs;
  solve(code, cfg, kills);
}

Liveness::Liveness(const StaticCode& code, const ControlFlowGraph& cfg, const std::vector<RegisterSet>& kills) {
  solve(code, cfg, kills);
}

void Liveness::solve(const StaticCode& code, const ControlFlowGraph& cfg, const std::vector<RegisterSet>& kills) {
  const auto& blocks = cfg.blocks();
  const size_t nb = blocks.size();
  // use(b): read before any write in b; def(b): written in b.
  std::vector<RegisterSet> use(nb), def(nb), block_in(nb), block_out(nb);
  for (size_t b = 0; b < nb; ++b)
    for (size_t i = blocks[b].last + 1; i-- > blocks[b].first;) {
      use[b] = code[i].uses | (use[b] & ~kills[i]);
      def[b] |= kills[i];
    }

  // Blocks are numbered in PC order, so visiting them backwards approximates postorder and most
  // kernels settle in two sweeps; the worklist makes the result independent of that order.
  std::deque<size_t> work;
  std::vector<char> queued(nb, 1);
  for (size_t b = nb; b-- > 0;) work.push_back(b);
  while (!work.empty()) {
    const size_t b = work.front();
    work.pop_front();
    queued[b] = 0;
    RegisterSet out;
    for (int s : cfg.succs(int(b)))
      if (cfg.is_block(s)) out |= block_in[size_t(s)];
    block_out[b] = out;
    const RegisterSet in = use[b] | (out & ~def[b]);
    if (in == block_in[b]) continue;
    block_in[b] = in;
    for (int p : cfg.preds(int(b)))
      if (cfg.is_block(p) && !queued[size_t(p)]) {
        queued[size_t(p)] = 1;
        work.push_back(size_t(p));
      }
  }

  in_.assign(code.size(), {});
  out_.assign(code.size(), {});
  for (size_t b = 0; b < nb; ++b) {
    RegisterSet live = block_out[b];
    for (size_t i = blocks[b].last + 1; i-- > blocks[b].first;) {
      out_[i] = live;
      live = code[i].uses | (live & ~kills[i]);
      in_[i] = live;
    }
  }

  uint64_t sum = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    const size_t c = live_count(i);
    sum += c;
    if (c > max_) {
      max_ = c;
      max_index_ = i;
    }
  }
  mean_ = code.size() ? double(sum) / double(code.size()) : 0.0;
}

}  // namespace gpucosim::compiler
