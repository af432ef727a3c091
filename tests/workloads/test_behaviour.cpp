// Workload-specific behaviour: the memory and control-flow patterns each kernel exists for.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "kernel/input_error.h"
#include "workload_test_util.h"

namespace gpucosim {
namespace {

using test::Materialised;

// Instructions of a warp with opcode `op` whose first source is `src` (-1: any).
std::vector<const Instruction*> find(const Materialised& m, const Warp& w, const std::string& op, int src = -1) {
  std::vector<const Instruction*> v;
  for (const Instruction& i : w.insts)
    if (test::opcode_text(m, i) == op && (src < 0 || (i.n_src > 0 && i.src[0] == src))) v.push_back(&i);
  return v;
}

std::set<uint64_t> addresses(const Warp& w, const Instruction& i) {
  std::set<uint64_t> s;
  for (int l = 0; l < kWarpSize; ++l)
    if (i.active_mask >> l & 1u) s.insert(w.lane_addrs(i)[size_t(l)]);
  return s;
}

// A generated app and its materialised kernels (which point into the app's opcode tables).
struct GenRun {
  GeneratedApp app;
  std::vector<Materialised> k;
};
GenRun run(const std::string& name, const std::vector<std::string>& overrides = {}) {
  GenRun r{test::generate_default(name, overrides), {}};
  r.k = test::materialise(r.app);
  return r;
}

TEST(workloads, VecaddMatchesTheNvccFixtureShape) {
  GenRun run_k = run("vecadd");
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].header.nregs, 12u);
  EXPECT_EQ(k[0].header.name, "_Z9vectorAddPKfS0_Pfi");
  const std::vector<std::string> fixture = {"MOV", "S2R", "S2R", "IMAD", "ISETP.GE.AND", "EXIT", "HFMA2.MMA",
                                            "ULDC.64", "IMAD.WIDE", "IMAD.WIDE", "LDG.E", "LDG.E", "IMAD.WIDE",
                                            "FADD", "FADD", "STG.E", "EXIT"};
  const Warp& w0 = k[0].blocks[0].warps[0];
  ASSERT_EQ(w0.insts.size(), fixture.size());
  for (size_t i = 0; i < fixture.size(); ++i) {
    EXPECT_EQ(test::opcode_text(k[0], w0.insts[i]), fixture[i]);
    EXPECT_EQ(w0.insts[i].pc, i * 16);
  }
  EXPECT_EQ(w0.insts[5].active_mask, 0u);  // nobody exits early in a full warp
  for (const Instruction* ld : find(k[0], w0, "LDG.E")) {
    EXPECT_EQ(test::lines_touched(w0, *ld), 1u);
    const auto a = addresses(w0, *ld);
    EXPECT_EQ(*a.rbegin() + 4 - *a.begin(), 128u);
    EXPECT_EQ(ld->addr_mode, AddrMode::BaseStride);
  }
  // n = 5000, 256 per block: the last block has 136 threads -> 4 full warps, one with 8 lanes,
  // three that only run the prologue and exit.
  const ThreadBlock& last = k[0].blocks.back();
  EXPECT_EQ(last.warps[4].insts.size(), 17u);
  EXPECT_EQ(last.warps[4].insts[5].active_mask, 0xffffff00u);
  EXPECT_EQ(last.warps[4].insts[10].active_mask, 0x000000ffu);
  for (int w = 5; w < 8; ++w) {
    ASSERT_EQ(last.warps[size_t(w)].insts.size(), 6u);
    EXPECT_EQ(last.warps[size_t(w)].insts[5].active_mask, 0xffffffffu);
  }
}

TEST(workloads, TransposeNaiveColumnLoadsHit32LinesAndNeighbourWarpsShareThem) {
  GenRun run_k = run("transpose_naive");
  auto& k = run_k.k;
  const ThreadBlock& b = k[0].blocks[0];
  for (const Warp& w : b.warps) {
    for (const Instruction* ld : find(k[0], w, "LDG.E")) EXPECT_EQ(test::lines_touched(w, *ld), 32u);
    for (const Instruction* st : find(k[0], w, "STG.E")) EXPECT_EQ(test::lines_touched(w, *st), 1u);
  }
  auto lines = [&](const Warp& w) {
    std::set<uint64_t> s;
    for (uint64_t a : addresses(w, *find(k[0], w, "LDG.E")[0])) s.insert(a / 128);
    return s;
  };
  EXPECT_EQ(lines(b.warps[0]), lines(b.warps[1]));  // rows y and y+1: same lines, next word
}

