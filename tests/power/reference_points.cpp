#include "tests/power/reference_points.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "power/cacti_sweep.h"
#include "tests/support/test_paths.h"

namespace gpucosim::test {

namespace {
double num(const std::string& s) { return s.empty() ? 0.0 : std::stod(s); }
}  // namespace

std::string calibration_csv() {
  std::filesystem::path p =
      std::filesystem::path(source_dir()) / ".." / "shared" / "calibration" / "cacti7_reference_points.csv";
  return std::filesystem::exists(p) ? std::filesystem::canonical(p).string() : std::string();
}

std::vector<ReferencePoint> load_reference_points(const std::string& csv_path) {
  std::ifstream in(csv_path);
  if (!in) throw std::runtime_error("cannot open " + csv_path);
  std::string line;
  std::getline(in, line);
  std::map<std::string, size_t> col;
  auto header = power::split_csv_line(line);
  for (size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  std::vector<ReferencePoint> pts;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto f = power::split_csv_line(line);
    auto get = [&](const std::string& name) { return f.at(col.at(name)); };
    ReferencePoint p;
    p.id = get("config_id");
    p.spec.type = power::parse_sram_type(get("cache_type"));
    p.spec.size_bytes = std::stoull(get("size_bytes"));
    p.spec.block_bytes = std::stoull(get("block_bytes"));
    p.spec.associativity = std::stoull(get("associativity"));
    p.spec.ports = power::PortCounts{std::stoi(get("rw_ports")), std::stoi(get("excl_read_ports")),
                                     std::stoi(get("excl_write_ports"))};
    p.spec.node_nm = num(get("tech_nm"));
    p.spec.cell = power::parse_cell_family(get("data_cell_type"));
    p.spec.temperature_k = num(get("temperature_K"));
    p.spec.ecc = get("ecc") == "true";
    p.access_ns = num(get("access_time_ns"));
    p.cycle_ns = num(get("cycle_time_ns"));
    p.read_nj = num(get("read_energy_nJ"));
    p.write_nj = num(get("write_energy_nJ"));
    p.leakage_mw = num(get("leakage_per_bank_mW"));
    p.area_mm2 = num(get("total_area_mm2"));
    p.data_area_mm2 = num(get("data_area_mm2"));
    p.tag_area_mm2 = num(get("tag_area_mm2"));
    p.ndwl = int(num(get("Ndwl")));
    p.ndbl = int(num(get("Ndbl")));
    p.nspd = int(num(get("Nspd")));
    pts.push_back(p);
  }
  return pts;
}

}  // namespace gpucosim::test
