// RegLess regions (compiler/regions.h): hand-built kernels whose regions follow from Algorithm 1
// by the reasoning written beside each, and the invariants every built-in workload must keep.
#include <gtest/gtest.h>

#include "compiler/region_shape.h"
#include "compiler/regions.h"
#include "compiler_test_util.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

using compiler::Region;
using compiler::RegionOptions;
using compiler::RegisterSet;

RegisterSet set_of(std::initializer_list<int> r) {
  RegisterSet s;
  for (int x : r) s.set(size_t(x));
  return s;
}

compiler::RegionAnalysis regions_of(const compiler::KernelAnalysis& a, RegionOptions o = {}) {
  return compiler::analyse_regions(a, o);
}

std::vector<std::pair<uint32_t, uint32_t>> pcs(const compiler::RegionAnalysis& r) {
  std::vector<std::pair<uint32_t, uint32_t>> v;
  for (const Region& g : r.table.regions) v.emplace_back(g.first_pc, g.last_pc);
  return v;
}

// One block, no loads, three registers at most: the block is one region, everything interior,
// each register erased at its last reference (R3 is written and never read: erased at 0x20).
TEST(compiler_regions, SmallBlockIsOneRegionWithInteriorRegisters) {
  using test::ins;
  const auto a = test::analyse_text(test::traceg({{{ins(0x00, "MOV", {1}, {}), ins(0x10, "IADD3", {2}, {1, 1}),
                                                     ins(0x20, "IADD3", {3}, {2, 1}), ins(0x30, "EXIT", {}, {})}}}));
  const auto r = regions_of(a);
  ASSERT_EQ(r.table.regions.size(), 1u);
  const Region& g = r.table.regions[0];
  EXPECT_EQ(g.first_pc, 0x00u);
  EXPECT_EQ(g.last_pc, 0x30u);
  EXPECT_TRUE(g.inputs.none());
  EXPECT_TRUE(g.outputs.none());
  EXPECT_EQ(g.interior, set_of({1, 2, 3}));
  EXPECT_EQ(g.max_live, 3u);  // at 0x20: R1, R2 read, R3 written
  EXPECT_EQ(r.table.annotations[2].erase, set_of({1, 2, 3}));
  EXPECT_TRUE(r.table.annotations[0].erase.none());
  // 4 instructions, no preloads, bank usage <= 3: the compact metadata form.
  EXPECT_TRUE(g.compact);
  EXPECT_EQ(g.metadata_instructions, 1u);
}

// A global load at 0x20 whose first use is 0x50. upperBound = 0x50 (the prefix up to it holds
// the pair); lowerBound = the first split past the load, 0x30. With the six-instruction minimum
// it is raised to 0x60 and capped at upperBound: the split is at 0x50, and R2, R3 (the address
// pair, read again by the store), R4 (loaded) and R6 cross. With a minimum of one instruction the
// window is 0x30..0x50: splitting at 0x30 leaves R2, R3, R4 crossing (3 out + 3 in), at 0x40 or
// 0x50 four (R5 or R6 besides): the split is at 0x30.
TEST(compiler_regions, GlobalLoadAndFirstUseAreSplit) {
  using test::ins;
  const auto a = test::analyse_text(test::traceg({{{
      ins(0x00, "MOV", {2}, {}), ins(0x10, "MOV", {3}, {}), ins(0x20, "LDG.E", {4}, {2}, 4),
      ins(0x30, "IADD3", {5}, {2, 3}), ins(0x40, "IADD3", {6}, {5, 5}), ins(0x50, "FADD", {7}, {4, 6}),
      ins(0x60, "STG.E", {}, {2, 7}, 4), ins(0x70, "EXIT", {}, {})}}}));
  using Pcs = std::vector<std::pair<uint32_t, uint32_t>>;
  const auto r6 = regions_of(a);
  EXPECT_EQ(pcs(r6), (Pcs{{0x00, 0x40}, {0x50, 0x70}}));
  EXPECT_EQ(r6.table.load_use_splits, 1u);
  EXPECT_EQ(r6.table.regions.at(1).inputs, set_of({2, 3, 4, 6}));
  EXPECT_EQ(r6.table.regions[0].outputs, set_of({2, 3, 4, 6}));
  EXPECT_EQ(r6.table.regions[0].interior, set_of({5}));
  // At 0x30: R2, R3, R5 and the loaded R4, reserved from the load to the region's end.
  EXPECT_EQ(r6.table.regions[0].max_live, 4u);

  RegionOptions o;
  o.min_instructions = 1;
  const auto r1 = regions_of(a, o);
  EXPECT_EQ(pcs(r1), (Pcs{{0x00, 0x20}, {0x30, 0x70}}));
  EXPECT_EQ(r1.table.regions.at(1).inputs, set_of({2, 3, 4}));
  EXPECT_EQ(r1.table.regions[0].outputs, set_of({2, 3, 4}));
  // The loaded R4 is read for the last time at 0x50 and dead after: its preload in the second
  // region is the last read of its memory copy (the region's block post-dominates its range).
  EXPECT_TRUE(r1.table.regions[1].invalidating_reads.test(4));
  EXPECT_TRUE(r1.table.annotations[size_t(a.code.index_of(0x50))].erase.test(4));
}

