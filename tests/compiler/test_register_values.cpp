// Register values (compiler/register_values.h, lane_pattern.h): the lane-shape classifier on the
// compressor's five patterns, the dataflow from thread indices and constants, the S2R role
// search against observed addresses, and the shares reported on built-in workloads.
#include <gtest/gtest.h>

#include "compiler/register_values.h"
#include "compiler_test_util.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

using compiler::LanePattern;

LaneAddrs lanes(uint64_t (*f)(int)) {
  LaneAddrs v{};
  for (int l = 0; l < kWarpSize; ++l) v[size_t(l)] = f(l);
  return v;
}

TEST(compiler_values, LaneShapesOfTheFivePatterns) {
  using compiler::classify_lanes;
  using compiler::compressor_pattern;
  const uint32_t all = 0xffffffffu;
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int) { return uint64_t(7); }))), "constant");
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(100 + l); }))), "stride-1");
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(0x1000 + 4 * l); }))), "stride-4");
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(l % 16 + (l / 16) * 1000); }))),
            "half-stride-1");
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(4 * (l % 16) + (l / 16) * 1000); }))),
            "half-stride-4");
  // base + 4 * (lane mod 16) + 64 * (lane / 16) is one full-warp stride of 4: the full form wins.
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(4 * l); }))), "stride-4");
  EXPECT_EQ(compressor_pattern(classify_lanes(all, lanes([](int l) { return uint64_t(8 * l); }))), "none");
  EXPECT_EQ(classify_lanes(all, lanes([](int l) { return uint64_t(l * l); })).kind, LanePattern::Kind::Unknown);
  // Merging: equal shapes stay, a full and a split form of one stride give the split form.
  EXPECT_EQ(merge(LanePattern::affine(4), LanePattern::affine(4, true)), LanePattern::affine(4, true));
  EXPECT_EQ(merge(LanePattern::affine(4), LanePattern::affine(1)).kind, LanePattern::Kind::Unknown);
  EXPECT_EQ(merge(LanePattern::none(), LanePattern::uniform()), LanePattern::uniform());
}

std::string with_imm(std::string line, int64_t imm) {
  line.erase(line.size() - 1);
  return line + std::to_string(imm);
}

const compiler::ValueDefinition& def_at(const compiler::KernelAnalysis& a, const compiler::RegisterValues& v,
                                        uint32_t pc, int reg) {
  for (const auto& d : v.defs)
    if (a.code[d.index].pc == pc && d.reg == reg) return d;
  static compiler::ValueDefinition none;
  ADD_FAILURE() << "no definition of R" << reg << " at " << pc;
  return none;
}

// blockIdx.x * blockDim.x + threadIdx.x, times 4 bytes, as an address: the search makes the
// first S2R uniform and the second threadIdx.x (stride 1), the only assignment that predicts the
// stride-4 lane addresses the trace records for the load.
TEST(compiler_values, ThreadIndexTimesFourIsStrideFour) {
  using test::ins;
  const test::WarpLines w = {ins(0x00, "S2R", {0}, {}),
                             ins(0x10, "S2R", {2}, {}),
                             ins(0x20, "IMAD", {0}, {0, 2}),
                             with_imm(ins(0x30, "MOV", {3}, {}), 4),
                             ins(0x40, "IMAD.WIDE", {4}, {0, 3}),
                             ins(0x50, "LDG.E", {6}, {4}, 4),
                             ins(0x60, "FADD", {7}, {6, 6}),
                             ins(0x70, "EXIT", {}, {})};
  const auto a = test::analyse_text(test::traceg({{w, w}}));
  const auto v = compiler::analyse_register_values(a);
  EXPECT_EQ(v.s2r_roles, (std::vector<std::string>{"uniform", "tid.x"}));
  EXPECT_EQ(v.address_sites, 1u);
  EXPECT_EQ(v.address_sites_matched, 1u);
  EXPECT_EQ(compressor_pattern(def_at(a, v, 0x20, 0).value), "stride-1");
  EXPECT_EQ(compressor_pattern(def_at(a, v, 0x30, 3).value), "constant");
  EXPECT_EQ(compressor_pattern(def_at(a, v, 0x40, 4).value), "stride-4");
  EXPECT_EQ(compressor_pattern(def_at(a, v, 0x40, 5).value), "constant");  // upper address word
  EXPECT_EQ(def_at(a, v, 0x50, 6).value.kind, LanePattern::Kind::Unknown);  // loaded data
  EXPECT_EQ(def_at(a, v, 0x60, 7).value.kind, LanePattern::Kind::Unknown);
  // Known: both S2Rs, the IMAD, R3 and the address pair; unknown: the loaded R6 and R7.
  EXPECT_EQ(v.static_share.total, 8u);
  EXPECT_EQ(v.static_share.known, 6u);
}

// A write with some lanes only mixes old and new values: unknown, whatever it computes.
TEST(compiler_values, PartialWriteIsUnknown) {
  using test::ins;
  const test::WarpLines w = {with_imm(ins(0x00, "MOV", {1}, {}), 3), with_imm(ins(0x10, "MOV", {1}, {}, 0, 0xffu), 5),
                             ins(0x20, "EXIT", {}, {})};
  const auto a = test::analyse_text(test::traceg({{w}}));
  const auto v = compiler::analyse_register_values(a);
  EXPECT_EQ(compressor_pattern(def_at(a, v, 0x00, 1).value), "constant");
  EXPECT_EQ(def_at(a, v, 0x10, 1).value.kind, LanePattern::Kind::Unknown);
  EXPECT_TRUE(v.s2r_roles.empty());
}

// The address registers of coalesced loads are stride-4 on every built-in workload that has
// them, and the shares are fractions.
TEST(compiler_values, SharesOnBuiltInWorkloads) {
  for (const auto& w : builtin_workloads()) {
    const compiler::KernelList list = compiler::kernel_list_from_workload(w->name());
    for (const compiler::KernelOpener& k : list.kernels) {
      const compiler::KernelAnalysis a = compiler::analyse_kernel(k);
      const auto v = compiler::analyse_register_values(a);
      EXPECT_LE(v.static_share.known, v.static_share.total) << w->name();
      EXPECT_LE(v.static_share.compressible, v.static_share.known) << w->name();
      EXPECT_LE(v.dynamic_share.known, v.dynamic_share.total) << w->name();
      EXPECT_LE(v.address_sites_matched, v.address_sites) << w->name();
      for (const auto& d : v.defs)
        if (d.observed) {
          EXPECT_EQ(d.value.kind, LanePattern::Kind::Affine) << w->name();
        }
    }
  }
  // regheavy's loads are coalesced (lane * 4): every load address definition is stride-4.
  const compiler::KernelList list = compiler::kernel_list_from_workload("regheavy:loads=4,chain=8");
  const compiler::KernelAnalysis a = compiler::analyse_kernel(list.kernels.at(0));
  const auto v = compiler::analyse_register_values(a);
  int wide = 0;
  for (const auto& d : v.defs)
    if (a.code[d.index].op.text == "IMAD.WIDE" && d.reg == a.code[d.index].dst[0]) {
      ++wide;
      EXPECT_EQ(compressor_pattern(d.value), "stride-4") << compiler::hex_pc(a.code[d.index].pc);
    }
  EXPECT_EQ(wide, 5);  // four loads and the store
  EXPECT_EQ(v.s2r_roles, (std::vector<std::string>{"uniform", "tid.x"}));
}

}  // namespace
}  // namespace gpucosim
