// Basic blocks, edges, dominators and post-dominators on small hand-written kernels whose
// graphs are drawn in the comments.
#include <gtest/gtest.h>

#include "compiler_test_util.h"

namespace gpucosim {
namespace {

using test::block_at;
using test::ins;
using Edge = std::pair<int, int>;

//   0x00 ISETP  0x10 BRA          B0
//   0x20 FADD   0x30 BRA join     B1 (then)
//   0x40 FMUL                     B2 (else)
//   0x50 EXIT                     B3 (join)
// One warp takes each side, as divergent halves of a warp would be listed one after the other.
compiler::KernelAnalysis diamond() {
  const test::WarpLines then_side = {ins(0x00, "ISETP.GE.AND", {}, {0}), ins(0x10, "BRA", {}, {}),
                                     ins(0x20, "FADD", {1}, {0, 0}), ins(0x30, "BRA", {}, {}),
                                     ins(0x50, "EXIT", {}, {})};
  const test::WarpLines else_side = {ins(0x00, "ISETP.GE.AND", {}, {0}), ins(0x10, "BRA", {}, {}),
                                     ins(0x40, "FMUL", {1}, {0, 0}), ins(0x50, "EXIT", {}, {})};
  return test::analyse_text(test::traceg({{then_side, else_side}}));
}

TEST(compiler_cfg, DiamondBlocksAndEdges) {
  const compiler::KernelAnalysis a = diamond();
  const auto& cfg = a.cfg;
  ASSERT_EQ(cfg.blocks().size(), 4u);
  const uint32_t start[] = {0x00, 0x20, 0x40, 0x50}, end[] = {0x10, 0x30, 0x40, 0x50};
  const size_t count[] = {2, 2, 1, 1};
  for (size_t b = 0; b < 4; ++b) {
    EXPECT_EQ(cfg.blocks()[b].start_pc, start[b]);
    EXPECT_EQ(cfg.blocks()[b].end_pc, end[b]);
    EXPECT_EQ(cfg.blocks()[b].instructions(), count[b]);
  }
  const int entry = cfg.entry(), exit = cfg.exit();
  const std::vector<Edge> edges = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, exit}, {entry, 0}};  // sorted: entry < exit
  EXPECT_EQ(cfg.edges(), edges);
  EXPECT_EQ(cfg.name(0), "B0");
  EXPECT_EQ(cfg.name(entry), "entry");
  EXPECT_EQ(cfg.name(exit), "exit");
  EXPECT_EQ(cfg.block_of(3), 1);
}

TEST(compiler_cfg, DiamondDominators) {
  const compiler::KernelAnalysis a = diamond();
  const int entry = a.cfg.entry(), exit = a.cfg.exit();
  EXPECT_EQ(a.dom.idom(0), entry);
  EXPECT_EQ(a.dom.idom(1), 0);
  EXPECT_EQ(a.dom.idom(2), 0);
  EXPECT_EQ(a.dom.idom(3), 0);  // neither side dominates the join
  EXPECT_EQ(a.dom.idom(exit), 3);
  EXPECT_EQ(a.dom.idom(entry), -1);
  EXPECT_TRUE(a.dom.dominates(0, 3));
  EXPECT_FALSE(a.dom.dominates(1, 3));
  EXPECT_TRUE(a.dom.dominates(3, 3));
  // The join post-dominates the branch and both sides: the reconvergence point.
  EXPECT_EQ(a.post_dom.idom(0), 3);
  EXPECT_EQ(a.post_dom.idom(1), 3);
  EXPECT_EQ(a.post_dom.idom(2), 3);
  EXPECT_EQ(a.post_dom.idom(3), exit);
  EXPECT_EQ(a.post_dom.idom(entry), 0);
  EXPECT_TRUE(a.post_dom.dominates(3, 0));
  EXPECT_FALSE(a.post_dom.dominates(1, 0));
}

// 0x00 MOV | 0x10 FADD 0x20 BRA (back to 0x10, then falls through) | 0x30 EXIT
TEST(compiler_cfg, LoopBackEdge) {
  const test::WarpLines w = {ins(0x00, "MOV", {1}, {}),        ins(0x10, "FADD", {1}, {1, 1}),
                             ins(0x20, "BRA", {}, {}),         ins(0x10, "FADD", {1}, {1, 1}),
                             ins(0x20, "BRA", {}, {}, 0, 0),   ins(0x30, "STG.E", {}, {2, 1}, 4),
                             ins(0x40, "EXIT", {}, {})};
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{w}}));
  ASSERT_EQ(a.cfg.blocks().size(), 3u);
  const int head = block_at(a, 0x00), body = block_at(a, 0x10), tail = block_at(a, 0x30);
  ASSERT_GE(head, 0);
  ASSERT_GE(body, 0);
  ASSERT_GE(tail, 0);
  EXPECT_EQ(a.cfg.blocks()[size_t(tail)].instructions(), 2u);
  EXPECT_EQ(a.cfg.succs(body), (std::vector<int>{body, tail}));
  EXPECT_EQ(a.dom.idom(body), head);
  EXPECT_EQ(a.dom.idom(tail), body);
  EXPECT_EQ(a.post_dom.idom(body), tail);
  // R1 is carried around the loop: live out of the back branch; R2 (the store's address pair
  // R2:R3, read but never written) is live everywhere from the entry.
  const auto bra = size_t(a.code.index_of(0x20));
  EXPECT_EQ(compiler::registers_of(a.live.live_out(bra)), test::regs({1, 2, 3}));
  EXPECT_EQ(compiler::registers_of(a.live.live_in(0)), test::regs({2, 3}));
}

// A predicated EXIT ends some threads while the warp goes on: the block ends there and has an
// edge to the exit, so the code after it does not post-dominate the entry.
TEST(compiler_cfg, PredicatedExitEndsABlockWithAnEdgeToTheExit) {
  const test::WarpLines w = {ins(0x00, "ISETP.GE.AND", {}, {0}), ins(0x10, "EXIT", {}, {}, 0, 0),
                             ins(0x20, "MOV", {1}, {}), ins(0x30, "EXIT", {}, {})};
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{w}}));
  ASSERT_EQ(a.cfg.blocks().size(), 2u);
  EXPECT_EQ(a.cfg.succs(0), (std::vector<int>{1, a.cfg.exit()}));
  EXPECT_EQ(a.post_dom.idom(0), a.cfg.exit());
  EXPECT_EQ(a.dom.idom(1), 0);
}

// A stream that ends somewhere other than an EXIT (a truncated trace) still leads to the exit.
TEST(compiler_cfg, EveryStreamEndLeadsToTheExit) {
  const test::WarpLines longer = {ins(0x00, "MOV", {1}, {}), ins(0x10, "MOV", {2}, {}), ins(0x20, "EXIT", {}, {})};
  const test::WarpLines shorter = {ins(0x00, "MOV", {1}, {}), ins(0x10, "MOV", {2}, {})};
  const compiler::KernelAnalysis a = test::analyse_text(test::traceg({{longer, shorter}}));
  ASSERT_EQ(a.cfg.blocks().size(), 2u);
  EXPECT_EQ(a.cfg.blocks()[0].end_pc, 0x10u);
  EXPECT_EQ(a.cfg.succs(0), (std::vector<int>{1, a.cfg.exit()}));
}

}  // namespace
}  // namespace gpucosim