// A budget of 3 registers: the block needs 4 at 0x50 (R3, R4, R5, R6), so the first invalid
// prefix ends there (upperBound 0x50); with a minimum of one instruction the window is 0x10..
// 0x50, where splitting before 0x10 or 0x30 leaves one register crossing (R1, R3) and the other
// points two or three: the tie goes to the later, 0x30. The first region is 0x00-0x20.
TEST(compiler_regions, BudgetSplitTakesTheFewestBoundaryRegisters) {
  using test::ins;
  const auto a = test::analyse_text(test::traceg({{{
      ins(0x00, "MOV", {1}, {}), ins(0x10, "MOV", {2}, {}), ins(0x20, "IADD3", {3}, {1, 2}),
      ins(0x30, "MOV", {4}, {}), ins(0x40, "MOV", {5}, {}), ins(0x50, "IADD3", {6}, {4, 5}),
      ins(0x60, "IADD3", {7}, {3, 6}), ins(0x70, "EXIT", {}, {})}}}));
  RegionOptions o;
  o.max_regs_per_region = 3;
  o.min_instructions = 1;
  const auto r = regions_of(a, o);
  ASSERT_GE(r.table.regions.size(), 2u);
  EXPECT_EQ(r.table.regions[0].first_pc, 0x00u);
  EXPECT_EQ(r.table.regions[0].last_pc, 0x20u);
  EXPECT_EQ(r.table.regions[0].outputs, set_of({3}));
  EXPECT_EQ(r.table.regions[0].interior, set_of({1, 2}));
  for (const Region& g : r.table.regions)
    if (!g.over_budget) {
      EXPECT_LE(g.max_live, 3u) << compiler::hex_pc(g.first_pc);
    }
  // With the default budget (32) the block is one region.
  EXPECT_EQ(regions_of(a).table.regions.size(), 1u);
}

// Per-bank budget: R0, R8 and R16 share bank 0 (register mod 8). With one line per bank the
// three cannot be held together; R0 and R8 can't either: each region holds at most one.
TEST(compiler_regions, PerBankBudgetIsRespected) {
  using test::ins;
  const auto a = test::analyse_text(test::traceg({{{
      ins(0x00, "MOV", {0}, {}), ins(0x10, "MOV", {8}, {}), ins(0x20, "MOV", {16}, {}),
      ins(0x30, "IADD3", {1}, {0, 8}), ins(0x40, "IADD3", {2}, {1, 16}), ins(0x50, "EXIT", {}, {})}}}));
  RegionOptions o;
  o.bank_lines = 2;
  o.min_instructions = 1;
  const auto r = regions_of(a, o);
  EXPECT_GE(r.table.regions.size(), 2u);
  for (const Region& g : r.table.regions) {
    EXPECT_EQ(g.bank_usage.size(), 8u);
    if (!g.over_budget) {
      EXPECT_LE(g.bank_usage[0], 2u) << compiler::hex_pc(g.first_pc);
    }
  }
  EXPECT_EQ(regions_of(a).table.regions.size(), 1u);
}

// If-then (warp 0 takes the then-block, warp 1 jumps over it, both with all lanes): the
// then-block's write of R1 is soft by Algorithm 2 (B0 strictly dominates it, nothing between
// post-dominates B0, and R1 is live on the edge B0 -> B2 that avoids it). So R1 stays live
// through it, and the then-block's region preloads R1.
TEST(compiler_regions, Algorithm2IfThenWriteIsSoftAndPreloaded) {
  using test::ins;
  const std::vector<std::string> head = {ins(0x00, "MOV", {1}, {}), ins(0x10, "ISETP.NE.AND", {}, {1}),
                                         ins(0x20, "BRA", {}, {})};
  test::WarpLines w0 = head, w1 = head;
  for (const auto& l : {ins(0x30, "MOV", {1}, {}), ins(0x40, "IADD3", {2}, {1, 1}), ins(0x50, "EXIT", {}, {})})
    w0.push_back(l);
  for (const auto& l : {ins(0x40, "IADD3", {2}, {1, 1}), ins(0x50, "EXIT", {}, {})}) w1.push_back(l);
  const auto a = test::analyse_text(test::traceg({{w0, w1}}));
  ASSERT_EQ(a.cfg.blocks().size(), 3u);
  const size_t then_i = size_t(a.code.index_of(0x30));
  EXPECT_TRUE(compiler::is_soft_def(a.cfg, a.dom, a.post_dom, a.live, then_i, 1));
  EXPECT_FALSE(compiler::is_soft_def(a.cfg, a.dom, a.post_dom, a.live, 0, 1));  // no dominator but itself
  const auto r = regions_of(a);
  EXPECT_EQ(r.soft.structural(then_i), set_of({1}));
  EXPECT_TRUE(r.soft.observed(then_i).none());
  EXPECT_TRUE(r.soft.liveness().live_in(then_i).test(1));
  EXPECT_FALSE(a.live.live_in(then_i).test(1));  // standard liveness: the write kills
  const Region& then_region = r.table.regions.at(size_t(r.table.region_of[then_i]));
  EXPECT_EQ(then_region.inputs, set_of({1}));
  EXPECT_EQ(then_region.soft_preloads, set_of({1}));
  EXPECT_EQ(then_region.outputs, set_of({1}));
}

