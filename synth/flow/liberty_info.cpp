// Liberty header reader (see liberty_info.h).
#include "synth/flow/liberty_info.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>

#include "kernel/input_error.h"

namespace fs = std::filesystem;

namespace gpucosim::synth {

namespace {

// The drive number of a cell name: the digits after its last 'X' (INVX8 -> 8, BUF_X32 -> 32);
// 0 when there are none.
long drive_strength(const std::string& cell) {
  const size_t x = cell.find_last_of("Xx");
  if (x == std::string::npos) return 0;
  long d = 0;
  for (size_t i = x + 1; i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i])) && d < 100000; ++i)
    d = d * 10 + (cell[i] - '0');
  return d;
}

// Node from a name: the OSU libraries by name, else a "<digits>nm" fragment (e.g. gscl45nm).
double node_from_name(std::string name) {
  for (auto& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (name.find("osu018") != std::string::npos) return 180;
  if (name.find("osu035") != std::string::npos) return 350;
  if (name.find("osu050") != std::string::npos || name.find("osu05") != std::string::npos) return 500;
  std::smatch m;
  static const std::regex nm("([0-9]{1,3})[-_]?nm");
  if (std::regex_search(name, m, nm)) return std::stod(m[1]);
  return 0;
}

std::string unquote(std::string v) {
  while (!v.empty() && (v.back() == ';' || std::isspace(static_cast<unsigned char>(v.back())))) v.pop_back();
  size_t b = 0;
  while (b < v.size() && std::isspace(static_cast<unsigned char>(v[b]))) ++b;
  v = v.substr(b);
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
  return v;
}

}  // namespace

std::string default_liberty_path() { return "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"; }

LibertyInfo read_liberty_info(const std::string& path, double node_override_nm) {
  LibertyInfo info;
  info.path = path;
  std::ifstream in(path);
  if (!in) {
    std::string hint;
    if (path == default_liberty_path()) hint = " (install Debian's qflow-tech-osu018: scripts/install-deps)";
    throw InputError(path, 0, "cannot read the liberty file" + hint);
  }
  static const std::regex lib_re(R"re(^\s*library\s*\(\s*"?([^")\s]+)"?\s*\))re");
  static const std::regex attr_re(R"(^\s*(time_unit|nom_voltage)\s*:\s*(.+)$)");
  static const std::regex cap_re(R"(^\s*capacitive_load_unit\s*\(\s*([^)]*)\))");
  static const std::regex cell_re(R"(^\s*cell\s*\()");
  std::string line;
  uint64_t n = 0;
  // The header (units, nominal conditions) precedes the cells; stop at the first cell group.
  while (std::getline(in, line) && n < 20000) {
    ++n;
    std::smatch m;
    if (info.library.empty() && std::regex_search(line, m, lib_re)) {
      info.library = m[1];
    } else if (std::regex_search(line, m, attr_re)) {
      const std::string v = unquote(m[2]);
      if (m[1] == "time_unit") info.time_unit = v;
      else {
        try {
          info.nom_voltage = std::stod(v);
        } catch (const std::exception&) {
          throw InputError(path, n, "nom_voltage '" + v + "': expected a number");
        }
      }
    } else if (std::regex_search(line, m, cap_re)) {
      info.capacitive_unit = m[1];
    } else if (line.find("cell") != std::string::npos && std::regex_search(line, cell_re)) {
      break;
    }
  }
  // The cell names (the rest of the file): the driving cell for ABC's boundary constraints.
  {
    static const std::regex name_re(R"re(^\s*cell\s*\(\s*"?([A-Za-z0-9_]+)"?\s*\))re");
    std::string buf, inv, strong;
    long strong_drive = -1;
    do {
      std::smatch m;
      if (line.find("cell") == std::string::npos || !std::regex_search(line, m, name_re)) continue;
      const std::string c = m[1];
      const bool is_buf = c.rfind("BUF", 0) == 0, is_inv = c.rfind("INV", 0) == 0;
      if (is_buf && (buf.empty() || c < buf)) buf = c;
      if (is_inv && (inv.empty() || c < inv)) inv = c;
      if (is_buf || is_inv) {
        const long d = drive_strength(c);
        if (d > strong_drive || (d == strong_drive && is_buf && strong.rfind("INV", 0) == 0)) {
          strong_drive = d;
          strong = c;
        }
      }
    } while (std::getline(in, line));
    info.driving_cell = !buf.empty() ? buf : inv;
    info.strong_driving_cell = strong;
  }
  if (info.library.empty()) throw InputError(path, 0, "not a liberty file: no library(...) group in its header");

  if (node_override_nm > 0) {
    info.node_nm = node_override_nm;
    info.node_source = "--node";
  } else if (double nm = node_from_name(fs::path(path).filename().string()); nm > 0) {
    info.node_nm = nm;
    info.node_source = "file name";
  } else if (double lnm = node_from_name(info.library); lnm > 0) {
    info.node_nm = lnm;
    info.node_source = "library name";
  } else {
    throw InputError(path, 0,
                     "cannot tell the process node of library " + info.library +
                         " from its name; pass --node NM (needed to size SRAM macros and scale figures)");
  }
  return info;
}

}  // namespace gpucosim::synth
