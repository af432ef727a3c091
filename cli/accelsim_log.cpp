#include "cli/accelsim_log.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "kernel/input_error.h"

namespace gpucosim::cli {

namespace {

const char* const kHeadline[] = {
    "gpu_sim_cycle", "gpu_sim_insn", "gpu_tot_sim_cycle", "gpu_tot_sim_insn", "gpgpu_n_tot_w_icount",
    "L1D_total_cache_accesses", "L1D_total_cache_misses", "L1D_total_cache_pending_hits",
    "L1D_total_cache_reservation_fails", "L2_total_cache_accesses", "L2_total_cache_misses",
    "L2_total_cache_pending_hits", "L2_total_cache_reservation_fails", "total dram reads", "total dram writes",
    "icnt_total_pkts_simt_to_mem", "icnt_total_pkts_mem_to_simt",
};
const char* const kBreakdowns[] = {
    "Total_core_cache_stats_breakdown[", "Total_core_cache_fail_stats_breakdown[", "L2_cache_stats_breakdown[",
    "L2_cache_stats_fail_breakdown[",
};

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  const size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

bool starts_with(const std::string& s, const char* p) { return s.compare(0, std::char_traits<char>::length(p), p) == 0; }

}  // namespace

bool accelsim_log_wanted(const std::string& name) {
  for (const char* h : kHeadline)
    if (name == h) return true;
  for (const char* b : kBreakdowns)
    if (starts_with(name, b)) return true;
  return false;
}

std::vector<AccelSimKernel> read_accelsim_log(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path, 0, "is a folder: expected an Accel-Sim log file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot read the file: expected an Accel-Sim log");
  std::vector<AccelSimKernel> kernels;
  std::string raw;
  for (uint64_t line = 1; std::getline(in, raw); ++line) {
    const size_t eq = raw.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = trim(raw.substr(0, eq)), value = trim(raw.substr(eq + 1));
    if (name == "kernel_name") {
      if (!kernels.empty() && !kernels.back().values.count("gpu_sim_cycle"))
        throw InputError(path, kernels.back().line,
                         "kernel '" + kernels.back().name + "' has no gpu_sim_cycle line before the next kernel: "
                         "expected a complete Accel-Sim log");
      kernels.push_back(AccelSimKernel{value, line, {}, {}});
      continue;
    }
    if (kernels.empty() || !accelsim_log_wanted(name)) continue;
    const char* b = value.c_str();
    char* e = nullptr;
    const double v = std::strtod(b, &e);
    if (e == b || trim(e) != "")
      throw InputError(path, line, name + " = '" + value + "': expected a number");
    kernels.back().values[name] = v;
  }
  if (kernels.empty())
    throw InputError(path, 0, "no kernel statistics found: expected an Accel-Sim log with 'kernel_name = ...' blocks");
  if (!kernels.back().values.count("gpu_sim_cycle"))
    throw InputError(path, kernels.back().line,
                     "kernel '" + kernels.back().name + "' has no gpu_sim_cycle line: expected a complete Accel-Sim log");
  for (AccelSimKernel& k : kernels)
    for (const char* h : kHeadline)
      if (!k.values.count(h)) k.missing.push_back(h);
  return kernels;
}

}  // namespace gpucosim::cli