TEST(workloads, TransposeSharedBarrierAndConflictFreePaddedTile) {
  GenRun run_k = run("transpose_shared");
  auto& k = run_k.k;
  EXPECT_EQ(k[0].header.shmem, 32u * 33u * 4u);
  for (const Warp& w : k[0].blocks[3].warps) {
    EXPECT_EQ(find(k[0], w, "BAR.SYNC").size(), 1u);
    const auto lds = find(k[0], w, "LDS"), sts = find(k[0], w, "STS");
    ASSERT_FALSE(lds.empty());
    ASSERT_FALSE(sts.empty());
    for (auto* v : {&lds, &sts})
      for (const Instruction* i : *v) {
        std::set<uint64_t> banks;
        for (uint64_t a : addresses(w, *i)) banks.insert(a / 4 % 32);
        EXPECT_EQ(banks.size(), 32u) << "bank conflict";
      }
    for (const char* g : {"LDG.E", "STG.E"})
      for (const Instruction* i : find(k[0], w, g)) EXPECT_EQ(test::lines_touched(w, *i), 1u);
  }
}

TEST(workloads, GemmNaiveBroadcastAAndCoalescedB) {
  GenRun run_k = run("gemm_naive");
  auto& k = run_k.k;
  const Warp& w = k[0].blocks[0].warps[1];
  const auto a = find(k[0], w, "LDG.E", 10), b = find(k[0], w, "LDG.E", 12);
  ASSERT_EQ(a.size(), 32u);  // k = 32
  for (const Instruction* i : a) EXPECT_EQ(addresses(w, *i).size(), 1u);
  for (const Instruction* i : b) EXPECT_EQ(test::lines_touched(w, *i), 1u);
  EXPECT_EQ(find(k[0], w, "STG.E").size(), 1u);
}

TEST(workloads, GemmStore2StoresAfterEveryTwoLoads) {
  GenRun run_plain = run("gemm_naive");
  auto& plain = run_plain.k;
  GenRun run_store2 = run("gemm_store2");
  auto& store2 = run_store2.k;
  const Warp& wp = plain[0].blocks[0].warps[0];
  const Warp& ws = store2[0].blocks[0].warps[0];
  EXPECT_GT(find(store2[0], ws, "STG.E").size(), find(plain[0], wp, "STG.E").size());
  int loads = 0;
  for (const Instruction& i : ws.insts) {
    const std::string& op = test::opcode_text(store2[0], i);
    if (op == "LDG.E") ++loads;
    if (op == "STG.E") {
      EXPECT_EQ(std::exchange(loads, 0), 2);
    }
  }
  // store_every=4 unrolls twice: four loads per store.
  GenRun run_store4 = run("gemm_naive", {"store_every=4"});
  auto& store4 = run_store4.k;
  loads = 0;
  for (const Instruction& i : store4[0].blocks[0].warps[0].insts) {
    const std::string& op = test::opcode_text(store4[0], i);
    if (op == "LDG.E") ++loads;
    if (op == "STG.E") {
      EXPECT_EQ(std::exchange(loads, 0), 4);
    }
  }
}

// Lines of the k-th load at register `src` in each warp of block `b`, as one set per warp.
std::vector<std::set<uint64_t>> lines_of_kth(const Materialised& m, const ThreadBlock& b, int src, size_t kk) {
  std::vector<std::set<uint64_t>> v;
  for (const Warp& w : b.warps) {
    std::set<uint64_t> l;
    for (uint64_t a : addresses(w, *find(m, w, "LDG.E", src).at(kk))) l.insert(a / 128);
    v.push_back(l);
  }
  return v;
}

