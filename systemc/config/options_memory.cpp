// Memory-side, interconnect, clock and run-limit options. Defaults follow gpu_config.h where it
// has one; the L2 default is GPGPU-Sim's stock GTX 480 slice.
#include "systemc/config/cache_string.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

namespace {

using S = BuildState;
using V = const std::string&;

const OptionDef kPartitions[] = {
    {"gpgpu_n_mem", OptionType::Uint, "6", "mem.n_channels", "memory channels (controllers)",
     [](V v, S& s) { s.gpu.mem.n_channels = parse_u32_min(v, 1); }},
    {"gpgpu_n_sub_partition_per_mchannel", OptionType::Uint, "2", "mem.sub_partitions",
     "L2 slices (sub-partitions) per memory channel",
     [](V v, S& s) { s.gpu.mem.sub_partitions = parse_u32_min(v, 1); }},
    {"gpgpu_cache:dl2", OptionType::Cache, "N:64:128:8,L:B:m:W:L,A:32:4,4:0,32", "mem.l2",
     "L2 slice (per sub-partition; cache string or none)", [](V v, S& s) { s.gpu.mem.l2 = parse_cache_string(v); }},
    {"gpgpu_l2_rop_latency", OptionType::Uint, "120", "mem.rop_latency",
     "ROP queue latency in front of the L2 (L2 cycles)", [](V v, S& s) { s.gpu.mem.rop_latency = parse_u32(v); }},
    {"gpgpu_dram_partition_queues", OptionType::Queues, "8:8:8:8",
     "mem.partition_queue, mem.l2_to_dram_queue, mem.dram_to_l2_queue, mem.l2_to_icnt_queue",
     "memory partition queue sizes <icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:<L2-to-icnt>",
     [](V v, S& s) {
       PartitionQueues q = parse_partition_queues(v);
       s.gpu.mem.partition_queue = q.icnt_to_l2;
       s.gpu.mem.l2_to_dram_queue = q.l2_to_dram;
       s.gpu.mem.dram_to_l2_queue = q.dram_to_l2;
       s.gpu.mem.l2_to_icnt_queue = q.l2_to_icnt;
     }},
    {"gpgpu_memory_partition_indexing", OptionType::Choice, "0", "mem.partition_indexing",
     "address to sub-partition mapping as GPGPU-Sim's: 0 linear, 1 XOR, 2 IPOLY, 5 custom (= linear there); "
     "3 (PAE) and 4 (random) are not modelled",
     [](V v, S& s) {
       s.gpu.mem.partition_indexing =
           parse_choice(v, {0, 1, 2, 5}, "0 (linear), 1 (XOR), 2 (IPOLY) or 5 (custom, linear in GPGPU-Sim)");
     }},
    {"gpgpu_mem_addr_mapping", OptionType::AddrMapping, "", "mem.addr_mapping",
     "address bit mapping dramid@<bit>;<mask> (\"\" = the model's default mapping)",
     [](V v, S& s) { s.gpu.mem.addr_mapping = parse_addr_mapping(v); }},
    {"gpgpu_perf_sim_memcpy", OptionType::Bool, "1", "mem.perf_sim_memcpy",
     "1: host-to-device copies (MemcpyHtoD) fill the L2 before the kernels run; 0: the L2 starts empty",
     [](V v, S& s) { s.gpu.mem.perf_sim_memcpy = parse_bool01(v); }},
};

const OptionDef kDram[] = {
    {"gpgpu_dram_scheduler", OptionType::Choice, "1", "mem.scheduler", "0 FCFS, 1 FR-FCFS",
     [](V v, S& s) { s.gpu.mem.scheduler = DramScheduler(parse_choice(v, {0, 1}, "0 (FCFS) or 1 (FR-FCFS)")); }},
    {"gpgpu_frfcfs_dram_sched_queue_size", OptionType::Uint, "16", "mem.sched_queue",
     "DRAM scheduler queue entries", [](V v, S& s) { s.gpu.mem.sched_queue = parse_u32_min(v, 1); }},
    {"gpgpu_dram_return_queue_size", OptionType::Uint, "116", "mem.return_queue", "DRAM return queue entries",
     [](V v, S& s) { s.gpu.mem.return_queue = parse_u32_min(v, 1); }},
    {"gpgpu_n_mem_per_ctrlr", OptionType::Uint, "2", "mem.chips_per_channel", "DRAM chips per channel",
     [](V v, S& s) { s.gpu.mem.chips_per_channel = parse_u32_min(v, 1); }},
    {"gpgpu_dram_buswidth", OptionType::Uint, "4", "mem.bus_width_bytes",
     "data bus width per chip (bytes per data clock)", [](V v, S& s) { s.gpu.mem.bus_width_bytes = parse_u32_min(v, 1); }},
    {"gpgpu_dram_burst_length", OptionType::Uint, "8", "mem.burst_length", "DRAM burst length (data clocks)",
     [](V v, S& s) { s.gpu.mem.burst_length = parse_u32_min(v, 1); }},
    {"dram_data_command_freq_ratio", OptionType::Uint, "4", "mem.data_command_freq_ratio",
     "data transfers per command clock (2 DDR/HBM, 4 GDDR5 QDR)",
     [](V v, S& s) { s.gpu.mem.data_command_freq_ratio = parse_u32_min(v, 1); }},
    {"dram_latency", OptionType::Uint, "100", "mem.dram_latency",
     "fixed DRAM pipeline latency outside the banks (core cycles, as GPGPU-Sim counts it)", [](V v, S& s) { s.gpu.mem.dram_latency = parse_u32(v); }},
    // Default 1, the model's behaviour before the option was read; GPGPU-Sim's default is 0.
    {"dram_bnkgrp_indexing_policy", OptionType::Choice, "1", "mem.bankgroup_low_bits",
     "bank group of a bank: 0 its higher bits (bank / banks per group), 1 its lower bits (bank % groups); "
     "GPGPU-Sim's default is 0",
     [](V v, S& s) { s.gpu.mem.bankgroup_low_bits = parse_choice(v, {0, 1}, "0 (higher bits) or 1 (lower bits)") == 1; }},
    {"dram_bnk_indexing_policy", OptionType::Choice, "0", "mem.addr_mapping",
     "bank index: 0 the address bits as mapped (modelled); 1 XOR with higher bits (not modelled, reported)",
     [](V v, S&) { (void)parse_choice(v, {0, 1}, "0 (normal) or 1 (XOR with higher bits)"); }},
    {"dram_dual_bus_interface", OptionType::Bool, "0", "mem.dual_bus_interface",
     "1: a row and a column command may issue in the same DRAM cycle (HBM)",
     [](V v, S& s) { s.gpu.mem.dual_bus_interface = parse_bool01(v); }},
    {"gpgpu_dram_timing_opt", OptionType::DramTiming,
     "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=3", "mem.timing",
     "DRAM timing in command clocks: nbk=:CCD=:RRD=:RCD=:RAS=:RP=:RC=:CL=:WL=:CDLR=:WR=:nbkgrp=:CCDL=:RTPL=",
     [](V v, S& s) { s.gpu.mem.timing = parse_dram_timing(v); }},
};

const OptionDef kInterconnect[] = {
    {"gpucosim_icnt_latency", OptionType::Uint, "8", "icnt.latency", "crossbar traversal latency (icnt cycles)",
     [](V v, S& s) { s.gpu.icnt.latency = parse_u32_min(v, 1); }},
    {"icnt_flit_size", OptionType::Uint, "32", "icnt.flit_bytes", "crossbar flit size (bytes)",
     [](V v, S& s) { s.gpu.icnt.flit_bytes = parse_u32_min(v, 1); }},
    {"gpucosim_icnt_header_sideband", OptionType::Bool, "1", "icnt.header_sideband",
     "1: packet headers ride on sideband control wires (a 128 B reply is 4 flits of 32 B); 0: in the flits (5)",
     [](V v, S& s) { s.gpu.icnt.header_sideband = parse_bool01(v); }},
    {"icnt_in_buffer_limit", OptionType::Uint, "64", "icnt.in_buffer", "input buffer per port (flits)",
     [](V v, S& s) { s.gpu.icnt.in_buffer = parse_u32_min(v, 1); }},
    {"icnt_out_buffer_limit", OptionType::Uint, "64", "icnt.out_buffer", "output buffer per port (flits)",
     [](V v, S& s) { s.gpu.icnt.out_buffer = parse_u32_min(v, 1); }},
};

const OptionDef kClocksAndLimits[] = {
    {"gpgpu_clock_domains", OptionType::Clocks, "700.0:700.0:700.0:924.0",
     "clock.core_mhz, clock.icnt_mhz, clock.l2_mhz, clock.dram_mhz", "<core>:<icnt>:<l2>:<dram> clocks in MHz",
     [](V v, S& s) { s.gpu.clock = parse_clock_domains(v); }},
    {"gpgpu_max_cycle", OptionType::Uint64, "0", "limits.max_cycles", "stop after this many core cycles (0 = no limit)",
     [](V v, S& s) { s.gpu.limits.max_cycles = parse_u64(v); }},
    {"gpgpu_max_insn", OptionType::Uint64, "0", "limits.max_insn",
     "stop after this many warp instructions (0 = no limit)", [](V v, S& s) { s.gpu.limits.max_insn = parse_u64(v); }},
    {"gpgpu_deadlock_detect", OptionType::Bool, "1", "limits.deadlock_cycles",
     "stop with an error when nothing progresses (0 disables gpucosim_deadlock_cycles)",
     [](V v, S& s) { s.deadlock_detect = parse_bool01(v); }},
    {"gpucosim_deadlock_cycles", OptionType::Uint64, "100000", "limits.deadlock_cycles",
     "cycles without progress that count as a deadlock (0 disables detection)",
     [](V v, S& s) { s.gpu.limits.deadlock_cycles = parse_u64(v); }},
    {"gpgpu_max_concurrent_kernel", OptionType::Uint, "8", "limits.max_concurrent_kernels",
     "kernels that may run at once", [](V v, S& s) {
       // Volta to Hopper run at most 128 kernels at once; the dispatcher's tables are sized by it.
       s.gpu.limits.max_concurrent_kernels = parse_u32_range(v, 1, 1024, "GPUs run at most 128 kernels at once");
     }},
    {"gpgpu_kernel_launch_latency", OptionType::Uint, "0", "limits.kernel_launch_latency",
     "cycles between a kernel's launch and its first thread block",
     [](V v, S& s) { s.gpu.limits.kernel_launch_latency = parse_u32(v); }},
    {"gpgpu_TB_launch_latency", OptionType::Uint, "0", "limits.tb_launch_latency",
     "cycles to launch one thread block on an SM", [](V v, S& s) { s.gpu.limits.tb_launch_latency = parse_u32(v); }},
    {"gpucosim_l1_app_switch", OptionType::String, "invalidate", "limits.l1_keep_on_app_switch",
     "L1 of an SM given a block of another application: invalidate (dirty lines written back) or keep",
     [](V v, S& s) {
       if (v != "invalidate" && v != "keep") throw ValueError("expected invalidate or keep");
       s.gpu.limits.l1_keep_on_app_switch = v == "keep";
     }},
    {"gpucosim_sched_policy", OptionType::String, "fcfs", "limits.sched_policy",
     "kernel scheduler of a multiprogrammed run (docs/multitasking.md): fcfs (first fit, the GPGPU-Sim "
     "dispatcher), npq, ppq, ppq_shared (priority queues; priority=N), dss (Dynamic Spatial Sharing; tokens=N)",
     [](V v, S& s) {
       const std::pair<const char*, SchedPolicyKind> kinds[] = {{"fcfs", SchedPolicyKind::Fcfs},
                                                                {"npq", SchedPolicyKind::Npq},
                                                                {"ppq", SchedPolicyKind::Ppq},
                                                                {"ppq_shared", SchedPolicyKind::PpqShared},
                                                                {"dss", SchedPolicyKind::Dss}};
       for (const auto& [name, k] : kinds)
         if (v == name) {
           s.gpu.limits.sched_policy = k;
           return;
         }
       throw ValueError("expected fcfs, npq, ppq, ppq_shared or dss, got '" + std::string(v) + "'");
     }},
    {"gpucosim_preemption", OptionType::String, "context_switch", "limits.preemption",
     "how ppq, ppq_shared and dss take an SM from a kernel: context_switch (save the blocks' contexts "
     "through the memory system, restore them later) or drain (no new blocks; the SM is taken when they finish)",
     [](V v, S& s) {
       if (v != "context_switch" && v != "drain")
         throw ValueError("expected context_switch or drain, got '" + std::string(v) + "'");
       s.gpu.limits.preemption = v == "drain" ? PreemptionKind::Drain : PreemptionKind::ContextSwitch;
     }},
};

}  // namespace

const OptionGroup kMemoryOptionGroups[] = {
    {"Memory partitions and L2", kPartitions, sizeof(kPartitions) / sizeof(OptionDef)},
    {"DRAM", kDram, sizeof(kDram) / sizeof(OptionDef)},
    {"Interconnect", kInterconnect, sizeof(kInterconnect) / sizeof(OptionDef)},
    {"Clocks and run limits", kClocksAndLimits, sizeof(kClocksAndLimits) / sizeof(OptionDef)},
};
const size_t kMemoryOptionGroupCount = sizeof(kMemoryOptionGroups) / sizeof(OptionGroup);

}  // namespace gpucosim
