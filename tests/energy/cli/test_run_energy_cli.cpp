// `gpucosim run --energy` end to end: per-kernel energy printed and written as energy.json in the
// run's folder, in the format `gpucosim report --energy` reads (labels RUN/KERNEL), and a bad node
// refused with a message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "synth/report/report_inputs.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return nlohmann::json::parse(s.str());
}

TEST(runEnergyCli, WritesPerKernelEnergyThatReportReads) {
  const std::string dir = scratch_dir() + "/base";
  const CommandResult r = run_command(gpucosim_exe() +
                                      " run --workload vecadd:n=2048 --set gpgpu_n_clusters=1 --energy --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("energy (45 nm"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("base/total"), std::string::npos) << r.output;

  const nlohmann::json j = read_json(dir + "/energy.json");
  EXPECT_EQ(j.at("label"), "base");
  ASSERT_EQ(j.at("kernels").size(), 1u);
  const auto& k = j.at("kernels")[0];
  const double kernel_nj = k.at("energy").at("total_nj").get<double>();
  EXPECT_GT(k.at("energy").at("dynamic_nj").get<double>(), 0.0);
  EXPECT_GT(kernel_nj, 0.0);
  // The whole run holds the kernel and the cycles after it: never less energy.
  EXPECT_GE(j.at("total").at("total_nj").get<double>(), kernel_nj);

  const auto reports = synth::energy_reports_in(j, "fallback", dir + "/energy.json");
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].first, "base/" + k.at("name").get<std::string>());
  EXPECT_EQ(reports[1].first, "base/total");
  EXPECT_NEAR(reports[0].second.total_nj(), kernel_nj, 1e-6 * kernel_nj);
}

TEST(runEnergyCli, LabelOptionAndBadNode) {
  const std::string dir = scratch_dir();
  CommandResult r = run_command(gpucosim_exe() + " run --workload vecadd:n=1024 --set gpgpu_n_clusters=1 --energy " +
                                "--energy-label warppool --quiet --out " + dir + "/x");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("energy ("), std::string::npos) << "--quiet prints nothing";
  EXPECT_EQ(read_json(dir + "/x/energy.json").at("label"), "warppool");

  r = run_command(gpucosim_exe() + " run --workload vecadd:n=1024 --set gpgpu_n_clusters=1 --energy " +
                  "--energy-node 5 --out " + dir + "/y");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("error"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/y/energy.json"));
  EXPECT_FALSE(std::filesystem::exists(dir + "/y/stats.json")) << "refused before the run";
}

}  // namespace
}  // namespace gpucosim::test