TEST(workloads, SyrkBroadcastRowColumnWalkSharedByEveryWarpOfTheBlock) {
  GenRun run_k = run("syrk");  // n = 64, m = 32, block_y = 8
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].header.name, "_Z11syrk_kernelffPfS_");
  EXPECT_EQ(k[0].header.block.y, 8u);
  for (const ThreadBlock* b : {&k[0].blocks[0], &k[0].blocks[1], &k[0].blocks.back()}) {
    for (const Warp& w : b->warps) {
      const auto row = find(k[0], w, "LDG.E", 10), col = find(k[0], w, "LDG.E", 12);
      ASSERT_EQ(row.size(), 32u);  // one A[i][k] and one A[j][k] per k
      ASSERT_EQ(col.size(), 32u);
      for (const Instruction* i : row) EXPECT_EQ(addresses(w, *i).size(), 1u);        // broadcast
      for (const Instruction* i : col) EXPECT_EQ(test::lines_touched(w, *i), 32u);    // column walk
      // C is loaded once, coalesced, and stored every k (no __restrict__): a store after every
      // two loads, each to the line the C load read.
      const auto ldc = find(k[0], w, "LDG.E", 18), stc = find(k[0], w, "STG.E");
      ASSERT_EQ(ldc.size(), 1u);
      ASSERT_EQ(stc.size(), 32u);
      EXPECT_EQ(test::lines_touched(w, *ldc[0]), 1u);
      for (const Instruction* st : stc) EXPECT_EQ(addresses(w, *ldc[0]), addresses(w, *st));
      int loads_since_store = 0;
      for (const Instruction& in : w.insts) {
        const std::string op = test::opcode_text(k[0], in);
        if (op == "LDG.E" && in.src[0] != 18) ++loads_since_store;
        if (op == "STG.E") {
          EXPECT_EQ(loads_since_store, 2);
          loads_since_store = 0;
        }
      }
    }
    // For the same k every warp of the block reads the same 32 lines of A.
    for (size_t kk : {size_t(0), size_t(17), size_t(31)}) {
      const auto per_warp = lines_of_kth(k[0], *b, 12, kk);
      for (const auto& l : per_warp) EXPECT_EQ(l, per_warp[0]) << "k = " << kk;
    }
  }
  // Warps are rows i: their broadcast rows differ.
  const ThreadBlock& b = k[0].blocks[1];
  EXPECT_NE(addresses(b.warps[0], *find(k[0], b.warps[0], "LDG.E", 10)[0]),
            addresses(b.warps[1], *find(k[0], b.warps[1], "LDG.E", 10)[0]));
}

TEST(workloads, Syr2kTwoColumnWalksPerIterationOnTwoArrays) {
  GenRun run_k = run("syr2k");
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].header.name, "_Z12syr2k_kernelPfS_S_");
  const ThreadBlock& b = k[0].blocks[1];
  for (const Warp& w : b.warps) {
    // Per k: A[i][k] (R10) and B[i][k] (R20) broadcast, B[j][k] (R12) and A[j][k] (R22) columns.
    for (int src : {10, 20}) {
      const auto v = find(k[0], w, "LDG.E", src);
      ASSERT_EQ(v.size(), 32u);
      for (const Instruction* i : v) EXPECT_EQ(addresses(w, *i).size(), 1u);
    }
    const auto cb = find(k[0], w, "LDG.E", 12), ca = find(k[0], w, "LDG.E", 22);
    ASSERT_EQ(cb.size(), 32u);
    ASSERT_EQ(ca.size(), 32u);
    for (size_t kk = 0; kk < 32; ++kk) {
      EXPECT_EQ(test::lines_touched(w, *cb[kk]), 32u);
      EXPECT_EQ(test::lines_touched(w, *ca[kk]), 32u);
      // Two different arrays: the two column walks share no line.
      std::set<uint64_t> lb;
      for (uint64_t a : addresses(w, *cb[kk])) lb.insert(a / 128);
      for (uint64_t a : addresses(w, *ca[kk])) EXPECT_EQ(lb.count(a / 128), 0u);
    }
    EXPECT_EQ(find(k[0], w, "FFMA").size(), 64u);
    EXPECT_EQ(find(k[0], w, "STG.E").size(), 32u);  // a store every four loads
  }
  for (int src : {12, 22}) {
    const auto per_warp = lines_of_kth(k[0], b, src, 5);
    for (const auto& l : per_warp) EXPECT_EQ(l, per_warp[0]);
  }
  // Same shapes, same A column walk as syrk; syr2k adds B's.
  GenRun run_s = run("syrk");
  const Warp& ws = run_s.k[0].blocks[1].warps[0];
  EXPECT_EQ(addresses(ws, *find(run_s.k[0], ws, "LDG.E", 12)[5]),
            addresses(b.warps[0], *find(k[0], b.warps[0], "LDG.E", 22)[5]));
}

TEST(workloads, SyrkRestrictBuildStoresCOnceAfterTheLoop) {
  for (const char* name : {"syrk", "syr2k"}) {
    GenRun r = run(name, {"store_each_k=0"});
    for (const Warp& w : r.k[0].blocks[2].warps) {
      const auto stc = find(r.k[0], w, "STG.E");
      ASSERT_EQ(stc.size(), 1u) << name;
      EXPECT_EQ(test::opcode_text(r.k[0], w.insts.back()), "EXIT");
      EXPECT_EQ(stc[0], &w.insts[w.insts.size() - 2]) << name << ": the store follows the loop";
      EXPECT_EQ(addresses(w, *stc[0]), addresses(w, *find(r.k[0], w, "LDG.E", 18)[0]));
    }
  }
}

