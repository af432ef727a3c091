// SM-side options: organisation, schedulers, execution units, register file, load/store path.
// Defaults follow gpu_config.h (a GTX 480-like SM) unless a comment says otherwise.
#include <algorithm>

#include "systemc/config/cache_string.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/option_values.h"

namespace gpucosim {

namespace {

using S = BuildState;
using V = const std::string&;

const OptionDef kOrganisation[] = {
    {"gpgpu_n_clusters", OptionType::Uint, "15", "core.n_clusters", "number of SM clusters",
     [](V v, S& s) { s.gpu.core.n_clusters = parse_u32_min(v, 1); }},
    {"gpgpu_n_cores_per_cluster", OptionType::Uint, "1", "core.cores_per_cluster", "SMs per cluster",
     [](V v, S& s) { s.gpu.core.cores_per_cluster = parse_u32_min(v, 1); }},
    {"gpgpu_shader_core_pipeline", OptionType::Pipeline, "1536:32", "core.max_threads, core.warp_size",
     "<threads per SM>:<warp size>",
     [](V v, S& s) {
       PipelineShape p = parse_core_pipeline(v);
       s.gpu.core.max_threads = p.threads;
       s.gpu.core.warp_size = p.warp_size;
     }},
    {"gpgpu_shader_cta", OptionType::Uint, "8", "core.max_blocks", "maximum resident thread blocks per SM",
     [](V v, S& s) { s.gpu.core.max_blocks = parse_u32_min(v, 1); }},
    {"gpgpu_shader_registers", OptionType::Uint, "32768", "core.registers", "32-bit registers per SM",
     [](V v, S& s) { s.gpu.core.registers = parse_u32_min(v, 1); }},
    {"gpgpu_registers_per_block", OptionType::Uint, "32768", "core.registers_per_block",
     "maximum registers one thread block may use",
     [](V v, S& s) { s.gpu.core.registers_per_block = parse_u32_min(v, 1); }},
    {"gpucosim_register_alloc_granularity", OptionType::Uint, "256", "core.register_alloc_granularity",
     "registers per warp are allocated in multiples of this (CUDA's allocation unit)",
     [](V v, S& s) { s.gpu.core.register_alloc_granularity = parse_u32_min(v, 1); }},
};

const OptionDef kScheduling[] = {
    {"gpgpu_num_sched_per_core", OptionType::Uint, "2", "core.n_schedulers", "warp schedulers per SM",
     [](V v, S& s) { s.gpu.core.n_schedulers = parse_u32_min(v, 1); }},
    {"gpgpu_scheduler", OptionType::Scheduler, "gto", "core.scheduler, core.two_level_active",
     "warp scheduling policy: lrr | gto | two_level_active:<N>:<inner>:<outer>",
     [](V v, S& s) {
       SchedulerChoice c = parse_scheduler(v);
       s.gpu.core.scheduler = c.policy;
       if (c.policy == SchedulerPolicy::TwoLevel) s.gpu.core.two_level_active = c.active;
     }},
    {"gpgpu_max_insn_issue_per_warp", OptionType::Choice, "1", "core.max_issue_per_warp",
     "instructions one warp may issue per cycle (2 = dual issue)",
     [](V v, S& s) { s.gpu.core.max_issue_per_warp = parse_choice(v, {1, 2}, "1 or 2"); }},
    {"gpgpu_dual_issue_diff_exec_units", OptionType::Bool, "1", "core.dual_issue_diff_units",
     "dual issue needs two different execution units",
     [](V v, S& s) { s.gpu.core.dual_issue_diff_units = parse_bool01(v); }},
    {"gpgpu_sub_core_model", OptionType::Bool, "0", "core.sub_core_model",
     "each scheduler owns a slice of the register file and units (Volta-style sub-cores)",
     [](V v, S& s) { s.gpu.core.sub_core_model = parse_bool01(v); }},
    {"gpgpu_inst_fetch_throughput", OptionType::Uint, "1", "core.inst_fetch_throughput",
     "warps fetched and decoded per cycle",
     [](V v, S& s) { s.gpu.core.inst_fetch_throughput = parse_u32_min(v, 1); }},
    {"gpucosim_ibuffer_entries", OptionType::Uint, "2", "core.ibuffer_entries",
     "decoded-instruction buffer entries per warp",
     [](V v, S& s) { s.gpu.core.ibuffer_entries = parse_u32_min(v, 1); }},
};

// "a,b,c" KB, each >= 0, at least one; kept sorted (the adaptive L1 takes the first that fits).
std::vector<uint32_t> parse_shmem_options(const std::string& v) {
  std::vector<uint32_t> out;
  size_t start = 0;
  for (size_t i = 0; i <= v.size(); ++i)
    if (i == v.size() || v[i] == ',') {
      const std::string f = v.substr(start, i - start);
      try {
        out.push_back(parse_u32(f));
      } catch (const ValueError&) {
        throw ValueError("expected a comma-separated list of shared-memory sizes in KB, e.g. 0,8,16,32,64,96");
      }
      start = i + 1;
    }
  std::sort(out.begin(), out.end());
  return out;
}

// "<enabled>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>": the unit count and name
// are modelled; the latency is -trace_opcode_latency_initiation_spec_op_<N>'s (Accel-Sim's
// max latency only sizes its result pipeline) and the two widths are pipeline-register counts
// (like -gpgpu_pipeline_widths, which the model does not have).
BuildState::SpecUnitOption parse_special_unit(const std::string& v) {
  std::vector<std::string> f;
  size_t start = 0;
  for (size_t i = 0; i <= v.size(); ++i)
    if (i == v.size() || v[i] == ',') {
      f.push_back(v.substr(start, i - start));
      start = i + 1;
    }
  if (f.size() != 6 || f[5].empty())
    throw ValueError("expected <enabled>,<units>,<max latency>,<ID_OC>,<OC_EX>,<name> (6 fields)");
  BuildState::SpecUnitOption u;
  u.enabled = parse_bool01(f[0]);
  u.units = parse_u32(f[1]);
  for (int k = 2; k < 5; ++k) (void)parse_u32(f[size_t(k)]);
  u.name = f[5];
  if (u.enabled && u.units == 0) throw ValueError("expected at least 1 unit for an enabled specialised unit");
  // Accel-Sim's configurations use 1 to 4 per SM; each unit is a pipeline the SM ticks.
  if (u.units > kMaxUnitsPerSm)
    throw ValueError("expected at most " + std::to_string(kMaxUnitsPerSm) + " units per SM, got " + std::to_string(u.units));
  return u;
}

#define GPUCOSIM_SPEC(n, def)                                                                                   \
  {"specialized_unit_" #n, OptionType::String, def, "core.special",                                          \
   "Accel-Sim specialised unit " #n ": <enabled>,<units>,<max latency>,<ID_OC>,<OC_EX>,<name> (BRA, TEX, "   \
   "TENSOR, UDP take control flow, texture, matrix and uniform-datapath instructions)",                      \
   [](V v, S& s) { s.spec[n - 1] = parse_special_unit(v); }},                                                \
  {"trace_opcode_latency_initiation_spec_op_" #n, OptionType::LatencyPair, "4,4", "core.special",            \
   "<latency>,<initiation> of specialised unit " #n,                                                           \
   [](V v, S& s) { s.spec_timing[n - 1] = parse_latency_initiation(v); }}

const OptionDef kUnits[] = {
    {"gpgpu_num_sp_units", OptionType::Uint, "2", "core.n_sp", "SP (single-precision) units per SM",
     [](V v, S& s) { s.gpu.core.n_sp = parse_u32_range(v, 1, kMaxUnitsPerSm, "units per SM"); }},
    {"gpgpu_num_sfu_units", OptionType::Uint, "1", "core.n_sfu", "SFU units per SM",
     [](V v, S& s) { s.gpu.core.n_sfu = parse_u32_range(v, 1, kMaxUnitsPerSm, "units per SM"); }},
    {"gpgpu_num_dp_units", OptionType::Uint, "0", "core.n_dp", "DP units per SM (0 = DP runs on SP)",
     [](V v, S& s) { s.gpu.core.n_dp = parse_u32_range(v, 0, kMaxUnitsPerSm, "units per SM"); }},
    {"gpgpu_num_int_units", OptionType::Uint, "0", "core.n_int", "INT units per SM (0 = INT runs on SP)",
     [](V v, S& s) { s.gpu.core.n_int = parse_u32_range(v, 0, kMaxUnitsPerSm, "units per SM"); }},
    {"gpgpu_num_tensor_core_units", OptionType::Uint, "0", "core.n_tensor",
     "tensor-core units per SM (0 = tensor ops run on SP)",
     [](V v, S& s) { s.gpu.core.n_tensor = parse_u32_range(v, 0, kMaxUnitsPerSm, "units per SM"); }},
    {"gpgpu_num_mem_units", OptionType::Uint, "1", "core.n_mem_units", "load/store units per SM",
     [](V v, S& s) { s.gpu.core.n_mem_units = parse_u32_range(v, 1, kMaxUnitsPerSm, "units per SM"); }},
    // PTX-mode latencies: ADD,MAX,MUL,MAD,DIV[,SHFL]; the unit's timing is the first column.
    {"ptx_opcode_latency_int", OptionType::UintList, "4,13,4,5,145", "core.int_.latency",
     "INT latencies ADD,MAX,MUL,MAD,DIV[,SHFL]; the model uses ADD",
     [](V v, S& s) { s.ptx_int.latency = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_initiation_int", OptionType::UintList, "1,2,2,1,8", "core.int_.initiation",
     "INT initiation intervals ADD,MAX,MUL,MAD,DIV[,SHFL]; the model uses ADD",
     [](V v, S& s) { s.ptx_int.initiation = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_latency_fp", OptionType::UintList, "4,13,4,5,39", "core.sp.latency",
     "FP32 latencies ADD,MAX,MUL,MAD,DIV; the model uses ADD",
     [](V v, S& s) { s.ptx_sp.latency = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_initiation_fp", OptionType::UintList, "1,2,1,1,4", "core.sp.initiation",
     "FP32 initiation intervals ADD,MAX,MUL,MAD,DIV; the model uses ADD",
     [](V v, S& s) { s.ptx_sp.initiation = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_latency_dp", OptionType::UintList, "8,19,8,8,330", "core.dp.latency",
     "FP64 latencies ADD,MAX,MUL,MAD,DIV; the model uses ADD",
     [](V v, S& s) { s.ptx_dp.latency = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_initiation_dp", OptionType::UintList, "8,16,8,8,130", "core.dp.initiation",
     "FP64 initiation intervals ADD,MAX,MUL,MAD,DIV; the model uses ADD",
     [](V v, S& s) { s.ptx_dp.initiation = parse_u32_list(v, ',', 5, 6)[0]; }},
    {"ptx_opcode_latency_sfu", OptionType::Uint, "20", "core.sfu.latency", "SFU latency",
     [](V v, S& s) { s.ptx_sfu.latency = parse_u32_min(v, 1); }},
    {"ptx_opcode_initiation_sfu", OptionType::Uint, "8", "core.sfu.initiation", "SFU initiation interval",
     [](V v, S& s) { s.ptx_sfu.initiation = parse_u32_min(v, 1); }},
    // GPGPU-Sim's own spelling ("tesnor") is the option name users have in their files.
    {"ptx_opcode_latency_tesnor", OptionType::Uint, "64", "core.tensor.latency", "tensor-core latency",
     [](V v, S& s) { s.ptx_tensor.latency = parse_u32_min(v, 1); }},
    {"ptx_opcode_initiation_tensor", OptionType::Uint, "64", "core.tensor.initiation",
     "tensor-core initiation interval", [](V v, S& s) { s.ptx_tensor.initiation = parse_u32_min(v, 1); }},
    // Accel-Sim trace.config: when set, these replace the PTX values above ("" = not set).
    {"trace_opcode_latency_initiation_int", OptionType::LatencyPair, "", "core.int_",
     "trace mode INT <latency>,<initiation>; overrides ptx_opcode_*_int when set",
     [](V v, S& s) { if (!v.empty()) s.trace_int = parse_latency_initiation(v); }},
    {"trace_opcode_latency_initiation_sp", OptionType::LatencyPair, "", "core.sp",
     "trace mode SP <latency>,<initiation>; overrides ptx_opcode_*_fp when set",
     [](V v, S& s) { if (!v.empty()) s.trace_sp = parse_latency_initiation(v); }},
    {"trace_opcode_latency_initiation_dp", OptionType::LatencyPair, "", "core.dp",
     "trace mode DP <latency>,<initiation>; overrides ptx_opcode_*_dp when set",
     [](V v, S& s) { if (!v.empty()) s.trace_dp = parse_latency_initiation(v); }},
    {"trace_opcode_latency_initiation_sfu", OptionType::LatencyPair, "", "core.sfu",
     "trace mode SFU <latency>,<initiation>; overrides ptx_opcode_*_sfu when set",
     [](V v, S& s) { if (!v.empty()) s.trace_sfu = parse_latency_initiation(v); }},
    {"trace_opcode_latency_initiation_tensor", OptionType::LatencyPair, "", "core.tensor",
     "trace mode tensor <latency>,<initiation>; overrides ptx_opcode_*_tensor when set",
     [](V v, S& s) { if (!v.empty()) s.trace_tensor = parse_latency_initiation(v); }},
    {"gpucosim_alu_latency_initiation", OptionType::LatencyPair, "", "core.alu",
     "<latency>,<initiation> of moves, conversions, shuffles and predicate logic (run on SP units); "
     "\"\" = the trace-mode INT timing when set (Accel-Sim's rule), else 4,1",
     [](V v, S& s) { if (!v.empty()) s.alu = parse_latency_initiation(v); }},
    {"gpucosim_branch_latency_initiation", OptionType::LatencyPair, "", "core.branch",
     "<latency>,<initiation> of control-flow instructions without a BRA specialised unit; "
     "\"\" = the trace-mode INT timing when set (Accel-Sim's rule), else 4,1",
     [](V v, S& s) { if (!v.empty()) s.branch = parse_latency_initiation(v); }},
    GPUCOSIM_SPEC(1, "0,4,4,4,4,BRA"),
    GPUCOSIM_SPEC(2, "0,4,200,4,4,TEX"),
    GPUCOSIM_SPEC(3, "0,4,32,4,4,TENSOR"),
    GPUCOSIM_SPEC(4, "0,4,4,4,4,UDP"),
    GPUCOSIM_SPEC(5, "0,4,4,4,4,NONE"),
    GPUCOSIM_SPEC(6, "0,4,4,4,4,NONE"),
    GPUCOSIM_SPEC(7, "0,4,4,4,4,NONE"),
    GPUCOSIM_SPEC(8, "0,4,4,4,4,NONE"),
};
#undef GPUCOSIM_SPEC

// Collector options: one row per class, feeding BuildState::oc_units. (The collectors' input and
// output port counts, -gpgpu_operand_collector_num_{in,out}_ports_*, are accepted but not
// modelled: options_unmodelled.cpp.)
#define GPUCOSIM_OC(cls, idx, units)                                                                           \
  {"gpgpu_operand_collector_num_units_" cls, OptionType::Uint, units, "core.collector_units",                  \
   "operand collector units for " cls,                                                                         \
   [](V v, S& s) { s.oc_units[idx] = parse_u32_range(v, 0, 1024, "collector units per SM"); }}

const OptionDef kRegisterFile[] = {
    {"gpgpu_num_reg_banks", OptionType::Uint, "16", "core.reg_banks", "register file banks per SM",
     [](V v, S& s) { s.gpu.core.reg_banks = parse_u32_min(v, 1); }},
    {"gpgpu_reg_file_port_throughput", OptionType::Uint, "1", "core.reg_port_throughput",
     "accesses per bank per cycle", [](V v, S& s) { s.gpu.core.reg_port_throughput = parse_u32_min(v, 1); }},
    {"gpgpu_enable_specialized_operand_collector", OptionType::Bool, "1",
     "core.collector_units",
     "1: per-class collectors (sum of the _sp/_dp/_sfu/_int/_tensor_core/_mem units of present units); "
     "0: the generic _gen units",
     [](V v, S& s) { s.specialized_collectors = parse_bool01(v); }},
    // GPGPU-Sim's defaults for the per-class sets.
    GPUCOSIM_OC("sp", kOcSp, "4"),
    GPUCOSIM_OC("dp", kOcDp, "0"),
    GPUCOSIM_OC("sfu", kOcSfu, "4"),
    GPUCOSIM_OC("int", kOcInt, "0"),
    GPUCOSIM_OC("tensor_core", kOcTensor, "4"),
    GPUCOSIM_OC("mem", kOcMem, "2"),
    GPUCOSIM_OC("gen", kOcGen, "0"),
};
#undef GPUCOSIM_OC

const OptionDef kLoadStore[] = {
    {"gpgpu_cache:dl1", OptionType::Cache, "N:64:128:4,L:L:m:N:H,A:32:8,8", "core.l1d",
     "L1 data cache (cache string or none)", [](V v, S& s) { s.gpu.core.l1d = parse_cache_string(v); }},
    // The timing model fetches without an instruction cache; the energy model charges every fetch
    // as a read of this cache (power/gpu_energy.cpp). Default: GPGPU-Sim 3.2.2's GTX480 il1 (2 KB).
    {"gpgpu_cache:il1", OptionType::Cache, "N:4:128:4,L:R:f:N:L,A:2:32,4", "core.il1",
     "L1 instruction cache; sizes the energy of instruction fetch (fetch is not timed)",
     [](V v, S& s) { s.gpu.core.il1 = parse_cache_string(v); }},
    {"gpgpu_l1_latency", OptionType::Uint, "1", "core.l1_latency", "L1 hit latency (core cycles)",
     [](V v, S& s) { s.gpu.core.l1_latency = parse_u32_min(v, 1); }},
    {"gpgpu_gmem_skip_L1D", OptionType::Bool, "0", "core.l1_bypass_global",
     "global loads bypass the L1 data cache (-Xptxas -dlcm=cg)",
     [](V v, S& s) { s.gpu.core.l1_bypass_global = parse_bool01(v); }},
    {"gpgpu_adaptive_cache_config", OptionType::Bool, "0", "core.adaptive_l1",
     "1: at each kernel launch the L1 gets the unified L1/shared array (-gpgpu_unified_l1d_size) minus the "
     "smallest -gpgpu_shmem_option the kernel's resident blocks need",
     [](V v, S& s) { s.gpu.core.adaptive_l1 = parse_bool01(v); }},
    {"gpgpu_unified_l1d_size", OptionType::Uint, "128", "core.unified_l1d_kb",
     "unified L1 data cache + shared memory per SM (KB), for -gpgpu_adaptive_cache_config",
     [](V v, S& s) { s.gpu.core.unified_l1d_kb = parse_u32_min(v, 1); }},
    {"gpgpu_shmem_option", OptionType::String, "0,8,16,32,64,96", "core.shmem_options_kb",
     "shared-memory carve-outs (KB) the adaptive L1 chooses from, comma-separated",
     [](V v, S& s) { s.gpu.core.shmem_options_kb = parse_shmem_options(v); }},
    {"gpgpu_shmem_size", OptionType::Uint, "49152", "core.shmem_bytes", "shared memory per SM (bytes)",
     [](V v, S& s) { s.gpu.core.shmem_bytes = parse_u32(v); }},
    {"gpgpu_shmem_per_block", OptionType::Uint, "49152", "core.shmem_per_block",
     "shared memory one thread block may use (bytes)", [](V v, S& s) { s.gpu.core.shmem_per_block = parse_u32(v); }},
    {"gpgpu_shmem_num_banks", OptionType::Uint, "32", "core.shmem_banks", "shared memory banks",
     [](V v, S& s) { s.gpu.core.shmem_banks = parse_u32_min(v, 1); }},
    {"gpgpu_smem_latency", OptionType::Uint, "3", "core.shmem_latency", "shared memory latency (core cycles)",
     [](V v, S& s) { s.gpu.core.shmem_latency = parse_u32_min(v, 1); }},
    {"gpucosim_shmem_alloc_granularity", OptionType::Uint, "128", "core.shmem_alloc_granularity",
     "shared memory per block is allocated in multiples of this many bytes",
     [](V v, S& s) { s.gpu.core.shmem_alloc_granularity = parse_u32_min(v, 1); }},
    {"gpgpu_coalesce_arch", OptionType::Uint, "13", "core.coalesce_arch",
     "coalescer: below 60 Fermi (128-byte lines, whole warp), 60 and above sub-warp 32-byte sectors",
     [](V v, S& s) { s.gpu.core.coalesce_arch = parse_u32(v); }},
};

}  // namespace

const OptionGroup kCoreOptionGroups[] = {
    {"SM organisation and occupancy limits", kOrganisation, sizeof(kOrganisation) / sizeof(OptionDef)},
    {"Warp scheduling and issue", kScheduling, sizeof(kScheduling) / sizeof(OptionDef)},
    {"Execution units and latencies", kUnits, sizeof(kUnits) / sizeof(OptionDef)},
    {"Register file and operand collectors", kRegisterFile, sizeof(kRegisterFile) / sizeof(OptionDef)},
    {"Load/store path: L1 data cache, shared memory, coalescer", kLoadStore, sizeof(kLoadStore) / sizeof(OptionDef)},
};
const size_t kCoreOptionGroupCount = sizeof(kCoreOptionGroups) / sizeof(OptionGroup);

}  // namespace gpucosim
