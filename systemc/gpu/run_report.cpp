#include "systemc/gpu/run_report.h"

#include "systemc/gpu/json_object_text.h"
#include "systemc/gpu/kernel_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <string_view>

namespace gpucosim {

const char* to_string(RunEnd e) {
  switch (e) {
    case RunEnd::Completed: return "completed";
    case RunEnd::MaxCycles: return "max_cycles";
    case RunEnd::MaxInsn: return "max_insn";
    case RunEnd::Deadlock: return "deadlock";
    case RunEnd::Interrupted: return "interrupted";
    case RunEnd::Error: return "error";
  }
  return "?";
}

static double get(const StatsMap& m, const char* k) {
  auto it = m.find(k);
  return it == m.end() ? 0.0 : it->second;
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

void add_derived_stats(StatsMap& m, uint32_t n_sms, uint32_t max_warps_per_sm) {
  double cycles = get(m, "gpu_sim_cycle");
  m["gpu_ipc"] = ratio(get(m, "gpu_sim_insn"), cycles);
  m["gpu_warp_ipc"] = ratio(get(m, "warp_insn"), cycles);
  // Resident warps per SM averaged over the cycles the SM had work, as a percentage of its
  // maximum (GPGPU-Sim's achieved occupancy).
  (void)n_sms;
  m["gpu_occupancy"] = 100.0 * ratio(get(m, "occupancy_warp_cycles"), get(m, "occupancy_active_cycles") * max_warps_per_sm);
  m["L1D_total_cache_miss_rate"] = ratio(get(m, "L1D_total_cache_misses"), get(m, "L1D_total_cache_accesses"));
  m["L2_total_cache_miss_rate"] = ratio(get(m, "L2_total_cache_misses"), get(m, "L2_total_cache_accesses"));
  m["dram_row_buffer_hit_rate"] =
      ratio(get(m, "dram_row_buffer_hits"), get(m, "dram_row_buffer_hits") + get(m, "dram_row_buffer_misses"));
}

using json_text::stat_value;

// Adds the statistics to object `j` as j.update() would (a key `j` already has keeps its place and
// takes the new value, the others follow in the map's order), but appends to the object's vector
// directly: ordered_json's own insertion searches the whole object for each key, which is
// quadratic in the thousands of keys a large GPU reports.
// (A StatsMap or a kernel's StatsRow: both iterate as (name, value) in name order.)
template <class Stats>
static void add_stats(nlohmann::ordered_json& j, const Stats& m) {
  nlohmann::ordered_json::object_t& obj = j.get_ref<nlohmann::ordered_json::object_t&>();
  std::set<std::string> before;
  for (const auto& kv : obj) before.insert(kv.first);
  obj.reserve(obj.size() + m.size());
  for (const auto& [k, v] : m) {
    if (before.count(k))
      j[k] = stat_value(v);
    else
      obj.emplace_back(k, stat_value(v));
  }
}

static nlohmann::ordered_json stats_json(const StatsMap& m) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  add_stats(j, m);
  return j;
}

// A kernel's object: these fields, then its statistics.
static JsonEntries kernel_fields(const KernelReport& k) {
  return {{"kernel_launch_uid", k.launch_id}, {"kernel_name", k.name},
          {"start_cycle", k.start_cycle},     {"end_cycle", k.end_cycle},
          {"application", k.application},     {"app_run", k.app_run},
          {"stream", k.stream},               {"preemptions", k.preemptions},
          {"save_bytes", k.save_bytes},       {"restore_bytes", k.restore_bytes},
          {"sm_preemptions", k.sm_preemptions}, {"preemption_cycles", k.preemption_cycles}};
}

static nlohmann::ordered_json kernel_json(const KernelReport& k) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (auto& [key, value] : kernel_fields(k)) j[key] = std::move(value);
  add_stats(j, k.stats);
  return j;
}

// The total's object: its statistics, then these sums over the kernels.
static JsonEntries total_fields(const RunReport& r) {
  uint64_t pre = 0, save = 0, restore = 0, sm_pre = 0, pre_cycles = 0;
  for (const KernelReport& k : r.kernels) {
    pre += k.preemptions, save += k.save_bytes, restore += k.restore_bytes;
    sm_pre += k.sm_preemptions, pre_cycles += k.preemption_cycles;
  }
  return {{"preemptions", pre},
          {"save_bytes", save},
          {"restore_bytes", restore},
          {"sm_preemptions", sm_pre},
          {"preemption_cycles", pre_cycles}};
}

