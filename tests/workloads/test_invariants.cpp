// Properties every built-in workload must have with its default parameters: counts match the
// closed form, generation is deterministic and block-independent, register operands are
// consistent, PCs are static, memory instructions are well formed for the trace grammar.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "kernel/isa.h"
#include "trace/kernel_counts.h"
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

class EveryWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryWorkload, CountsMatchClosedForm) {
  const Workload* w = find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const ParamValues p = resolve_params(*w, {});
  GeneratedApp app = w->generate(p);
  const std::vector<KernelCounts> expected = w->expected_counts(p);
  ASSERT_EQ(app.kernels.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    const KernelCounts got = count_kernel(*app.kernels[k]);
    EXPECT_EQ(got.thread_blocks, expected[k].thread_blocks) << "kernel " << k;
    EXPECT_EQ(got.warps, expected[k].warps) << "kernel " << k;
    EXPECT_EQ(got.warp_instructions, expected[k].warp_instructions) << "kernel " << k;
    EXPECT_EQ(got.memory_instructions, expected[k].memory_instructions) << "kernel " << k;
    EXPECT_GT(got.memory_instructions, 0u);
    EXPECT_EQ(app.kernels[k]->header().id, k + 1);
  }
  EXPECT_FALSE(app.memcpys.empty());
  for (const Command& c : app.memcpys) {
    EXPECT_EQ(c.kind, Command::Kind::MemcpyHtoD);
    EXPECT_EQ(c.addr % 256, 0u);
    EXPECT_GT(c.bytes, 0u);
  }
}

bool same(const Instruction& a, const Instruction& b) {
  return a.pc == b.pc && a.active_mask == b.active_mask && a.opcode == b.opcode && a.n_dst == b.n_dst &&
         a.n_src == b.n_src && a.dst == b.dst && a.src == b.src && a.mem_width == b.mem_width &&
         a.addr_mode == b.addr_mode && a.imm == b.imm && a.mem_slot == b.mem_slot && a.n_vals == b.n_vals &&
         a.val_slot == b.val_slot;
}

void expect_same_blocks(const ThreadBlock& a, const ThreadBlock& b) {
  ASSERT_EQ(a.id, b.id);
  ASSERT_EQ(a.warps.size(), b.warps.size());
  for (size_t w = 0; w < a.warps.size(); ++w) {
    ASSERT_EQ(a.warps[w].insts.size(), b.warps[w].insts.size());
    for (size_t i = 0; i < a.warps[w].insts.size(); ++i) ASSERT_TRUE(same(a.warps[w].insts[i], b.warps[w].insts[i]));
    ASSERT_EQ(a.warps[w].addrs, b.warps[w].addrs);
    ASSERT_EQ(a.warps[w].values, b.warps[w].values);
  }
}

TEST_P(EveryWorkload, DeterministicAndBlockIndependent) {
  GeneratedApp a = test::generate_default(GetParam());
  GeneratedApp b = test::generate_default(GetParam());
  ASSERT_EQ(a.memcpys.size(), b.memcpys.size());
  for (size_t i = 0; i < a.memcpys.size(); ++i) {
    EXPECT_EQ(a.memcpys[i].addr, b.memcpys[i].addr);
    EXPECT_EQ(a.memcpys[i].bytes, b.memcpys[i].bytes);
  }
  ASSERT_EQ(a.kernels.size(), b.kernels.size());
  for (size_t k = 0; k < a.kernels.size(); ++k) {
    auto* gb = dynamic_cast<wl::GeneratedKernel*>(b.kernels[k].get());
    ASSERT_NE(gb, nullptr);
    const uint64_t n = a.kernels[k]->header().thread_blocks();
    // Stream `a` in order; generate `b`'s blocks backwards to show no block depends on another.
    std::vector<ThreadBlock> backwards(n);
    for (uint64_t i = n; i-- > 0;) gb->generate_block(i, backwards[i]);
    ThreadBlock tb;
    uint64_t i = 0;
    while (a.kernels[k]->next_block(tb)) expect_same_blocks(tb, backwards[i++]);
    EXPECT_EQ(i, n);
    EXPECT_EQ(a.kernels[k]->header().name, b.kernels[k]->header().name);
  }
}

