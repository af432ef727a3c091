// Properties that must hold for every kernel, checked on every built-in workload at a small
// size: the CFG accounts for every dynamic step of every warp, the dominator trees agree with
// the definition (brute force: a dominates b iff b cannot be reached from the root without a),
// and liveness is sound (every register a warp reads later without writing it first is in the
// static live set at that point).
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "compiler/kernel_analysis.h"
#include "compiler_test_util.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

// Small specs for every built-in workload (the default sizes of some are large).
const std::map<std::string, std::string>& small_specs() {
  static const std::map<std::string, std::string> specs = {
      {"vecadd", "vecadd:n=1000,block=100"},
      {"transpose_naive", "transpose_naive:n=64,block_rows=32"},
      {"transpose_shared", "transpose_shared:n=96,block_rows=4"},
      {"gemm_naive", "gemm_naive:m=30,n=96,k=12,block_y=5,store_every=6"},
      {"gemm_store2", "gemm_store2:m=16,n=64,k=8"},
      {"syrk", "syrk:n=96,m=5,block_y=3"},
      {"syr2k", "syr2k:n=32,m=1,block_y=32,store_each_k=0"},
      {"spmv_csr", "spmv_csr:rows=1000,block=48,avg_nnz=3,seed=7"},
      {"atax", "atax:nx=100,ny=37,block=64"},
      {"stencil2d", "stencil2d:rows=50,cols=37,block=8,iters=3"},
      {"reduction", "reduction:blocks=3,block=64"},
      {"streamcluster", "streamcluster:points=1000,dim=3,centers=7,block=96,seed=3"},
      {"kmeans", "kmeans:points=999,features=3,clusters=2,block=64"},
      {"regheavy", "regheavy:n=500,block=128,loads=20,chain=30,rounds=2"},
      {"branchy", "branchy:n=1000,block=96,max_trips=20,taken_pct=10,seed=9"},
      {"rowwalk", "rowwalk:rows=1000,cols=70,stride=24,sweeps=3,block=96"},
      {"longblock", "longblock:n=1000,block=96,iters=3"},
      {"bigctx", "bigctx:n=256,block=128"},
      {"compute", "compute:n=1000,block=100,iters=2,ilp=3"},
  };
  return specs;
}

TEST(compiler_workloads, EveryBuiltinWorkloadHasASmallSpec) {
  for (const auto& w : builtin_workloads()) EXPECT_EQ(small_specs().count(w->name()), 1u) << w->name();
}

// Nodes reachable from `root` along `next` without passing through `removed`.
std::vector<char> reach(int root, int removed, size_t n, const std::function<const std::vector<int>&(int)>& next) {
  std::vector<char> seen(n, 0);
  if (root == removed) return seen;
  std::vector<int> stack{root};
  seen[size_t(root)] = 1;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int w : next(v))
      if (w != removed && !seen[size_t(w)]) {
        seen[size_t(w)] = 1;
        stack.push_back(w);
      }
  }
  return seen;
}

void expect_tree_matches_definition(const compiler::DominatorTree& t, size_t n,
                                    const std::function<const std::vector<int>&(int)>& next, const std::string& what) {
  const std::vector<char> all = reach(t.root(), -1, n, next);
  for (int a = 0; a < int(n); ++a) {
    const std::vector<char> without = reach(t.root(), a, n, next);
    for (int b = 0; b < int(n); ++b) {
      if (!all[size_t(b)]) continue;
      const bool dominated = a == b || !without[size_t(b)];
      EXPECT_EQ(t.dominates(a, b), dominated) << what << ": " << a << " over " << b;
    }
  }
}

class WorkloadProperties : public ::testing::TestWithParam<std::string> {};

