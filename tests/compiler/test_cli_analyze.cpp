// `gpucosim analyze` end to end: the text and JSON views, the acceptance figure (regheavy's
// maximum live registers = loads + 7, see test_regheavy.cpp for the derivation), the user
// guide's example, and bad invocations (message, exit code 1).
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

nlohmann::json json_of(const std::string& args) {
  const auto r = test::run_command(test::gpucosim_exe() + " " + args + " 2>/dev/null");
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
  return nlohmann::json::parse(r.output);
}

TEST(compiler_cli, LivenessJsonReportsRegheavysMaxLivePerKernel) {
  for (int loads : {24, 10, 50}) {
    const std::string spec = loads == 24 ? "regheavy" : "regheavy:loads=" + std::to_string(loads) + ",chain=60";
    const nlohmann::json j = json_of("analyze liveness --workload " + spec + " --json");
    EXPECT_EQ(j["analysis"], "liveness");
    EXPECT_EQ(j["origin"], "--workload " + spec);
    ASSERT_EQ(j["kernels"].size(), 1u);
    const nlohmann::json& k = j["kernels"][0];
    EXPECT_EQ(k["kernel"], "_Z8regheavyPKfPfi");
    EXPECT_EQ(k["max_live"], loads + 7) << spec;
    EXPECT_EQ(k["instruction_size"], 16);
    // One entry per static PC, each with its live count, and the maximum among them.
    size_t max = 0;
    double sum = 0;
    for (const auto& pc : k["pcs"]) {
      EXPECT_EQ(pc["live"], pc["live_in"].size() + pc["live_out"].size() -
                                [&] {  // registers in both
                                  size_t both = 0;
                                  for (const auto& r : pc["live_in"])
                                    for (const auto& o : pc["live_out"]) both += r == o;
                                  return both;
                                }());
      max = std::max(max, pc["live"].get<size_t>());
      sum += pc["live"].get<double>();
    }
    EXPECT_EQ(max, size_t(loads + 7));
    EXPECT_EQ(k["pcs"].size(), k["static_instructions"].get<size_t>());
    EXPECT_DOUBLE_EQ(k["mean_live"].get<double>(), sum / double(k["pcs"].size()));
  }
}

TEST(compiler_cli, CfgJsonHasBlocksEdgesAndDominators) {
  const nlohmann::json j = json_of("analyze cfg --workload branchy --json");
  ASSERT_EQ(j["kernels"].size(), 1u);
  const nlohmann::json& k = j["kernels"][0];
  ASSERT_EQ(k["blocks"].size(), 7u);  // see test_branchy.cpp
  EXPECT_EQ(k["basic_blocks"], 7);
  const nlohmann::json& head = k["blocks"][2];
  EXPECT_EQ(head["name"], "B2");
  EXPECT_EQ(head["start_pc"], 0x0f0);
  EXPECT_EQ(head["end_pc"], 0x120);
  EXPECT_EQ(head["instructions"], 4);
  EXPECT_EQ(head["succs"], nlohmann::json::array({"B3", "B4"}));
  EXPECT_EQ(head["ipdom"], "B5");
  EXPECT_EQ(k["blocks"][5]["idom"], "B2");
  EXPECT_EQ(k["blocks"][0]["idom"], "entry");
  EXPECT_EQ(k["edges"].size(), 12u);
  EXPECT_EQ(k["edges"][0], (nlohmann::json{{"from", "B0"}, {"to", "B1"}}));
}

