#pragma once
// Reads the statistics an Accel-Sim (GPGPU-Sim) run prints, from its complete stdout log, for
// `gpucosim compare`. After each kernel GPGPU-Sim prints a block that starts with
// "kernel_name = <name>" and holds lines "<name> = <number>" (or "<name>=<number>", and the
// memory statistics' "total dram reads = <number>"). Per-kernel values (gpu_sim_cycle,
// gpu_sim_insn) describe that kernel; everything else (caches, DRAM, interconnect, gpu_tot_*,
// gpgpu_n_tot_w_icount) is cumulative since the start of the run.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpucosim::cli {

struct AccelSimKernel {
  std::string name;
  uint64_t line = 0;                     // of its kernel_name line
  std::map<std::string, double> values;  // the statistics the comparison reads (accelsim_log_wanted)
  // Headline statistics GPGPU-Sim prints for every kernel that this block lacks (a log cut short
  // inside the block, or a GPGPU-Sim that prints fewer): shown as "-", and named in a warning.
  std::vector<std::string> missing;
};

// Whether a statistic's name is one the comparison reads: the headline counters and the cache
// status / fail breakdowns ("Total_core_cache_stats_breakdown[GLOBAL_ACC_R][HIT]", ...).
bool accelsim_log_wanted(const std::string& name);

// Throws InputError(path, line, ...) when the file cannot be read (or is a folder), a wanted
// statistic's value is not a number, a kernel block lacks gpu_sim_cycle (a truncated log), or no
// kernel is found.
std::vector<AccelSimKernel> read_accelsim_log(const std::string& path);

}  // namespace gpucosim::cli