TEST(workloads, SpmvCsrIrregularIndirectLoadsAndShrinkingMasks) {
  GenRun run_k = run("spmv_csr");
  auto& k = run_k.k;
  size_t x_loads = 0, full = 0, scattered = 0, delta_coded = 0, partial = 0;
  for (const ThreadBlock& b : k[0].blocks)
    for (const Warp& w : b.warps) {
      for (const Instruction* i : find(k[0], w, "LDG.E", 16)) {  // x[col_idx[j]]
        ++x_loads;
        if (i->active_mask == 0xffffffffu) {
          ++full;
          if (test::lines_touched(w, *i) > 8) ++scattered;  // a coalesced load would touch 1
        }
        if (i->addr_mode == AddrMode::BaseDelta) ++delta_coded;
        if (i->active_mask != 0xffffffffu) ++partial;
      }
    }
  ASSERT_GT(x_loads, 0u);
  EXPECT_GT(scattered, full * 9 / 10);
  EXPECT_GT(delta_coded, x_loads / 2);
  EXPECT_GT(partial, 0u);  // lanes whose rows ended dropped out
}

TEST(workloads, AtaxFirstKernelFullyDivergentSecondCoalesced) {
  GenRun run_k = run("atax");
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 2u);
  const Warp& w1 = k[0].blocks[0].warps[0];
  const Warp& w2 = k[1].blocks[0].warps[0];
  const auto a1 = find(k[0], w1, "LDG.E", 8), x1 = find(k[0], w1, "LDG.E", 10);
  const auto a2 = find(k[1], w2, "LDG.E", 8);
  ASSERT_EQ(a1.size(), 256u);
  for (const Instruction* i : a1) EXPECT_EQ(test::lines_touched(w1, *i), 32u);
  for (const Instruction* i : x1) EXPECT_EQ(addresses(w1, *i).size(), 1u);
  for (const Instruction* i : a2) EXPECT_EQ(test::lines_touched(w2, *i), 1u);
}

TEST(workloads, RowwalkLoadsShareNoLineWithinASweepAndRepeatEachSweep) {
  GenRun run_k = run("rowwalk");  // cols=64, stride=32, sweeps=2: 2 loads per sweep, 4 in all
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  const Warp& w = k[0].blocks[0].warps[0];
  const auto loads = find(k[0], w, "LDG.E", 10);
  ASSERT_EQ(loads.size(), 4u);
  auto lines = [&](const Instruction* i) {
    std::set<uint64_t> l;
    for (uint64_t a : addresses(w, *i)) l.insert(a >> 7);
    return l;
  };
  for (const Instruction* i : loads) EXPECT_EQ(test::lines_touched(w, *i), 32u);
  const auto l0 = lines(loads[0]), l1 = lines(loads[1]);
  for (uint64_t x : l0) EXPECT_EQ(l1.count(x), 0u) << "consecutive loads of a warp share a line";
  EXPECT_EQ(lines(loads[2]), l0);  // the second sweep re-reads the first sweep's lines
  EXPECT_EQ(lines(loads[3]), l1);
  // A smaller stride walks within a line: 2 consecutive loads per line at stride 16.
  GenRun half = run("rowwalk", {"stride=16"});
  const Warp& h = half.k[0].blocks[0].warps[0];
  EXPECT_EQ(find(half.k[0], h, "LDG.E", 10).size(), 8u);
}

// The kernels of seed 003's mixes (docs/multitasking.md): their roles are in their resources and
// run lengths, so those are what is checked.
TEST(workloads, LongblockRunsLongOnASmallContext) {
  GenRun run_k = run("longblock", {"iters=64"});
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].header.shmem, 0u);
  EXPECT_LE(k[0].header.nregs, 16u);  // a small context: the code names R0..R8
  const Warp& w = k[0].blocks[0].warps[0];
  const auto ffma = find(k[0], w, "FFMA");
  ASSERT_EQ(ffma.size(), 64u * 8);
  // One dependent chain: every FFMA reads and writes the same accumulator.
  for (const Instruction* i : ffma) EXPECT_EQ(i->dst[0], ffma[0]->dst[0]);
  EXPECT_EQ(find(k[0], w, "LDG.E").size() + find(k[0], w, "STG.E").size(), 2u);
  // Run length grows with iters, the context does not.
  GenRun longer = run("longblock", {"iters=128"});
  EXPECT_EQ(longer.k[0].header.nregs, k[0].header.nregs);
  EXPECT_EQ(find(longer.k[0], longer.k[0].blocks[0].warps[0], "FFMA").size(), 2 * ffma.size());
  EXPECT_EQ(run("longblock", {"iters=1", "regs=100"}).k[0].header.nregs, 100u);
}

