// branchy's diamonds, derived from its generator (workloads/branchy.cpp). Its static code, one
// site per 16 bytes:
//
//   0x000-0x050  prologue ending in @P EXIT                                   6  (B0)
//   0x060-0x0e0  setup: two loads (trip count R6, value R10 via the pair R8:R9
//                kept for the final store), it R11, acc R12, BSSY              9  (B1)
//   0x0f0-0x120  loop head: LOP3 R13, ISETP, BSSY, @!P BRA else               4  (B2)
//   0x130-0x170  if-path FMUL FFMA MUFU.RCP FADD, BRA join                    5  (B3)
//   0x180-0x1a0  else-path FADD MUFU.EX2 FMUL                                 3  (B4)
//   0x1b0-0x1f0  join: BSYNC, IADD3 R11, IMAD R10, ISETP, @P BRA loop         5  (B5)
//   0x200-0x220  BSYNC, STG, EXIT                                             3  (B6)
//
// A warp runs the if-path with the taken lanes, then the else-path with the others, so the
// observed successors of the branch are the if-path (some lane taken) and the else-path (no lane
// taken); the if-path's BRA is followed by the else-path (some lane not taken) or the join (all
// taken). The loop's back edge B5 -> B2 exists when some thread loops more than once.
#include <gtest/gtest.h>

#include "compiler/kernel_analysis.h"
#include "compiler_test_util.h"

