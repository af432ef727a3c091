// Issue 2 acceptance, end to end through the CLI: for every built-in workload, `trace gen` then
// `trace info` succeeds, the counts equal the generator's closed-form expectation, and reading the
// written traces and writing them again changes no byte.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"
#include "trace/kernel_counts.h"
#include "trace/trace_reader.h"
#include "trace/trace_writer.h"
#include "workloads/workload.h"

namespace gpucosim {
namespace {

std::vector<std::string> names() {
  std::vector<std::string> n;
  for (const auto& w : builtin_workloads()) n.push_back(w->name());
  return n;
}

class GenInfo : public ::testing::TestWithParam<std::string> {};

TEST_P(GenInfo, CountsMatchTheGeneratorAndRewriteIsByteIdentical) {
  const std::string name = GetParam();
  const std::string dir = test::scratch_dir();
  const std::string exe = test::gpucosim_exe();

  const test::CommandResult gen = test::run_command(exe + " trace gen " + name + " --out " + dir + "/t");
  ASSERT_EQ(gen.exit_code, 0) << gen.output;
  const test::CommandResult info = test::run_command(exe + " trace info " + dir + "/t/kernelslist.g 2>/dev/null");
  ASSERT_EQ(info.exit_code, 0) << info.output;
  const nlohmann::json j = nlohmann::json::parse(info.output);

  const Workload& w = *find_workload(name);
  const std::vector<KernelCounts> expect = w.expected_counts(resolve_params(w, {}, name));
  ASSERT_EQ(j["kernels"].size(), expect.size());
  KernelCounts total;
  for (size_t k = 0; k < expect.size(); ++k) {
    const auto& jk = j["kernels"][k];
    EXPECT_EQ(jk["thread_blocks"].get<uint64_t>(), expect[k].thread_blocks) << name << " kernel " << k;
    EXPECT_EQ(jk["warps"].get<uint64_t>(), expect[k].warps) << name << " kernel " << k;
    EXPECT_EQ(jk["warp_instructions"].get<uint64_t>(), expect[k].warp_instructions) << name << " kernel " << k;
    EXPECT_EQ(jk["memory_instructions"].get<uint64_t>(), expect[k].memory_instructions) << name << " kernel " << k;
    total += expect[k];
  }
  EXPECT_EQ(j["total"]["warp_instructions"].get<uint64_t>(), total.warp_instructions);
  EXPECT_EQ(j["total"]["memory_instructions"].get<uint64_t>(), total.memory_instructions);

  // Write-read-write: each kernel file read back and written again is byte-identical.
  size_t files = 0;
  for (const Command& c : read_kernelslist(dir + "/t/kernelslist.g")) {
    if (c.kind != Command::Kind::Kernel) continue;
    const std::string path = resolve_kernel_path(dir + "/t/kernelslist.g", c.path);
    auto src = open_kernel_trace(path);
    const std::string again = dir + "/again-" + std::to_string(files++) + ".traceg";
    write_kernel_trace(again, *src);
    EXPECT_TRUE(test::read_text(path) == test::read_text(again)) << name << ": " << path << " changed on rewrite";
  }
  EXPECT_EQ(files, expect.size());
}

INSTANTIATE_TEST_SUITE_P(cli, GenInfo, ::testing::ValuesIn(names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace gpucosim
