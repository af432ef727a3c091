#pragma once
// The whole GPU's configuration as the model consumes it. Built once from gpgpusim.config-style
// option files (systemc/config/option_*.{h,cpp}) and passed down at construction: no component
// reads options itself. Field comments name the GPGPU-Sim option each field comes from.
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/blocks/kit/block_settings.h"

namespace gpucosim {

// A parsed GPGPU-Sim cache string:
// <N|S>:<nsets>:<line>:<assoc>,<repl>:<wr>:<alloc>:<wr_alloc>:<set_idx>,<mshr>:<entries>:<merge>,<miss_q>:<fifo>[,<port>]
// or "none" (enabled = false).
struct CacheConfig {
  bool enabled = true;
  bool sectored = false;        // 'S': 4 x 32-byte sectors per 128-byte line
  uint32_t nsets = 64, line_bytes = 128, assoc = 4;
  char replacement = 'L';       // L LRU, F FIFO
  char write_policy = 'T';      // R read-only, B write-back, T write-through, E write-evict, L local-WB/global-WT
  char alloc_policy = 'm';      // m on-miss, f on-fill, s streaming
  char write_alloc = 'N';       // N none, W write-allocate, F fetch-on-write, L lazy-fetch-on-read
  char set_index = 'L';         // L linear, H Fermi hash, P IPOLY, X bitwise XOR
  char mshr_type = 'A';         // A assoc, S sector assoc, F/T texture FIFO
  uint32_t mshr_entries = 32, mshr_max_merge = 8;
  uint32_t miss_queue = 8;
  uint32_t result_fifo = 0;     // accepted but not modelled: reported when non-zero (options_unmodelled.cpp)
  uint32_t data_port_bytes = 0;  // 0 = line size

