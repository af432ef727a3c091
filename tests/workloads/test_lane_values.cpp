// Lane values the built-in generators emit (issue 14 part 3, kernel/kernel.h Warp::values;
// docs/blocks/regless.md §9): vecadd's address register holds base + 4 x global index in every
// lane (computed by hand here); for every built-in workload, every memory instruction whose
// address register the stream gave values for finds them equal to its lane addresses (register
// plus the immediate offset), so the values are those the kernel computes; and a destination that is not one or two registers
// cannot be given values.
#include <gtest/gtest.h>

#include <array>

#include "workload_test_util.h"
#include "workloads/generated_kernel.h"
#include "workloads/program.h"

namespace gpucosim {
namespace {

std::vector<std::string> all_names() {
  std::vector<std::string> v;
  for (const auto& w : builtin_workloads()) v.push_back(w->name());
  return v;
}

TEST(workloadsLaneValues, VecaddAddressIsBasePlusFourTimesIndex) {
  GeneratedApp app = test::generate_default("vecadd", {"n=5000", "block=256"});
  auto* k = dynamic_cast<wl::GeneratedKernel*>(app.kernels[0].get());
  ASSERT_NE(k, nullptr);
  ThreadBlock tb;
  k->generate_block(1, tb);
  const Warp& w = tb.warps[2];  // threads 256 + 64 ..
  const uint64_t a = wl::DeviceLayout::kBase;  // A is the first array
  int wides = 0;
  for (const Instruction& i : w.insts) {
    if (k->opcodes()[i.opcode].text != "IMAD.WIDE") continue;
    if (++wides != 2) continue;  // &A[i], the second IMAD.WIDE (after &B[i])
    ASSERT_EQ(i.n_vals, 2);
    ASSERT_EQ(i.dst[0], 2);
    for (int l = 0; l < kWarpSize; ++l) {
      const uint64_t addr = a + 4 * uint64_t(256 + 64 + l);
      EXPECT_EQ(w.lane_values(i, 0)[size_t(l)], uint32_t(addr)) << "lane " << l;
      EXPECT_EQ(w.lane_values(i, 1)[size_t(l)], uint32_t(addr >> 32)) << "lane " << l;
    }
  }
  EXPECT_EQ(wides, 3);
  // The thread index and the global index: stride 1 across the lanes.
  const Instruction& tid = w.insts[2];
  ASSERT_TRUE(tid.has_values());
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(w.lane_values(tid, 0)[size_t(l)], uint32_t(64 + l));
  const Instruction& gid = w.insts[3];
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(w.lane_values(gid, 0)[size_t(l)], uint32_t(256 + 64 + l));
  // The loaded floats are not known.
  for (const Instruction& i : w.insts) {
    if (k->opcodes()[i.opcode].text == "LDG.E") {
      EXPECT_FALSE(i.has_values());
    }
  }
}

class LaneValuesOf : public ::testing::TestWithParam<std::string> {};

// A consumer that turns lane values off (trace gen) gets the same instructions without them.
TEST_P(LaneValuesOf, TurnedOffTheStreamIsTheSameWithoutValues) {
  GeneratedApp with = test::generate_default(GetParam());
  GeneratedApp without = test::generate_default(GetParam());
  auto* a = dynamic_cast<wl::GeneratedKernel*>(with.kernels[0].get());
  auto* b = dynamic_cast<wl::GeneratedKernel*>(without.kernels[0].get());
  ASSERT_TRUE(a && b);
  b->set_stream_options(wl::StreamOptions{false});
  ThreadBlock x, y;
  a->generate_block(0, x);
  b->generate_block(0, y);
  ASSERT_EQ(x.warps.size(), y.warps.size());
  size_t values = 0;
  for (size_t w = 0; w < x.warps.size(); ++w) {
    ASSERT_EQ(x.warps[w].insts.size(), y.warps[w].insts.size());
    EXPECT_TRUE(y.warps[w].values.empty());
    values += x.warps[w].values.size();
    for (size_t i = 0; i < x.warps[w].insts.size(); ++i) {
      const Instruction &p = x.warps[w].insts[i], &q = y.warps[w].insts[i];
      EXPECT_EQ(p.pc, q.pc);
      EXPECT_EQ(p.active_mask, q.active_mask);
      EXPECT_EQ(q.n_vals, 0);
    }
    EXPECT_EQ(x.warps[w].addrs, y.warps[w].addrs);
  }
  EXPECT_GT(values, 0u);
}

// Registers as the stream's values leave them: written lanes and which of them are known.
struct RegisterLanes {
  std::array<std::array<uint32_t, kWarpSize>, 256> v{};
  std::array<uint32_t, 256> known{};
  void write(const Warp& w, const Instruction& i, int regs) {
    for (int k = 0; k < regs; ++k) {
      const int r = i.dst[0] + k;
      if (i.dst[0] == kRegZero || r >= kRegZero) continue;
      if (k < i.n_vals) {
        for (int l = 0; l < kWarpSize; ++l)
          if (i.active_mask >> l & 1u) v[size_t(r)][size_t(l)] = w.lane_values(i, k)[size_t(l)];
        known[size_t(r)] |= i.active_mask;
      } else {
        known[size_t(r)] &= ~i.active_mask;
      }
    }
  }
};

TEST_P(LaneValuesOf, AddressRegistersHoldTheLaneAddresses) {
  GeneratedApp app = test::generate_default(GetParam());
  uint64_t checked = 0, writes = 0, with_values = 0;
  for (auto& kp : app.kernels) {
    auto* k = dynamic_cast<wl::GeneratedKernel*>(kp.get());
    ASSERT_NE(k, nullptr);
    const wl::Program& prog = k->program();
    std::map<uint32_t, int> site_of;  // pc -> site
    for (size_t s = 0; s < prog.size(); ++s) site_of[prog.site(int(s)).pc] = int(s);
    ThreadBlock tb;
    for (uint64_t b = 0; b < std::min<uint64_t>(k->header().thread_blocks(), 4); ++b) {
      k->generate_block(b, tb);
      for (const Warp& w : tb.warps) {
        RegisterLanes regs;
        for (const Instruction& i : w.insts) {
          const OpcodeInfo& op = k->opcodes()[i.opcode];
          if (i.has_addresses() && i.n_src > 0 && i.src[0] != kRegZero) {
            const int r = i.src[0];
            const bool wide = (op.space == MemSpace::Global || op.space == MemSpace::Generic);
            for (int l = 0; l < kWarpSize; ++l) {
              if (!(i.active_mask >> l & 1u) || !(regs.known[size_t(r)] >> l & 1u)) continue;
              uint64_t value = regs.v[size_t(r)][size_t(l)];
              if (wide) {
                if (!(regs.known[size_t(r + 1)] >> l & 1u)) continue;
                value |= uint64_t(regs.v[size_t(r + 1)][size_t(l)]) << 32;
              }
              const uint64_t expect = w.lane_addrs(i)[size_t(l)];
              const uint64_t got = wide ? value + uint64_t(i.imm) : uint32_t(value + uint64_t(i.imm));
              ASSERT_EQ(got, expect) << GetParam() << " PC " << i.pc << " lane " << l << " R" << r;
              ++checked;
            }
          }
          const int n = prog.dst_regs(site_of.at(i.pc));
          if (n > 0 && i.active_mask) {
            writes += 1;
            with_values += i.has_values();
          }
          regs.write(w, i, n);
        }
      }
    }
  }
  EXPECT_GT(checked, 0u) << GetParam() << ": no address register with values";
  EXPECT_GT(with_values, 0u) << GetParam();
  EXPECT_LT(with_values, writes) << GetParam() << ": loaded data is not known to any generator";
}

INSTANTIATE_TEST_SUITE_P(workloads, LaneValuesOf, ::testing::ValuesIn(all_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

TEST(workloadsLaneValues, OnlyOneOrTwoRegisterDestinationsTakeValues) {
  wl::Program p;
  const int mov = p.add("MOV", 4, {});
  const int wide = p.add("IMAD.WIDE", 6, {4, 4});
  const int st = p.add("STG.E", wl::kNoReg, {6, 4});
  const int ld128 = p.add("LDG.E.128", 8, {6});
  EXPECT_EQ(p.dst_regs(mov), 1);
  EXPECT_EQ(p.dst_regs(wide), 2);
  EXPECT_EQ(p.dst_regs(st), 0);
  EXPECT_EQ(p.dst_regs(ld128), 4);
  Warp w;
  wl::WarpStream s(p, w);
  s.op(mov, 0xffu, [](int l) { return 100 + l; });
  s.op(wide, 0xffu, [](int l) { return (uint64_t(7) << 32) + 4 * uint64_t(l); });
  EXPECT_THROW(s.mem(ld128, 1u, [](int) { return 0; }, [](int) { return 0; }), std::logic_error);
  s.op(mov, 0u, [](int) { return 1; });  // predicated off: nothing written, no values
  ASSERT_EQ(w.insts.size(), 3u);
  EXPECT_EQ(w.insts[0].n_vals, 1);
  EXPECT_EQ(w.lane_values(w.insts[0])[3], 103u);
  EXPECT_EQ(w.lane_values(w.insts[0])[9], 0u);  // inactive lane
  EXPECT_EQ(w.insts[1].n_vals, 2);
  EXPECT_EQ(w.lane_values(w.insts[1], 0)[2], 8u);
  EXPECT_EQ(w.lane_values(w.insts[1], 1)[2], 7u);
  EXPECT_FALSE(w.insts[2].has_values());
  EXPECT_EQ(w.values.size(), 3u);
}

}  // namespace
}  // namespace gpucosim
