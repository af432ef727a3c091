// Shared-memory bank conflicts through the whole GPU: a warp whose lanes read 4-byte words
// `stride` words apart hits gcd-limited banks, so with 32 banks the conflict degree is
// stride 1, 2, 4, 8, 16, 32 -> 1, 2, 4, 8, 16, 32, and a broadcast (every lane the same word) -> 1.
// Checked two ways per pattern (one kernel each, one warp, a chain of dependent LDS R2, [R2]):
//   gpgpu_n_shmem_bkconflict = loads x (degree - 1)    (the extra passes the model counts);
//   issue-to-issue distance  = kSmPipeline + gpgpu_smem_latency + (degree - 1)
// (kSmPipeline = 2 core cycles: operand read and the LSU dispatch register, as in test_latency.cpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

constexpr int kLoads = 8;
constexpr double kSmPipeline = 2;

struct Case {
  const char* name;
  uint32_t stride;  // words; 0 = broadcast
  uint32_t degree;
};
const Case kCases[] = {{"stride1", 1, 1},   {"stride2", 2, 2},   {"stride4", 4, 4},     {"stride8", 8, 8},
                       {"stride16", 16, 16}, {"stride32", 32, 32}, {"broadcast", 0, 1}};

class LdsTimes : public IssueObserver {
 public:
  explicit LdsTimes(uint32_t pc) : pc_(pc) {}
  std::vector<uint64_t> cycles;
  void issued(uint64_t cycle, uint32_t, uint32_t, const Instruction& in) override {
    if (in.pc == pc_) cycles.push_back(cycle);
  }

 private:
  uint32_t pc_;
};

void check(const std::string& preset_name) {
  const GpuConfig g = preset(preset_name);
  ASSERT_EQ(g.core.shmem_banks, 32u) << "the expected degrees assume 32 banks";
  const json j = in_child([&] {
    std::vector<CodeKernel> ks;
    uint32_t pc = 0;
    for (const Case& c : kCases) {
      CodeKernel k;
      const int lds = k.prog->add("LDS", 2, {2});
      const int ex = k.prog->add("EXIT", wl::kNoReg, {});
      pc = k.prog->site(lds).pc;
      k.header = code_header(*k.prog, 1, 32, /*shmem=*/32 * 32 * 4);
      const uint32_t stride = c.stride;
      k.fill = [=](uint64_t, std::vector<Warp>& ws) {
        ws.resize(1);
        wl::WarpStream s(*k.prog, ws[0]);
        for (int i = 0; i < kLoads; ++i) s.mem(lds, ~0u, [=](int l) { return uint64_t(l) * stride * 4; });
        s.op(ex, ~0u);
      };
      ks.push_back(k);
    }
    GpuModel gpu("gpu", g);
    std::vector<std::unique_ptr<LdsTimes>> obs;
    for (uint32_t i = 0; i < gpu.n_sms(); ++i) {
      obs.push_back(std::make_unique<LdsTimes>(pc));
      gpu.sm(i).set_issue_observer(obs.back().get());
    }
    json out = json::parse(to_json(gpu.run(code_app(ks))).dump());
    std::vector<uint64_t> all;  // kernels run one after the other: merge the SMs' records by time
    for (auto& o : obs) all.insert(all.end(), o->cycles.begin(), o->cycles.end());
    std::sort(all.begin(), all.end());
    out["lds_cycles"] = all;
    return out;
  });
  ASSERT_EQ(j["kernels"].size(), std::size(kCases));
  const auto cycles = j["lds_cycles"].get<std::vector<uint64_t>>();
  ASSERT_EQ(cycles.size(), std::size(kCases) * kLoads);
  for (size_t i = 0; i < std::size(kCases); ++i) {
    const Case& c = kCases[i];
    EXPECT_EQ(j["kernels"][i]["gpgpu_n_shmem_bkconflict"].get<double>(), kLoads * (c.degree - 1.0)) << c.name;
    const double expected = kSmPipeline + g.core.shmem_latency + (c.degree - 1);
    for (int k = 1; k < kLoads; ++k)
      EXPECT_EQ(double(cycles[i * kLoads + k] - cycles[i * kLoads + k - 1]), expected) << c.name << " load " << k;
  }
}

TEST(gpu_shmem, ConflictDegreesGTX480) { check("GTX480"); }
TEST(gpu_shmem, ConflictDegreesQV100) { check("QV100"); }

}  // namespace
}  // namespace gpucosim::test