TEST(workloads, ComputeSpreadsItsFfmasOverIndependentChains) {
  GenRun run_k = run("compute", {"ilp=4", "iters=2"});
  auto& k = run_k.k;
  const Warp& w = k[0].blocks[0].warps[0];
  const auto ffma = find(k[0], w, "FFMA");
  ASSERT_EQ(ffma.size(), 16u);
  std::set<int> chains;
  for (size_t q = 0; q < ffma.size(); ++q) {
    chains.insert(ffma[q]->dst[0]);
    if (q >= 4) {
      EXPECT_EQ(ffma[q]->dst[0], ffma[q - 4]->dst[0]);  // chain q mod 4
    }
    if (q % 4 != 0) {
      EXPECT_NE(ffma[q]->dst[0], ffma[q - 1]->dst[0]);
    }
  }
  EXPECT_EQ(chains.size(), 4u);
  EXPECT_EQ(find(k[0], w, "FADD").size(), 3u);  // the chains are summed before the store
}

TEST(workloads, BigctxIsShortButHoldsManyRegistersAndMuchSharedMemory) {
  GenRun run_k = run("bigctx", {"n=512", "block=256", "regs=96", "shmem=20000"});
  auto& k = run_k.k;
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].header.nregs, 96u);
  EXPECT_EQ(k[0].header.shmem, 20000u);
  ASSERT_EQ(k[0].blocks.size(), 2u);
  for (const ThreadBlock& b : k[0].blocks)
    for (size_t wi = 0; wi < b.warps.size(); ++wi) {
      const Warp& w = b.warps[wi];
      EXPECT_EQ(w.insts.size(), 19u);  // short
      ASSERT_EQ(find(k[0], w, "BAR.SYNC").size(), 1u);
      const auto sts = find(k[0], w, "STS"), lds = find(k[0], w, "LDS");
      ASSERT_EQ(sts.size(), 1u);
      ASSERT_EQ(lds.size(), 1u);
      // Thread t writes word t and reads word (t + 1) mod block of the block's shared memory.
      for (int l = 0; l < kWarpSize; ++l) {
        const uint64_t t = wi * kWarpSize + uint64_t(l);
        EXPECT_EQ(w.lane_addrs(*sts[0])[size_t(l)], t * 4);
        EXPECT_EQ(w.lane_addrs(*lds[0])[size_t(l)], (t + 1) % 256 * 4);
      }
    }
  const Workload* big = find_workload("bigctx");
  EXPECT_THROW(big->generate(resolve_params(*big, {"block=256", "shmem=512"})), InputError);
  EXPECT_THROW(big->generate(resolve_params(*big, {"n=1000"})), InputError);
}

TEST(workloads, Stencil2dBarriersAndShrinkingPyramid) {
  GenRun run_k = run("stencil2d");
  auto& k = run_k.k;
  // An interior block (away from the grid edge): step 0 computes 14x14 cells, step 1 12x12.
  const ThreadBlock& b = k[0].blocks[k[0].header.grid.x + 1];
  size_t step0 = 0, step1 = 0;
  for (const Warp& w : b.warps) {
    EXPECT_EQ(find(k[0], w, "BAR.SYNC").size(), 4u);
    const auto c = find(k[0], w, "LDS", 8);  // temp[ty][tx] and power[ty][tx] loads
    std::vector<const Instruction*> centre;
    for (const Instruction* i : c)
      if (i->imm == 0) centre.push_back(i);
    if (centre.size() >= 1) step0 += size_t(__builtin_popcount(centre[0]->active_mask));
    if (centre.size() >= 2) step1 += size_t(__builtin_popcount(centre[1]->active_mask));
  }
  EXPECT_EQ(step0, 14u * 14u);
  EXPECT_EQ(step1, 12u * 12u);
  // Block (0,0) starts outside the grid: its halo loads are predicated.
  const Warp& corner = k[0].blocks[0].warps[0];
  const auto ldg = find(k[0], corner, "LDG.E");
  EXPECT_TRUE(ldg.empty() || ldg[0]->active_mask != 0xffffffffu);
}

