#include "power/cacti_adapter.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "kernel/input_error.h"

namespace fs = std::filesystem;

namespace gpucosim::power {

namespace {

std::string cell_name(CellFamily f) { return f == CellFamily::HighPerformance ? "itrs-hp" : "itrs-lstp"; }

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Parses the first number at or after position `from` of `line`.
std::optional<double> number_after(const std::string& line, size_t from) {
  for (size_t i = from; i < line.size(); ++i) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) || ((c == '-' || c == '.') && i + 1 < line.size())) {
      const char* start = line.c_str() + i;
      char* end = nullptr;
      const double v = std::strtod(start, &end);
      if (end != start) return v;
    }
  }
  return std::nullopt;
}

// Shell-quotes a path for /bin/sh.
std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

std::string cacti_config(const SramSpec& s) {
  std::ostringstream o;
  o << "# Written by gpucosim sram --cacti (CACTI 7 cache.cfg syntax)\n";
  o << "-size (bytes) " << s.size_bytes << "\n";
  o << "-block size (bytes) " << s.block_bytes << "\n";
  o << "-associativity " << (s.type == SramType::Ram ? 1 : s.associativity) << "\n";
  o << "-read-write port " << s.ports.rw << "\n";
  o << "-exclusive read port " << s.ports.r << "\n";
  o << "-exclusive write port " << s.ports.w << "\n";
  o << "-single ended read ports 0\n";
  o << "-UCA bank count 1\n";
  char tech[32];
  std::snprintf(tech, sizeof tech, "%.3f", s.node_nm / 1000.0);
  o << "-technology (u) " << tech << "\n";
  o << "-page size (bits) 8192\n-burst length 8\n-internal prefetch width 1\n";
  o << "-Data array cell type - \"" << cell_name(s.cell) << "\"\n";
  o << "-Data array peripheral type - \"" << cell_name(s.cell) << "\"\n";
  o << "-Tag array cell type - \"" << cell_name(s.cell) << "\"\n";
  o << "-Tag array peripheral type - \"" << cell_name(s.cell) << "\"\n";
  o << "-output/input bus width " << s.block_bytes * 8 << "\n";
  o << "-operating temperature (K) " << int(s.temperature_k + 0.5) << "\n";
  o << "-cache type \"" << to_string(s.type) << "\"\n";
  o << "-tag size (b) \"default\"\n";
  o << "-access mode (normal, sequential, fast) - \"normal\"\n";
  o << "-design objective (weight delay, dynamic power, leakage power, cycle time, area) 0:0:0:100:0\n";
  o << "-deviate (delay, dynamic power, leakage power, cycle time, area) 20:100000:100000:100000:100000\n";
  o << "-NUCAdesign objective (weight delay, dynamic power, leakage power, cycle time, area) 100:100:0:0:100\n";
  o << "-NUCAdeviate (delay, dynamic power, leakage power, cycle time, area) 10:10000:10000:10000:10000\n";
  o << "-Optimize ED or ED^2 (ED, ED^2, NONE): \"ED^2\"\n";
  o << "-Cache model (NUCA, UCA)  - \"UCA\"\n";
  o << "-NUCA bank count 0\n";
  o << "-Wire signaling (fullswing, lowswing, default) - \"Global_30\"\n";
  o << "-Wire inside mat - \"semi-global\"\n";
  o << "-Wire outside mat - \"semi-global\"\n";
  o << "-Interconnect projection - \"conservative\"\n";
  o << "-Core count 8\n-Cache level (L2/L3) - \"L3\"\n";
  o << "-Add ECC - \"" << (s.ecc ? "true" : "false") << "\"\n";
  o << "-Print level (DETAILED, CONCISE) - \"DETAILED\"\n";
  o << "-Print input parameters - \"true\"\n";
  o << "-Force cache config - \"false\"\n";
  o << "-Ndwl 1\n-Ndbl 1\n-Nspd 0\n-Ndcm 1\n-Ndsam1 0\n-Ndsam2 0\n";
  return o.str();
}

