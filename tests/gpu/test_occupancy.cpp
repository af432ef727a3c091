// Occupancy through the dispatcher and the SM (spec 002 §6.6 item 31): the number of thread
// blocks resident on an SM equals the CUDA occupancy rule computed here from the configuration:
//   blocks = min(max blocks per SM,
//                max threads / threads per block (rounded up to whole warps),
//                registers / (ceil(nregs x 32 / granularity) x granularity x warps per block),
//                shared memory / shared memory per block rounded up to its granularity)
// (register granularity: gpucosim_register_alloc_granularity registers per warp; shared memory:
// gpucosim_shmem_alloc_granularity bytes). The cases make each limit the binding one in turn,
// and two of them bind only because of the rounding.
// Measurement: one SM; every warp runs a first instruction, a long dependent chain and a last
// instruction. Blocks arrive one per cycle, long before any warp reaches its last instruction, so
// the most warps seen between their first and last issue at once = resident warps.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

constexpr int kChain = 96;

struct Case {
  const char* preset;
  uint32_t nregs, shmem, block;
  const char* binding;  // which limit binds (documentation of the case)
};

uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

uint32_t cuda_rule(const CoreConfig& c, const Case& k) {
  const uint32_t warps = ceil_div(k.block, c.warp_size);
  uint32_t blocks = c.max_blocks;
  blocks = std::min(blocks, c.max_threads / (warps * c.warp_size));
  const uint32_t g = c.register_alloc_granularity;
  const uint32_t regs = ceil_div(k.nregs * c.warp_size, g) * g * warps;
  if (regs) blocks = std::min(blocks, c.registers / regs);
  const uint32_t sg = c.shmem_alloc_granularity;
  const uint32_t sh = ceil_div(k.shmem, sg) * sg;
  if (sh) blocks = std::min(blocks, c.shmem_bytes / sh);
  return blocks;
}

// Warps between their first and their last issue: +1 at the first instruction, -1 at the last.
class Residency : public IssueObserver {
 public:
  Residency(uint32_t first_pc, uint32_t last_pc) : first_(first_pc), last_(last_pc) {}
  int live = 0, peak = 0;
  void issued(uint64_t, uint32_t, uint32_t, const Instruction& in) override {
    if (in.pc == first_) peak = std::max(peak, ++live);
    if (in.pc == last_) --live;
  }

 private:
  uint32_t first_, last_;
};

void check(const Case& k) {
  const GpuConfig g = preset(k.preset, {"gpgpu_n_clusters=1"});
  const uint32_t expected = cuda_rule(g.core, k);
  ASSERT_GE(expected, 1u) << "a block of this case must fit";
  const uint32_t wpb = ceil_div(k.block, 32);
  const json j = in_child([&] {
    CodeKernel ker;
    const int first = ker.prog->add("MOV", 2, {});
    const int add = ker.prog->add("IADD3", 2, {2});
    const int last = ker.prog->add("MOV", 3, {2});
    const int ex = ker.prog->add("EXIT", wl::kNoReg, {});
    ker.header = code_header(*ker.prog, 2 * expected + 1, k.block, k.shmem, k.nregs);
    ker.fill = [=](uint64_t, std::vector<Warp>& ws) {
      ws.resize(wpb);
      for (auto& w : ws) {
        wl::WarpStream s(*ker.prog, w);
        s.op(first, ~0u);
        for (int i = 0; i < kChain; ++i) s.op(add, ~0u);
        s.op(last, ~0u);
        s.op(ex, ~0u);
      }
    };
    GpuModel gpu("gpu", g);
    Residency obs(ker.prog->site(first).pc, ker.prog->site(last).pc);
    gpu.sm(0).set_issue_observer(&obs);
    const RunReport r = gpu.run(code_app({ker}));
    EXPECT_EQ(r.end, RunEnd::Completed);
    return json{{"peak_warps", obs.peak}, {"nregs", ker.header.nregs}};
  });
  ASSERT_FALSE(j.is_null());
  ASSERT_EQ(j["nregs"].get<uint32_t>(), k.nregs) << "the kernel header must carry the case's registers";
  EXPECT_EQ(j["peak_warps"].get<uint32_t>(), expected * wpb)
      << k.preset << " nregs " << k.nregs << " shmem " << k.shmem << " block " << k.block << " (" << k.binding
      << " limit): expected " << expected << " blocks";
}

// GTX480: 1536 threads, 8 blocks, 32768 registers (granularity 256), 48 kB shared memory (128 B).
TEST(gpu_occupancy, BlockSlotLimitGTX480) { check({"GTX480", 16, 0, 128, "block slots"}); }          // 8
TEST(gpu_occupancy, ThreadLimitGTX480) { check({"GTX480", 16, 0, 512, "threads"}); }                 // 3
TEST(gpu_occupancy, RegisterLimitGTX480) { check({"GTX480", 32, 0, 256, "registers"}); }             // 4
TEST(gpu_occupancy, RegisterGranularityGTX480) { check({"GTX480", 21, 0, 192, "register rounding"}); }  // 7, not 8
TEST(gpu_occupancy, SharedMemoryLimitGTX480) { check({"GTX480", 16, 12000, 64, "shared memory"}); }  // 4
TEST(gpu_occupancy, SharedGranularityGTX480) { check({"GTX480", 16, 9800, 64, "shared rounding"}); }  // 4, not 5
// QV100: 2048 threads, 32 blocks, 65536 registers, 96 kB shared memory.
TEST(gpu_occupancy, RegisterLimitQV100) { check({"QV100", 64, 0, 128, "registers"}); }  // 8
TEST(gpu_occupancy, BlockSlotLimitQV100) { check({"QV100", 16, 0, 32, "block slots"}); }  // 32
TEST(gpu_occupancy, SharedMemoryLimitQV100) { check({"QV100", 32, 20000, 96, "shared memory"}); }  // 4

}  // namespace
}  // namespace gpucosim::test
