// `gpucosim compare STATS.json ACCELSIM.log`: gpucosim's statistics beside Accel-Sim's for the
// same trace, per kernel and in total, with the ratio gpucosim / Accel-Sim. The statistics with
// Accel-Sim's names mean what Accel-Sim's mean (systemc/memory/cache/sector_stats.h), so equal
// traffic shows as ratio 1. Kernels are matched in launch order.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/accelsim_log.h"
#include "cli/json_parse_error.h"
#include "cli/commands.h"
#include "kernel/input_error.h"

namespace gpucosim::cli {

namespace {

using json = nlohmann::json;

// One compared statistic: our name, Accel-Sim's, and whether Accel-Sim's is cumulative (then a
// kernel's value is the difference from the kernel before) or per kernel (then the total is the
// named gpu_tot_* value).
struct Stat {
  const char* ours;
  const char* theirs;
  const char* theirs_total;  // nullptr: cumulative
};
const Stat kHeadline[] = {
    {"gpu_sim_cycle", "gpu_sim_cycle", "gpu_tot_sim_cycle"},
    {"gpu_sim_insn", "gpu_sim_insn", "gpu_tot_sim_insn"},
    {"warp_insn", "gpgpu_n_tot_w_icount", nullptr},
    {"L1D_total_cache_accesses", "L1D_total_cache_accesses", nullptr},
    {"L1D_total_cache_misses", "L1D_total_cache_misses", nullptr},
    {"L1D_total_cache_pending_hits", "L1D_total_cache_pending_hits", nullptr},
    {"L1D_total_cache_reservation_fails", "L1D_total_cache_reservation_fails", nullptr},
    {"L2_total_cache_accesses", "L2_total_cache_accesses", nullptr},
    {"L2_total_cache_misses", "L2_total_cache_misses", nullptr},
    {"L2_total_cache_pending_hits", "L2_total_cache_pending_hits", nullptr},
    {"L2_total_cache_reservation_fails", "L2_total_cache_reservation_fails", nullptr},
    {"total_dram_reads", "total dram reads", nullptr},
    {"total_dram_writes", "total dram writes", nullptr},
    {"icnt_total_pkts_simt_to_mem", "icnt_total_pkts_simt_to_mem", nullptr},
    {"icnt_total_pkts_mem_to_simt", "icnt_total_pkts_mem_to_simt", nullptr},
};

bool is_breakdown(const std::string& k) { return k.find("breakdown[") != std::string::npos; }

// A value that may be absent (NaN). Both sides print a breakdown entry only when it (or, for
// gpucosim, its access type) has traffic: an absent one is 0.
double ours(const json& stats, const std::string& key) {
  auto it = stats.find(key);
  if (it != stats.end() && it->is_number()) return it->get<double>();
  return is_breakdown(key) ? 0.0 : NAN;
}
double theirs(const AccelSimKernel& k, const std::string& key) {
  auto it = k.values.find(key);
  if (it != k.values.end()) return it->second;
  return is_breakdown(key) ? 0.0 : NAN;
}

json read_stats(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path, 0, "is a folder: expected gpucosim's stats.json (gpucosim run --out DIR writes DIR/stats.json)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot read the file: expected gpucosim's stats.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw json_parse_error(path, text, e, "gpucosim's stats.json (gpucosim run --out DIR writes DIR/stats.json)");
  }
  if (!j.is_object() || !j.contains("kernels") || !j["kernels"].is_array() || !j.contains("total") ||
      !j["total"].is_object())
    throw InputError(path, 0, "expected gpucosim's stats.json: an object with a \"kernels\" array and a \"total\" object");
  for (const json& k : j["kernels"])
    if (!k.is_object()) throw InputError(path, 0, "expected every entry of \"kernels\" to be an object of statistics");
  // A statistic this command compares must be a number (null: no value); anything else is a
  // damaged file, which would otherwise print as '-' like a statistic that is simply absent.
  auto check = [&path](const json& stats, const std::string& where) {
    for (const auto& [k, v] : stats.items()) {
      const bool compared = is_breakdown(k) || std::any_of(std::begin(kHeadline), std::end(kHeadline),
                                                           [&k](const Stat& s) { return k == s.ours; });
      if (compared && !v.is_number() && !v.is_null())
        throw InputError(path, 0, where + ": statistic '" + k + "' is " + v.dump() + ": expected a number");
    }
  };
  check(j["total"], "\"total\"");
  for (size_t i = 0; i < j["kernels"].size(); ++i) check(j["kernels"][i], "kernel " + std::to_string(i + 1));
  return j;
}

std::string number(double v) {
  if (std::isnan(v)) return "-";
  char b[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(b, sizeof b, "%.0f", v);
  else
    std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

std::string ratio(double a, double b) {
  if (std::isnan(a) || std::isnan(b) || b == 0) return a == 0 && b == 0 ? "=" : "-";
  char s[32];
  std::snprintf(s, sizeof s, "%.3f", a / b);
  return s;
}

void row(const std::string& label, double a, double b) {
  std::printf("  %-72s %12s %12s %8s\n", label.c_str(), number(a).c_str(), number(b).c_str(), ratio(a, b).c_str());
}

void header() { std::printf("  %-72s %12s %12s %8s\n", "statistic", "gpucosim", "Accel-Sim", "ratio"); }

// Accel-Sim's value of `key` for kernel i (cumulative ones as the difference from kernel i-1).
double theirs_kernel(const std::vector<AccelSimKernel>& ks, size_t i, const std::string& key, bool cumulative) {
  const double v = theirs(ks[i], key);
  if (!cumulative || i == 0 || std::isnan(v)) return v;
  const double before = theirs(ks[i - 1], key);
  return std::isnan(before) ? v : v - before;
}

// The breakdown rows (cache statuses and fail reasons) either side has a non-zero value for.
std::set<std::string> breakdown_keys(const json& ours_stats, const AccelSimKernel& last) {
  std::set<std::string> keys;
  for (auto it = ours_stats.begin(); it != ours_stats.end(); ++it)
    if (is_breakdown(it.key()) && it->is_number() && it->get<double>() != 0) keys.insert(it.key());
  for (const auto& [k, v] : last.values)
    if (is_breakdown(k) && v != 0) keys.insert(k);
  return keys;
}

void compare(const std::string& stats_path, const std::string& log_path) {
  const json stats = read_stats(stats_path);
  const std::vector<AccelSimKernel> as = read_accelsim_log(log_path);
  for (size_t i = 0; i < as.size(); ++i) {
    if (as[i].missing.empty()) continue;
    std::string names;
    for (const std::string& m : as[i].missing) names += (names.empty() ? "" : ", ") + m;
    std::fprintf(stderr,
                 "gpucosim: warning: %s:%llu: kernel %zu ('%s') has no %s (a log cut short, or a GPGPU-Sim that "
                 "prints fewer statistics): shown as -\n",
                 log_path.c_str(), static_cast<unsigned long long>(as[i].line), i + 1, as[i].name.c_str(), names.c_str());
  }
  const json& ks = stats["kernels"];
  const size_t n = std::min(ks.size(), as.size());
  std::printf("gpucosim: %s (%zu kernel%s)\nAccel-Sim: %s (%zu kernel%s)\nratio = gpucosim / Accel-Sim; "
              "kernels matched in launch order\n",
              stats_path.c_str(), ks.size(), ks.size() == 1 ? "" : "s", log_path.c_str(), as.size(),
              as.size() == 1 ? "" : "s");
  if (ks.size() != as.size())
    std::printf("note: the runs have different kernel counts; the first %zu are compared, the totals are whole runs\n", n);
  for (size_t i = 0; i < n; ++i) {
    const std::string name = ks[i].value("kernel_name", std::string("?"));
    std::printf("\nkernel %zu: %s", i + 1, name.c_str());
    if (name != as[i].name) std::printf("  (Accel-Sim: %s)", as[i].name.c_str());
    std::printf("\n");
    header();
    for (const Stat& s : kHeadline)
      row(s.ours, ours(ks[i], s.ours), theirs_kernel(as, i, s.theirs, s.theirs_total == nullptr));
    for (const std::string& k : breakdown_keys(ks[i], as[i]))
      row(k, ours(ks[i], k), theirs_kernel(as, i, k, true));
  }
  std::printf("\ntotal\n");
  header();
  const AccelSimKernel& last = as.back();
  for (const Stat& s : kHeadline) row(s.ours, ours(stats["total"], s.ours), theirs(last, s.theirs_total ? s.theirs_total : s.theirs));
  for (const std::string& k : breakdown_keys(stats["total"], last)) row(k, ours(stats["total"], k), theirs(last, k));
}

}  // namespace

void register_compare_command(CLI::App& app) {
  auto stats = std::make_shared<std::string>();
  auto log = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Print a run's statistics (stats.json) beside an Accel-Sim log's, per kernel and in total, with ratios");
  cmd->add_option("stats", *stats, "gpucosim's stats.json (gpucosim run --out DIR writes DIR/stats.json)")->required();
  cmd->add_option("log", *log, "Accel-Sim's output log of the same trace")->required();
  cmd->callback([stats, log] { compare(*stats, *log); });
}

}  // namespace gpucosim::cli
