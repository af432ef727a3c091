// Accel-Sim's configurations as they are (../shared/accelsim-configs, skipped when absent):
//  * the presets QV100 and RTX3070 are our reading of SM7_QV100 (+ its UDP unit for sm_80
//    traces) and SM86_RTX3070: a run with the preset and a run with Accel-Sim's files give
//    identical statistics;
//  * on every row of Accel-Sim's reference runs (../shared/accelsim-reference/accelsim_results.csv)
//    the counts that do not depend on timing (warp instructions, L1D/L2 accesses, DRAM sector
//    reads) are Accel-Sim's exactly, and the misses within 2 %.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"
#include "validation/accelsim_reference.h"

namespace gpucosim {
namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream f(path);
  return f ? nlohmann::json::parse(f, nullptr, false) : nlohmann::json();
}

// --config arguments for Accel-Sim's files of a CSV configuration name ("" when ../shared is absent).
std::string accelsim_files(const std::string& config) {
  const std::string root = test::shared_path("accelsim-configs");
  if (root.empty()) return "";
  return validation::config_args(std::filesystem::path(root).parent_path().string(), config);
}

// The configuration of the reference runs that each preset reads, and a folder name for its run.
struct PresetFiles {
  const char* preset;
  const char* config;  // as accelsim_results.csv names it
  const char* folder;
};
const PresetFiles kPresetFiles[] = {{"QV100", "SM7_QV100 + UDP unit", "SM7_QV100"},
                                    {"RTX3070", "SM86_RTX3070", "SM86_RTX3070"}};

// The statistics that can differ between two identical runs (host time).
bool host_dependent(const std::string& k) { return k.rfind("sim_rate", 0) == 0 || k == "sim_wall_s"; }

TEST(cli_accelsim_configs, PresetsGiveTheStatisticsOfAccelSimsFiles) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty() || test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/fixtures or ../shared/accelsim-configs is absent";
  const std::string dir = test::scratch_dir();
  for (const PresetFiles& pf : kPresetFiles) {
    const std::string preset = pf.preset, files = pf.folder;
    const std::string trace = " --trace " + fixture + "/kernelslist.g --quiet";
    const auto a = test::run_gpucosim("run --config " + preset + trace + " --out " + dir + "/" + preset);
    const auto b = test::run_gpucosim("run" + accelsim_files(pf.config) + trace + " --out " + dir + "/" + files);
    ASSERT_EQ(a.exit_code, 0) << a.output;
    ASSERT_EQ(b.exit_code, 0) << b.output;
    const nlohmann::json ja = read_json(dir + "/" + preset + "/stats.json");
    const nlohmann::json jb = read_json(dir + "/" + files + "/stats.json");
    ASSERT_TRUE(ja.contains("total") && jb.contains("total"));
    EXPECT_GT(ja["total"]["gpu_sim_cycle"].get<double>(), 0.0);
    size_t compared = 0;
    for (const auto& part : {std::string("total"), std::string("kernels")}) {
      const nlohmann::json& x = part == "total" ? ja["total"] : ja["kernels"][0];
      const nlohmann::json& y = part == "total" ? jb["total"] : jb["kernels"][0];
      EXPECT_EQ(x.size(), y.size()) << preset << " " << part;
      for (auto it = x.begin(); it != x.end(); ++it) {
        if (host_dependent(it.key())) continue;
        ++compared;
        EXPECT_EQ(it.value(), y.value(it.key(), nlohmann::json())) << preset << " " << part << ": " << it.key();
      }
    }
    EXPECT_GT(compared, 100u);
  }
}

// `run --threads N` (the host threads of docs/architecture.md) leaves every statistic as one
// thread gives it, on the real trace read ahead from its files and with Accel-Sim's own files.
TEST(cli_accelsim_configs, HostThreadsGiveTheStatisticsOfOneThread) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty() || test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/fixtures or ../shared/accelsim-configs is absent";
  const std::string dir = test::scratch_dir();
  const std::string run = "run" + accelsim_files(kPresetFiles[0].config) + " --trace " + fixture + "/kernelslist.g --quiet";
  nlohmann::json one;
  for (const char* t : {"1", "2", "3"}) {
    const auto r = test::run_gpucosim(run + " --threads " + t + " --out " + dir + "/t" + t);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    nlohmann::json j = read_json(dir + "/t" + t + "/stats.json");
    for (auto* part : {&j["total"], &j["kernels"][0]})
      for (const std::string k : {"sim_wall_s", "sim_rate_warp_insn_per_s", "sim_rate_cycles_per_s"}) part->erase(k);
    if (one.is_null()) {
      one = j;
      EXPECT_GT(one["total"]["warp_insn"].get<double>(), 0.0);
    } else {
      EXPECT_TRUE(nlohmann::json::diff(one, j).empty()) << "--threads " << t << ": " << nlohmann::json::diff(one, j).dump().substr(0, 2000);
    }
  }
}

