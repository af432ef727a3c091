#include <nlohmann/json.hpp>

#include "systemc/config/cache_string.h"
#include "systemc/config/effective_config.h"
#include "systemc/config/json_text.h"

#include <array>
#include <string_view>
#include <utility>

namespace gpucosim {

namespace {

using nlohmann::json;

json timing(const UnitTiming& t) { return {{"latency", t.latency}, {"initiation", t.initiation}}; }

json cache(const CacheConfig& c) {
  return {{"string", format_cache_string(c)}, {"enabled", c.enabled}, {"sectored", c.sectored},
          {"nsets", c.nsets}, {"line_bytes", c.line_bytes}, {"assoc", c.assoc},
          {"size_bytes", c.enabled ? c.size_bytes() : 0}, {"replacement", std::string(1, c.replacement)},
          {"write_policy", std::string(1, c.write_policy)}, {"alloc_policy", std::string(1, c.alloc_policy)},
          {"write_alloc", std::string(1, c.write_alloc)}, {"set_index", std::string(1, c.set_index)},
          {"mshr_type", std::string(1, c.mshr_type)}, {"mshr_entries", c.mshr_entries},
          {"mshr_max_merge", c.mshr_max_merge}, {"miss_queue", c.miss_queue}, {"result_fifo", c.result_fifo},
          {"data_port_bytes", c.data_port_bytes}};
}

const char* scheduler_name(SchedulerPolicy p) {
  switch (p) {
    case SchedulerPolicy::LRR: return "lrr";
    case SchedulerPolicy::GTO: return "gto";
    case SchedulerPolicy::TwoLevel: return "two_level_active";
  }
  return "?";
}

json to_json(const GpuConfig& g) {
  const CoreConfig& c = g.core;
  json core = {{"n_clusters", c.n_clusters}, {"cores_per_cluster", c.cores_per_cluster},
               {"n_sms", c.n_sms()}, {"max_threads", c.max_threads}, {"warp_size", c.warp_size},
               {"max_warps", c.max_warps()}, {"max_blocks", c.max_blocks}, {"registers", c.registers},
               {"registers_per_block", c.registers_per_block},
               {"register_alloc_granularity", c.register_alloc_granularity}, {"n_schedulers", c.n_schedulers},
               {"scheduler", scheduler_name(c.scheduler)}, {"two_level_active", c.two_level_active},
               {"max_issue_per_warp", c.max_issue_per_warp}, {"dual_issue_diff_units", c.dual_issue_diff_units},
               {"sub_core_model", c.sub_core_model}, {"ibuffer_entries", c.ibuffer_entries},
               {"inst_fetch_throughput", c.inst_fetch_throughput}, {"n_sp", c.n_sp}, {"n_sfu", c.n_sfu},
               {"n_dp", c.n_dp}, {"n_int", c.n_int}, {"n_tensor", c.n_tensor}, {"n_mem_units", c.n_mem_units},
               {"sp", timing(c.sp)}, {"sfu", timing(c.sfu)}, {"dp", timing(c.dp)}, {"int", timing(c.int_)},
               {"tensor", timing(c.tensor)}, {"alu", timing(c.alu)}, {"branch", timing(c.branch)},
               {"reg_banks", c.reg_banks}, {"reg_port_throughput", c.reg_port_throughput},
               {"collector_units", c.collector_units}, {"l1d", cache(c.l1d)}, {"il1", cache(c.il1)}, {"l1_latency", c.l1_latency},
               {"l1_bypass_global", c.l1_bypass_global}, {"shmem_bytes", c.shmem_bytes},
               {"shmem_per_block", c.shmem_per_block}, {"shmem_banks", c.shmem_banks},
               {"shmem_latency", c.shmem_latency}, {"shmem_alloc_granularity", c.shmem_alloc_granularity},
               {"coalesce_arch", c.coalesce_arch}};
  const MemoryConfig& m = g.mem;
  const DramTiming& t = m.timing;
  json dram_timing = {{"nbk", t.nbk}, {"nbkgrp", t.nbkgrp}, {"tCCD", t.tCCD}, {"tCCDL", t.tCCDL},
                      {"tRRD", t.tRRD}, {"tRCD", t.tRCD}, {"tRAS", t.tRAS}, {"tRP", t.tRP}, {"tRC", t.tRC},
                      {"CL", t.CL}, {"WL", t.WL}, {"tCDLR", t.tCDLR}, {"tWR", t.tWR}, {"tRTPL", t.tRTPL}};
  json mem = {{"n_channels", m.n_channels}, {"sub_partitions", m.sub_partitions},
              {"n_partitions", m.n_partitions()}, {"l2", cache(m.l2)}, {"rop_latency", m.rop_latency},
              {"partition_queue", m.partition_queue}, {"l2_to_dram_queue", m.l2_to_dram_queue},
              {"dram_to_l2_queue", m.dram_to_l2_queue}, {"l2_to_icnt_queue", m.l2_to_icnt_queue},
              {"partition_indexing", m.partition_indexing}, {"addr_mapping", m.addr_mapping},
              {"scheduler", m.scheduler == DramScheduler::FCFS ? "fcfs" : "frfcfs"}, {"sched_queue", m.sched_queue},
              {"return_queue", m.return_queue}, {"bus_width_bytes", m.bus_width_bytes},
              {"burst_length", m.burst_length}, {"data_command_freq_ratio", m.data_command_freq_ratio},
              {"chips_per_channel", m.chips_per_channel}, {"dram_latency", m.dram_latency},
              {"dual_bus_interface", m.dual_bus_interface}, {"perf_sim_memcpy", m.perf_sim_memcpy},
              {"timing", dram_timing}};
  json icnt = {{"latency", g.icnt.latency}, {"flit_bytes", g.icnt.flit_bytes}, {"in_buffer", g.icnt.in_buffer},
               {"out_buffer", g.icnt.out_buffer}, {"header_sideband", g.icnt.header_sideband}};
  json clock = {{"core_mhz", g.clock.core_mhz}, {"icnt_mhz", g.clock.icnt_mhz}, {"l2_mhz", g.clock.l2_mhz},
                {"dram_mhz", g.clock.dram_mhz}};
  const LimitsConfig& l = g.limits;
  json limits = {{"max_cycles", l.max_cycles}, {"max_insn", l.max_insn}, {"deadlock_cycles", l.deadlock_cycles},
                 {"max_concurrent_kernels", l.max_concurrent_kernels},
                 {"kernel_launch_latency", l.kernel_launch_latency}, {"tb_launch_latency", l.tb_launch_latency},
                 {"l1_keep_on_app_switch", l.l1_keep_on_app_switch},
                 {"sched_policy", l.sched_policy == SchedPolicyKind::Fcfs        ? "fcfs"
                                  : l.sched_policy == SchedPolicyKind::Npq       ? "npq"
                                  : l.sched_policy == SchedPolicyKind::Ppq       ? "ppq"
                                  : l.sched_policy == SchedPolicyKind::PpqShared ? "ppq_shared"
                                                                                 : "dss"},
                 {"preemption", l.preemption == PreemptionKind::Drain ? "drain" : "context_switch"}};
  return {{"core", core}, {"icnt", icnt}, {"mem", mem}, {"clock", clock}, {"limits", limits}};
}

}  // namespace

std::string gpu_config_json(const GpuConfig& gpu, int indent) { return to_json(gpu).dump(indent); }

namespace {

constexpr auto kReplace = nlohmann::json::error_handler_t::replace;

// An option's entry: its fields in name order (the order nlohmann::json's map keeps them in).
using OptionFields = std::array<std::pair<const char*, std::string_view>, 8>;

// f(fields) for every modelled option, in group order (the views live only during the call).
template <class F>
void for_each_option(const OptionSet& options, F&& f) {
  size_t index = 0;
  for (const OptionGroup& g : option_groups())
    for (size_t i = 0; i < g.count; ++i, ++index) {
      const OptionEntry& e = options.modelled()[index];
      const std::string origin = e.origin.describe();
      f(OptionFields{{{"default", g.defs[i].default_value},
                      {"field", g.defs[i].field},
                      {"group", g.title},
                      {"help", g.defs[i].help},
                      {"name", e.name},
                      {"origin", origin},
                      {"type", option_type_name(g.defs[i].type)},
                      {"value", e.value}}});
    }
}

json unmodelled_json(const OptionSet& options) {
  json unmodelled = json::array();
  for (const OptionEntry& e : options.unmodelled())
    unmodelled.push_back({{"name", e.name}, {"value", e.value}, {"origin", e.origin.describe()}});
  return unmodelled;
}

// `v`.dump(2) nested one level deep (each line after the first indented two more spaces).
void append_nested(std::string& out, const json& v) {
  for (const char c : v.dump(2, ' ', false, kReplace)) {
    out += c;
    if (c == '\n') out += "  ";
  }
}

}  // namespace

nlohmann::json effective_config_document(const OptionSet& options, const GpuConfig& gpu) {
  json opts = json::array();
  for_each_option(options, [&](const OptionFields& fields) {
    json o = json::object();
    for (const auto& [key, value] : fields) o[key] = std::string(value);
    opts.push_back(std::move(o));
  });
  return {{"options", opts}, {"unmodelled", unmodelled_json(options)}, {"resolved", to_json(gpu)}};
}

std::string effective_config_json(const OptionSet& options, const GpuConfig& gpu, int indent) {
  if (indent != 2) return effective_config_document(options, gpu).dump(indent, ' ', false, kReplace);
  // The options (hundreds of objects of eight strings, 60 KB) written as text directly, exactly
  // as effective_config_document(...).dump(2) has them (keys in the order of nlohmann::json's
  // map); building and dumping them took 9 M host instructions before every run.
  std::string out = "{\n  \"options\": ";
  bool first = true;
  for_each_option(options, [&](const OptionFields& fields) {
    out += first ? "[\n    {" : ",\n    {";
    first = false;
    for (size_t f = 0; f < fields.size(); ++f) {
      out += f ? ",\n      \"" : "\n      \"";
      out += fields[f].first;
      out += "\": ";
      json_text::append_string(out, fields[f].second);
    }
    out += "\n    }";
  });
  out += first ? "[]" : "\n  ]";
  out += ",\n  \"resolved\": ";
  append_nested(out, to_json(gpu));
  out += ",\n  \"unmodelled\": ";
  append_nested(out, unmodelled_json(options));
  out += "\n}";
  return out;
}

}  // namespace gpucosim
