// The CACTI adapter: config file contents, the tolerant output parser, and a full run against a
// fake `cacti` shell script (so it is tested without CACTI itself).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>

#include "kernel/input_error.h"
#include "power/cacti_adapter.h"
#include "tests/power/fake_cacti.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {
namespace {

power::SramSpec cache_spec() {
  power::SramSpec s;
  s.type = power::SramType::Cache;
  s.size_bytes = 32768;
  s.block_bytes = 64;
  s.associativity = 4;
  s.node_nm = 45;
  return s;
}

TEST(powerCactiAdapter, ConfigCarriesTheSpecAndTheFixedOptions) {
  const std::string cfg = power::cacti_config(cache_spec());
  for (const char* line : {"-size (bytes) 32768\n", "-block size (bytes) 64\n", "-associativity 4\n",
                           "-read-write port 1\n", "-exclusive read port 0\n", "-exclusive write port 0\n",
                           "-technology (u) 0.045\n", "-cache type \"cache\"\n", "-output/input bus width 512\n",
                           "-Data array cell type - \"itrs-hp\"\n", "-Tag array peripheral type - \"itrs-hp\"\n",
                           "-operating temperature (K) 360\n", "-UCA bank count 1\n",
                           "-access mode (normal, sequential, fast) - \"normal\"\n",
                           "-Optimize ED or ED^2 (ED, ED^2, NONE): \"ED^2\"\n", "-Cache model (NUCA, UCA)  - \"UCA\"\n",
                           "-Wire signaling (fullswing, lowswing, default) - \"Global_30\"\n", "-Add ECC - \"true\"\n",
                           "weight delay, dynamic power, leakage power, cycle time, area) 0:0:0:100:0\n",
                           "20:100000:100000:100000:100000\n"})
    EXPECT_NE(cfg.find(line), std::string::npos) << "missing: " << line;
  auto s = cache_spec();
  s.type = power::SramType::Ram;
  s.associativity = 1;
  s.ports = power::parse_port_spec("2r1w");
  s.cell = power::CellFamily::LowStandbyPower;
  const std::string ram = power::cacti_config(s);
  EXPECT_NE(ram.find("-cache type \"ram\"\n"), std::string::npos);
  EXPECT_NE(ram.find("-read-write port 0\n-exclusive read port 2\n-exclusive write port 1\n"), std::string::npos);
  EXPECT_NE(ram.find("\"itrs-lstp\""), std::string::npos);
}

TEST(powerCactiAdapter, ParsesCactiStyleReportsTolerantly) {
  const power::SramEstimate e = power::parse_cacti_output(kFakeCactiReport, "test");
  EXPECT_EQ(e.source, "cacti");
  EXPECT_DOUBLE_EQ(e.access_time_ns, 0.698504);
  EXPECT_DOUBLE_EQ(e.cycle_time_ns, 2.33883);
  EXPECT_DOUBLE_EQ(e.read_energy_nj, 0.118281);
  EXPECT_DOUBLE_EQ(e.write_energy_nj, 0.11691);
  EXPECT_DOUBLE_EQ(e.leakage_mw, 41.6604);
  EXPECT_DOUBLE_EQ(e.height_mm, 0.203589);
  EXPECT_DOUBLE_EQ(e.width_mm, 1.18931);
  EXPECT_NEAR(e.area_mm2, 0.203589 * 1.18931, 1e-12);
  EXPECT_DOUBLE_EQ(e.data.area_mm2, 0.225275);
  EXPECT_TRUE(e.has_tag);
  EXPECT_DOUBLE_EQ(e.tag.area_mm2, 0.00815012);
  EXPECT_EQ(e.data.ndwl, 2);
  EXPECT_EQ(e.data.ndbl, 2);
  EXPECT_EQ(e.data.nspd, 1);
  EXPECT_EQ(e.tag.ndwl, 2);
  EXPECT_EQ(e.tag.nspd, 1);
  // Spacing and case do not matter.
  const power::SramEstimate f = power::parse_cacti_output(
      "ACCESS TIME (ns):1.5\ntotal dynamic read energy per access (nJ) :  0.2\n"
      "Total leakage power of a bank (mW): 3\n  cache height x width (mm):2x4\n",
      "test");
  EXPECT_DOUBLE_EQ(f.access_time_ns, 1.5);
  EXPECT_DOUBLE_EQ(f.area_mm2, 8.0);
}

TEST(powerCactiAdapter, UnparsableOutputNamesTheMissingFigure) {
  try {
    power::parse_cacti_output("ERROR: no valid cache organisation found\n", "--cacti x");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("Access time"), std::string::npos) << e.what();
  }
}

TEST(powerCactiAdapter, RunsAFakeCactiAndReadsItsReport) {
  const std::string dir = scratch_dir();
  const std::string exe = write_fake_cacti(dir, FakeCacti::Good);
  const power::SramEstimate e = power::run_cacti(exe, cache_spec());
  EXPECT_EQ(e.source, "cacti");
  EXPECT_DOUBLE_EQ(e.access_time_ns, 0.698504);
  EXPECT_DOUBLE_EQ(e.leakage_mw, 41.6604);
}

TEST(powerCactiAdapter, ReportsMissingFailingAndGarbledBinaries) {
  const std::string dir = scratch_dir();
  EXPECT_THROW(power::run_cacti(dir + "/no-such-cacti", cache_spec()), InputError);
  const std::string failing = write_fake_cacti(dir, FakeCacti::Fails);
  try {
    power::run_cacti(failing, cache_spec());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "--cacti");
    EXPECT_NE(std::string(e.what()).find("exit status 3"), std::string::npos) << e.what();
  }
  const std::string garbled = write_fake_cacti(dir, FakeCacti::Garbled);
  EXPECT_THROW(power::run_cacti(garbled, cache_spec()), InputError);
  // A plain file that is not executable.
  const std::string plain = dir + "/plain";
  std::ofstream(plain) << "not a program\n";
  EXPECT_THROW(power::run_cacti(plain, cache_spec()), InputError);
}

}  // namespace
}  // namespace gpucosim::test