  uint64_t size_bytes() const { return uint64_t(nsets) * line_bytes * assoc; }
};

// Latency and initiation interval of one execution-unit class.
struct UnitTiming {
  uint32_t latency = 4;
  uint32_t initiation = 1;
};

enum class SchedulerPolicy { LRR, GTO, TwoLevel };

// One of Accel-Sim's specialised units (-specialized_unit_<N> <enabled>,<units>,<max latency>,
// <ID_OC>,<OC_EX>,<name>, timed by -trace_opcode_latency_initiation_spec_op_<N>). Accel-Sim's
// opcode maps send control flow to "BRA", texture to "TEX", matrix ops to "TENSOR" and the
// uniform datapath to "UDP"; the instruction class with that name runs on these units.
struct SpecialUnit {
  uint32_t index = 1;     // <N>
  std::string name;
  uint32_t units = 0;
  UnitTiming timing{4, 4};
};

struct CoreConfig {
  uint32_t n_clusters = 15, cores_per_cluster = 1;  // gpgpu_n_clusters, gpgpu_n_cores_per_cluster
  uint32_t max_threads = 1536, warp_size = 32;      // gpgpu_shader_core_pipeline
  uint32_t max_blocks = 8;                          // gpgpu_shader_cta
  uint32_t registers = 32768;                       // gpgpu_shader_registers
  uint32_t registers_per_block = 32768;             // gpgpu_registers_per_block
  uint32_t register_alloc_granularity = 256;        // gpucosim_register_alloc_granularity (regs per warp rounding)
  uint32_t n_schedulers = 2;                        // gpgpu_num_sched_per_core
  SchedulerPolicy scheduler = SchedulerPolicy::GTO; // gpgpu_scheduler
  uint32_t two_level_active = 8;                    // gpgpu_scheduler two_level_active:<N>
  uint32_t max_issue_per_warp = 1;                  // gpgpu_max_insn_issue_per_warp (2 = dual issue)
  bool dual_issue_diff_units = true;                // gpgpu_dual_issue_diff_exec_units
  bool sub_core_model = false;                      // gpgpu_sub_core_model
  uint32_t ibuffer_entries = 2;                     // gpucosim_ibuffer_entries (per warp)
  uint32_t inst_fetch_throughput = 1;               // gpgpu_inst_fetch_throughput (warps fetched+decoded per cycle)
  uint32_t n_sp = 2, n_sfu = 1, n_dp = 0, n_int = 0, n_tensor = 0;  // gpgpu_num_*_units (0 = share SP)
  uint32_t n_mem_units = 1;                         // gpgpu_num_mem_units
  UnitTiming sp{4, 1}, sfu{20, 8}, dp{8, 8}, int_{4, 1}, tensor{64, 64}, alu{4, 1};
  UnitTiming branch{4, 1};
  std::vector<SpecialUnit> special;                 // enabled -specialized_unit_<N>, in N order
  // Register file and operand collectors.
  uint32_t reg_banks = 16;                          // gpgpu_num_reg_banks
  uint32_t reg_port_throughput = 1;                 // gpgpu_reg_file_port_throughput
  uint32_t collector_units = 8;                     // gpgpu_operand_collector_num_units_gen (or _sp+_sfu+_mem)
  // Load/store path.
  CacheConfig l1d;                                  // gpgpu_cache:dl1
  CacheConfig il1{true, false, 4, 128, 4, 'L', 'R', 'f'};  // gpgpu_cache:il1 (energy only)
  // Accel-Sim's adaptive L1/shared carve-out: at each kernel launch the L1 takes what the
  // unified array leaves after the smallest shared-memory option the kernel's blocks need
  // (adaptive_l1_assoc, config_build.h).
  bool adaptive_l1 = false;                         // gpgpu_adaptive_cache_config
  uint32_t unified_l1d_kb = 128;                    // gpgpu_unified_l1d_size
  std::vector<uint32_t> shmem_options_kb{0, 8, 16, 32, 64, 96};  // gpgpu_shmem_option (ascending)
  uint32_t l1_latency = 1;                          // gpgpu_l1_latency
  bool l1_bypass_global = false;                    // gpgpu_gmem_skip_L1D
  uint32_t shmem_bytes = 49152;                     // gpgpu_shmem_size
  uint32_t shmem_per_block = 49152;                 // gpgpu_shmem_per_block
  uint32_t shmem_banks = 32;                        // gpgpu_shmem_num_banks
  uint32_t shmem_latency = 3;                       // gpgpu_smem_latency
  uint32_t shmem_alloc_granularity = 128;           // gpucosim_shmem_alloc_granularity (bytes; CUDA rounds shared memory per block)
  uint32_t coalesce_arch = 13;                      // gpgpu_coalesce_arch: < 60 Fermi 128B lines, >= 60 32B sectors
  uint32_t n_sms() const { return n_clusters * cores_per_cluster; }
  uint32_t max_warps() const { return max_threads / warp_size; }
};

// The L1's ways for a kernel whose resident blocks use `total_shmem` bytes of shared memory per SM
// under -gpgpu_adaptive_cache_config (Accel-Sim's rule): the smallest shared-memory option that
// holds them, and the ways of the unified array it leaves, rounded to nearest (at least 1).
inline uint32_t adaptive_l1_assoc(const CoreConfig& c, uint64_t total_shmem) {
  const uint64_t unified = uint64_t(c.unified_l1d_kb) * 1024;
  const uint64_t way_bytes = uint64_t(c.l1d.nsets) * c.l1d.line_bytes;
  const double max_assoc = way_bytes ? double(unified / way_bytes) : 0.0;
  uint64_t opt = c.shmem_options_kb.empty() ? 0 : uint64_t(c.shmem_options_kb.back()) * 1024;
  for (uint32_t kb : c.shmem_options_kb)
    if (total_shmem <= uint64_t(kb) * 1024) {
      opt = uint64_t(kb) * 1024;
      break;
    }
  const double ratio = opt >= unified ? 0.0 : 1.0 - double(opt) / double(unified);
  const uint32_t assoc = uint32_t(max_assoc * ratio + 0.5);
  return assoc ? assoc : 1;
}

struct InterconnectConfig {
  uint32_t latency = 8;          // gpucosim_icnt_latency: cycles (icnt clock) through the crossbar
  uint32_t flit_bytes = 32;      // icnt_flit_size
  uint32_t in_buffer = 64;       // icnt_in_buffer_limit (flits per input port)
  uint32_t out_buffer = 64;      // icnt_out_buffer_limit
  // gpucosim_icnt_header_sideband: the 8-byte packet header travels on control wires beside the
  // data path, so a packet occupies ceil(data bytes / flit) flits (at least 1); 0: the header is
  // part of the packet, ceil((8 + data bytes) / flit) flits, as GPGPU-Sim's icnt counts it.
  bool header_sideband = true;
  // Derived, not an option (finalize_build): the L1 is sectored, so Accel-Sim sends every 32-byte
  // sector as its own packet; its packet counts (icnt_total_pkts_*) count sectors, else requests.
  bool sector_packets = false;
};

struct DramTiming {                 // gpgpu_dram_timing_opt, in DRAM command clocks
  uint32_t nbk = 16, nbkgrp = 4;
  uint32_t tCCD = 2, tCCDL = 3, tRRD = 6, tRCD = 12, tRAS = 28, tRP = 12, tRC = 40;
  uint32_t CL = 12, WL = 4, tCDLR = 5, tWR = 12, tRTPL = 3;
};

enum class DramScheduler { FCFS = 0, FRFCFS = 1 };

struct MemoryConfig {
  uint32_t n_channels = 6;             // gpgpu_n_mem
  uint32_t sub_partitions = 2;         // gpgpu_n_sub_partition_per_mchannel
  CacheConfig l2;                      // gpgpu_cache:dl2 (per sub-partition)
  uint32_t rop_latency = 120;          // gpgpu_l2_rop_latency (core... L2 clocks)
  uint32_t partition_queue = 8;        // gpgpu_dram_partition_queues (entries per queue)
  // The other three fields of gpgpu_dram_partition_queues i2$:$2d:d2$:$2i (partition_queue is i2$).
  // dram_to_l2_queue is accepted but not modelled (reads return through the DRAM channel's own
  // return queues, gpgpu_dram_return_queue_size): reported when not the default 8.
  uint32_t l2_to_dram_queue = 8, dram_to_l2_queue = 8, l2_to_icnt_queue = 8;
  uint32_t partition_indexing = 0;     // gpgpu_memory_partition_indexing: 0 linear, 1 XOR, 2 IPOLY, 5 custom (= 0)
  std::string addr_mapping;            // gpgpu_mem_addr_mapping (dramid@N;bits...), "" = default
  DramScheduler scheduler = DramScheduler::FRFCFS;  // gpgpu_dram_scheduler
  uint32_t sched_queue = 16;           // gpgpu_frfcfs_dram_sched_queue_size
  uint32_t return_queue = 116;         // gpgpu_dram_return_queue_size
  uint32_t bus_width_bytes = 4;        // gpgpu_dram_buswidth (bytes per DRAM clock per chip)
  uint32_t burst_length = 8;           // gpgpu_dram_burst_length
  uint32_t data_command_freq_ratio = 4;// dram_data_command_freq_ratio
  uint32_t chips_per_channel = 2;      // gpgpu_n_mem_per_ctrlr
  uint32_t dram_latency = 100;         // dram_latency: fixed pipeline latency outside the banks, in core cycles as GPGPU-Sim counts it (dram_pipeline_cycles)
  bool dual_bus_interface = false;     // dram_dual_bus_interface: a row and a column command per DRAM cycle
  bool bankgroup_low_bits = true;      // dram_bnkgrp_indexing_policy: 0 group = high bank bits, 1 low bits
  bool perf_sim_memcpy = true;         // gpgpu_perf_sim_memcpy: host-to-device copies fill the L2
  DramTiming timing;
  uint32_t n_partitions() const { return n_channels * sub_partitions; }
};

struct ClockConfig {                  // gpgpu_clock_domains core:icnt:l2:dram (MHz)
  double core_mhz = 700, icnt_mhz = 700, l2_mhz = 700, dram_mhz = 924;
};

// -gpucosim_sched_policy and -gpucosim_preemption (systemc/gpu/sched/sched_policy.h).
enum class SchedPolicyKind { Fcfs, Npq, Ppq, PpqShared, Dss };
enum class PreemptionKind { ContextSwitch, Drain };

struct LimitsConfig {
  uint64_t max_cycles = 0;             // gpgpu_max_cycle (0 = unlimited)
  uint64_t max_insn = 0;               // gpgpu_max_insn
  uint64_t deadlock_cycles = 100000;   // gpucosim_deadlock_cycles (0 disables detection)
  uint32_t max_concurrent_kernels = 8; // gpgpu_max_concurrent_kernel
  uint32_t kernel_launch_latency = 0;  // gpgpu_kernel_launch_latency
  uint32_t tb_launch_latency = 0;      // gpgpu_TB_launch_latency
  // gpucosim_l1_app_switch: an SM given a thread block of another application than its last
  // one keeps its L1 (keep) or writes its dirty lines back and invalidates it (invalidate).
  bool l1_keep_on_app_switch = false;
  SchedPolicyKind sched_policy = SchedPolicyKind::Fcfs;     // gpucosim_sched_policy
  PreemptionKind preemption = PreemptionKind::ContextSwitch; // gpucosim_preemption
};

struct GpuConfig {
  CoreConfig core;
  InterconnectConfig icnt;
  MemoryConfig mem;
  ClockConfig clock;
  LimitsConfig limits;
  // Research blocks by name, as their options set them (systemc/blocks/kit/block_settings.h);
  // a block that is absent runs with its defaults (mode off).
  kit::BlockSettingsMap blocks;
  // The settings of block `name` (the defaults when no option named it).
  const kit::BlockSettings& block(const std::string& name) const {
    static const kit::BlockSettings kDefaults;
    auto it = blocks.find(name);
    return it == blocks.end() ? kDefaults : it->second;
  }
};

}  // namespace gpucosim
