// Accel-Sim's reference runs (see accelsim_reference.h).
#include "validation/accelsim_reference.h"

#include <fstream>
#include <map>
#include <sstream>

#include "kernel/input_error.h"

namespace gpucosim::validation {

namespace {

// The CSV's fields have no commas or quotes inside; its lines may end in "\r\n".
std::vector<std::string> fields(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  std::vector<std::string> v;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, ',');) v.push_back(cell);
  return v;
}

}  // namespace

std::vector<ReferenceRow> read_reference_rows(const std::string& csv) {
  std::ifstream in(csv);
  if (!in) throw InputError(csv, 0, "cannot read the reference results");
  std::string line;
  std::getline(in, line);
  std::map<std::string, size_t> col;
  const std::vector<std::string> header = fields(line);
  for (size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  std::vector<ReferenceRow> rows;
  for (uint64_t n = 2; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    const std::vector<std::string> f = fields(line);
    auto text = [&](const char* name) -> const std::string& {
      const auto c = col.find(name);
      if (c == col.end()) throw InputError(csv, 1, std::string("no column '") + name + "'");
      if (c->second >= f.size()) throw InputError(csv, n, std::string("no value in column '") + name + "'");
      return f[c->second];
    };
    auto number = [&](const char* name) {
      const std::string& t = text(name);
      try {
        size_t used = 0;
        const double v = std::stod(t, &used);
        if (used == t.size()) return v;
      } catch (const std::exception&) {
      }
      throw InputError(csv, n, std::string("column '") + name + "': expected a number, got '" + t + "'");
    };
    ReferenceRow r;
    r.case_name = text("case");
    r.workload = text("workload");
    r.params = text("params");
    r.config = text("config");
    r.gpu_sim_cycle = number("gpu_sim_cycle");
    r.warp_insn = number("warp_insn");
    r.l1d_accesses = number("l1d_accesses");
    r.l1d_misses = number("l1d_misses");
    r.l2_accesses = number("l2_accesses");
    r.l2_misses = number("l2_misses");
    r.dram_reads = number("dram_reads");
    r.wall_s = number("wall_s");
    r.max_rss_mb = number("max_rss_mb");
    rows.push_back(r);
  }
  return rows;
}

std::string trace_command(const ReferenceRow& r, const std::string& shared, const std::string& gpucosim,
                          const std::string& dir) {
  if (r.workload == "vectorAdd_nvbit_sm80") {
    const std::string fx = shared + "/fixtures/accelsim-vectoradd-sm80";
    if (r.case_name == "fixture_x1") return "mkdir -p " + dir + " && cp -r " + fx + "/. " + dir;
    if (r.case_name == "fixture_x10")
      return "mkdir -p " + dir + " && python3 " + shared + "/tools/replicate_trace.py " + fx + "/kernel-1.traceg " +
             dir + "/kernel-1.traceg -n 10 --kernelslist " + fx + "/kernelslist.g " + dir + "/kernelslist.g";
    throw InputError(shared + "/accelsim-reference/accelsim_results.csv", 0,
                     "unknown fixture case '" + r.case_name + "' (the README names fixture_x1 and fixture_x10)");
  }
  std::string params;  // "defaults (...)" means none; else "k=v k=v"
  if (r.params.rfind("defaults", 0) != 0) {
    std::stringstream ss(r.params);
    for (std::string kv; ss >> kv;) params += " --param " + kv;
  }
  return gpucosim + " trace gen " + r.workload + params + " --out " + dir;
}

std::vector<std::string> config_files(const std::string& shared, const std::string& config) {
  const std::string c = shared + "/accelsim-configs/";
  if (config == "SM7_QV100 + UDP unit")
    return {c + "SM7_QV100/gpgpusim.config", c + "SM7_QV100/trace.config", c + "SM7_QV100/udp-for-sm80-traces.config"};
  if (config == "SM86_RTX3070") return {c + "SM86_RTX3070/gpgpusim.config", c + "SM86_RTX3070/trace.config"};
  return {};
}

std::string config_args(const std::string& shared, const std::string& config) {
  std::string args;
  for (const std::string& f : config_files(shared, config)) args += " --config " + f;
  return args;
}

}  // namespace gpucosim::validation