void expect_consistent(GeneratedApp& app) {
  for (const test::Materialised& m : test::materialise(app)) {
    const KernelHeader& h = m.header;
    EXPECT_EQ(h.tracer_version, 5u);
    EXPECT_EQ(h.binary_version, 80u);
    EXPECT_EQ(h.name.rfind("_Z", 0), 0u) << h.name;
    OpcodeTable fresh(h.binary_version);
    for (size_t o = 0; o < m.ops->size(); ++o) EXPECT_GE(fresh.intern((*m.ops)[uint16_t(o)].text), 0);
    // Static code: one PC, one opcode and one operand list per site, wherever it executes.
    std::map<uint32_t, std::tuple<uint16_t, std::array<uint8_t, kMaxDst>, std::array<uint8_t, kMaxSrc>, int64_t>> at_pc;
    for (const ThreadBlock& tb : m.blocks) {
      ASSERT_EQ(tb.warps.size(), h.warps_per_block());
      for (const Warp& w : tb.warps) {
        ASSERT_FALSE(w.insts.empty());
        EXPECT_EQ(m.ops->operator[](w.insts.back().opcode).unit, UnitClass::EXIT);
        std::array<bool, 256> defined{};
        for (const Instruction& i : w.insts) {
          EXPECT_EQ(i.pc % 16, 0u);
          EXPECT_LE(i.n_dst, 1);
          EXPECT_LE(i.n_src, 4);
          auto key = std::make_tuple(i.opcode, i.dst, i.src, i.imm);
          auto [it, fresh_pc] = at_pc.emplace(i.pc, key);
          EXPECT_TRUE(fresh_pc || it->second == key) << "PC " << i.pc << " changes meaning";
          for (int s = 0; s < i.n_src; ++s) {
            const uint8_t r = i.src[size_t(s)];
            EXPECT_TRUE(r == kRegZero || defined[r])
                << h.name << " block " << tb.id.str() << " warp " << w.id << " PC " << i.pc << " reads R" << int(r)
                << " before any write";
            if (r != kRegZero) {
              EXPECT_LT(r, h.nregs);
            }
          }
          // Only an executed write defines a register (predicated-off instructions write nothing).
          for (int d = 0; d < i.n_dst; ++d) {
            EXPECT_LT(i.dst[size_t(d)], h.nregs);
            if (i.active_mask) defined[i.dst[size_t(d)]] = true;
          }
          const OpcodeInfo& info = (*m.ops)[i.opcode];
          if (i.mem_width > 0) {
            ASSERT_TRUE(i.has_addresses());
            EXPECT_EQ(i.mem_width, info.access_width) << info.text;
            EXPECT_NE(i.active_mask, 0u) << info.text << " with no active lane";
            const LaneAddrs& a = w.lane_addrs(i);
            for (int l = 0; l < kWarpSize; ++l) {
              if (i.active_mask >> l & 1u) {
                EXPECT_EQ(a[size_t(l)] % i.mem_width, 0u) << "misaligned " << info.text;
                if (info.space == MemSpace::Shared) {
                  EXPECT_LT(a[size_t(l)], h.shmem);
                } else {
                  EXPECT_GE(a[size_t(l)], wl::DeviceLayout::kBase);
                }
              } else {
                EXPECT_EQ(a[size_t(l)], 0u) << "address on inactive lane";
              }
            }
            EXPECT_EQ(i.addr_mode, wl::choose_addr_mode(i.active_mask, a));
          } else {
            EXPECT_FALSE(i.has_addresses());
            EXPECT_FALSE(info.space == MemSpace::Global || info.space == MemSpace::Shared) << info.text;
          }
        }
      }
    }
  }
}

TEST_P(EveryWorkload, RegistersAndOpcodesAreConsistent) {
  GeneratedApp app = test::generate_default(GetParam());
  expect_consistent(app);
}

