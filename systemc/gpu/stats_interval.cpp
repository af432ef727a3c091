#include "systemc/gpu/stats_interval.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "kernel/input_error.h"
#include "systemc/config/json_text.h"

namespace gpucosim {

namespace {

double delta(const StatsMap& now, const StatsMap& before, const std::string& k) {
  auto a = now.find(k);
  auto b = before.find(k);
  return (a == now.end() ? 0.0 : a->second) - (b == before.end() ? 0.0 : b->second);
}

// Bytes the DRAM channels moved (dram[c].bytes_read + dram[c].bytes_written).
double dram_bytes(const StatsMap& m) {
  double sum = 0;
  for (const auto& [k, v] : m)
    if (k.rfind("dram[", 0) == 0 && (k.find("].bytes_read") != std::string::npos || k.find("].bytes_written") != std::string::npos))
      sum += v;
  return sum;
}

// Counts print as integers, rates as doubles (as in stats.json).
nlohmann::ordered_json number(double v) { return json_text::stat_value(v); }

}  // namespace

IntervalStatsWriter::IntervalStatsWriter(const std::string& path, uint64_t interval, double core_mhz)
    : path_(path), out_(path, std::ios::binary), interval_(interval), core_mhz_(core_mhz) {
  if (!out_) throw InputError(path, 0, "cannot open for writing (--stats-interval)");
}

void IntervalStatsWriter::attach(GpuModelOptions& opts) {
  opts.sample_interval = interval_;
  opts.on_sample = [this](uint64_t cycle, const StatsMap& m) { sample(cycle, m); };
}

void IntervalStatsWriter::sample(uint64_t cycle, const StatsMap& m) {
  if (cycle <= last_cycle_) return;
  const double cycles = double(cycle - last_cycle_);
  nlohmann::ordered_json j;
  j["cycle"] = cycle;
  j["cycles"] = cycle - last_cycle_;
  j["ipc"] = delta(m, last_, "gpu_sim_insn") / cycles;
  j["warp_ipc"] = delta(m, last_, "warp_insn") / cycles;
  for (const char* k : {"issued", "stall_idle", "stall_scoreboard", "stall_mem", "stall_exec_unit_busy", "stall_barrier",
                        "stall_ibuffer_empty"})
    j[k] = number(delta(m, last_, k));
  j["l1_hits"] = number(delta(m, last_, "L1D_total_cache_hits"));
  j["l1_misses"] = number(delta(m, last_, "L1D_total_cache_misses"));
  j["l2_hits"] = number(delta(m, last_, "L2_total_cache_hits"));
  j["l2_misses"] = number(delta(m, last_, "L2_total_cache_misses"));
  const double bytes = dram_bytes(m) - dram_bytes(last_);
  j["dram_bytes"] = number(bytes);
  j["dram_bw_gbps"] = core_mhz_ > 0 ? bytes / (cycles / (core_mhz_ * 1e6)) / 1e9 : 0.0;
  j["active_warps"] = delta(m, last_, "occupancy_warp_cycles") / cycles;
  out_ << j.dump() << "\n";
  out_.flush();
  if (!out_) throw InputError(path_, 0, "write failed (--stats-interval)");
  last_cycle_ = cycle;
  last_ = m;
}

}  // namespace gpucosim