namespace gpucosim {
namespace {

constexpr uint32_t kHead = 0x0f0, kThen = 0x130, kElse = 0x180, kJoin = 0x1b0, kAfter = 0x200;

compiler::KernelAnalysis analyse(const std::string& spec) {
  const compiler::KernelList list = compiler::kernel_list_from_workload(spec);
  EXPECT_EQ(list.kernels.size(), 1u);
  return compiler::analyse_kernel(list.kernels.at(0));
}

// Block sizes by start PC.
void expect_block(const compiler::KernelAnalysis& a, uint32_t start, uint32_t end, size_t insts) {
  const int b = test::block_at(a, start);
  ASSERT_GE(b, 0) << "no block starts at " << start;
  EXPECT_EQ(a.cfg.blocks()[size_t(b)].end_pc, end) << start;
  EXPECT_EQ(a.cfg.blocks()[size_t(b)].instructions(), insts) << start;
}

// Defaults: 4096 threads, trips 1..8, half the iterations take the if-path. Among 128 warps of
// up to 8 iterations each there are iterations where all, some and none of the looping lanes
// take it (the draws are fixed by the seed, so this is one deterministic kernel).
TEST(compiler_branchy, DiamondInsideTheLoop) {
  const compiler::KernelAnalysis a = analyse("branchy");
  ASSERT_EQ(a.cfg.blocks().size(), 7u);
  expect_block(a, 0x000, 0x050, 6);
  expect_block(a, 0x060, 0x0e0, 9);
  expect_block(a, kHead, 0x120, 4);
  expect_block(a, kThen, 0x170, 5);
  expect_block(a, kElse, 0x1a0, 3);
  expect_block(a, kJoin, 0x1f0, 5);
  expect_block(a, kAfter, 0x220, 3);
  const int pro = 0, setup = 1, head = 2, then_b = 3, else_b = 4, join = 5, after = 6;
  const int entry = a.cfg.entry(), exit = a.cfg.exit();
  const std::vector<std::pair<int, int>> edges = {{pro, setup},     {pro, exit},   {setup, head}, {head, then_b},
                                                  {head, else_b},   {then_b, else_b}, {then_b, join}, {else_b, join},
                                                  {join, head},     {join, after}, {after, exit}, {entry, pro}};
  EXPECT_EQ(a.cfg.edges(), edges);

  // The branch block dominates both paths and the join; neither path dominates the join.
  EXPECT_EQ(a.dom.idom(then_b), head);
  EXPECT_EQ(a.dom.idom(else_b), head);
  EXPECT_EQ(a.dom.idom(join), head);
  EXPECT_EQ(a.dom.idom(head), setup);
  EXPECT_EQ(a.dom.idom(after), join);
  EXPECT_FALSE(a.dom.dominates(then_b, join));
  EXPECT_FALSE(a.dom.dominates(else_b, join));
  // The join post-dominates the branch and both paths (where BSYNC reconverges them), and the
  // loop's exit block post-dominates the join.
  EXPECT_EQ(a.post_dom.idom(head), join);
  EXPECT_EQ(a.post_dom.idom(then_b), join);
  EXPECT_EQ(a.post_dom.idom(else_b), join);
  EXPECT_EQ(a.post_dom.idom(join), after);
  EXPECT_EQ(a.post_dom.idom(setup), head);
  EXPECT_EQ(a.post_dom.idom(pro), exit);  // threads past the end leave at the predicated EXIT
  EXPECT_FALSE(a.post_dom.dominates(then_b, head));
  EXPECT_FALSE(a.post_dom.dominates(else_b, head));
}

TEST(compiler_branchy, LoopCarriedRegistersAreLiveAtTheLoopHead) {
  const compiler::KernelAnalysis a = analyse("branchy");
  // Trip count R6, store address R8:R9, value R10, iteration R11, accumulator R12.
  EXPECT_EQ(compiler::registers_of(a.live.live_in(size_t(a.code.index_of(kHead)))), test::regs({6, 8, 9, 10, 11, 12}));
  // The condition R13 is written at the head and read at the join: live across both paths.
  for (uint32_t pc : {kThen, kElse, kJoin}) EXPECT_TRUE(a.live.live_in(size_t(a.code.index_of(pc))).test(13)) << pc;
  // Those 7, plus the if-path's temporary and the value it writes (FMUL R14 <- R12, R10 ...).
  EXPECT_EQ(a.live.max_live(), 8u);
}

// No thread takes the if-path: the branch always jumps over it to the else-path, which then has
// one predecessor and runs straight into the join: one block. The if-path is not code any warp
// ran, so it is not in the graph.
TEST(compiler_branchy, NeverTakenIfPathIsAbsent) {
  const compiler::KernelAnalysis a = analyse("branchy:taken_pct=0,n=1024");
  ASSERT_EQ(a.cfg.blocks().size(), 5u);
  EXPECT_EQ(a.code.index_of(kThen), -1);
  expect_block(a, kHead, 0x120, 4);
  expect_block(a, kElse, 0x1f0, 3 + 5);
  const int head = test::block_at(a, kHead), rest = test::block_at(a, kElse), after = test::block_at(a, kAfter);
  EXPECT_EQ(a.cfg.succs(head), (std::vector<int>{rest}));
  EXPECT_EQ(a.cfg.succs(rest), (std::vector<int>{head, after}));
  EXPECT_EQ(a.dom.idom(rest), head);
  EXPECT_EQ(a.post_dom.idom(head), rest);
}

// Every thread takes the if-path: the head falls into it (one block), and its BRA jumps over the
// else-path, which never runs, to the join.
TEST(compiler_branchy, AlwaysTakenIfPathJumpsToTheJoin) {
  const compiler::KernelAnalysis a = analyse("branchy:taken_pct=100,n=1024");
  ASSERT_EQ(a.cfg.blocks().size(), 5u);
  EXPECT_EQ(a.code.index_of(kElse), -1);
  expect_block(a, kHead, 0x170, 4 + 5);
  expect_block(a, kJoin, 0x1f0, 5);
  const int head = test::block_at(a, kHead), join = test::block_at(a, kJoin), after = test::block_at(a, kAfter);
  EXPECT_EQ(a.cfg.succs(head), (std::vector<int>{join}));
  EXPECT_EQ(a.cfg.succs(join), (std::vector<int>{head, after}));
  EXPECT_EQ(a.post_dom.idom(head), join);
}

// One trip per thread and no thread taking the if-path: no back edge, so the setup runs straight
// into the loop head, and the else-path straight through the join to the end.
TEST(compiler_branchy, OneTripHasNoBackEdge) {
  const compiler::KernelAnalysis a = analyse("branchy:max_trips=1,taken_pct=0,n=1024");
  ASSERT_EQ(a.cfg.blocks().size(), 3u);
  expect_block(a, 0x000, 0x050, 6);
  expect_block(a, 0x060, 0x120, 9 + 4);
  expect_block(a, kElse, 0x220, 3 + 5 + 3);
  const int entry = a.cfg.entry(), exit = a.cfg.exit();
  EXPECT_EQ(a.cfg.edges(), (std::vector<std::pair<int, int>>{{0, 1}, {0, exit}, {1, 2}, {2, exit}, {entry, 0}}));
}

}  // namespace
}  // namespace gpucosim
