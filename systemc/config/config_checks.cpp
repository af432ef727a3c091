// Checks that span several options. Each failure names the option whose value is most likely
// wrong, at the place that value came from, and says what was expected.
#include <string>

#include "kernel/input_error.h"
#include "systemc/config/config_build.h"
#include "systemc/config/partition_indexing.h"

namespace gpucosim {

namespace {

class Checker {
 public:
  explicit Checker(const OptionSet& o) : options_(o) {}

  // Fails at `option`'s origin with "-option value: expected ...".
  [[noreturn]] void fail(const std::string& option, const std::string& expected) const {
    const OptionEntry* e = options_.find(option);
    std::string file = e ? e->origin.error_file() : "(default)";
    uint64_t line = e ? e->origin.error_line() : 0;
    std::string value = e ? " " + e->value : "";
    throw InputError(file, line, "-" + option + value + ": expected " + expected);
  }
  std::string value(const std::string& option) const {
    const OptionEntry* e = options_.find(option);
    return e ? "-" + option + " " + e->value : "-" + option;
  }

 private:
  const OptionSet& options_;
};

}  // namespace

void check_gpu_config(const GpuConfig& gpu, const OptionSet& options) {
  Checker c(options);
  const CoreConfig& core = gpu.core;
  const MemoryConfig& mem = gpu.mem;

  // The trace format's active masks are 32 bits wide, and so is every warp-level structure.
  if (core.warp_size != 32) c.fail("gpgpu_shader_core_pipeline", "warp size 32 (<threads>:32)");
  if (core.max_threads % core.warp_size != 0)
    c.fail("gpgpu_shader_core_pipeline", "threads per SM to be a multiple of the warp size");
  const uint32_t warps = core.max_warps();
  // The SM keeps one bit per warp in 64-bit masks (systemc/sm/sm.h).
  if (warps > 64) c.fail("gpgpu_shader_core_pipeline", "at most 64 warps per SM (2048 threads of 32)");
  if (warps % core.n_schedulers != 0)
    c.fail("gpgpu_num_sched_per_core", "a divisor of the " + std::to_string(warps) + " warps per SM (" +
                                           c.value("gpgpu_shader_core_pipeline") + ")");
  if (core.scheduler == SchedulerPolicy::TwoLevel && core.two_level_active > warps / core.n_schedulers)
    c.fail("gpgpu_scheduler", "at most " + std::to_string(warps / core.n_schedulers) +
                                  " active warps per scheduler (warps per SM / schedulers)");
  if (core.registers_per_block > core.registers)
    c.fail("gpgpu_registers_per_block", "at most the SM's registers (" + c.value("gpgpu_shader_registers") + ")");
  if (core.registers < core.max_threads)
    c.fail("gpgpu_shader_registers", "at least one register per thread (" + std::to_string(core.max_threads) +
                                         " threads per SM)");
  if (core.shmem_per_block > core.shmem_bytes)
    c.fail("gpgpu_shmem_per_block", "at most the SM's shared memory (" + c.value("gpgpu_shmem_size") + ")");
  // GPGPU-Sim's sub-core model gives each scheduler an equal slice of the register banks.
  if (core.sub_core_model && core.reg_banks % core.n_schedulers != 0)
    c.fail("gpgpu_num_reg_banks", "a multiple of the " + std::to_string(core.n_schedulers) +
                                      " schedulers when -gpgpu_sub_core_model is 1");
  if (core.collector_units == 0)
    c.fail(options.find("gpgpu_enable_specialized_operand_collector")->value == "1"
               ? "gpgpu_operand_collector_num_units_sp"
               : "gpgpu_operand_collector_num_units_gen",
           "at least one operand collector unit in total");

  // Latencies: an SM schedules completions on a timing wheel as long as its longest latency, and
  // no real unit, cache or memory takes a million cycles; a larger value is a typo.
  constexpr uint64_t kMaxLatency = 1u << 20;
  const std::string max_latency = "a latency of at most " + std::to_string(kMaxLatency) + " cycles";
  auto unit_option = [&options](const char* trace, const char* ptx) {
    const OptionEntry* t = options.find(trace);
    return std::string(t && !t->value.empty() ? trace : ptx);
  };
  const struct {
    const UnitTiming& t;
    std::string option;
  } units[] = {
      {core.sp, unit_option("trace_opcode_latency_initiation_sp", "ptx_opcode_latency_fp")},
      {core.sfu, unit_option("trace_opcode_latency_initiation_sfu", "ptx_opcode_latency_sfu")},
      {core.dp, unit_option("trace_opcode_latency_initiation_dp", "ptx_opcode_latency_dp")},
      {core.int_, unit_option("trace_opcode_latency_initiation_int", "ptx_opcode_latency_int")},
      {core.tensor, unit_option("trace_opcode_latency_initiation_tensor", "ptx_opcode_latency_tesnor")},
      {core.alu, "gpucosim_alu_latency_initiation"},
      {core.branch, "gpucosim_branch_latency_initiation"},
  };
  for (const auto& u : units)
    if (u.t.latency > kMaxLatency || u.t.initiation > kMaxLatency) c.fail(u.option, max_latency);
  if (core.l1_latency > kMaxLatency) c.fail("gpgpu_l1_latency", max_latency);
  if (core.shmem_latency > kMaxLatency) c.fail("gpgpu_smem_latency", max_latency);
  if (mem.rop_latency > kMaxLatency) c.fail("gpgpu_l2_rop_latency", max_latency);
  if (mem.dram_latency > kMaxLatency) c.fail("dram_latency", max_latency);
  if (gpu.icnt.latency > kMaxLatency) c.fail("gpucosim_icnt_latency", max_latency);
  // The dispatcher waits this long per block, cycle by cycle (a kernel's launch latency is skipped).
  if (gpu.limits.tb_launch_latency > kMaxLatency) c.fail("gpgpu_TB_launch_latency", max_latency);
  // DRAM timing parameters, in DRAM command clocks: a bank waiting a billion clocks is a typo that
  // would otherwise surface as a deadlock after the run has gone nowhere.
  const DramTiming& t = mem.timing;
  for (uint32_t v : {t.tCCD, t.tCCDL, t.tRRD, t.tRCD, t.tRAS, t.tRP, t.tRC, t.CL, t.WL, t.tCDLR, t.tWR, t.tRTPL})
    if (v > kMaxLatency) c.fail("gpgpu_dram_timing_opt", "every timing parameter at most " + std::to_string(kMaxLatency) + " DRAM clocks");
  if (mem.burst_length > 64)
    c.fail("gpgpu_dram_burst_length", "a burst of at most 64 beats (DDR to GDDR6X and HBM use 2 to 32)");

  for (const SpecialUnit& s : core.special)
    if (s.timing.latency > kMaxLatency || s.timing.initiation > kMaxLatency)
      c.fail("trace_opcode_latency_initiation_spec_op_" + std::to_string(s.index), max_latency);

  // Adaptive L1: the unified array must hold at least one way of the L1's sets.
  if (core.adaptive_l1 && core.l1d.enabled &&
      uint64_t(core.unified_l1d_kb) * 1024 < uint64_t(core.l1d.nsets) * core.l1d.line_bytes)
    c.fail("gpgpu_unified_l1d_size", "at least one way of the L1 (" + std::to_string(core.l1d.nsets) + " sets x " +
                                         std::to_string(core.l1d.line_bytes) + " B) when -gpgpu_adaptive_cache_config is 1");

  // L1: a sectored L1 needs the sector coalescer.
  if (core.l1d.enabled && core.l1d.sectored && core.coalesce_arch < 60)
    c.fail("gpgpu_coalesce_arch", "60 or above (32-byte sector coalescing) for a sectored L1 (" +
                                      c.value("gpgpu_cache:dl1") + ")");

  // Instruction cache: every warp instruction is fetched through it (the energy model reads it).
  if (!core.il1.enabled)
    c.fail("gpgpu_cache:il1", "an instruction cache string (every fetch reads it), not none");
  else if (core.il1.size_bytes() > (uint64_t(1) << 30))
    c.fail("gpgpu_cache:il1", "at most 1 GiB of instruction cache (the SRAM model's largest array)");

  // L2 and memory partitions.
  if (!mem.l2.enabled)
    c.fail("gpgpu_cache:dl2", "an L2 cache string (every DRAM access goes through an L2 slice), not none");
  if (mem.l2.write_policy == 'R') c.fail("gpgpu_cache:dl2", "a writable L2 (write policy B, T, E or L), not R");
  const std::string why = partition_indexing_unsupported(mem.partition_indexing, mem.n_channels, mem.sub_partitions);
  if (!why.empty())
    c.fail("gpgpu_memory_partition_indexing", "0 (linear) or a value these memory partitions allow: " + why +
                                                  " (" + c.value("gpgpu_n_mem") + ")");
  const uint64_t atom = uint64_t(mem.bus_width_bytes) * mem.chips_per_channel * mem.burst_length;
  if (atom < 32)
    c.fail("gpgpu_dram_burst_length", "a DRAM access of at least one 32-byte sector (bus width x chips x burst = " +
                                          std::to_string(atom) + " bytes)");
}

}  // namespace gpucosim