// Every option of Accel-Sim's files that the model does not model is named, with its reason, in
// docs/accelsim-configs.md; everything else in them is modelled.
TEST(cli_accelsim_configs, EveryUnmodelledOptionIsExplained) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty() || test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/fixtures or ../shared/accelsim-configs is absent";
  std::ifstream d(test::source_dir() + "/docs/accelsim-configs.md");
  std::stringstream doc;
  doc << d.rdbuf();
  ASSERT_FALSE(doc.str().empty());
  const std::string dir = test::scratch_dir();
  for (const PresetFiles& pf : kPresetFiles) {
    const std::string files = pf.folder;
    const auto r = test::run_gpucosim("run" + accelsim_files(pf.config) + " --trace " + fixture + "/kernelslist.g --out " + dir + "/" + files +
                       " --max-cycles 10");
    const nlohmann::json j = read_json(dir + "/" + files + "/stats.json");
    ASSERT_TRUE(j.contains("unmodelled_options")) << r.output;
    EXPECT_GT(j["unmodelled_options"].size(), 10u);
    for (const auto& o : j["unmodelled_options"]) {
      std::string name = o.get<std::string>();
      name = name.substr(0, name.find(' '));  // "gpgpu_dram_partition_queues (DRAM-to-L2 queue field)"
      EXPECT_NE(doc.str().find("`-" + name), std::string::npos) << files << ": -" << name << " is not explained";
      EXPECT_EQ(name.rfind("specialized_unit", 0), std::string::npos) << "specialised units are modelled";
    }
  }
}

// The kernelslist.g of a reference row's trace, made in `dir` as the reference README says.
std::string make_trace(const validation::ReferenceRow& r, const std::string& dir) {
  const std::string out = dir + "/" + r.case_name;
  if (std::filesystem::exists(out + "/kernelslist.g")) return out + "/kernelslist.g";
  const std::string shared =
      std::filesystem::path(test::shared_path("accelsim-reference")).parent_path().string();
  const auto g = test::run_command(validation::trace_command(r, shared, test::gpucosim_exe(), out));
  EXPECT_EQ(g.exit_code, 0) << g.output;
  return g.exit_code == 0 ? out + "/kernelslist.g" : "";
}

TEST(cli_accelsim_configs, CountsMatchAccelSimOnEveryReferenceRow) {
  const std::string csv = test::shared_path("accelsim-reference/accelsim_results.csv");
  if (csv.empty() || test::shared_fixture("accelsim-vectoradd-sm80").empty() ||
      test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/accelsim-reference, fixtures or accelsim-configs is absent";
  const std::vector<validation::ReferenceRow> rows = validation::read_reference_rows(csv);
  ASSERT_GE(rows.size(), 9u);
  const std::string dir = test::scratch_dir();
  for (const validation::ReferenceRow& r : rows) {
    const std::string label = r.case_name + " on " + r.config;
    const std::string trace = make_trace(r, dir);
    if (trace.empty()) {
      ADD_FAILURE() << label << ": could not make the trace";
      continue;
    }
    const std::string out = dir + "/run_" + r.case_name + "_" + (r.config.rfind("SM7", 0) == 0 ? "qv" : "rtx");
    // As the reference runs: Accel-Sim's files, its L2 pre-fill inert (see the reference README).
    const auto run = test::run_gpucosim("run" + accelsim_files(r.config) + " --trace " + trace +
                         " --set gpgpu_perf_sim_memcpy=0 --quiet --out " + out);
    ASSERT_EQ(run.exit_code, 0) << label << "\n" << run.output;
    const nlohmann::json t = read_json(out + "/stats.json")["total"];
    auto stat = [&t](const char* k) { return t.value(k, -1.0); };
    EXPECT_EQ(stat("warp_insn"), r.warp_insn) << label;
    EXPECT_EQ(stat("L1D_total_cache_accesses"), r.l1d_accesses) << label;
    EXPECT_EQ(stat("L2_total_cache_accesses"), r.l2_accesses) << label;
    EXPECT_EQ(stat("total_dram_reads"), r.dram_reads) << label;
    EXPECT_NEAR(stat("L1D_total_cache_misses"), r.l1d_misses, 0.02 * r.l1d_misses) << label;
    EXPECT_NEAR(stat("L2_total_cache_misses"), r.l2_misses, 0.02 * r.l2_misses) << label;
  }
}

}  // namespace
}  // namespace gpucosim
