// regheavy's CFG and live registers, derived from its generator (workloads/regheavy.cpp), with
// L = loads and C = chain:
//
//   prologue  MOV R1; S2R R0; S2R R2; IMAD R0 <- R0,R2; ISETP; @P EXIT            6 instructions
//   setup     ULDC.64; MOV R3 (= 4); CS2R R4 (acc, a pair); MOV R5 <- R0; MOV R6   5
//   round     L x (IMAD.WIDE A_j <- R5,R3; LDG.E R(16+j) <- A_j)  with A_j = R(16+L+2j), a pair
//             C x FFMA R4 <- Ra,Rb,R4   (the last L read R(16+t) twice: each value's last use)
//             IADD3 R5; IADD3 R6; ISETP R6; BRA (back to the round, not taken in the last)
//                                                                                 2L + C + 4
//   tail      IMAD.WIDE R7 <- R0,R3 (pair); STG.E [R7:R8], R4; EXIT                3
//
// Live through the whole loop: R0 (the tail's address), R3 (every IMAD.WIDE), R4 (acc, stored
// at the end), R5 (element index), R6 (round counter): 5 registers. At load j the j values loaded
// before it are live, it reads its address pair and writes value j: 5 + j + 2 + 1. The last
// load (j = L-1) is the maximum, L + 7: its IMAD.WIDE holds one register less (L + 6), and in
// the chain no address pair is live (at most 5 + L).
#include <gtest/gtest.h>

#include "compiler/kernel_analysis.h"
#include "compiler_test_util.h"

namespace gpucosim {
namespace {

struct Regheavy {
  int64_t loads, chain, rounds;
  std::string extra;  // other parameters (n, block)
  std::string spec() const {
    return "regheavy:loads=" + std::to_string(loads) + ",chain=" + std::to_string(chain) +
           ",rounds=" + std::to_string(rounds) + extra;
  }
  uint32_t pc(int64_t site) const { return uint32_t(site * 16); }
  int64_t round_first() const { return 11; }
  int64_t last_load() const { return round_first() + 2 * loads - 1; }
  int64_t chain_first() const { return round_first() + 2 * loads; }
  int64_t back() const { return chain_first() + chain + 3; }
};

void PrintTo(const Regheavy& p, std::ostream* os) { *os << p.spec(); }

class RegheavyAnalysis : public ::testing::TestWithParam<Regheavy> {
 protected:
  compiler::KernelAnalysis analyse() const {
    const compiler::KernelList list = compiler::kernel_list_from_workload(GetParam().spec());
    EXPECT_EQ(list.kernels.size(), 1u);
    return compiler::analyse_kernel(list.kernels.at(0));
  }
};

TEST_P(RegheavyAnalysis, MaxLiveIsLoadsPlusSevenAtTheLastLoad) {
  const Regheavy& p = GetParam();
  const compiler::KernelAnalysis a = analyse();
  EXPECT_EQ(a.live.max_live(), size_t(p.loads + 7));
  EXPECT_EQ(a.code[a.live.max_index()].pc, p.pc(p.last_load()));
  EXPECT_EQ(a.code[a.live.max_index()].op.text, "LDG.E");
  // Its IMAD.WIDE holds one register less.
  EXPECT_EQ(a.live.live_count(size_t(p.last_load() - 1)), size_t(p.loads + 6));
}

TEST_P(RegheavyAnalysis, LoopCarriedAndLoadedRegistersAreLiveWhereTheConstructionSays) {
  const Regheavy& p = GetParam();
  const compiler::KernelAnalysis a = analyse();
  // At the head of a round: the five loop-carried registers and nothing else.
  EXPECT_EQ(compiler::registers_of(a.live.live_in(size_t(p.round_first()))), test::regs({0, 3, 4, 5, 6}));
  // Before the chain: those five and all L loaded values.
  std::vector<uint8_t> expect = test::regs({0, 3, 4, 5, 6});
  for (int64_t j = 0; j < p.loads; ++j) expect.push_back(uint8_t(16 + j));
  EXPECT_EQ(compiler::registers_of(a.live.live_in(size_t(p.chain_first()))), expect);
  // At the load j: the values loaded before it, its address pair, the value it writes.
  for (int64_t j = 0; j < p.loads; ++j)
    EXPECT_EQ(a.live.live_count(size_t(p.round_first() + 2 * j + 1)), size_t(5 + j + 3)) << "load " << j;
}

TEST_P(RegheavyAnalysis, BlocksAndEdges) {
  const Regheavy& p = GetParam();
  const compiler::KernelAnalysis a = analyse();
  const auto& cfg = a.cfg;
  const int entry = cfg.entry(), exit = cfg.exit();
  const size_t loop_len = size_t(2 * p.loads + p.chain + 4);
  if (p.rounds > 1) {
    // prologue | setup | round (a self loop) | tail
    ASSERT_EQ(cfg.blocks().size(), 4u);
    const size_t len[] = {6, 5, loop_len, 3};
    for (size_t b = 0; b < 4; ++b) EXPECT_EQ(cfg.blocks()[b].instructions(), len[b]) << "B" << b;
    EXPECT_EQ(cfg.blocks()[2].start_pc, p.pc(p.round_first()));
    EXPECT_EQ(cfg.blocks()[2].end_pc, p.pc(p.back()));
    const std::vector<std::pair<int, int>> edges = {{0, 1}, {0, exit}, {1, 2}, {2, 2}, {2, 3}, {3, exit}, {entry, 0}};
    EXPECT_EQ(cfg.edges(), edges);
    EXPECT_EQ(a.dom.idom(3), 2);
    EXPECT_EQ(a.post_dom.idom(1), 2);
  } else {
    // The back branch is never taken, so the round has one predecessor: setup, round and tail
    // are one straight line.
    ASSERT_EQ(cfg.blocks().size(), 2u);
    EXPECT_EQ(cfg.blocks()[0].instructions(), 6u);
    EXPECT_EQ(cfg.blocks()[1].instructions(), 5 + loop_len + 3);
    const std::vector<std::pair<int, int>> edges = {{0, 1}, {0, exit}, {1, exit}, {entry, 0}};
    EXPECT_EQ(cfg.edges(), edges);
  }
}

INSTANTIATE_TEST_SUITE_P(compiler, RegheavyAnalysis,
                         ::testing::Values(Regheavy{24, 48, 4, ""},  // the defaults
                                           Regheavy{1, 1, 1, ",n=64,block=64"},
                                           Regheavy{8, 8, 3, ",n=1000,block=96"},
                                           Regheavy{64, 70, 2, ",n=500,block=128"},
                                           Regheavy{40, 200, 2, ",n=256"}),
                         [](const ::testing::TestParamInfo<Regheavy>& i) {
                           return "loads" + std::to_string(i.param.loads) + "_chain" + std::to_string(i.param.chain) +
                                  "_rounds" + std::to_string(i.param.rounds);
                         });

}  // namespace
}  // namespace gpucosim