TEST_P(WorkloadProperties, CfgCoversEveryDynamicStep) {
  const compiler::KernelList list = compiler::kernel_list_from_workload(small_specs().at(GetParam()));
  for (const compiler::KernelOpener& k : list.kernels) {
    const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
    const auto& cfg = a.cfg;
    // Blocks partition the instructions in PC order, one instruction size apart inside a block.
    size_t next = 0;
    for (const compiler::BasicBlock& b : cfg.blocks()) {
      EXPECT_EQ(b.first, next);
      for (size_t i = b.first + 1; i <= b.last; ++i)
        EXPECT_EQ(a.code[i].pc, a.code[i - 1].pc + a.code.instruction_size());
      next = b.last + 1;
    }
    EXPECT_EQ(next, a.code.size());
    // Every step of every warp stays inside a block or follows an edge out of a block's end.
    auto src = k.open();
    ThreadBlock tb;
    while (src->next_block(tb))
      for (const Warp& w : tb.warps) {
        if (w.insts.empty()) continue;
        const int first = cfg.block_of(size_t(a.code.index_of(w.insts.front().pc)));
        EXPECT_EQ(cfg.blocks()[size_t(first)].start_pc, w.insts.front().pc);
        const auto& preds = cfg.preds(first);
        EXPECT_NE(std::find(preds.begin(), preds.end(), cfg.entry()), preds.end());
        for (size_t s = 1; s < w.insts.size(); ++s) {
          const size_t i = size_t(a.code.index_of(w.insts[s - 1].pc)), j = size_t(a.code.index_of(w.insts[s].pc));
          const int bi = cfg.block_of(i), bj = cfg.block_of(j);
          if (bi == bj && j == i + 1) continue;
          ASSERT_EQ(cfg.blocks()[size_t(bi)].last, i) << GetParam() << " pc " << w.insts[s - 1].pc;
          ASSERT_EQ(cfg.blocks()[size_t(bj)].first, j);
          const auto& succ = cfg.succs(bi);
          ASSERT_NE(std::find(succ.begin(), succ.end(), bj), succ.end());
        }
        const auto& last = cfg.succs(cfg.block_of(size_t(a.code.index_of(w.insts.back().pc))));
        EXPECT_NE(std::find(last.begin(), last.end(), cfg.exit()), last.end());
      }
  }
}

TEST_P(WorkloadProperties, DominatorsMatchTheDefinition) {
  const compiler::KernelList list = compiler::kernel_list_from_workload(small_specs().at(GetParam()));
  for (const compiler::KernelOpener& k : list.kernels) {
    const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
    const auto& cfg = a.cfg;
    expect_tree_matches_definition(a.dom, cfg.node_count(), [&](int v) -> const std::vector<int>& { return cfg.succs(v); },
                                   GetParam() + " dominators");
    expect_tree_matches_definition(a.post_dom, cfg.node_count(),
                                   [&](int v) -> const std::vector<int>& { return cfg.preds(v); },
                                   GetParam() + " post-dominators");
  }
}

TEST_P(WorkloadProperties, LivenessCoversWhatEveryWarpReadsLater) {
  const compiler::KernelList list = compiler::kernel_list_from_workload(small_specs().at(GetParam()));
  for (const compiler::KernelOpener& k : list.kernels) {
    const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
    auto src = k.open();
    ThreadBlock tb;
    size_t checked = 0;
    while (src->next_block(tb))
      for (const Warp& w : tb.warps) {
        // Walk the stream backwards: the registers read later without a write in between.
        compiler::RegisterSet later;
        for (size_t s = w.insts.size(); s-- > 0;) {
          const size_t i = size_t(a.code.index_of(w.insts[s].pc));
          ASSERT_EQ((later & ~a.live.live_out(i)).none(), true)
              << GetParam() << " pc " << a.code[i].pc << ": " << compiler::to_string(later & ~a.live.live_out(i))
              << " read later but not live";
          later = a.code[i].uses | (later & ~a.code[i].defs);
          ASSERT_EQ((later & ~a.live.live_in(i)).none(), true) << GetParam() << " pc " << a.code[i].pc;
          ++checked;
        }
      }
    EXPECT_GT(checked, 0u);
    EXPECT_GT(a.live.max_live(), 0u);
    EXPECT_LE(a.live.mean_live(), double(a.live.max_live()));
  }
}

INSTANTIATE_TEST_SUITE_P(compiler, WorkloadProperties, ::testing::Values(
    "vecadd", "transpose_naive", "transpose_shared", "gemm_naive", "gemm_store2", "syrk", "syr2k", "spmv_csr",
    "atax", "stencil2d", "reduction", "streamcluster", "kmeans", "regheavy", "branchy", "rowwalk", "longblock", "bigctx",
    "compute"));

}  // namespace
}  // namespace gpucosim
