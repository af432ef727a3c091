// GPU energy from hand-made statistics: linear in the counts, leakage only over time, node and
// size trends, and the estimates for missing counters.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "kernel/input_error.h"
#include "power/energy_json.h"
#include "power/gpu_energy.h"

namespace gpucosim::power {
namespace {

using Stats = StatsMap;

// A small run with every counter the model reads, as the GPU model names them.
Stats sample_run(double k = 1.0) {
  return {
      {"gpu_sim_cycle", 10000},  // time does not scale with k: leakage stays put
      {"gpu_sim_insn", 320000 * k},
      {"warp_insn", 10000 * k},
      {"gpgpu_n_regfile_reads", 18000 * k},
      {"gpgpu_n_regfile_writes", 9000 * k},
      {"gpgpu_n_load_insn", 1000 * k},
      {"gpgpu_n_store_insn", 500 * k},
      {"gpgpu_n_shmem_insn", 400 * k},
      {"gpgpu_n_shmem_bkconflict", 100 * k},
      {"L1D_read_accesses", 2000 * k},
      {"L1D_write_accesses", 500 * k},
      {"L1D_fills", 300 * k},
      {"L2.read_accesses", 800 * k},
      {"L2.write_accesses", 500 * k},
      {"L2.fills", 200 * k},
      {"dram[0].bytes_read", 6400 * k},
      {"dram[1].bytes_read", 3200 * k},
      {"dram[0].bytes_written", 1600 * k},
      {"total_dram_reads", 300 * k},
      {"total_dram_writes", 50 * k},
  };
}

GpuConfig config() { return GpuConfig{}; }  // the GTX480-like defaults of gpu_config.h

TEST(energyGpu, EveryComponentIsCharged) {
  const EnergyReport r = gpu_energy(config(), sample_run());
  for (const char* c : {"register_file", "l1d", "shared_memory", "l2", "dram", "fp32"}) {
    const EnergyComponent* e = r.find(c);
    ASSERT_NE(e, nullptr) << c;
    EXPECT_GT(e->dynamic_nj, 0.0) << c;
  }
  EXPECT_EQ(r.find("fp64")->dynamic_nj, 0.0);
  EXPECT_NEAR(r.total_nj(), r.dynamic_nj() + r.leakage_nj(), 1e-9);
  EXPECT_NEAR(r.total_mj(), r.total_nj() * 1e-6, 1e-15);
}

// A research block switched on that declares arrays (kit::BlockEnergy) is charged from its own
// counters, and when it takes the register file's place the register file is not charged at all
// (RegLess: docs/blocks/regless.md §10). Instructions it makes the SMs fetch are fetched.
TEST(energyGpu, ABlockInTheRegisterFilesPlaceIsChargedInstead) {
  GpuConfig g = config();
  g.blocks["regless"].mode = kit::BlockMode::Tlm;
  Stats s = sample_run();
  s["regless_operand_reads"] = 18000;
  s["regless_writes"] = 9000;
  s["regless_preloads_l1"] = 600;
  s["regless_writebacks"] = 400;
  s["regless_metadata_instructions"] = 4000;
  const EnergyReport r = gpu_energy(g, s);
  const EnergyReport base = gpu_energy(config(), sample_run());
  EXPECT_EQ(r.find("register_file"), nullptr);
  ASSERT_NE(base.find("register_file"), nullptr);
  const EnergyComponent* rs = r.find("register_structure");
  ASSERT_NE(rs, nullptr);
  EXPECT_DOUBLE_EQ(rs->events, 18000 + 9000 + 600 + 400);
  EXPECT_GT(rs->dynamic_nj, 0.0);
  EXPECT_GT(rs->leakage_nj, 0.0);
  // 512 lines of 128 bytes per SM against a 128 KB register file: less leakage.
  EXPECT_LT(rs->leakage_nj, base.find("register_file")->leakage_nj);
  EXPECT_DOUBLE_EQ(r.find("instruction_fetch")->events, 10000 + 4000);
  EXPECT_DOUBLE_EQ(base.find("instruction_fetch")->events, 10000);
  EXPECT_GT(r.find("instruction_fetch")->dynamic_nj, base.find("instruction_fetch")->dynamic_nj);
  // The arrays are sized from the block's settings: more lines per bank leak more.
  g.blocks["regless"].values["lines_per_bank"] = 32;
  EXPECT_GT(gpu_energy(g, s).find("register_structure")->leakage_nj, rs->leakage_nj);
  // Switched off, the block costs nothing and the register file is back.
  g.blocks["regless"].mode = kit::BlockMode::Off;
  EXPECT_EQ(gpu_energy(g, s).find("register_structure"), nullptr);
  EXPECT_NE(gpu_energy(g, s).find("register_file"), nullptr);
}

TEST(energyGpu, DynamicEnergyIsLinearInTheCounts) {
  const EnergyReport one = gpu_energy(config(), sample_run(1));
  const EnergyReport three = gpu_energy(config(), sample_run(3));
  EXPECT_NEAR(three.dynamic_nj(), 3 * one.dynamic_nj(), 1e-9 * one.dynamic_nj());
  EXPECT_NEAR(three.leakage_nj(), one.leakage_nj(), 1e-12);  // same run time
  for (const auto& c : one.components)
    EXPECT_NEAR(three.find(c.name)->dynamic_nj, 3 * c.dynamic_nj, 1e-9 * (1 + c.dynamic_nj)) << c.name;
}

TEST(energyGpu, DramEnergyIsPerByteOverAllChannels) {
  const EnergyOptions opt;
  const EnergyReport r = gpu_energy(config(), sample_run(), opt);
  const double bytes = 6400 + 3200 + 1600;
  EXPECT_DOUBLE_EQ(r.find("dram")->events, bytes);
  EXPECT_NEAR(r.find("dram")->dynamic_nj, bytes * 8 * opt.dram.pj_per_bit / 1000, 1e-9);
}

TEST(energyGpu, ZeroCountsGiveOnlyLeakage) {
  Stats idle = {{"gpu_sim_cycle", 70000}};
  const EnergyReport r = gpu_energy(config(), idle);
  EXPECT_EQ(r.dynamic_nj(), 0.0);
  EXPECT_GT(r.leakage_nj(), 0.0);
  EXPECT_NEAR(r.runtime_s, 70000 / 700e6, 1e-15);  // 700 MHz core clock by default
  EXPECT_NEAR(r.average_power_w(), r.leakage_nj() * 1e-9 / r.runtime_s, 1e-12);
  EXPECT_TRUE(r.notes.empty());
}

TEST(energyGpu, AnEmptyRunCostsNothing) {
  const EnergyReport r = gpu_energy(config(), Stats{});
  EXPECT_EQ(r.total_nj(), 0.0);
  EXPECT_EQ(r.average_power_w(), 0.0);
}

TEST(energyGpu, LeakageGrowsWithRunTime) {
  const EnergyReport a = gpu_energy(config(), {{"gpu_sim_cycle", 1000}});
  const EnergyReport b = gpu_energy(config(), {{"gpu_sim_cycle", 4000}});
  EXPECT_NEAR(b.leakage_nj(), 4 * a.leakage_nj(), 1e-9 * b.leakage_nj());
}

TEST(energyGpu, BiggerCachesCostMorePerAccess) {
  GpuConfig small = config(), big = config();
  big.core.l1d.nsets *= 4;
  big.mem.l2.nsets *= 4;
  const GpuEnergyModel s(small), b(big);
  EXPECT_GT(b.energies().l1_read_pj, s.energies().l1_read_pj);
  EXPECT_GT(b.energies().l2_read_pj, s.energies().l2_read_pj);
  EXPECT_GT(b.energies().l1_leak_mw, s.energies().l1_leak_mw);
}

// The instruction cache is the configuration's (gpgpu_cache:il1): a bigger one costs more per
// fetch and leaks more; a fetch reads a 16-byte fetch block, so even Accel-Sim's 128 KB, 16-way
// il1 costs about one register-bank access per fetch, not 16 whole lines.
TEST(energyGpu, InstructionFetchReadsTheConfiguredCachesFetchBlock) {
  GpuConfig small = config(), big = config();
  big.core.il1.nsets = 64;
  big.core.il1.assoc = 16;
  const GpuEnergyModel s(small), b(big);
  EXPECT_GT(b.energies().fetch_pj, s.energies().fetch_pj);
  EXPECT_GT(b.energies().icache_leak_mw, s.energies().icache_leak_mw);
  EXPECT_LT(b.energies().fetch_pj, 2 * b.energies().rf_read_pj);
  EXPECT_LT(s.energies().fetch_pj, b.energies().fetch_pj / 4);
  // A cache the SRAM model cannot size is refused naming the option.
  GpuConfig odd = config();
  odd.core.il1.nsets = 1;
  odd.core.il1.line_bytes = 16;
  odd.core.il1.assoc = 1;
  try {
    GpuEnergyModel m(odd);
    FAIL() << "a 16-byte instruction cache was sized";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gpgpu_cache:il1"), std::string::npos) << e.what();
  }
}

TEST(energyGpu, MoreSmsLeakMoreButCostTheSamePerEvent) {
  GpuConfig more = config();
  more.core.n_clusters *= 2;
  const GpuEnergyModel a(config()), b(more);
  EXPECT_NEAR(b.energies().rf_leak_mw, 2 * a.energies().rf_leak_mw, 1e-9);
  EXPECT_DOUBLE_EQ(b.energies().rf_read_pj, a.energies().rf_read_pj);
}

TEST(energyGpu, SmallerNodeIsCheaperPerOperation) {
  EnergyOptions n45, n28;
  n28.node_nm = 28;
  const GpuEnergyModel a(config(), n45), b(config(), n28);
  EXPECT_DOUBLE_EQ(a.energies().sp_pj, n45.ops.sp_op_pj);  // published at 45 nm: unscaled
  EXPECT_LT(b.energies().sp_pj, a.energies().sp_pj);
  EXPECT_LT(b.energies().rf_read_pj, a.energies().rf_read_pj);
  EXPECT_DOUBLE_EQ(b.energies().dram_pj_per_byte, a.energies().dram_pj_per_byte);  // off chip
}

TEST(energyGpu, EstimatesMissingCountersAndSaysSo) {
  Stats s = sample_run();
  s.erase("gpgpu_n_regfile_writes");
  for (auto it = s.begin(); it != s.end();) it = it->first.rfind("dram[", 0) == 0 ? s.erase(it) : std::next(it);
  const EnergyReport r = gpu_energy(config(), s);
  EXPECT_DOUBLE_EQ(r.find("dram")->events, (300 + 50) * EnergyOptions{}.dram.bytes_per_request);
  EXPECT_DOUBLE_EQ(r.find("register_file")->events, 18000 + (10000 - 500));
  EXPECT_GE(r.notes.size(), 3u);  // register writes, DRAM bytes, arithmetic mix
}

TEST(energyGpu, UsesPerUnitOperationCountsWhenReported) {
  Stats s = sample_run();
  s["exec_sp_thread_ops"] = 1000;
  s["exec_sfu_thread_ops"] = 1000;
  s["exec_dp_thread_ops"] = 1000;
  const GpuEnergyModel m(config());
  const EnergyReport r = m.evaluate(s);
  EXPECT_DOUBLE_EQ(r.find("fp32")->events, 1000);
  EXPECT_NEAR(r.find("sfu")->dynamic_nj, 1000 * m.energies().sfu_pj / 1000, 1e-12);
  EXPECT_GT(r.find("fp64")->dynamic_nj, r.find("fp32")->dynamic_nj);
}

TEST(energyGpu, JsonRoundTrip) {
  const EnergyReport r = gpu_energy(config(), sample_run());
  const nlohmann::json j = nlohmann::json::parse(to_json(r).dump());
  EXPECT_NEAR(j.at("total_nj").get<double>(), r.total_nj(), 1e-9);
  const EnergyReport back = energy_report_from_json(j, "x.json");
  ASSERT_EQ(back.components.size(), r.components.size());
  EXPECT_NEAR(back.total_nj(), r.total_nj(), 1e-6);
  EXPECT_THROW(energy_report_from_json(nlohmann::json::object(), "x.json"), InputError);
}

TEST(energyGpu, ListsTheStatisticsItReads) {
  const auto& names = energy_statistics_consumed();
  for (const char* n : {"gpgpu_n_regfile_reads", "L1D_read_accesses", "L2.read_accesses", "total_dram_reads",
                        "gpgpu_n_shmem_insn", "warp_insn", "gpu_sim_cycle"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

}  // namespace
}  // namespace gpucosim::power
