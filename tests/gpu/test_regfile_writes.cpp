// Register writes are modelled (issue 12): every built-in workload reports gpgpu_n_regfile_writes
// equal to what its instruction streams imply - one write per non-RZ destination register of
// every warp instruction with active lanes - counted from the generator's own output, so the
// figure the GPU energy model charges is measured, not guessed.
#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

double writes_implied(const std::string& spec) {
  GeneratedApp app = generate_workload(spec);
  double n = 0;
  for (auto& k : app.kernels) {
    ThreadBlock tb;
    while (k->next_block(tb))
      for (const Warp& w : tb.warps)
        for (const Instruction& i : w.insts) {
          if (i.active_mask == 0) continue;
          for (uint32_t d = 0; d < i.n_dst; ++d) n += i.dst[d] != kRegZero ? 1 : 0;
        }
  }
  return n;
}

class RegfileWrites : public ::testing::TestWithParam<std::string> {};

TEST_P(RegfileWrites, EqualTheDestinationsOfEveryIssuedInstruction) {
  const CliRun r = run_cli("run --workload " + GetParam() + " --config QV100");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const double writes = r.stats["total"]["gpgpu_n_regfile_writes"].get<double>();
  EXPECT_GT(writes, 0.0);
  EXPECT_EQ(writes, writes_implied(GetParam()));
  EXPECT_GE(r.stats["total"]["regfile_write_bank_conflicts"].get<double>(), 0.0);
}

std::vector<std::string> names() {
  std::vector<std::string> v;
  for (const auto& w : builtin_workloads()) v.push_back(w->name());
  return v;
}

INSTANTIATE_TEST_SUITE_P(gpu, RegfileWrites, ::testing::ValuesIn(names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace gpucosim::test
