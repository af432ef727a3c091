#include "sweep/stat_columns.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "kernel/input_error.h"
#include "sweep/point_store.h"

namespace gpucosim::sweep {

namespace fs = std::filesystem;

namespace {

// A file beside the statistics that a run may not have written (no energy report asked for):
// null when absent; present but unreadable is an error, not a blank column.
nlohmann::json read_json_if_there(const fs::path& p) {
  std::error_code ec;
  if (!fs::exists(p, ec)) return nullptr;
  try {
    return nlohmann::json::parse(read_text_file(p.string()));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(p.string(), 0, std::string("not valid JSON: ") + e.what());
  }
}

std::optional<double> total(const RunFiles& r, const char* key) {
  const nlohmann::json& t = r.stats["total"];
  auto it = t.find(key);
  if (it == t.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

// DRAM bytes read and written over the run's time at the core clock.
std::optional<double> dram_bw_gbps(const RunFiles& r) {
  const auto cycles = total(r, "gpu_sim_cycle");
  if (!cycles || r.config.is_null()) return std::nullopt;
  const nlohmann::json clock = r.config.value("resolved", nlohmann::json::object()).value("clock", nlohmann::json::object());
  const double core_mhz = clock.value("core_mhz", 0.0);
  if (core_mhz <= 0 || *cycles <= 0) return std::nullopt;
  double bytes = 0;
  for (const auto& [k, v] : r.stats["total"].items()) {
    const bool per_channel = k.rfind("dram[", 0) == 0;
    const bool moved = k.size() > 11 && (k.compare(k.size() - 11, 11, ".bytes_read") == 0 ||
                                         (k.size() > 14 && k.compare(k.size() - 14, 14, ".bytes_written") == 0));
    if (per_channel && moved && v.is_number()) bytes += v.get<double>();
  }
  const double seconds = *cycles / (core_mhz * 1e6);
  return bytes / seconds / 1e9;
}

}  // namespace

RunFiles read_run_files(const std::string& stats_file) {
  RunFiles r;
  const std::string text = read_text_file(stats_file);
  try {
    r.stats = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(stats_file, 0, std::string("not valid JSON: ") + e.what());
  }
  if (!r.stats.is_object() || !r.stats.contains("total") || !r.stats["total"].is_object())
    throw InputError(stats_file, 0, "not a `gpucosim run` statistics file: expected an object with \"total\"");
  // `gpucosim run` writes every total as a number (null where it has none): anything else is a
  // damaged file, whose column would otherwise be left blank without a word.
  for (const auto& [k, v] : r.stats["total"].items())
    if (!v.is_number() && !v.is_null())
      throw InputError(stats_file, 0, "\"total\": statistic '" + k + "' is " + v.dump() + ": expected a number");
  const fs::path dir = fs::path(stats_file).parent_path();
  r.config = read_json_if_there(dir / "effective-config.json");
  r.energy = read_json_if_there(dir / "energy.json");
  return r;
}

std::vector<std::string> default_stat_columns(bool with_energy) {
  std::vector<std::string> c{"cycles", "ipc", "warp_insn", "l1_miss_rate", "l2_miss_rate", "dram_bw_gbps"};
  if (with_energy) c.push_back("energy_uj");
  return c;
}

namespace {
const char* const kAliases[] = {"cycles", "ipc", "warp_insn", "l1_miss_rate", "l2_miss_rate", "dram_bw_gbps", "energy_uj"};
}

bool is_stat_alias(const std::string& c) {
  for (const char* a : kAliases)
    if (c == a) return true;
  return false;
}

std::string stat_name_expected() {
  std::string s = "expected an alias (";
  for (const char* a : kAliases) s += std::string(a) + (a == kAliases[std::size(kAliases) - 1] ? "" : ", ");
  return s + ") or a name in stats.json's \"total\"";
}

std::optional<double> stat_value(const std::string& column, const RunFiles& run) {
  if (column == "cycles") return total(run, "gpu_sim_cycle");
  if (column == "ipc") return total(run, "gpu_ipc");
  if (column == "warp_insn") return total(run, "warp_insn");
  if (column == "l1_miss_rate") return total(run, "L1D_total_cache_miss_rate");
  if (column == "l2_miss_rate") return total(run, "L2_total_cache_miss_rate");
  if (column == "dram_bw_gbps") return dram_bw_gbps(run);
  if (column == "energy_uj") {
    if (run.energy.is_null()) return std::nullopt;
    const nlohmann::json t = run.energy.value("total", nlohmann::json::object());
    if (!t.contains("total_nj") || !t["total_nj"].is_number()) return std::nullopt;
    return t["total_nj"].get<double>() * 1e-3;
  }
  return total(run, column.c_str());
}

std::string format_number(double v) {
  char buf[64];
  if (std::floor(v) == v && std::fabs(v) < 9.0e15)
    std::snprintf(buf, sizeof buf, "%lld", (long long)v);
  else
    std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace gpucosim::sweep
