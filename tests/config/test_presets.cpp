// Every preset loads, and yields the numbers of the table it cites.
#include "systemc/config/config_build.h"
#include "systemc/config/presets.h"
#include "tests/config/config_test_util.h"

namespace gpucosim {
namespace {

using test::configs_dir;

LoadedConfig load_preset(const std::string& name) {
  return load_gpu_config({find_preset(name, configs_dir())}, {});
}

TEST(ConfigPresets, AllPresetsLoadWithoutUnmodelledOptions) {
  std::vector<std::string> names = list_presets(configs_dir());
  EXPECT_EQ(names, (std::vector<std::string>{"FINEREG", "GTX480", "GTX980", "QV100", "RTX3070", "TANASIC-T51"}));
  for (const std::string& n : names) {
    SCOPED_TRACE(n);
    LoadedConfig c = load_preset(n);
    // Presets set only what the model uses, so a run on a preset prints no warning.
    EXPECT_EQ(c.options.unmodelled_warning(), "");
  }
}

TEST(ConfigPresets, Gtx480MatchesTable32) {
  LoadedConfig c = load_preset("GTX480");
  const GpuConfig& g = c.gpu;
  EXPECT_EQ(g.core.n_sms(), 15u);
  EXPECT_EQ(g.core.max_threads, 1536u);
  EXPECT_EQ(g.core.max_warps(), 48u);
  EXPECT_EQ(g.core.l1d.nsets, 64u);
  EXPECT_EQ(g.core.l1d.line_bytes, 128u);
  EXPECT_EQ(g.core.l1d.assoc, 4u);
  EXPECT_EQ(l1_bytes(g), 32u * 1024);
  EXPECT_EQ(g.core.l1d.mshr_entries, 32u);
  EXPECT_EQ(g.core.l1d.mshr_max_merge, 8u);
  EXPECT_EQ(g.core.l1d.set_index, 'H');
  EXPECT_EQ(g.core.l1d.write_alloc, 'N');
  EXPECT_EQ(g.core.scheduler, SchedulerPolicy::GTO);
  // Stock values for unstated parameters (spec 000 §1.2).
  EXPECT_EQ(g.mem.n_channels, 6u);
  EXPECT_EQ(g.mem.sub_partitions, 2u);
  EXPECT_EQ(g.mem.l2.size_bytes(), 64u * 1024);
  EXPECT_EQ(l2_total_bytes(g), 768u * 1024);
  EXPECT_EQ(g.core.n_schedulers, 2u);
  EXPECT_EQ(g.core.registers, 32768u);
  EXPECT_EQ(g.core.max_blocks, 8u);
  EXPECT_DOUBLE_EQ(g.clock.core_mhz, 700.0);
  EXPECT_DOUBLE_EQ(g.clock.dram_mhz, 924.0);
  EXPECT_EQ(g.mem.rop_latency, 120u);  // set through the 3.x alias -rop_latency
  EXPECT_EQ(g.mem.dram_latency, 100u);
  EXPECT_EQ(g.mem.timing.nbk, 16u);
  EXPECT_EQ(g.mem.timing.CL, 12u);
  EXPECT_EQ(g.mem.timing.tRTPL, 2u);  // second line of the quoted timing string
  EXPECT_EQ(g.core.coalesce_arch, 13u);
  EXPECT_EQ(g.core.shmem_bytes, 48u * 1024);
  EXPECT_EQ(g.core.shmem_banks, 32u);
  EXPECT_EQ(g.core.int_.latency, 4u);
  EXPECT_EQ(g.core.dp.initiation, 8u);
  // Specialized collectors: 6 SP + 8 SFU + 2 MEM (GPGPU-Sim default).
  EXPECT_EQ(g.core.collector_units, 16u);
  EXPECT_NEAR(dram_peak_bytes_per_s(g) / 1e9, 177.4, 0.1);
}

TEST(ConfigPresets, Gtx980MatchesTables41And53) {
  LoadedConfig c = load_preset("GTX980");
  const GpuConfig& g = c.gpu;
  EXPECT_EQ(g.core.n_sms(), 16u);
  EXPECT_EQ(g.core.max_warps(), 64u);
  EXPECT_EQ(g.core.n_schedulers, 4u);
  EXPECT_EQ(g.core.max_issue_per_warp, 2u);
  EXPECT_TRUE(g.core.l1_bypass_global);
  EXPECT_EQ(l1_bytes(g), 48u * 1024);
  EXPECT_EQ(g.core.l1d.mshr_entries, 32u);
  EXPECT_EQ(g.core.shmem_bytes, 96u * 1024);
  EXPECT_EQ(g.core.registers, 65536u);
  EXPECT_EQ(g.core.max_blocks, 32u);
  EXPECT_EQ(g.mem.n_channels, 4u);
  EXPECT_EQ(l2_total_bytes(g), 2u * 1024 * 1024);
  EXPECT_NEAR(dram_peak_bytes_per_s(g), 224e9, 224e9 * 0.01);
}

TEST(ConfigPresets, Gtx980ChapterFiveScheduler) {
  LoadedConfig c = load_gpu_config({find_preset("gtx980", configs_dir())}, {"gpgpu_scheduler=lrr"});
  EXPECT_EQ(c.gpu.core.scheduler, SchedulerPolicy::LRR);
}

TEST(ConfigPresets, FineRegMatchesTableI) {
  LoadedConfig c = load_preset("FINEREG");
  const GpuConfig& g = c.gpu;
  EXPECT_EQ(g.core.n_sms(), 16u);
  EXPECT_DOUBLE_EQ(g.clock.core_mhz, 1126.0);
  EXPECT_EQ(g.core.warp_size, 32u);
  EXPECT_EQ(g.core.max_warps(), 64u);
  EXPECT_EQ(g.core.max_threads, 2048u);
  EXPECT_EQ(g.core.max_blocks, 32u);
  EXPECT_EQ(g.core.n_schedulers, 4u);
  EXPECT_EQ(g.core.scheduler, SchedulerPolicy::GTO);
  EXPECT_EQ(uint64_t(g.core.registers) * 4, 256u * 1024);
  EXPECT_EQ(g.core.shmem_bytes, 96u * 1024);
  EXPECT_EQ(l1_bytes(g), 48u * 1024);
  EXPECT_EQ(l2_total_bytes(g), 2048u * 1024);
  EXPECT_EQ(g.mem.l2.assoc, 8u);
  EXPECT_NEAR(dram_peak_bytes_per_s(g), 352.5e9, 352.5e9 * 0.001);
}

TEST(ConfigPresets, Qv100MatchesTables24And26) {
  LoadedConfig c = load_preset("QV100");
  const GpuConfig& g = c.gpu;
  EXPECT_EQ(g.core.n_sms(), 80u);
  EXPECT_EQ(g.core.max_warps(), 64u);
  EXPECT_EQ(g.core.n_schedulers, 4u);
  EXPECT_EQ(g.core.registers, 65536u);
  EXPECT_TRUE(g.core.sub_core_model);
  EXPECT_EQ(g.core.max_issue_per_warp, 1u);
  EXPECT_TRUE(g.core.l1d.sectored);
  EXPECT_EQ(l1_bytes(g), 128u * 1024);
  EXPECT_EQ(g.core.l1_latency, 20u);
  EXPECT_EQ(g.core.shmem_latency, 20u);
  EXPECT_EQ(g.core.coalesce_arch, 70u);
  EXPECT_EQ(g.mem.n_channels, 32u);
  EXPECT_EQ(g.mem.n_partitions(), 64u);
  EXPECT_EQ(g.mem.l2.set_index, 'P');
  EXPECT_EQ(l2_total_bytes(g), 6u * 1024 * 1024);
  EXPECT_EQ(g.mem.partition_indexing, 2u);
  EXPECT_EQ(g.mem.rop_latency, 160u);
  // Accel-Sim's SM7_QV100 runs the core, interconnect and L2 at 1132 MHz (was 1447 before the
  // preset became the reading of Accel-Sim's files).
  EXPECT_DOUBLE_EQ(g.clock.core_mhz, 1132.0);
  EXPECT_DOUBLE_EQ(g.clock.dram_mhz, 850.0);
  EXPECT_EQ(g.mem.timing.tCCD, 1u);
  EXPECT_EQ(g.mem.timing.WL, 2u);
  // trace.config timings override the PTX ones.
  EXPECT_EQ(g.core.int_.latency, 2u);
  EXPECT_EQ(g.core.sfu.latency, 20u);
  EXPECT_EQ(g.core.sfu.initiation, 8u);
  EXPECT_EQ(g.core.dp.latency, 8u);
  EXPECT_EQ(g.core.dp.initiation, 4u);
  // Branches run on the BRA specialised unit (trace.config's -specialized_unit_1, 4,4), uniform
  // instructions on the UDP unit, matrix ops on the TENSOR unit.
  ASSERT_EQ(g.core.special.size(), 4u);
  EXPECT_EQ(g.core.special[0].name, "BRA");
  EXPECT_EQ(g.core.special[0].timing.initiation, 4u);
  EXPECT_EQ(g.core.special[3].name, "UDP");
  EXPECT_EQ(g.core.special[3].units, 4u);
  EXPECT_EQ(g.core.special[3].timing.latency, 4u);
  EXPECT_EQ(g.core.special[3].timing.initiation, 1u);
  // The adaptive carve-out: 32 KB as written, the whole 128 KB without shared memory, 32 KB
  // when the kernel's blocks need the largest (96 KB) option.
  EXPECT_TRUE(g.core.adaptive_l1);
  EXPECT_EQ(g.core.l1d.size_bytes(), 32u * 1024);
  EXPECT_EQ(adaptive_l1_assoc(g.core, 0), 256u);
  EXPECT_EQ(adaptive_l1_assoc(g.core, 20 * 1024), 192u);  // 32 KB option: 96 KB of L1
  EXPECT_EQ(adaptive_l1_assoc(g.core, 90 * 1024), 64u);
  EXPECT_EQ(g.icnt.flit_bytes, 40u);
  EXPECT_EQ(g.core.collector_units, 8u);
  EXPECT_EQ(g.core.n_tensor, 4u);
  EXPECT_TRUE(g.mem.dual_bus_interface);
  EXPECT_NEAR(dram_peak_bytes_per_s(g) / 1e9, 870.4, 0.1);
}

TEST(ConfigPresets, Rtx3070IsAccelSimsSm86Rtx3070) {
  LoadedConfig c = load_preset("RTX3070");
  const GpuConfig& g = c.gpu;
  EXPECT_EQ(g.core.n_sms(), 46u);
  EXPECT_EQ(g.core.max_warps(), 48u);
  EXPECT_DOUBLE_EQ(g.clock.core_mhz, 1132.0);
  EXPECT_DOUBLE_EQ(g.clock.dram_mhz, 3500.5);
  EXPECT_EQ(g.core.l1_latency, 39u);
  EXPECT_EQ(l1_bytes(g), 128u * 1024);
  EXPECT_EQ(g.mem.n_channels, 16u);
  EXPECT_EQ(l2_total_bytes(g), 4u * 1024 * 1024);  // 32 slices x 64 sets x 128 B x 16 ways
  EXPECT_EQ(g.mem.rop_latency, 187u);
  EXPECT_EQ(g.mem.dram_latency, 254u);
  EXPECT_FALSE(g.mem.dual_bus_interface);
  EXPECT_TRUE(g.mem.bankgroup_low_bits);  // -dram_bnkgrp_indexing_policy 1
  EXPECT_EQ(g.core.special.size(), 4u);
  EXPECT_EQ(g.core.special[2].name, "TENSOR");
  EXPECT_EQ(g.core.special[2].timing.latency, 32u);
}

TEST(ConfigPresets, TanasicMatchesTable51) {
  LoadedConfig c = load_preset("TANASIC-T51");
  const GpuConfig& g = c.gpu;
  // Table 5.1's GPU column (spec 003 §1.2).
  EXPECT_DOUBLE_EQ(g.clock.core_mhz, 706.0);
  EXPECT_EQ(g.core.n_sms(), 13u);
  EXPECT_NEAR(dram_peak_bytes_per_s(g), 208e9, 208e9 * 1e-9);
  EXPECT_EQ(g.core.registers, 65536u);
  EXPECT_EQ(g.core.max_blocks, 16u);
  EXPECT_EQ(g.core.max_threads, 2048u);
  EXPECT_EQ(g.core.shmem_bytes, 16u * 1024);  // the default configuration (16KB*)
  EXPECT_EQ(g.core.shmem_options_kb, (std::vector<uint32_t>{16, 32, 48}));
  // Table 5.2's TBs/SM column comes out of the register limit without per-warp rounding:
  // StreamCollide (4320 registers per block = 3 warps x 45) fits 15 blocks, mysgemmNT (4480 =
  // 4 warps x 35) 14.
  const uint64_t warp_regs_45 = (45u * 32 + g.core.register_alloc_granularity - 1) /
                                g.core.register_alloc_granularity * g.core.register_alloc_granularity;
  EXPECT_EQ(g.core.registers / (3 * warp_regs_45), 15u);
  const uint64_t warp_regs_35 = (35u * 32 + g.core.register_alloc_granularity - 1) /
                                g.core.register_alloc_granularity * g.core.register_alloc_granularity;
  EXPECT_EQ(g.core.registers / (4 * warp_regs_35), 14u);
  // [K20c]: 320-bit bus as 5 x 64-bit channels, 48 KB of L1 beside 16 KB of shared memory.
  EXPECT_EQ(g.mem.n_channels * g.mem.chips_per_channel * g.mem.bus_width_bytes * 8, 320u);
  EXPECT_EQ(l1_bytes(g) + g.core.shmem_bytes, 64u * 1024);
  EXPECT_EQ(l2_total_bytes(g), 1280u * 1024);
}

TEST(ConfigPresets, LookupByNameOrPath) {
  std::string p = find_preset("GTX480", configs_dir());
  EXPECT_EQ(p, configs_dir() + "/GTX480.config");
  EXPECT_EQ(find_preset("qv100.config", configs_dir()), configs_dir() + "/QV100.config");
  EXPECT_EQ(find_preset(p, "/nonexistent"), p);  // a path is taken as is
  std::string msg = test::input_error([] { find_preset("GTX1080", configs_dir()); });
  EXPECT_NE(msg.find("GTX1080"), std::string::npos) << msg;
  EXPECT_NE(msg.find("FINEREG, GTX480, GTX980, QV100"), std::string::npos) << msg;
}

}  // namespace
}  // namespace gpucosim