TEST(compiler_cli, TextViewsPrintBlocksEdgesAndLiveCounts) {
  const auto cfg = test::run_gpucosim("analyze cfg --workload regheavy:loads=8,chain=8");
  ASSERT_EQ(cfg.exit_code, 0) << cfg.output;
  EXPECT_NE(cfg.output.find("kernel 1: _Z8regheavyPKfPfi"), std::string::npos) << cfg.output;
  EXPECT_NE(cfg.output.find("4 basic blocks"), std::string::npos) << cfg.output;
  EXPECT_NE(cfg.output.find("B2->B2"), std::string::npos) << cfg.output;  // the round's back edge
  EXPECT_NE(cfg.output.find("live registers per PC: max 15 at 0x01a0"), std::string::npos) << cfg.output;
  const auto live = test::run_gpucosim("analyze liveness --workload regheavy:loads=8,chain=8");
  ASSERT_EQ(live.exit_code, 0) << live.output;
  EXPECT_NE(live.output.find("R0 R3 R4 R5 R6 R16 R17 R18 R19 R20 R21 R22 R23"), std::string::npos) << live.output;
  EXPECT_NE(live.output.find("live registers per PC: max 15"), std::string::npos) << live.output;
}

// The lines after "$ COMMAND" in docs/user-guide.md up to the next command or the end of the block.
std::string guide_output(const std::string& command) {
  std::ifstream f(test::source_dir() + "/docs/user-guide.md");
  std::string line, out;
  bool in = false;
  while (std::getline(f, line)) {
    if (in && (line.rfind("$ ", 0) == 0 || line.rfind("```", 0) == 0)) break;
    if (in) out += line + "\n";
    if (line == "$ " + command) in = true;
  }
  return out;
}

