// Parsing gpgpusim.config text: syntax, unknown options, bad values, overrides, unmodelled options.
#include <set>

#include "systemc/config/config_build.h"
#include "systemc/config/option_set.h"
#include "tests/config/config_test_util.h"

namespace gpucosim {
namespace {

using test::input_error;

GpuConfig build_text(const std::string& text) {
  OptionSet o;
  o.load_text(text, "t.config");
  return build_gpu_config(o);
}

TEST(ConfigOptions, DefaultsBuild) {
  OptionSet o;
  GpuConfig g = build_gpu_config(o);
  EXPECT_EQ(g.core.n_sms(), 15u);
  EXPECT_EQ(o.find("gpgpu_n_clusters")->origin.describe(), "default");
  EXPECT_TRUE(o.unmodelled().empty());
}

TEST(ConfigOptions, RegistryNamesAreUniqueAndDisjointFromUnmodelled) {
  std::set<std::string> seen;
  for (const OptionGroup& g : option_groups())
    for (size_t i = 0; i < g.count; ++i) {
      EXPECT_TRUE(seen.insert(g.defs[i].name).second) << "declared twice: " << g.defs[i].name;
      EXPECT_FALSE(is_unmodelled_option(g.defs[i].name)) << "in both lists: " << g.defs[i].name;
    }
  for (size_t i = 0; i < kUnmodelledOptionCount; ++i)
    EXPECT_TRUE(seen.insert(kUnmodelledOptions[i]).second) << "listed twice: " << kUnmodelledOptions[i];
}

TEST(ConfigOptions, CommentsAndTrailingComments) {
  GpuConfig g = build_text(
      "# whole-line comment\n"
      "-gpgpu_n_clusters 20   # trailing comment\n"
      "\n"
      "   -gpgpu_n_mem 4#no space before the comment\n");
  EXPECT_EQ(g.core.n_clusters, 20u);
  EXPECT_EQ(g.mem.n_channels, 4u);
}

TEST(ConfigOptions, UnknownOptionSuggestsNearestWithFileAndLine) {
  std::string msg = input_error([] { build_text("-gpgpu_n_clusters 15\n\n-gpgpu_n_clsuters 16\n"); });
  EXPECT_EQ(msg, "t.config:3: unknown option -gpgpu_n_clsuters; did you mean -gpgpu_n_clusters?");
  msg = input_error([] { build_text("-gpgpu_cache:dl3 none\n"); });
  EXPECT_NE(msg.find("did you mean -gpgpu_cache:dl"), std::string::npos) << msg;
  msg = input_error([] { build_text("-completely_unrelated_thing 1\n"); });
  EXPECT_EQ(msg, "t.config:1: unknown option -completely_unrelated_thing");
}

TEST(ConfigOptions, BadValueOfEachTypeNamesFileLineAndExpectation) {
  struct Case {
    const char* line;
    const char* expected;
  };
  const Case cases[] = {
      {"-gpgpu_n_clusters many", "-gpgpu_n_clusters: expected an unsigned integer, got 'many'"},
      {"-gpgpu_n_clusters 0", "-gpgpu_n_clusters: expected an integer >= 1"},
      {"-gpgpu_max_cycle -5", "-gpgpu_max_cycle: expected an unsigned integer"},
      {"-gpgpu_gmem_skip_L1D 2", "-gpgpu_gmem_skip_L1D: expected 0 or 1, got '2'"},
      {"-gpgpu_dram_scheduler 3", "-gpgpu_dram_scheduler: expected 0 (FCFS) or 1 (FR-FCFS)"},
      {"-gpgpu_clock_domains 700:700:fast:924", "-gpgpu_clock_domains: expected <core>:<icnt>:<l2>:<dram>"},
      {"-gpgpu_shader_core_pipeline 1536", "-gpgpu_shader_core_pipeline: expected <threads per SM>:<warp size>"},
      {"-gpgpu_scheduler greedy", "-gpgpu_scheduler: expected lrr, gto or two_level_active"},
      {"-gpgpu_dram_timing_opt nbk=16:cl=12", "-gpgpu_dram_timing_opt: expected <key>=<value> with a key among"},
      {"-ptx_opcode_latency_int 4,13", "-ptx_opcode_latency_int: expected 5 to 6 integers"},
      {"-trace_opcode_latency_initiation_sp 4", "-trace_opcode_latency_initiation_sp: expected <latency>,<initiation"},
      {"-gpgpu_dram_partition_queues 8:8", "-gpgpu_dram_partition_queues: expected <icnt-to-L2>"},
      {"-gpgpu_cache:dl1 N:64:128:4,L:L:m:N:Q,A:32:8,8", "-gpgpu_cache:dl1: expected the set index function"},
      {"-gpgpu_mem_addr_mapping dramid@8;ZZZZ", "-gpgpu_mem_addr_mapping: expected dramid@"},
      {"-gpgpu_memory_partition_indexing 4", "-gpgpu_memory_partition_indexing: expected 0 (linear), 1 (XOR), 2 (IPOLY) or 5"},
  };
  for (const Case& c : cases) {
    std::string text = std::string("-gpgpu_n_mem 6\n") + c.line + "\n";
    std::string msg = input_error([&] { build_text(text); });
    EXPECT_EQ(msg.rfind(std::string("t.config:2: ") + c.expected, 0), 0u) << c.line << "\n  -> " << msg;
  }
}

TEST(ConfigOptions, SyntaxErrors) {
  EXPECT_EQ(input_error([] { build_text("gpgpu_n_clusters 15\n"); }),
            "t.config:1: expected an option name starting with '-', got 'gpgpu_n_clusters'");
  EXPECT_EQ(input_error([] { build_text("-gpgpu_n_clusters\n-gpgpu_n_mem 4\n"); }),
            "t.config:1: -gpgpu_n_clusters: expected a value after the option name");
  EXPECT_EQ(input_error([] { build_text("-gpgpu_n_mem 4\n-gpgpu_dram_timing_opt \"nbk=16:\n CCD=2\n"); }),
            "t.config:2: unterminated quote: expected a closing '\"'");
}

TEST(ConfigOptions, QuotedValueSpanningLines) {
  OptionSet o;
  o.load_text(
      "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
      "                        CL=10:WL=2:CDLR=3:WR=10:nbkgrp=2:CCDL=2:RTPL=3\"\n"
      "-gpgpu_n_mem 4\n",
      "t.config");
  EXPECT_EQ(o.find("gpgpu_dram_timing_opt")->value,
            "nbk=8:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:CL=10:WL=2:CDLR=3:WR=10:nbkgrp=2:CCDL=2:RTPL=3");
  EXPECT_EQ(o.find("gpgpu_n_mem")->origin.describe(), "t.config:3");  // line counting survives the quote
  GpuConfig g = build_gpu_config(o);
  EXPECT_EQ(g.mem.timing.nbk, 8u);
  EXPECT_EQ(g.mem.timing.CL, 10u);
  EXPECT_EQ(g.mem.timing.nbkgrp, 2u);
}

TEST(ConfigOptions, LaterFileOverridesEarlierAndSetOverridesBoth) {
  std::string dir = test::scratch_dir();
  std::string a = test::write_file(dir, "a.config", "-gpgpu_n_clusters 10\n-gpgpu_n_mem 4\n-gpgpu_shader_cta 16\n");
  std::string b = test::write_file(dir, "b.config", "# second file\n-gpgpu_n_clusters 12\n-gpgpu_n_mem 8\n");
  LoadedConfig c = load_gpu_config({a, b}, {"gpgpu_n_mem=2", "-gpgpu_cache:dl1=none"});
  EXPECT_EQ(c.gpu.core.n_clusters, 12u);
  EXPECT_EQ(c.gpu.mem.n_channels, 2u);
  EXPECT_EQ(c.gpu.core.max_blocks, 16u);
  EXPECT_FALSE(c.gpu.core.l1d.enabled);
  EXPECT_EQ(c.options.find("gpgpu_n_clusters")->origin.describe(), b + ":2");
  EXPECT_EQ(c.options.find("gpgpu_shader_cta")->origin.describe(), a + ":3");
  EXPECT_EQ(c.options.find("gpgpu_n_mem")->origin.describe(), "--set");
}

TEST(ConfigOptions, SetErrorsAreReportedAgainstSet) {
  EXPECT_EQ(input_error([] { load_gpu_config({}, {"gpgpu_n_clsuters=4"}); }),
            "--set: unknown option -gpgpu_n_clsuters; did you mean -gpgpu_n_clusters?");
  EXPECT_EQ(input_error([] { load_gpu_config({}, {"gpgpu_n_clusters=four"}); }),
            "--set: -gpgpu_n_clusters: expected an unsigned integer, got 'four'");
  EXPECT_EQ(input_error([] { load_gpu_config({}, {"gpgpu_n_clusters"}); }),
            "--set: expected key=value, got 'gpgpu_n_clusters'");
}

TEST(ConfigOptions, MissingFileIsAnInputError) {
  EXPECT_EQ(input_error([] { load_gpu_config({"/nonexistent/x.config"}, {}); }),
            "/nonexistent/x.config: cannot open configuration file: expected a readable gpgpusim.config file");
}

TEST(ConfigOptions, UnmodelledOptionsAreKeptAndReported) {
  OptionSet o;
  o.load_text(
      "-gpgpu_ptx_sim_mode 0\n"
      "-visualizer_enabled 0\n"
      "-gpgpu_tex_cache:l1 N:4:128:256,L:R:m:N:L,T:512:8,128:2\n"
      "-gpgpu_cache:il1 N:64:128:16,L:R:f:N:L,S:2:48,4\n"
      "-specialized_unit_3 1,4,8,4,4,TENSOR\n"
      "-trace_opcode_latency_initiation_spec_op_3 2,2\n"
      "-visualizer_enabled 1\n",
      "t.config");
  // Accel-Sim's specialised units (and their timings) are modelled, so not reported; so is the
  // instruction cache, which sizes the energy of instruction fetch.
  EXPECT_EQ(o.unmodelled_names(),
            (std::vector<std::string>{"gpgpu_ptx_sim_mode", "visualizer_enabled", "gpgpu_tex_cache:l1"}));
  ASSERT_NE(o.find("gpgpu_cache:il1"), nullptr);
  EXPECT_NE(o.find("gpgpu_cache:il1")->def, nullptr);
  ASSERT_NE(o.find("specialized_unit_3"), nullptr);
  EXPECT_NE(o.find("specialized_unit_3")->def, nullptr);
  EXPECT_EQ(o.find("visualizer_enabled")->value, "1");
  EXPECT_EQ(o.find("visualizer_enabled")->origin.describe(), "t.config:7");
  std::string w = o.unmodelled_warning();
  EXPECT_NE(w.find("3 option(s) accepted but not modelled"), std::string::npos) << w;
  EXPECT_EQ(w.find("-specialized_unit_3"), std::string::npos) << w;
  // Accel-Sim has 8 specialised units; the number is part of the name.
  EXPECT_NE(input_error([&] { o.load_text("-specialized_unit_x 1\n", "u.config"); }).find("unknown option"),
            std::string::npos);
  EXPECT_NE(input_error([&] { o.load_text("-specialized_unit_9 1,4,4,4,4,BRA\n", "u.config"); }).find("unknown option"),
            std::string::npos);
  EXPECT_NE(input_error([&] { o.load_text("-specialized_unit_2 1,4,200,TEX\n", "u.config"); }).find("6 fields"),
            std::string::npos);
}

// Every option of GPGPU-Sim's stock GTX480 and Accel-Sim's QV100 gpgpusim.config/trace.config
// files, with their kinds of values: all must load (modelled or accepted-but-not-modelled).
TEST(ConfigOptions, StockOptionNamesAllLoad) {
  const char* text = R"(
-gpgpu_ptx_instruction_classification 0
-gpgpu_ptx_sim_mode 0
-gpgpu_ptx_force_max_capability 70
-gpgpu_stack_size_limit 1024
-gpgpu_heap_size_limit 8388608
-gpgpu_runtime_sync_depth_limit 2
-gpgpu_runtime_pending_launch_count_limit 2048
-gpgpu_kernel_launch_latency 5000
-gpgpu_TB_launch_latency 0
-gpgpu_max_concurrent_kernel 128
-gpgpu_compute_capability_major 7
-gpgpu_compute_capability_minor 0
-gpgpu_ptx_convert_to_ptxplus 0
-gpgpu_ptx_save_converted_ptxplus 0
-gpgpu_n_clusters 80
-gpgpu_n_cores_per_cluster 1
-gpgpu_n_mem 32
-gpgpu_n_sub_partition_per_mchannel 2
-gpgpu_clock_gated_lanes 1
-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0
-gpgpu_shader_registers 65536
-gpgpu_registers_per_block 65536
-gpgpu_occupancy_sm_number 70
-gpgpu_shader_core_pipeline 2048:32
-gpgpu_shader_cta 32
-gpgpu_simd_model 1
-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8,4,4
-gpgpu_num_sp_units 4
-gpgpu_num_sfu_units 4
-gpgpu_num_dp_units 4
-gpgpu_num_int_units 4
-gpgpu_tensor_core_avail 1
-gpgpu_num_tensor_core_units 4
-ptx_opcode_latency_int 4,13,4,5,145,21
-ptx_opcode_initiation_int 2,2,2,2,8,4
-ptx_opcode_latency_fp 4,13,4,5,39
-ptx_opcode_initiation_fp 2,2,2,2,4
-ptx_opcode_latency_dp 8,19,8,8,330
-ptx_opcode_initiation_dp 4,4,4,4,130
-ptx_opcode_latency_sfu 100
-ptx_opcode_initiation_sfu 8
-ptx_opcode_latency_tesnor 64
-ptx_opcode_initiation_tensor 64
-gpgpu_sub_core_model 1
-gpgpu_enable_specialized_operand_collector 0
-gpgpu_operand_collector_num_units_gen 8
-gpgpu_operand_collector_num_in_ports_gen 8
-gpgpu_operand_collector_num_out_ports_gen 8
-gpgpu_num_reg_banks 16
-gpgpu_reg_file_port_throughput 2
-gpgpu_shmem_num_banks 32
-gpgpu_shmem_limited_broadcast 0
-gpgpu_shmem_warp_parts 1
-gpgpu_coalesce_arch 70
-gpgpu_num_sched_per_core 4
-gpgpu_scheduler lrr
-gpgpu_max_insn_issue_per_warp 1
-gpgpu_dual_issue_diff_exec_units 1
-gpgpu_adaptive_cache_config 1
-gpgpu_shmem_option 0,8,16,32,64,96
-gpgpu_unified_l1d_size 128
-gpgpu_l1_banks 4
-gpgpu_cache:dl1  S:4:128:64,L:T:m:L:L,A:512:8,16:0,32
-gpgpu_l1_cache_write_ratio 20
-gpgpu_l1_latency 20
-gpgpu_gmem_skip_L1D 0
-gpgpu_flush_l1_cache 1
-gpgpu_n_cluster_ejection_buffer_size 32
-gpgpu_shmem_size 98304
-gpgpu_shmem_sizeDefault 98304
-gpgpu_shmem_per_block 65536
-gpgpu_smem_latency 20
-gpgpu_cache:dl2 S:32:128:24,L:B:m:L:P,A:192:4,32:0,32
-gpgpu_cache:dl2_texture_only 0
-gpgpu_dram_partition_queues 64:64:64:64
-gpgpu_perf_sim_memcpy 1
-gpgpu_memory_partition_indexing 2
-gpgpu_cache:il1 N:64:128:16,L:R:f:N:L,S:2:48,4
-gpgpu_inst_fetch_throughput 4
-gpgpu_tex_cache:l1 N:4:128:256,L:R:m:N:L,T:512:8,128:2
-gpgpu_const_cache:l1 N:128:64:8,L:R:f:N:L,S:2:64,4
-gpgpu_perfect_inst_const_cache 1
-network_mode 2
-icnt_in_buffer_limit 512
-icnt_out_buffer_limit 512
-icnt_subnets 2
-icnt_flit_size 40
-icnt_arbiter_algo 1
-gpgpu_l2_rop_latency 160
-dram_latency 100
-gpgpu_dram_scheduler 1
-gpgpu_frfcfs_dram_sched_queue_size 64
-gpgpu_dram_return_queue_size 192
-gpgpu_n_mem_per_ctrlr 1
-gpgpu_dram_buswidth 16
-gpgpu_dram_burst_length 2
-dram_data_command_freq_ratio 2  # HBM is DDR
-gpgpu_mem_address_mask 1
-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS
-gpgpu_dram_timing_opt "nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:
                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3"
-dram_dual_bus_interface 1
-dram_bnk_indexing_policy 0
-dram_bnkgrp_indexing_policy 1
-dram_seperate_write_queue_enable 0
-dram_write_queue_size 64:56:32
-gpgpu_memlatency_stat 14
-gpgpu_runtime_stat 500
-enable_ptx_file_line_stats 1
-visualizer_enabled 0
-power_simulation_enabled 1
-gpuwattch_xml_file gpuwattch_gtx480.xml
-accelwattch_xml_file accelwattch_sass_sim.xml
-power_simulation_mode 0
-trace_enabled 0
-trace_components WARP_SCHEDULER,SCOREBOARD
-trace_sampling_core 0
-inter_config_file config_fermi_islip.icnt
-rop_latency 120
-gpgpu_operand_collector_num_units_sp 6
-gpgpu_operand_collector_num_units_sfu 8
-gpgpu_operand_collector_num_in_ports_sp 2
-gpgpu_operand_collector_num_out_ports_sp 2
-trace_opcode_latency_initiation_int 2,2
-trace_opcode_latency_initiation_sp 2,2
-trace_opcode_latency_initiation_dp 8,4
-trace_opcode_latency_initiation_sfu 20,8
-trace_opcode_latency_initiation_tensor 2,2
-specialized_unit_1 1,4,4,4,4,BRA
-trace_opcode_latency_initiation_spec_op_1 4,4
-specialized_unit_2 1,4,200,4,4,TEX
-trace_opcode_latency_initiation_spec_op_2 200,4
)";
  OptionSet o;
  ASSERT_NO_THROW(o.load_text(text, "stock.config"));
  GpuConfig g;
  ASSERT_NO_THROW(g = build_gpu_config(o));
  EXPECT_EQ(g.core.n_sms(), 80u);
  EXPECT_EQ(g.mem.rop_latency, 120u);  // -rop_latency came last
  EXPECT_FALSE(o.unmodelled().empty());
  EXPECT_EQ(o.find("gpgpu_l2_rop_latency")->origin.describe(), "stock.config:120");
}

TEST(ConfigOptions, ConsistencyChecks) {
  EXPECT_EQ(input_error([] { build_text("-gpgpu_shader_core_pipeline 1536:16\n"); }),
            "t.config:1: -gpgpu_shader_core_pipeline 1536:16: expected warp size 32 (<threads>:32)");
  EXPECT_EQ(input_error([] { build_text("-gpgpu_num_sched_per_core 5\n"); }),
            "t.config:1: -gpgpu_num_sched_per_core 5: expected a divisor of the 48 warps per SM "
            "(-gpgpu_shader_core_pipeline 1536:32)");
  EXPECT_NE(input_error([] { build_text("-gpgpu_shmem_per_block 65536\n"); }).find("at most the SM's shared memory"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_registers_per_block 65536\n"); }).find("at most the SM's registers"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_cache:dl2 none\n"); }).find("expected an L2 cache string"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_memory_partition_indexing 2\n"); }).find("-gpgpu_memory_partition_indexing 2: expected 0 (linear) or a value these memory partitions allow: IPOLY"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:512:8,16:0,32\n"); })
                .find("-gpgpu_coalesce_arch 13: expected 60 or above"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_enable_specialized_operand_collector 0\n"); })
                .find("(default): -gpgpu_operand_collector_num_units_gen 0: expected at least one"),
            std::string::npos);
  EXPECT_NE(input_error([] { build_text("-gpgpu_scheduler two_level_active:30:0:1\n"); }).find("at most 24 active"),
            std::string::npos);
}

TEST(ConfigOptions, TraceLatenciesOverridePtxRegardlessOfOrder) {
  GpuConfig g = build_text("-trace_opcode_latency_initiation_sfu 20,8\n-ptx_opcode_latency_sfu 100\n");
  EXPECT_EQ(g.core.sfu.latency, 20u);
  g = build_text("-ptx_opcode_latency_sfu 100\n");
  EXPECT_EQ(g.core.sfu.latency, 100u);
}

TEST(ConfigOptions, DeadlockDetectOffDisablesCycles) {
  EXPECT_EQ(build_text("-gpgpu_deadlock_detect 0\n").limits.deadlock_cycles, 0u);
  EXPECT_EQ(build_text("-gpucosim_deadlock_cycles 5000\n").limits.deadlock_cycles, 5000u);
}

}  // namespace
}  // namespace gpucosim
