// GPGPU-Sim / Accel-Sim options that gpucosim accepts so that stock configuration files load, but
// that have no effect on the model: functional (PTX) simulation, other caches, power, statistics
// and visualisation, the BookSim interconnect, features the model does not have. They are kept and
// reported ("accepted but not modelled"), never silently dropped.
#include "systemc/config/option_registry.h"

#include "systemc/config/cache_string.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

const char* const kUnmodelledOptions[] = {
    // Functional / PTX simulation and CUDA runtime limits.
    "gpgpu_ptx_instruction_classification", "gpgpu_ptx_sim_mode", "gpgpu_ptx_force_max_capability",
    "gpgpu_ptx_convert_to_ptxplus", "gpgpu_ptx_save_converted_ptxplus", "gpgpu_ptx_use_cuobjdump",
    "gpgpu_ptx_inst_debug_to_file", "gpgpu_ptx_inst_debug_file", "gpgpu_ptx_inst_debug_thread_uid",
    "gpgpu_experimental_lib_support", "gpgpu_simd_model", "gpgpu_stack_size_limit", "gpgpu_heap_size_limit",
    "gpgpu_runtime_sync_depth_limit", "gpgpu_runtime_pending_launch_count_limit", "gpgpu_cdp_enabled",
    "gpgpu_compute_capability_major", "gpgpu_compute_capability_minor", "gpgpu_occupancy_sm_number",
    "gpgpu_local_mem_map", "checkpoint_option", "checkpoint_kernel", "checkpoint_CTA",
    "resume_option", "resume_kernel", "resume_CTA", "checkpoint_CTA_t", "checkpoint_insn_Y",
    "gpgpu_ignore_resources_limitation", "gpgpu_max_cta", "gpgpu_max_completed_cta", "gpgpu_concurrent_kernel_sm",
    "gpgpu_trywait_max_retries", "gpgpu_trywait_retry_cycles",
    // Pipeline details the model does not have as knobs.
    "gpgpu_pipeline_widths", "gpgpu_tensor_core_avail", "gpgpu_clock_gated_lanes", "gpgpu_clock_gated_reg_file",
    "n_regfile_gating_group", "gpgpu_reg_bank_use_warp_id", "gpgpu_simt_core_sim_order", "gpgpu_opndcoll_model",
    "gpgpu_num_cta_barriers", "gpgpu_n_cluster_ejection_buffer_size", "gpgpu_n_ldst_response_buffer_size",
    "gpgpu_mem_unit_ports", "gpgpu_shmem_limited_broadcast", "gpgpu_shmem_warp_parts", "gpgpu_warpdistro_shader",
    "gpgpu_warp_issue_shader", "gpgpu_perfect_mem", "gpgpu_dwf_heuristic", "gpgpu_shmem_pipe_speedup",
    "gpgpu_n_chiplet_partition", "gpgpu_chiplet_interleave", "chiplet_mem_stride", "chiplet_partition_stride",
    "inter_chiplet_queue_size", "inter_chiplet_queue_latency",
    // Register file details: the collectors' port counts (the model's collectors read operands
    // through the register banks, -gpgpu_num_reg_banks, with no port limit of their own).
    "gpgpu_operand_collector_num_in_ports_sp", "gpgpu_operand_collector_num_out_ports_sp",
    "gpgpu_operand_collector_num_in_ports_dp", "gpgpu_operand_collector_num_out_ports_dp",
    "gpgpu_operand_collector_num_in_ports_sfu", "gpgpu_operand_collector_num_out_ports_sfu",
    "gpgpu_operand_collector_num_in_ports_int", "gpgpu_operand_collector_num_out_ports_int",
    "gpgpu_operand_collector_num_in_ports_tensor_core", "gpgpu_operand_collector_num_out_ports_tensor_core",
    "gpgpu_operand_collector_num_in_ports_mem", "gpgpu_operand_collector_num_out_ports_mem",
    "gpgpu_operand_collector_num_in_ports_gen", "gpgpu_operand_collector_num_out_ports_gen",
    // Other caches and the adaptive L1/shared carve-out (the model uses the stated L1 size); L1
    // banks (the model's L1 serves a request per cycle with no bank conflicts).
    "gpgpu_l1_banks",
    "gpgpu_tex_cache:l1", "gpgpu_const_cache:l1", "gpgpu_perfect_inst_const_cache",
    "gpgpu_cache:dl1PrefL1", "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl2_texture_only", "gpgpu_l1_cache_write_ratio",
    "gpgpu_l1_banks_byte_interleaving", "gpgpu_l1_banks_hashing_function", "gpgpu_shmem_sizeDefault", "gpgpu_shmem_size_PrefL1",
    "gpgpu_shmem_size_PrefShared", "gpgpu_flush_l1_cache", "gpgpu_flush_l2_cache", "gpgpu_flush_cache", "l2_ideal",
    "gpgpu_lrc_enabled", "gpgpu_lrc_max_entries", "gpgpu_lrc_max_merged",
    // DRAM details beyond the model (bank indexing, write queues, simple model).
    "gpgpu_mem_address_mask", "gpgpu_mem_addr_test", "dram_seperate_write_queue_enable", "dram_write_queue_size",
    "dram_elimnate_rw_turnaround", "gpgpu_simple_dram_model", "gpgpu_simple_dram_clock_multiplier",
    // Interconnect: the model has its own crossbar (gpucosim_icnt_latency and the icnt_* limits it reads).
    "network_mode", "inter_config_file", "icnt_subnets", "icnt_arbiter_algo", "icnt_verbose", "icnt_grant_cycles",
    "SST_mode",
    // Statistics, visualiser, tracing of the simulator itself.
    "gpgpu_runtime_stat", "gpgpu_memlatency_stat", "enable_ptx_file_line_stats", "ptx_line_stats_filename",
    "visualizer_enabled", "visualizer_outputfile", "visualizer_zlevel", "gpgpu_cflog_interval",
    "liveness_message_freq", "trace_enabled", "trace_components", "trace_sampling_core",
    "trace_sampling_memory_partition", "gpgpu_stat_sampling_freq",
    // Power (GPUWattch / AccelWattch): gpucosim's power/ does its own accounting.
    "power_simulation_enabled", "power_simulation_mode", "power_per_cycle_dump", "power_trace_enabled",
    "power_trace_zlevel", "steady_power_levels_enabled", "steady_state_definition", "gpuwattch_xml_file",
    "accelwattch_xml_file", "hw_perf_file_name", "hw_perf_bench_name", "dvfs_enabled", "aggregate_power_stats",
    "accelwattch_hybrid_perfsim_L1_RH", "accelwattch_hybrid_perfsim_L1_RM", "accelwattch_hybrid_perfsim_L1_WH",
    "accelwattch_hybrid_perfsim_L1_WM", "accelwattch_hybrid_perfsim_L2_RH", "accelwattch_hybrid_perfsim_L2_RM",
    "accelwattch_hybrid_perfsim_L2_WH", "accelwattch_hybrid_perfsim_L2_WM", "accelwattch_hybrid_perfsim_CC_ACC",
    "accelwattch_hybrid_perfsim_SHARED_ACC", "accelwattch_hybrid_perfsim_DRAM_RD", "accelwattch_hybrid_perfsim_DRAM_WR",
    "accelwattch_hybrid_perfsim_NOC", "accelwattch_hybrid_perfsim_PIPE_DUTY", "accelwattch_hybrid_perfsim_NUM_SM_IDLE",
    "accelwattch_hybrid_perfsim_CYCLES", "accelwattch_hybrid_perfsim_VOLTAGE",
};
const size_t kUnmodelledOptionCount = sizeof(kUnmodelledOptions) / sizeof(kUnmodelledOptions[0]);