// Stand-ins for the two large objects of the report (report_json's `placeholders`), replaced
// by their text after the dump (write_json). The control characters set them apart from any
// text a report holds, and put_object() replaces one only where it is found exactly once.
static const char* const kTotalPlaceholder = "\x01gpucosim:total\x02";
static const char* const kUnattributedPlaceholder = "\x01gpucosim:unattributed\x02";

// Everything but the kernels' objects ("kernels" is an empty array in its place); with
// `placeholders` the "total" and "unattributed" objects are strings standing in for them.
static nlohmann::ordered_json report_json(const RunReport& r, bool placeholders = false) {
  nlohmann::ordered_json out;
  out["kernels"] = nlohmann::ordered_json::array();
  if (placeholders) {
    out["total"] = kTotalPlaceholder;
  } else {
    out["total"] = stats_json(r.total);
    for (auto& [key, value] : total_fields(r)) out["total"][key] = std::move(value);
  }
  // How per-kernel statistics are attributed (kernel_stats.h): every counter of a kernel not
  // listed here is that launch's own, and kernels + "unattributed" sum to "total".
  {
    nlohmann::ordered_json window = nlohmann::ordered_json::array(), derived = nlohmann::ordered_json::array();
    // Thousands of names: searched in a sorted list of views, not copied into a set.
    std::vector<std::string_view> own(r.attributed.begin(), r.attributed.end());
    std::sort(own.begin(), own.end());
    const std::set<std::string> ratios(derived_stat_names().begin(), derived_stat_names().end());
    if (!r.kernels.empty())
      for (const auto& [name, v] : r.kernels.front().stats) {
        (void)v;
        if (!std::binary_search(own.begin(), own.end(), std::string_view(name)) && !ratios.count(name))
          window.push_back(name);
      }
    for (const std::string& name : derived_stat_names()) derived.push_back(name);
    out["stats_attribution"] = {{"time_window", window}, {"derived", derived}};
    out["unattributed"] = placeholders ? nlohmann::ordered_json(kUnattributedPlaceholder) : stats_json(r.unattributed);
  }
  out["applications"] = nlohmann::ordered_json::array();
  for (const AppReport& a : r.applications) {
    nlohmann::ordered_json j;
    j["application"] = a.index;
    j["label"] = a.label;
    j["priority"] = a.options.priority;
    j["tokens"] = a.options.tokens;
    j["start"] = a.options.start;
    j["repeat"] = a.options.repeat;
    j["runs"] = nlohmann::ordered_json::array();
    for (const AppRunRecord& run : a.runs) {
      nlohmann::ordered_json rj;
      rj["run"] = run.run;
      rj["arrival_cycle"] = run.arrival_cycle;
      rj["finished"] = run.finished;
      if (run.finished) {
        rj["end_cycle"] = run.end_cycle;
        rj["turnaround_cycles"] = run.end_cycle - run.arrival_cycle;
      }
      j["runs"].push_back(rj);
    }
    if (a.has_metrics) {
      j["turnaround_cycles"] = a.turnaround;
      j["solo_turnaround_cycles"] = a.solo_turnaround;
      j["ntt"] = a.ntt;
    }
    out["applications"].push_back(j);
  }
  if (r.metrics.valid) {
    out["multiprogram"] = {{"antt", r.metrics.antt}, {"stp", r.metrics.stp}, {"fairness", r.metrics.fairness}};
  }
  out["end"] = to_string(r.end);
  out["run_end"] = to_string(r.end);  // the same, under the name the text output uses
  if (!r.end_report.empty()) out["end_report"] = r.end_report;
  out["unmodelled_options"] = r.unmodelled_options;
  return out;
}

nlohmann::ordered_json to_json(const RunReport& r) {
  nlohmann::ordered_json out = report_json(r);
  for (const KernelReport& k : r.kernels) out["kernels"].push_back(kernel_json(k));
  return out;
}

// Replaces the one occurrence of `"key": "<placeholder>"` in `doc` by `"key": <object>`; false
// (doc unchanged) when it is not there exactly once.
static bool put_object(std::string& doc, const char* key, const char* placeholder, const std::string& object) {
  const std::string value = nlohmann::ordered_json(placeholder).dump();
  const std::string entry = nlohmann::ordered_json(key).dump() + ": " + value;
  const size_t at = doc.find(entry);
  if (at == std::string::npos || doc.find(entry, at + 1) != std::string::npos) return false;
  doc.replace(at + entry.size() - value.size(), value.size(), object);
  return true;
}

