// `gpucosim sram`: JSON fields, the --cacti path with a fake cacti, and error exits.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/power/fake_cacti.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

std::string cli() { return gpucosim_exe(); }

bool have_cli() { return std::filesystem::exists(cli()); }

nlohmann::json run_json(const std::string& args) {
  const CommandResult r = run_command(cli() + " sram " + args);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return nlohmann::json::parse(r.output);
}

TEST(powerSramCli, PrintsTheEstimateAsJson) {
  if (!have_cli()) GTEST_SKIP() << "gpucosim CLI not built";
  const nlohmann::json j = run_json("--size 32K --block 64 --assoc 4 --type cache --node 45");
  EXPECT_EQ(j.at("source"), "model");
  for (const char* k : {"access_time_ns", "cycle_time_ns", "read_energy_nj", "write_energy_nj", "leakage_mw",
                        "area_mm2", "data_area_mm2", "tag_area_mm2"})
    EXPECT_GT(j.at(k).get<double>(), 0.0) << k;
  const auto& org = j.at("organisation");
  for (const char* k : {"Ndwl", "Ndbl", "Nspd", "rows", "cols", "subarrays"}) EXPECT_GE(org.at(k).get<int>(), 1) << k;
  EXPECT_EQ(org.at("subarrays").get<int>(), org.at("Ndwl").get<int>() * org.at("Ndbl").get<int>());
  EXPECT_TRUE(j.contains("tag_organisation"));
  EXPECT_EQ(j.at("config").at("ports"), "1rw");
  EXPECT_EQ(j.at("config").at("size_bytes"), 32768);

  const nlohmann::json ram = run_json("--size 4096 --block 32 --ports 2r1w --node 22 --cell lstp");
  EXPECT_EQ(ram.at("tag_area_mm2").get<double>(), 0.0);
  EXPECT_EQ(ram.at("config").at("ports"), "2r1w");
  EXPECT_EQ(ram.at("config").at("cell"), "lstp");
}

TEST(powerSramCli, RunsCactiWhenAsked) {
  if (!have_cli()) GTEST_SKIP() << "gpucosim CLI not built";
  const std::string exe = write_fake_cacti(scratch_dir(), FakeCacti::Good);
  const nlohmann::json j = run_json("--size 32768 --block 64 --assoc 4 --type cache --node 45 --cacti " + exe);
  EXPECT_EQ(j.at("source"), "cacti");
  EXPECT_DOUBLE_EQ(j.at("access_time_ns").get<double>(), 0.698504);
  EXPECT_DOUBLE_EQ(j.at("read_energy_nj").get<double>(), 0.118281);
  EXPECT_NEAR(j.at("area_mm2").get<double>(), 0.203589 * 1.18931, 1e-9);
  EXPECT_EQ(j.at("organisation").at("Ndwl").get<int>(), 2);
}

void expect_failure(const std::string& args, const std::string& words) {
  const CommandResult r = run_command(cli() + " sram " + args);
  EXPECT_NE(r.exit_code, 0) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(words), std::string::npos) << args << "\n" << r.output;
}

TEST(powerSramCli, BadOptionsExitNonZeroNamingTheOption) {
  if (!have_cli()) GTEST_SKIP() << "gpucosim CLI not built";
  expect_failure("--size 3000 --block 64 --node 45", "--size");
  expect_failure("--size 32K --block 64K --node 45", "--block");
  expect_failure("--size 32K --block 64 --assoc 3 --type cache --node 45", "--assoc");
  expect_failure("--size 32K --block 64 --assoc 4 --node 45", "--assoc");
  expect_failure("--size 32K --block 64 --ports 2x --node 45", "--ports");
  expect_failure("--size 32K --block 64 --node 7", "--node");
  expect_failure("--size 32K --block 64 --node 45 --type rom", "--type");
  expect_failure("--size 32K --block 64 --node 45 --cell fast", "--cell");
  expect_failure("--size lots --block 64 --node 45", "--size");
  expect_failure("--block 64 --node 45", "--size");  // required
  const std::string dir = scratch_dir();
  expect_failure("--size 32K --block 64 --node 45 --cacti " + dir + "/missing", "does not exist");
  expect_failure("--size 32K --block 64 --node 45 --cacti " + write_fake_cacti(dir, FakeCacti::Garbled),
                 "could not find");
  expect_failure("--size 32K --block 64 --node 45 --cacti " + write_fake_cacti(dir, FakeCacti::Fails), "failed");
}

}  // namespace
}  // namespace gpucosim::test