// If-then-else: each side writes R1 before the join reads it. Algorithm 2: from B0 the other
// side's edge does not carry R1 live (that side writes it first), so neither write is soft.
TEST(compiler_regions, Algorithm2IfThenElseWritesAreNotSoft) {
  using test::ins;
  const std::vector<std::string> head = {ins(0x00, "MOV", {1}, {}), ins(0x10, "ISETP.NE.AND", {}, {1}),
                                         ins(0x20, "BRA", {}, {})};
  const std::vector<std::string> tail = {ins(0x60, "IADD3", {2}, {1, 1}), ins(0x70, "EXIT", {}, {})};
  test::WarpLines w0 = head, w1 = head;
  w0.push_back(ins(0x30, "MOV", {1}, {}));
  w0.push_back(ins(0x40, "BRA", {}, {}));
  w1.push_back(ins(0x50, "MOV", {1}, {}));
  w0.insert(w0.end(), tail.begin(), tail.end());
  w1.insert(w1.end(), tail.begin(), tail.end());
  const auto a = test::analyse_text(test::traceg({{w0, w1}}));
  ASSERT_EQ(a.cfg.blocks().size(), 4u);
  const auto r = regions_of(a);
  for (uint32_t pc : {0x30u, 0x50u}) {
    const size_t i = size_t(a.code.index_of(pc));
    EXPECT_TRUE(r.soft.soft(i).none()) << pc;
    EXPECT_TRUE(r.table.regions.at(size_t(r.table.region_of[i])).inputs.none()) << pc;
  }
}

// A loop: the body's redefinition of its own counter is not soft (the body post-dominates the
// preheader: line 6 of Algorithm 2 skips it). A write with half the lanes is soft (observed).
TEST(compiler_regions, LoopWriteIsNotSoftPartialWriteIs) {
  using test::ins;
  test::WarpLines w = {ins(0x00, "MOV", {1}, {})};
  for (int it = 0; it < 3; ++it)
    for (const auto& l : {ins(0x10, "IADD3", {1}, {1}), ins(0x20, "ISETP.LT.AND", {}, {1}), ins(0x30, "BRA", {}, {})})
      w.push_back(l);
  w.push_back(ins(0x40, "MOV", {2}, {}, 0, 0x0000ffffu));  // predicated: half the lanes
  w.push_back(ins(0x50, "IADD3", {3}, {1, 2}));
  w.push_back(ins(0x60, "EXIT", {}, {}));
  const auto a = test::analyse_text(test::traceg({{w}}));
  const auto r = regions_of(a);
  EXPECT_TRUE(r.soft.soft(size_t(a.code.index_of(0x10))).none());
  const size_t half = size_t(a.code.index_of(0x40));
  EXPECT_EQ(r.soft.observed(half), set_of({2}));
}