SramEstimate parse_cacti_output(const std::string& text, const std::string& origin) {
  SramEstimate e;
  e.source = "cacti";
  std::optional<double> access, cycle, rd, wr, leak, height, width, data_area, tag_area;
  OrganisationReport* section = &e.data;  // which array the Ndwl/Ndbl/Nspd lines describe
  std::istringstream in(text);
  std::string raw;
  while (std::getline(in, raw)) {
    const std::string line = lower(raw);
    const size_t colon = line.rfind(':');  // "Data array: Area (mm2): 0.22" has its value last
    if (colon == std::string::npos) continue;
    const std::string label = line.substr(0, colon);
    auto value = [&] { return number_after(line, colon + 1); };
    auto has = [&](const char* s) { return label.find(s) != std::string::npos; };
    if (label.rfind("data array", 0) == 0) section = &e.data;
    if (label.rfind("tag array", 0) == 0) section = &e.tag;
    if (has("access time") && has("ns") && !access) access = value();
    else if (has("cycle time") && has("ns") && !cycle) cycle = value();
    else if (has("dynamic read energy") && !rd) rd = value();
    else if (has("dynamic write energy") && !wr) wr = value();
    else if (has("leakage power of a bank") && !has("gate") && !leak) leak = value();
    else if (has("height x width") && !height) {
      // "Cache height x width (mm): 0.203589 x 1.18931"
      const size_t x = line.find('x', colon + 1);
      height = value();
      if (x != std::string::npos) width = number_after(line, x + 1);
    } else if (has("data array") && has("area") && !data_area) data_area = value();
    else if (has("tag array") && has("area") && !tag_area) tag_area = value();
    else if (auto v = value()) {
      // "Best Ndwl : 2" (data), "Best Ntwl : 2" (tag), and per-array "Ndwl : 2" under a section.
      const bool tag_word = has("ntwl") || has("ntbl") || has("ntspd");
      OrganisationReport& o = tag_word ? e.tag : (has("best") ? e.data : *section);
      if (has("ndwl") || has("ntwl")) o.ndwl = int(*v);
      else if (has("ndbl") || has("ntbl")) o.ndbl = int(*v);
      else if (has("nspd") || has("ntspd")) o.nspd = int(*v);
    }
  }
  auto need = [&](const std::optional<double>& v, const char* what) {
    if (!v) throw InputError(origin, 0, std::string("could not find \"") + what + "\" in the CACTI output");
    return *v;
  };
  e.access_time_ns = need(access, "Access time (ns):");
  e.read_energy_nj = need(rd, "Total dynamic read energy per access (nJ):");
  e.leakage_mw = need(leak, "Total leakage power of a bank (mW):");
  e.height_mm = need(height, "Cache height x width (mm): H x W");
  e.width_mm = need(width, "Cache height x width (mm): H x W");
  e.cycle_time_ns = cycle.value_or(0.0);
  e.write_energy_nj = wr.value_or(0.0);
  e.area_mm2 = e.height_mm * e.width_mm;
  e.data.area_mm2 = data_area.value_or(e.area_mm2);
  e.has_tag = tag_area.has_value();
  e.tag.area_mm2 = tag_area.value_or(0.0);
  return e;
}

SramEstimate run_cacti(const std::string& binary, const SramSpec& spec) {
  validate_sram_spec(spec);
  std::error_code ec;
  if (!binary.empty() && fs::exists(binary, ec) && !fs::is_regular_file(binary, ec))
    throw InputError("--cacti", 0, "'" + binary + "' is " + (fs::is_directory(binary, ec) ? "a folder" : "not a regular file") +
                                       "; expected the path of a CACTI 7 binary");
  if (binary.empty() || !fs::is_regular_file(binary, ec))
    throw InputError("--cacti", 0, "'" + binary + "' does not exist; expected the path of a CACTI 7 binary");
  if (::access(binary.c_str(), X_OK) != 0)
    throw InputError("--cacti", 0, "'" + binary + "' is not executable; expected the path of a CACTI 7 binary");
  const std::string exe = fs::absolute(binary).string();

  std::string tmpl = (fs::temp_directory_path() / "gpucosim-cacti-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw InputError("--cacti", 0, "cannot create a temporary folder to run CACTI in");
  const fs::path dir = tmpl;
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code e;
      fs::remove_all(p, e);
    }
  } cleanup{dir};

  {
    std::ofstream cfg(dir / "cache.cfg");
    cfg << cacti_config(spec);
    if (!cfg) throw InputError("--cacti", 0, "cannot write " + (dir / "cache.cfg").string());
  }
  const std::string cmd = "cd " + quote(dir.string()) + " && " + quote(exe) + " -infile cache.cfg > cacti.out 2>&1";
  const int status = std::system(cmd.c_str());
  std::string out;
  {
    std::ifstream f(dir / "cacti.out");
    std::ostringstream ss;
    ss << f.rdbuf();
    out = ss.str();
  }
  auto tail = [&] {
    const size_t n = 400;
    return out.size() > n ? "..." + out.substr(out.size() - n) : out;
  };
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw InputError("--cacti", 0,
                     "'" + binary + "' failed (exit status " +
                         std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + "); its output ends:\n" + tail());
  return parse_cacti_output(out, "--cacti " + binary);
}

}  // namespace gpucosim::power