INSTANTIATE_TEST_SUITE_P(workloads, EveryWorkload, ::testing::ValuesIn(all_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

TEST(workloads, WorkloadRegistryListsTheBuiltinKernelsInAFixedOrder) {
  const std::vector<std::string> expected = {"vecadd",      "transpose_naive", "transpose_shared", "gemm_naive",
                                             "gemm_store2", "syrk",            "syr2k",            "spmv_csr",
                                             "atax",        "stencil2d",       "reduction",        "streamcluster",
                                             "kmeans",      "regheavy",        "branchy",          "rowwalk",
                                             "longblock",   "bigctx",          "compute"};
  EXPECT_EQ(all_names(), expected);
  for (const std::string& n : expected) {
    const Workload* w = find_workload(n);
    ASSERT_NE(w, nullptr) << n;
    EXPECT_EQ(w->name(), n);
    EXPECT_FALSE(w->description().empty());
    for (const WorkloadParam& p : w->params()) {
      EXPECT_LE(p.min_value, p.default_value) << n << "." << p.name;
      EXPECT_LE(p.default_value, p.max_value) << n << "." << p.name;
      EXPECT_FALSE(p.help.empty());
    }
  }
  EXPECT_EQ(find_workload("nope"), nullptr);
}

}  // namespace
}  // namespace gpucosim

namespace gpucosim {
namespace {

// Counts and register invariants also hold for shapes that exercise partial warps, partial
// blocks, grid edges and unrolled variants.
struct Odd {
  const char* name;
  std::vector<std::string> overrides;
};

class OddShapes : public ::testing::TestWithParam<Odd> {};

TEST_P(OddShapes, CountsMatchClosedForm) {
  const Workload* w = find_workload(GetParam().name);
  ASSERT_NE(w, nullptr);
  const ParamValues p = resolve_params(*w, GetParam().overrides);
  GeneratedApp app = w->generate(p);
  const std::vector<KernelCounts> expected = w->expected_counts(p);
  ASSERT_EQ(app.kernels.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    const KernelCounts got = count_kernel(*app.kernels[k]);
    EXPECT_TRUE(got == expected[k]) << "kernel " << k << ": got " << got.warp_instructions << " insts, "
                                    << got.memory_instructions << " mem; expected " << expected[k].warp_instructions
                                    << ", " << expected[k].memory_instructions;
  }
  GeneratedApp again = w->generate(p);
  expect_consistent(again);
}

INSTANTIATE_TEST_SUITE_P(
    workloads, OddShapes,
    ::testing::Values(Odd{"vecadd", {"n=1000", "block=100"}}, Odd{"vecadd", {"n=31", "block=1024"}},
                      Odd{"transpose_naive", {"n=64", "block_rows=32"}}, Odd{"transpose_shared", {"n=96", "block_rows=4"}},
                      Odd{"gemm_naive", {"m=30", "n=96", "k=12", "block_y=5", "store_every=6"}},
                      Odd{"syrk", {"n=96", "m=5", "block_y=3"}}, Odd{"syr2k", {"n=32", "m=1", "block_y=32", "store_each_k=0"}},
                      Odd{"spmv_csr", {"rows=1000", "block=48", "avg_nnz=3", "seed=7"}},
                      Odd{"atax", {"nx=100", "ny=37", "block=64"}},
                      Odd{"stencil2d", {"rows=50", "cols=37", "block=8", "iters=3"}},
                      Odd{"stencil2d", {"rows=5", "cols=70", "block=12", "iters=1"}},
                      Odd{"reduction", {"blocks=3", "block=32"}}, Odd{"reduction", {"blocks=2", "block=1024"}},
                      Odd{"streamcluster", {"points=1000", "dim=3", "centers=7", "block=96", "seed=3"}},
                      Odd{"kmeans", {"points=999", "features=3", "clusters=2", "block=64"}},
                      Odd{"regheavy", {"n=500", "block=128", "loads=64", "chain=70", "rounds=2"}},
                      Odd{"branchy", {"n=1000", "block=96", "max_trips=20", "taken_pct=10", "seed=9"}},
                      Odd{"rowwalk", {"rows=1000", "cols=70", "stride=24", "sweeps=3", "block=96"}},
                      Odd{"longblock", {"n=1000", "block=96", "iters=3", "ilp=1"}},
                      Odd{"compute", {"n=1000", "block=100", "iters=2", "ilp=8", "regs=40"}},
                      Odd{"bigctx", {"n=96", "block=96", "regs=200", "shmem=384"}}),
    [](const ::testing::TestParamInfo<Odd>& i) { return std::string(i.param.name) + "_" + std::to_string(i.index); });

}  // namespace
}  // namespace gpucosim