TEST(compiler_cli, TheUserGuideExamplesPrintWhatTheGuideShows) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty()) GTEST_SKIP() << "shared fixture accelsim-vectoradd-sm80 not found (../shared/fixtures)";
  const std::string example = "gpucosim analyze cfg --trace ../shared/fixtures/accelsim-vectoradd-sm80/kernelslist.g";
  const std::string shown = guide_output(example);
  ASSERT_FALSE(shown.empty()) << "docs/user-guide.md has no '$ " << example << "'";
  const auto r = test::run_command("cd " + test::source_dir() + " && " + test::gpucosim_exe() + example.substr(8));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, shown);
  EXPECT_NE(r.output.find("edges (4): B0->B1, B0->exit, B1->exit, entry->B0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("live registers per PC: max 6 at 0x0090"), std::string::npos) << r.output;
  // The guide's second example: regheavy's default loads = 24.
  EXPECT_EQ(json_of("analyze liveness --workload regheavy --json")["kernels"][0]["max_live"], 24 + 7);
  EXPECT_EQ(json_of("analyze liveness --trace " + fixture + "/kernel-1.traceg --json")["kernels"][0]["max_live"], 6);
}

struct BadAnalyze {
  const char* args;
  const char* message;
  int exit_code = 1;  // 2: a usage error (what to analyse, or from what, missing or unknown)
};

TEST(compiler_cli, BadInvocationsFailWithAMessageAndAnExitCode) {
  const BadAnalyze cases[] = {
      {"analyze liveness", "exactly one of --trace", 2},
      {"analyze cfg --workload vecadd --trace x.g", "exactly one of --trace", 2},
      {"analyze graph --workload vecadd", "unknown analysis 'graph': expected cfg, liveness, regions, values or save-time", 2},
      {"analyze --workload vecadd", "missing analysis", 2},
      {"analyze cfg --trace /nonexistent/kernelslist.g", "/nonexistent/kernelslist.g"},
      {"analyze cfg --trace /nonexistent/kernel-1.traceg", "/nonexistent/kernel-1.traceg"},
      {"analyze liveness --workload no_such_kernel", "unknown workload 'no_such_kernel'"},
      {"analyze liveness --workload regheavy:loads=0", "loads"},
      {"analyze liveness --workload regheavy:loads=9,chain=4", "chain must be at least loads"},
      {"analyze regions --workload vecadd --max-regs-per-region 0", "--max-regs-per-region"},
      {"analyze regions --workload vecadd --bank-lines -3", "--bank-lines"},
      {"analyze regions --workload vecadd --min-region-insts x", "--min-region-insts"},
      {"analyze cfg --workload vecadd --bank-lines 8", "region budgets apply to `gpucosim analyze regions` only"},
      {"analyze values --workload vecadd --max-regs-per-region 8", "region budgets apply"},
      {"analyze regions", "exactly one of --trace", 2},
      {"analyze save-time --config TANASIC-T51", "exactly one of --trace", 2},
      {"analyze save-time --workload vecadd --config NOPE", "NOPE"},
      {"analyze save-time --workload vecadd --banks 4", "region budgets apply"},
      {"analyze cfg --workload vecadd --config GTX480", "--config: applies to `gpucosim analyze save-time` only"},
      {"analyze save-time --workload transpose_shared --config TANASIC-T51 --set gpgpu_shmem_size=4096 --set "
       "gpgpu_shmem_per_block=4096 --set gpgpu_shmem_option=4",
       "more than the largest configuration"},
      {"analyze regions --trace /nonexistent/kernelslist.g", "/nonexistent/kernelslist.g"},
  };
  for (const BadAnalyze& c : cases) {
    const auto r = test::run_gpucosim(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.args << " printed:\n" << r.output;
    EXPECT_NE(r.output.find("gpucosim: error: "), std::string::npos) << c.args << " printed:\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << " printed:\n" << r.output;
  }
}

// `analyze regions --json`: per kernel the region table (every static instruction in exactly one
// region, budgets as given) and the Table 4.2 summary; the text form ends with the summary.
TEST(compiler_cli, RegionsJsonCoversEveryInstructionAndSummarises) {
  const nlohmann::json j = json_of("analyze regions --workload regheavy --json --max-regs-per-region 40");
  EXPECT_EQ(j["analysis"], "regions");
  ASSERT_EQ(j["kernels"].size(), 1u);
  const nlohmann::json& k = j["kernels"][0];
  EXPECT_EQ(k["options"]["max_regs_per_region"], 40);
  EXPECT_EQ(k["options"]["bank_lines"], 16);
  size_t insts = 0, annotated = 0;
  for (const auto& g : k["regions"]) {
    insts += g["instructions"].get<size_t>();
    annotated += g["annotations"].size();
    EXPECT_LE(g["max_live"].get<int>(), 40);
    EXPECT_EQ(g["bank_usage"].size(), 8u);
  }
  EXPECT_EQ(insts, k["static_instructions"].get<size_t>());
  EXPECT_EQ(annotated, insts);
  const nlohmann::json& s = j["summary"];
  EXPECT_EQ(s["regions"], k["regions"].size());
  EXPECT_DOUBLE_EQ(s["static_instructions_per_region"].get<double>(), double(insts) / double(k["regions"].size()));
  EXPECT_TRUE(s["cycles_per_region"].is_null());
  EXPECT_GT(s["known_value_share_static"].get<double>(), 0.0);

  const auto text = test::run_gpucosim("analyze regions --workload vecadd");
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("as seed 000 Table 4.2"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("cycles per region need the timing model"), std::string::npos) << text.output;
}

TEST(compiler_cli, ValuesJsonClassifiesEveryDefinition) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty()) GTEST_SKIP() << "shared fixture accelsim-vectoradd-sm80 not found (../shared/fixtures)";
  const nlohmann::json j = json_of("analyze values --trace " + fixture + "/kernelslist.g --json");
  const nlohmann::json& k = j["kernels"][0];
  EXPECT_EQ(k["s2r_roles"], nlohmann::json::array({"uniform", "tid.x"}));  // blockIdx.x, threadIdx.x
  EXPECT_EQ(k["address_sites"], 3);
  for (const auto& d : k["definitions"])
    if (d["opcode"] == "IMAD.WIDE" && d["source"] == "addresses" && (d["reg"] == 4 || d["reg"] == 2 || d["reg"] == 6)) {
      EXPECT_EQ(d["pattern"], "stride-4") << d.dump();
    }
}

TEST(compiler_cli, HelpNamesTheViews) {
  const auto r = test::run_gpucosim("analyze --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("liveness"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gpucosim