// The invariants of spec §3.2 item 13 and the region table's definitions, on one kernel.
void check_invariants(const compiler::KernelAnalysis& a, const compiler::RegionAnalysis& ra, const std::string& what) {
  const compiler::RegionTable& t = ra.table;
  const compiler::Liveness& live = ra.soft.liveness();
  // Every instruction in exactly one region; regions in PC order, contiguous, within one block.
  std::vector<int> seen(a.code.size(), 0);
  for (size_t k = 0; k < t.regions.size(); ++k) {
    const Region& g = t.regions[k];
    ASSERT_LE(g.first, g.last) << what;
    EXPECT_EQ(a.cfg.block_of(g.first), a.cfg.block_of(g.last)) << what << " region " << k;
    for (size_t i = g.first; i <= g.last; ++i) {
      ++seen[i];
      EXPECT_EQ(t.region_of[i], int(k)) << what;
    }
    // No long-latency load with its first use: recomputed here by walking forward.
    for (size_t i = g.first; i <= g.last; ++i) {
      if (!compiler::is_long_latency_load(a.code[i])) continue;
      RegisterSet pending = a.code[i].defs;
      for (size_t j = i + 1; j <= g.last && pending.any(); ++j) {
        EXPECT_FALSE((a.code[j].uses & pending).any())
            << what << ": load at " << compiler::hex_pc(a.code[i].pc) << " used at " << compiler::hex_pc(a.code[j].pc);
        pending &= ~ra.soft.kills(a.code, j);
      }
    }
    // Budgets, unless a single instruction alone exceeds them.
    if (g.over_budget) {
      EXPECT_EQ(g.instructions(), 1u) << what;
    } else {
      EXPECT_LE(g.max_live, t.options.max_regs_per_region) << what;
      for (uint32_t b : g.bank_usage) EXPECT_LE(b, t.options.bank_lines) << what;
    }
    // Inputs: live on entry and read or softly written here before any full write here.
    EXPECT_EQ((g.inputs & ~live.live_in(g.first)).count(), 0u) << what;
    RegisterSet killed, exposed;
    for (size_t i = g.first; i <= g.last; ++i) {
      exposed |= (a.code[i].uses | ra.soft.soft(i)) & ~killed;
      killed |= ra.soft.kills(a.code, i);
    }
    EXPECT_EQ((g.inputs & ~exposed).count(), 0u) << what;
    // Outputs: written here, live after; interior: not live after, not an input.
    RegisterSet defs, refs;
    for (size_t i = g.first; i <= g.last; ++i) {
      defs |= a.code[i].defs;
      refs |= a.code[i].defs | a.code[i].uses;
    }
    EXPECT_EQ(g.outputs, defs & live.live_out(g.last)) << what;
    EXPECT_TRUE((g.interior & live.live_out(g.last)).none()) << what;
    EXPECT_TRUE((g.interior & g.inputs).none()) << what;
    EXPECT_EQ(g.interior | g.inputs | g.outputs, refs | g.inputs) << what;
    // Each referenced register has one last-reference annotation in the region; interior ones erase.
    RegisterSet annotated;
    for (size_t i = g.first; i <= g.last; ++i) {
      const auto& n = t.annotations[i];
      EXPECT_TRUE((n.erase & n.evict).none()) << what;
      EXPECT_TRUE(((n.erase | n.evict) & annotated).none()) << what;
      annotated |= n.erase | n.evict;
      EXPECT_TRUE((n.evict & g.interior).none()) << what;
    }
    EXPECT_EQ(annotated, refs) << what;
    EXPECT_GE(g.metadata_instructions, 1u) << what;
    EXPECT_GE(g.max_live, g.inputs.count() > 0 ? 1u : 0u) << what;
  }
  for (size_t i = 0; i < a.code.size(); ++i) EXPECT_EQ(seen[i], 1) << what << " instruction " << i;
}

TEST(compiler_regions, InvariantsHoldOnEveryBuiltInWorkload) {
  for (const auto& w : builtin_workloads()) {
    const compiler::KernelList list = compiler::kernel_list_from_workload(w->name());
    for (const compiler::KernelOpener& k : list.kernels) {
      const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
      check_invariants(a, compiler::analyse_regions(a, {}), w->name());
      // Tight budgets force many splits (and some single instructions over budget).
      RegionOptions tight;
      tight.max_regs_per_region = 6;
      tight.bank_lines = 2;
      check_invariants(a, compiler::analyse_regions(a, tight), w->name() + " (tight)");
    }
  }
}

}  // namespace
}  // namespace gpucosim

namespace gpucosim {
namespace {

// A barrier is the last instruction of its region (regless-compiler.md row 20): a warp waiting at
// it holds no OSU reservation. The block below is one basic block that would otherwise be one
// region (no loads, three registers).
TEST(compiler_regions, BarrierEndsItsRegion) {
  using test::ins;
  const auto a = test::analyse_text(test::traceg({{{ins(0x00, "MOV", {1}, {}), ins(0x10, "IADD3", {2}, {1, 1}),
                                                     ins(0x20, "BAR.SYNC", {}, {}), ins(0x30, "IADD3", {3}, {2, 1}),
                                                     ins(0x40, "EXIT", {}, {})}}}));
  const auto r = regions_of(a);
  ASSERT_EQ(r.table.regions.size(), 2u);
  EXPECT_EQ(r.table.regions[0].last_pc, 0x20u);
  EXPECT_EQ(r.table.regions[1].first_pc, 0x30u);
  EXPECT_EQ(r.table.regions[1].inputs, set_of({1, 2}));
}

}  // namespace
}  // namespace gpucosim
