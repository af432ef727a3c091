// Every built-in workload runs to completion on every preset with its default parameters: the
// run ends "completed" (no deadlock, no limit) and issues exactly the warp instructions the
// generator's closed-form expected_counts() gives (spec 002 §6.7 item 33).
#include <gtest/gtest.h>

#include "tests/gpu/gpu_test_util.h"
#include "workloads/workload.h"

namespace gpucosim::test {
namespace {

using Combo = std::tuple<std::string, std::string>;  // workload, preset

class WorkloadOnPreset : public ::testing::TestWithParam<Combo> {};

TEST_P(WorkloadOnPreset, CompletesWithTheGeneratorsInstructionCount) {
  const auto& [name, preset_name] = GetParam();
  const Workload* w = find_workload(name);
  ASSERT_NE(w, nullptr);
  uint64_t expected = 0;
  for (const KernelCounts& c : w->expected_counts(resolve_params(*w, {}))) expected += c.warp_instructions;
  const CliRun r = run_cli("run --workload " + name + " --config " + preset_name);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.stats["end"], "completed");
  EXPECT_EQ(r.stats["total"]["warp_insn"].get<uint64_t>(), expected);
  EXPECT_EQ(r.stats["kernels"].size(), w->expected_counts(resolve_params(*w, {})).size());
}

std::vector<Combo> combos() {
  std::vector<Combo> v;
  for (const auto& w : builtin_workloads())
    for (const char* p : {"GTX480", "GTX980", "FINEREG", "QV100", "TANASIC-T51"}) v.emplace_back(w->name(), p);
  return v;
}

INSTANTIATE_TEST_SUITE_P(gpu, WorkloadOnPreset, ::testing::ValuesIn(combos()),
                         [](const ::testing::TestParamInfo<Combo>& i) {
                           std::string n = std::get<0>(i.param) + "_" + std::get<1>(i.param);
                           for (char& ch : n)
                             if (ch == '-') ch = '_';  // TANASIC-T51: test names are [A-Za-z0-9_]
                           return n;
                         });

}  // namespace
}  // namespace gpucosim::test