void write_json(std::ostream& o, const RunReport& r) {
  // The text of to_json(r).dump(2), with one kernel's object in memory at a time: a trace of
  // thousands of kernels has thousands of objects of thousands of counters each. (Not built on a
  // second thread beside the kernels: a thread started after the SystemC run makes
  // LeakSanitizer's exit check crash on the coroutine stacks; the gain was about 1 %.) Text that
  // is not UTF-8 (a trace file's name) is written with U+FFFD in its place, not an exception
  // after half the file. The objects of statistics are written as text directly
  // (append_object_text); whatever that cannot write as the dump would (a name twice, a layout
  // not the expected one) is written by dumping the whole document.
  auto whole_document = [&] { o << to_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace); };
  std::string rest = report_json(r, /*placeholders=*/true).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string total, unattributed;
  if (!append_object_text(total, 1, {}, r.total, total_fields(r)) ||
      !append_object_text(unattributed, 1, {}, r.unattributed, {}) ||
      !put_object(rest, "total", kTotalPlaceholder, total) ||
      !put_object(rest, "unattributed", kUnattributedPlaceholder, unattributed))
    return whole_document();
  const std::string empty = "{\n  \"kernels\": [],\n";
  if (r.kernels.empty()) {
    o << rest;
    return;
  }
  if (rest.compare(0, empty.size(), empty) != 0) return whole_document();  // not the layout expected
  o << "{\n  \"kernels\": [\n";
  std::string k;
  for (size_t i = 0; i < r.kernels.size(); ++i) {
    o << (i ? ",\n    " : "    ");
    k.clear();
    if (append_object_text(k, 2, kernel_fields(r.kernels[i]), r.kernels[i].stats, {})) {  // nested two levels deep
      o << k;
      continue;
    }
    k = kernel_json(r.kernels[i]).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    for (size_t at = 0; at < k.size();) {  // line by line, each line after a newline indented
      const size_t nl = k.find('\n', at);
      if (nl == std::string::npos) {
        o.write(k.data() + at, std::streamsize(k.size() - at));
        break;
      }
      o.write(k.data() + at, std::streamsize(nl + 1 - at)) << "    ";
      at = nl + 1;
    }
  }
  o << "\n  ],\n" << std::string_view(rest).substr(empty.size());
}

template <class Stats>
static void print_stats(std::ostream& o, const Stats& m, bool with_units) {
  char buf[64];
  for (const auto& [k, v] : m) {
    if (!with_units && k.find('[') != std::string::npos) continue;
    if (json_text::prints_as_integer(v))
      std::snprintf(buf, sizeof buf, "%lld", (long long)v);
    else
      std::snprintf(buf, sizeof buf, "%.4f", v);
    o << k << " = " << buf << "\n";
  }
}

std::string to_text(const RunReport& r, bool with_units) {
  std::ostringstream o;
  write_text(o, r, with_units);
  return o.str();
}

void write_text(std::ostream& o, const RunReport& r, bool with_units) {
  const bool multi = r.applications.size() > 1;
  for (const KernelReport& k : r.kernels) {
    o << "kernel_name = " << k.name << "\nkernel_launch_uid = " << k.launch_id << "\n";
    if (multi)
      o << "application = " << k.application + 1 << " (" << r.applications[k.application].label << "), run "
        << k.app_run + 1 << ", stream " << k.stream << ", cycles " << k.start_cycle << ".." << k.end_cycle << "\n";
    print_stats(o, k.stats, with_units);
    o << "\n";
  }
  o << "---- total ----\n";
  print_stats(o, r.total, with_units);
  if (multi || r.metrics.valid) {
    o << "---- applications ----\n";
    char buf[160];
    for (const AppReport& a : r.applications) {
      uint32_t done = 0;
      for (const AppRunRecord& run : a.runs) done += run.finished ? 1 : 0;
      o << "application " << a.index + 1 << " = " << a.label << ": " << done << " of " << a.runs.size()
        << " runs finished";
      if (a.has_metrics) {
        std::snprintf(buf, sizeof buf, ", turnaround %.1f cycles, solo %.1f, NTT %.4f", a.turnaround,
                      a.solo_turnaround, a.ntt);
        o << buf;
      }
      o << "\n";
    }
    if (r.metrics.valid) {
      std::snprintf(buf, sizeof buf, "ANTT = %.4f\nSTP = %.4f\nfairness = %.4f\n", r.metrics.antt, r.metrics.stp,
                    r.metrics.fairness);
      o << buf;
    }
  }
  o << "run_end = " << to_string(r.end) << "\n";
  if (!r.end_report.empty()) o << r.end_report << "\n";
}

}  // namespace gpucosim
