// `gpucosim blocks`: text and JSON list every registered block with its modes and parameters.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "systemc/blocks/registry/block_registry.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

TEST(BlocksCli, JsonListsEveryRegisteredBlockWithModesAndParameters) {
  const auto r = test::run_command(test::gpucosim_exe() + " blocks --json 2>&1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j.size(), builtin_block_registry().entries().size());
  bool saw_warppool = false;
  for (const auto& b : j) {
    const std::string name = b["name"];
    std::vector<std::string> expect;
    for (kit::BlockMode m : builtin_block_registry().modes(name)) expect.push_back(kit::to_string(m));
    EXPECT_EQ(b["modes"].get<std::vector<std::string>>(), expect) << name;
    EXPECT_FALSE(b["hooks"].get<std::string>().empty());
    EXPECT_EQ(b["params"].size(), builtin_block_registry().find(name)->decl->params->size());
    if (name == "warppool") {
      saw_warppool = true;
      EXPECT_EQ(b["params"][1]["option"], "gpucosim_warppool_iq_count");
      EXPECT_EQ(b["params"][1]["default"], 16);
    }
  }
  EXPECT_TRUE(saw_warppool);
}

// The user guide's example: its lines (up to "...") are the command's first lines, as printed.
TEST(BlocksCli, UserGuideExampleIsWhatTheCommandPrints) {
  const auto r = test::run_command(test::gpucosim_exe() + " blocks 2>&1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream f(test::source_dir() + "/docs/user-guide.md");
  std::string line, expected;
  bool in = false;
  while (std::getline(f, line)) {
    if (line == "$ gpucosim blocks") {
      in = true;
      continue;
    }
    if (!in) continue;
    if (line == "..." || line == "```") break;
    expected += line + "\n";
  }
  ASSERT_FALSE(expected.empty()) << "no example in docs/user-guide.md";
  EXPECT_EQ(r.output.substr(0, expected.size()), expected);
}

TEST(BlocksCli, TextNamesModesAndOptions) {
  const auto r = test::run_command(test::gpucosim_exe() + " blocks 2>&1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("warppool - WarpPool"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("modes: off, tlm"), std::string::npos);
  EXPECT_NE(r.output.find("-gpucosim_warppool_merges_per_tag"), std::string::npos);
  const auto bad = test::run_command(test::gpucosim_exe() + " blocks --bogus 2>&1");
  EXPECT_NE(bad.exit_code, 0);
}

}  // namespace
}  // namespace gpucosim
