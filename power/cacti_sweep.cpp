#include "power/cacti_sweep.h"

#include <cmath>
#include <fstream>
#include <map>

#include "kernel/input_error.h"

namespace gpucosim::power {

namespace {

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : line) {
    if (ch == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (ch != '\r') {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

std::vector<CactiRow> load_cacti_sweep(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "cannot open the CACTI sweep file");
  std::string line;
  if (!std::getline(in, line)) throw InputError(path, 1, "expected a CSV header line");
  std::map<std::string, size_t> col;
  const auto header = split_csv_line(line);
  for (size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* need : {"config_id", "cache_type", "size_bytes", "block_bytes", "associativity", "rw_ports",
                           "excl_read_ports", "excl_write_ports", "tech_nm", "data_cell_type", "temperature_K", "ecc",
                           "status", "access_time_ns", "read_energy_nJ", "write_energy_nJ", "leakage_per_bank_mW",
                           "total_area_mm2", "data_area_efficiency_pct", "Ndwl", "Ndbl", "Nspd"})
    if (!col.count(need)) throw InputError(path, 1, std::string("expected a column '") + need + "'");

  std::vector<CactiRow> rows;
  uint64_t line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r") continue;
    const auto f = split_csv_line(line);
    if (f.size() < header.size())
      throw InputError(path, line_no, "expected " + std::to_string(header.size()) + " fields, found " +
                                          std::to_string(f.size()));
    auto get = [&](const char* name) { return f[col.at(name)]; };
    auto num = [&](const char* name) {
      const std::string s = get(name);
      if (s.empty()) return 0.0;
      try {
        size_t used = 0;
        const double v = std::stod(s, &used);
        if (used == s.size()) return v;
      } catch (const std::exception&) {
      }
      throw InputError(path, line_no, std::string("column ") + name + ": '" + s + "' is not a number");
    };
    CactiRow r;
    r.id = get("config_id");
    r.line = line_no;
    try {
      r.spec.type = parse_sram_type(get("cache_type"));
      r.spec.cell = parse_cell_family(get("data_cell_type"));
    } catch (const InputError& e) {
      throw InputError(path, line_no, e.what());
    }
    r.spec.size_bytes = uint64_t(num("size_bytes"));
    r.spec.block_bytes = uint64_t(num("block_bytes"));
    r.spec.associativity = uint64_t(num("associativity"));
    r.spec.ports = PortCounts{int(num("rw_ports")), int(num("excl_read_ports")), int(num("excl_write_ports"))};
    r.spec.node_nm = num("tech_nm");
    r.spec.temperature_k = num("temperature_K");
    r.spec.ecc = get("ecc") == "true";
    r.ok = get("status") == "ok";
    if (r.ok) {
      r.access_ns = num("access_time_ns");
      r.read_nj = num("read_energy_nJ");
      r.write_nj = num("write_energy_nJ");
      r.leakage_mw = num("leakage_per_bank_mW");
      r.area_mm2 = num("total_area_mm2");
      r.data_area_efficiency_pct = num("data_area_efficiency_pct");
      r.ndwl = int(num("Ndwl"));
      r.ndbl = int(num("Ndbl"));
      r.nspd = int(num("Nspd"));
    }
    rows.push_back(r);
  }
  return rows;
}

bool judged(const CactiRow& r) {
  return r.ok && r.data_area_efficiency_pct >= 10.0 && r.area_mm2 > 0 && r.read_nj > 0 && r.leakage_mw > 0;
}

bool held_out(const CactiRow& r) {
  const SramSpec& s = r.spec;
  const std::string key = std::string(to_string(s.type)) + "|" + std::to_string(s.size_bytes) + "|" +
                          std::to_string(s.block_bytes) + "|" + std::to_string(s.associativity) + "|" +
                          port_spec_string(s.ports) + "|" + std::to_string(int(std::lround(s.node_nm))) + "|" +
                          to_string(s.cell);
  return (fnv1a(key) >> 17) & 1u;
}

bool RowAccuracy::area_ok() const { return std::fabs(area - 1.0) <= 0.30; }
bool RowAccuracy::read_ok() const { return std::fabs(read - 1.0) <= 0.30; }
bool RowAccuracy::leakage_ok() const { return leakage >= 0.5 && leakage <= 2.0; }

RowAccuracy compare(const SramEstimate& m, const CactiRow& c) {
  RowAccuracy a;
  a.area = m.area_mm2 / c.area_mm2;
  a.read = m.read_energy_nj / c.read_nj;
  a.leakage = m.leakage_mw / c.leakage_mw;
  a.access = c.access_ns > 0 ? m.access_time_ns / c.access_ns : 0.0;
  return a;
}

std::string size_band(const SramSpec& s) {
  if (s.size_bytes <= 8 * 1024) return "1-8 KB";
  if (s.size_bytes <= 128 * 1024) return "16-128 KB";
  return "256 KB-2 MB";
}
std::string part_ports(const SramSpec& s) { return port_spec_string(s.ports); }
std::string part_cell(const SramSpec& s) { return to_string(s.cell); }
std::string part_type(const SramSpec& s) { return to_string(s.type); }

void AccuracyTally::add(const RowAccuracy& a) {
  ++rows;
  area_ok += a.area_ok();
  read_ok += a.read_ok();
  leakage_ok += a.leakage_ok();
}

}  // namespace gpucosim::power