// Numbered families: the prefix followed by one or more digits.
// (Accel-Sim's specialised units 1..8 and their timings are modelled: options_core.cpp.)
const char* const kUnmodelledFamilies[] = {nullptr};
const size_t kUnmodelledFamilyCount = 0;

namespace {

// Values reach these only after the option's own parser accepted them.
std::string result_fifo_set(const std::string& v) {
  if (v == "none") return "";
  const CacheConfig c = parse_cache_string(v);
  return c.result_fifo ? std::to_string(c.result_fifo) : "";
}

std::string xor_bank_set(const std::string& v) { return v == "1" ? "1" : ""; }

std::string dram_to_l2_set(const std::string& v) {
  const PartitionQueues q = parse_partition_queues(v);
  return q.dram_to_l2 != 8 ? std::to_string(q.dram_to_l2) : "";
}

}  // namespace

const UnmodelledField kUnmodelledFields[] = {
    // GPGPU-Sim's fill FIFO between the memory system and the cache: fills here go straight in.
    {"gpgpu_cache:dl1", "result FIFO field", result_fifo_set},
    {"gpgpu_cache:dl2", "result FIFO field", result_fifo_set},
    // Reads return to the L2 through the DRAM channel's return queues (gpgpu_dram_return_queue_size).
    {"gpgpu_dram_partition_queues", "DRAM-to-L2 queue field", dram_to_l2_set},
    // Only the plain bank index (0) is modelled; the XOR variant (1) is reported.
    {"dram_bnk_indexing_policy", "XOR bank indexing", xor_bank_set},
};
const size_t kUnmodelledFieldCount = sizeof(kUnmodelledFields) / sizeof(kUnmodelledFields[0]);

}  // namespace gpucosim
