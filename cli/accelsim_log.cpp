#include "cli/accelsim_log.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

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

// A value as a message shows it: at most 40 characters, control bytes as \xNN.
std::string printable(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size() && i < 40; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", unsigned(c));
      out += hex;
    } else {
      out += char(c);
    }
  }
  return s.size() > 40 ? out + "... (" + std::to_string(s.size()) + " characters)" : out;
}

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
  std::map<std::string, uint64_t> seen_at;  // this kernel block's statistics and their lines
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
      seen_at.clear();
      continue;
    }
    if (kernels.empty() || !accelsim_log_wanted(name)) continue;
    const char* b = value.c_str();
    char* e = nullptr;
    const double v = std::strtod(b, &e);
    // The whole value (a NUL byte inside it ends a C string early), a count or a rate: finite, >= 0.
    if (e == b || trim(value.substr(size_t(e - b))) != "" || !std::isfinite(v) || v < 0)
      throw InputError(path, line, name + " = '" + printable(value) + "': expected a non-negative number");
    if (auto [it, fresh] = seen_at.emplace(name, line); !fresh)
      throw InputError(path, line, name + " appears a second time in kernel '" + kernels.back().name + "' (first on line " +
                                       std::to_string(it->second) + "): expected one value per kernel");
    kernels.back().values[name] = v;
  }
  if (kernels.empty())
    throw InputError(path, 0, "no kernel statistics found: expected an Accel-Sim log with 'kernel_name = ...' blocks");
  if (!kernels.back().values.count("gpu_sim_cycle"))
    throw InputError(path, kernels.back().line,
                     "kernel '" + kernels.back().name + "' has no gpu_sim_cycle line: expected a complete Accel-Sim log");
  // GPGPU-Sim's cumulative cycle count grows with every kernel of a run: one that does not starts a second
  // simulation (two logs in one file), whose totals would be mixed with the first's.
  for (size_t i = 1; i < kernels.size(); ++i) {
    const auto now = kernels[i].values.find("gpu_tot_sim_cycle"), before = kernels[i - 1].values.find("gpu_tot_sim_cycle");
    if (now != kernels[i].values.end() && before != kernels[i - 1].values.end() && now->second <= before->second)
      throw InputError(path, kernels[i].line,
                       "gpu_tot_sim_cycle does not grow (from " + std::to_string(uint64_t(before->second)) + " to " +
                           std::to_string(uint64_t(now->second)) + "): a second simulation's log starts here; "
                           "expected the log of one run");
  }
  for (AccelSimKernel& k : kernels)
    for (const char* h : kHeadline)
      if (!k.values.count(h)) k.missing.push_back(h);
  return kernels;
}

}  // namespace gpucosim::cli
