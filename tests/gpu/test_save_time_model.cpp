// The analytic context-save time (systemc/gpu/save_time_model.h) reproduces seed 003's Table 5.2
// (spec 003 §3.2, invariant 7 of §5.1) in the Table 5.1 configuration (TANASIC-T51): for every
// row whose registers per block split into whole warps, a kernel header with that block size,
// registers per thread and shared memory gives the table's TBs/SM, Resour./SM and Save columns.
// Nothing of the save model's output is written here; the expected figures are the table's.
#include <gtest/gtest.h>

#include <cmath>

#include "kernel/input_error.h"
#include "systemc/config/config_build.h"
#include "systemc/config/presets.h"
#include "systemc/gpu/save_time_model.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

GpuConfig tanasic(const std::vector<std::string>& sets = {}) {
  return load_gpu_config({find_preset("TANASIC-T51", test::source_dir() + "/configs")}, sets).gpu;
}

KernelHeader kernel(const std::string& name, uint32_t threads, uint32_t regs, uint32_t shmem) {
  KernelHeader h;
  h.name = name;
  h.grid = Dim3{1, 1, 1};
  h.block = Dim3{threads, 1, 1};
  h.nregs = regs;
  h.shmem = shmem;
  return h;
}

struct Row {  // Table 5.2, verbatim, plus a block size that makes #Regs/TB
  const char* kernel;
  uint32_t threads, regs_per_thread;  // chosen: threads x regs = the table's #Regs/TB
  uint32_t shmem;                     // ShM/TB (B)
  uint64_t regs_per_tb;               // #Regs/TB
  uint32_t tbs_per_sm;                // TBs/SM
  double resource_pct;                // Resour./SM (%)
  double save_us;                     // Save (us)
};

const Row kRows[] = {
    {"StreamCollide", 96, 45, 0, 4320, 15, 83.26, 16.20},
    {"mysgemmNT", 128, 35, 512, 4480, 14, 82.89, 16.13},
    {"genhists", 256, 30, 13312, 7680, 1, 14.14, 2.75},
    {"histo prescan", 256, 36, 4096, 9216, 4, 52.63, 10.24},
    {"histo main", 512, 33, 24576, 16896, 1, 29.61, 5.76},  // needs the 32KB configuration
    {"spmvjds", 32, 29, 0, 928, 16, 19.08, 3.71},
    {"ComputeQ", 256, 21, 0, 5376, 8, 55.26, 10.75},
    {"block2Dregtiling", 1024, 41, 0, 41984, 1, 53.95, 10.50},
    {"lattice6overlap", 128, 26, 4116, 3328, 3, 16.80, 3.27},
    {"splitSort", 256, 40, 4484, 10240, 3, 43.79, 8.52},
    {"griddingGPU", 192, 19, 1536, 3648, 10, 51.81, 10.08},
};

TEST(SaveTimeModel, ReproducesTable52InTheTable51Configuration) {
  const GpuConfig g = tanasic();
  for (const Row& r : kRows) {
    SCOPED_TRACE(r.kernel);
    ASSERT_EQ(uint64_t(r.threads) * r.regs_per_thread, r.regs_per_tb);
    const SaveTimeEstimate e = estimate_save_time(g, kernel(r.kernel, r.threads, r.regs_per_thread, r.shmem), {}, "test");
    EXPECT_EQ(e.regs_per_block, r.regs_per_tb);
    EXPECT_EQ(e.shmem_per_block, r.shmem);
    EXPECT_EQ(e.blocks_per_sm, r.tbs_per_sm);
    // The table rounds to two decimals.
    EXPECT_LE(std::fabs(e.resource_share * 100 - r.resource_pct), 0.005 + 1e-9) << e.resource_share * 100;
    EXPECT_LE(std::fabs(e.save_seconds * 1e6 - r.save_us), 0.005 + 1e-9) << e.save_seconds * 1e6;
    EXPECT_DOUBLE_EQ(e.restore_seconds, e.save_seconds);
  }
}

TEST(SaveTimeModel, InputsComeFromTheConfiguration) {
  // 208 GB/s over 13 SMs is 16 GB/s per SM, so the StreamCollide row moves 259200 B in 16.2 us.
  const KernelHeader h = kernel("StreamCollide", 96, 45, 0);
  const SaveTimeEstimate base = estimate_save_time(tanasic(), h, {}, "test");
  EXPECT_DOUBLE_EQ(base.sm_bandwidth, 16e9);
  EXPECT_EQ(base.context_bytes_per_sm, 15u * 4320 * 4);
  EXPECT_EQ(base.limited_by, "registers");
  // Half the DRAM clock: half the bandwidth, twice the time.
  const SaveTimeEstimate slow = estimate_save_time(tanasic({"gpgpu_clock_domains=706:706:706:650"}), h, {}, "test");
  EXPECT_DOUBLE_EQ(slow.save_seconds, 2 * base.save_seconds);
  // 26 SMs share the same DRAM: each SM's share halves.
  const SaveTimeEstimate wide = estimate_save_time(tanasic({"gpgpu_n_clusters=26"}), h, {}, "test");
  EXPECT_DOUBLE_EQ(wide.save_seconds, 2 * base.save_seconds);
  // Control state adds per warp: 15 blocks x 3 warps x 64 B.
  SaveTimeOptions o;
  o.control_bytes_per_warp = 64;
  const SaveTimeEstimate ctl = estimate_save_time(tanasic(), h, o, "test");
  EXPECT_EQ(ctl.context_bytes_per_sm, base.context_bytes_per_sm + 15u * 3 * 64);
  // With the 256-register granularity of real Kepler allocation, 3 warps take 3 x 1536 registers.
  const SaveTimeEstimate rounded =
      estimate_save_time(tanasic({"gpucosim_register_alloc_granularity=256"}), h, {}, "test");
  EXPECT_EQ(rounded.regs_per_block, 3u * 1536);
  EXPECT_EQ(rounded.blocks_per_sm, 65536u / (3 * 1536));
}

TEST(SaveTimeModel, SharedMemoryTakesTheFirstBiggerConfiguration) {
  const GpuConfig g = tanasic();
  EXPECT_EQ(estimate_save_time(g, kernel("a", 32, 8, 16384), {}, "t").shmem_config, 16u * 1024);
  EXPECT_EQ(estimate_save_time(g, kernel("b", 32, 8, 16385), {}, "t").shmem_config, 32u * 1024);
  const SaveTimeEstimate c = estimate_save_time(g, kernel("c", 32, 8, 40000), {}, "t");
  EXPECT_EQ(c.shmem_config, 48u * 1024);
  EXPECT_EQ(c.blocks_per_sm, 1u);
  EXPECT_EQ(c.limited_by, "shared memory");
  try {
    estimate_save_time(g, kernel("too_big", 32, 8, 48 * 1024 + 1), {}, "origin");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than the largest configuration (49152 bytes)"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace gpucosim
