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

namespace gpucosim {
namespace {

test::CommandResult cli(const std::string& args) { return test::run_command(test::gpucosim_exe() + " " + args); }

nlohmann::json read_json(const std::string& path) {
  std::ifstream f(path);
  return f ? nlohmann::json::parse(f, nullptr, false) : nlohmann::json();
}

// --config arguments for Accel-Sim's files of `config` (a csv "config" value or a folder name).
std::string accelsim_files(const std::string& config) {
  const std::string root = test::shared_path("accelsim-configs");
  if (root.empty()) return "";
  if (config.rfind("SM7_QV100", 0) == 0)
    return " --config " + root + "/SM7_QV100/gpgpusim.config --config " + root + "/SM7_QV100/trace.config --config " +
           root + "/SM7_QV100/udp-for-sm80-traces.config";
  return " --config " + root + "/SM86_RTX3070/gpgpusim.config --config " + root + "/SM86_RTX3070/trace.config";
}

// The statistics that can differ between two identical runs (host time).
bool host_dependent(const std::string& k) { return k.rfind("sim_rate", 0) == 0 || k == "sim_wall_s"; }

TEST(cli_accelsim_configs, PresetsGiveTheStatisticsOfAccelSimsFiles) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (fixture.empty() || test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/fixtures or ../shared/accelsim-configs is absent";
  const std::string dir = test::scratch_dir();
  for (const auto& [preset, files] : {std::pair<std::string, std::string>{"QV100", "SM7_QV100"},
                                      std::pair<std::string, std::string>{"RTX3070", "SM86_RTX3070"}}) {
    const std::string trace = " --trace " + fixture + "/kernelslist.g --quiet";
    const auto a = cli("run --config " + preset + trace + " --out " + dir + "/" + preset);
    const auto b = cli("run" + accelsim_files(files) + trace + " --out " + dir + "/" + files);
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
  for (const char* files : {"SM7_QV100", "SM86_RTX3070"}) {
    const auto r = cli("run" + accelsim_files(files) + " --trace " + fixture + "/kernelslist.g --out " + dir + "/" + files +
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

struct Row {
  std::string name, workload, params, config;
  double warp_insn = 0, l1d_accesses = 0, l1d_misses = 0, l2_accesses = 0, l2_misses = 0, dram_reads = 0;
};

std::vector<Row> reference_rows(const std::string& csv) {
  std::ifstream in(csv);
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    if (f.size() < 11) continue;
    Row r;
    r.name = f[0];
    r.workload = f[1];
    r.params = f[2];
    r.config = f[3];
    r.warp_insn = std::stod(f[5]);
    r.l1d_accesses = std::stod(f[6]);
    r.l1d_misses = std::stod(f[7]);
    r.l2_accesses = std::stod(f[8]);
    r.l2_misses = std::stod(f[9]);
    r.dram_reads = std::stod(f[10]);
    rows.push_back(r);
  }
  return rows;
}

// The kernelslist.g of a reference row's trace, made in `dir` as the reference README says.
std::string make_trace(const Row& r, const std::string& dir) {
  const std::string fixture = test::shared_fixture("accelsim-vectoradd-sm80");
  if (r.name == "fixture_x1") return fixture + "/kernelslist.g";
  const std::string out = dir + "/" + r.name;
  if (r.name == "fixture_x10") {
    const std::string tool = test::shared_path("tools/replicate_trace.py");
    if (tool.empty()) return "";
    std::filesystem::create_directories(out);
    const auto t = test::run_command("python3 " + tool + " " + fixture + "/kernel-1.traceg " + out +
                                     "/kernel-1.traceg -n 10 --kernelslist " + fixture + "/kernelslist.g " + out +
                                     "/kernelslist.g");
    return t.exit_code == 0 ? out + "/kernelslist.g" : "";
  }
  std::string params;
  if (r.params.rfind("defaults", 0) != 0) {  // "k=v k=v"
    std::stringstream ss(r.params);
    for (std::string kv; ss >> kv;) params += " --param " + kv;
  }
  if (std::filesystem::exists(out + "/kernelslist.g")) return out + "/kernelslist.g";
  const auto g = cli("trace gen " + r.workload + params + " --out " + out);
  EXPECT_EQ(g.exit_code, 0) << g.output;
  return out + "/kernelslist.g";
}

TEST(cli_accelsim_configs, CountsMatchAccelSimOnEveryReferenceRow) {
  const std::string csv = test::shared_path("accelsim-reference/accelsim_results.csv");
  if (csv.empty() || test::shared_fixture("accelsim-vectoradd-sm80").empty() ||
      test::shared_path("accelsim-configs").empty())
    GTEST_SKIP() << "../shared/accelsim-reference, fixtures or accelsim-configs is absent";
  const std::vector<Row> rows = reference_rows(csv);
  ASSERT_GE(rows.size(), 9u);
  const std::string dir = test::scratch_dir();
  for (const Row& r : rows) {
    const std::string label = r.name + " on " + r.config;
    const std::string trace = make_trace(r, dir);
    if (trace.empty()) {
      ADD_FAILURE() << label << ": could not make the trace";
      continue;
    }
    const std::string out = dir + "/run_" + r.name + "_" + (r.config.rfind("SM7", 0) == 0 ? "qv" : "rtx");
    // As the reference runs: Accel-Sim's files, its L2 pre-fill inert (see the reference README).
    const auto run = cli("run" + accelsim_files(r.config) + " --trace " + trace +
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