TEST(workloads, ReductionActiveLanesHalve) {
  GenRun run_k = run("reduction");
  auto& k = run_k.k;
  const ThreadBlock& b = k[0].blocks[0];
  std::vector<int> lanes;
  for (const Instruction* i : find(k[0], b.warps[0], "FADD")) lanes.push_back(__builtin_popcount(i->active_mask));
  EXPECT_EQ(lanes, (std::vector<int>{32, 32, 32, 16, 8, 4, 2, 1}));
  EXPECT_EQ(find(k[0], b.warps[3], "FADD").size(), 1u);  // tids 96..127 add only for s = 128
  EXPECT_TRUE(find(k[0], b.warps[7], "FADD").empty());   // tids 224..255 never do
  EXPECT_EQ(find(k[0], b.warps[0], "STG.E").size(), 1u);
  EXPECT_EQ(find(k[0], b.warps[0], "STG.E")[0]->active_mask, 1u);
  EXPECT_TRUE(find(k[0], b.warps[1], "STG.E").empty());
}

TEST(workloads, StreamclusterCentreLoadsIdenticalAcrossWarps) {
  GenRun run_k = run("streamcluster");
  auto& k = run_k.k;
  auto centre = [&](const Warp& w) {
    std::vector<uint64_t> v;
    for (const Instruction* i : find(k[0], w, "LDG.E", 22)) {
      const auto a = addresses(w, *i);
      EXPECT_EQ(a.size(), 1u);
      v.push_back(*a.begin());
    }
    return v;
  };
  const auto first = centre(k[0].blocks[0].warps[0]);
  EXPECT_EQ(first.size(), 4u * 16u);
  EXPECT_EQ(first, centre(k[0].blocks[0].warps[5]));
  EXPECT_EQ(first, centre(k[0].blocks.back().warps[2]));
  // Own coordinates are coalesced.
  const Warp& w = k[0].blocks[1].warps[3];
  for (const Instruction* i : find(k[0], w, "LDG.E", 20)) EXPECT_EQ(test::lines_touched(w, *i), 1u);
}

TEST(workloads, KmeansColumnMajorFeaturesAndBroadcastCentres) {
  GenRun run_k = run("kmeans");
  auto& k = run_k.k;
  const Warp& w = k[0].blocks[2].warps[1];
  const auto feat = find(k[0], w, "LDG.E", 12), ctr = find(k[0], w, "LDG.E", 14);
  ASSERT_EQ(feat.size(), 5u * 8u);
  for (const Instruction* i : feat) EXPECT_EQ(test::lines_touched(w, *i), 1u);
  for (const Instruction* i : ctr) EXPECT_EQ(addresses(w, *i).size(), 1u);
  EXPECT_EQ(find(k[0], w, "FSEL").size(), 5u);
}

TEST(workloads, RegheavyManyRegistersLiveAtOnce) {
  GenRun run_k = run("regheavy");
  auto& k = run_k.k;
  EXPECT_GE(k[0].header.nregs, 64u);
  const Warp& w = k[0].blocks[0].warps[0];
  EXPECT_GE(test::max_live_registers(w), 24);
  // vecadd, for contrast, keeps only a handful live.
  GenRun run_v = run("vecadd");
  auto& v = run_v.k;
  EXPECT_LT(test::max_live_registers(v[0].blocks[0].warps[0]), 8);
}

TEST(workloads, BranchyIfAndElsePathsRunWithComplementaryMasks) {
  GenRun run_k = run("branchy");
  auto& k = run_k.k;
  size_t both = 0, checked = 0;
  for (const ThreadBlock& b : k[0].blocks)
    for (const Warp& w : b.warps) {
      uint32_t then = 0, other = 0;
      bool in_iteration = false;
      for (const Instruction& i : w.insts) {
        const std::string& op = test::opcode_text(k[0], i);
        if (op == "LOP3.LUT") in_iteration = true, then = other = 0;
        if (op == "MUFU.RCP") then = i.active_mask;
        if (op == "MUFU.EX2") other = i.active_mask;
        if (op == "BSYNC" && in_iteration) {
          ++checked;
          EXPECT_EQ(then & other, 0u);
          EXPECT_EQ(then | other, i.active_mask);
          if (then && other) ++both;
          in_iteration = false;
        }
      }
    }
  EXPECT_GT(checked, 0u);
  EXPECT_GT(both, checked / 2);
}

}  // namespace
}  // namespace gpucosim
