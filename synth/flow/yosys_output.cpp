// Parsers for Yosys' stat report, RTLIL and error messages (see yosys_output.h).
#include "synth/flow/yosys_output.h"

#include <algorithm>
#include <functional>
#include <regex>
#include <sstream>

#include "kernel/input_error.h"
#include "synth/flow/text_trim.h"

namespace gpucosim::synth {

namespace {

// RTLIL identifiers: "\name" is public (printed without the backslash), "$..." is internal.
std::string rtlil_name(const std::string& id) { return !id.empty() && id[0] == '\\' ? id.substr(1) : id; }

}  // namespace

std::string yosys_module_base(const std::string& name) {
  if (name.rfind("$paramod$", 0) == 0) {
    const size_t bs = name.find('\\');
    return bs == std::string::npos ? name : name.substr(bs + 1);
  }
  if (name.rfind("$paramod\\", 0) == 0) {
    const size_t start = 9, end = name.find('\\', start);
    return name.substr(start, end == std::string::npos ? std::string::npos : end - start);
  }
  return name;
}

namespace {

std::string base_of(const std::string& name) { return yosys_module_base(name); }

// RTLIL constants: plain decimals (48) or sized binary (32'00000000000000000000000000110000).
uint64_t rtlil_int(const std::string& v) {
  const size_t q = v.find('\'');
  if (q == std::string::npos) return std::stoull(v);
  uint64_t x = 0;
  for (char c : v.substr(q + 1)) {
    if (c != '0' && c != '1') return 0;  // x/z bits: not a size
    x = (x << 1) | uint64_t(c - '0');
  }
  return x;
}

// Values like 1'1 or 2'11: all bits one.
bool all_ones(const std::string& v) {
  const size_t q = v.find('\'');
  const std::string bits = q == std::string::npos ? v : v.substr(q + 1);
  return !bits.empty() && bits.find_first_not_of('1') == std::string::npos;
}

}  // namespace

DesignStats parse_design_stat(const std::string& text, const std::string& top, const std::string& origin) {
  DesignStats d;
  d.top = top;
  std::istringstream in(text);
  std::string line;
  ModuleStats* cur = nullptr;
  bool in_cells = false;
  static const std::regex cell_line(R"(^\s+(\S+)\s+([0-9]+)\s*$)");
  // The name may hold quotes itself ($paramod\m\W=32'0...01000): match up to the last "':".
  static const std::regex area_line(R"(Chip area for (?:module|top module) '(.*)':\s*([0-9.eE+-]+))");
  static const std::regex unknown_line(R"(Area for cell type \\?(\S+) is unknown)");
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (t.rfind("=== ", 0) == 0) {
      const std::string name = rtlil_name(trim(t.substr(4, t.size() >= 8 ? t.size() - 8 : 0)));
      in_cells = false;
      // The closing summary of `stat -top` repeats figures for the whole design: not a module.
      if (name == "design hierarchy") {
        cur = nullptr;
        continue;
      }
      ModuleStats& m = d.modules[name];
      m.name = name;
      m.base = base_of(name);
      cur = &m;
      continue;
    }
    if (!cur) continue;
    std::smatch m;
    if (t.rfind("Number of cells:", 0) == 0) {
      cur->total_cells = std::stoull(trim(t.substr(16)));
      in_cells = true;
    } else if (in_cells && std::regex_match(line, m, cell_line)) {
      cur->cells[rtlil_name(m[1])] += std::stoull(m[2]);
    } else if (std::regex_search(line, m, unknown_line)) {
      cur->unknown_area.push_back(m[1]);
      in_cells = false;
    } else if (std::regex_search(line, m, area_line)) {
      cur->chip_area = std::stod(m[2]);
      cur->has_area = true;
      in_cells = false;
    } else if (in_cells && !t.empty()) {
      in_cells = false;
    }
  }
  if (!d.modules.count(top)) throw InputError(origin, 0, "Yosys' statistics have no module " + top);

  // Instances of every module in the whole design, from the top down (a module's cell list names
  // the modules it instantiates as cell types).
  std::function<void(const std::string&, uint64_t, int)> count = [&](const std::string& mod, uint64_t n, int depth) {
    if (depth > 64) throw InputError(origin, 0, "Yosys' statistics describe a recursive hierarchy at " + mod);
    d.instances[mod] += n;
    for (const auto& [type, k] : d.modules.at(mod).cells)
      if (d.modules.count(type) && type != mod) count(type, n * k, depth + 1);
  };
  count(top, 1, 0);

  // The flat figures of the top: its own cells plus every submodule instance's, recursively.
  std::function<CellStats(const std::string&)> flat = [&](const std::string& mod) {
    const ModuleStats& ms = d.modules.at(mod);
    CellStats f;
    f.chip_area = ms.chip_area;
    for (const auto& [type, k] : ms.cells) {
      if (d.modules.count(type) && type != mod) {
        const CellStats sub = flat(type);
        f.chip_area += double(k) * sub.chip_area;
        f.total_cells += k * sub.total_cells;
        for (const auto& [t2, k2] : sub.cells) f.cells[t2] += k * k2;
        for (const auto& u : sub.unknown_area)
          if (std::find(f.unknown_area.begin(), f.unknown_area.end(), u) == f.unknown_area.end()) f.unknown_area.push_back(u);
      } else {
        f.cells[type] += k;
        f.total_cells += k;
      }
    }
    for (const auto& u : ms.unknown_area)
      if (!d.modules.count(u) && std::find(f.unknown_area.begin(), f.unknown_area.end(), u) == f.unknown_area.end())
        f.unknown_area.push_back(u);
    return f;
  };
  d.flat = flat(top);
  // stat prints no chip area when no cell has one (a block that is only an SRAM macro).
  for (const auto& [name, ms] : d.modules) {
    if (!d.instances.count(name) || ms.has_area) continue;
    uint64_t unknown = 0;
    for (const auto& [type, k] : ms.cells)
      if (d.modules.count(type) || std::find(ms.unknown_area.begin(), ms.unknown_area.end(), type) != ms.unknown_area.end())
        unknown += k;
    if (unknown != ms.total_cells)
      throw InputError(origin, 0, "Yosys' statistics of " + name + " have no chip area (was stat run with -liberty?)");
  }
  return d;
}

CellStats parse_stat(const std::string& text, const std::string& top, const std::string& origin) {
  return parse_design_stat(text, top, origin).flat;
}

std::vector<RtlilModule> parse_rtlil_modules(const std::string& text) {
  std::vector<RtlilModule> mods;
  std::istringstream in(text);
  std::string line, hdlname;
  RtlilModule* cur = nullptr;
  RtlilMemory* mem = nullptr;
  // Blocks closed by "end": module, cell, process, switch. depth 1 = directly inside a module.
  int depth = 0;
  static const std::regex wire_re(R"(^\s*wire\s+(.*)\s+(\S+)\s*$)");
  static const std::regex param_re(R"(^\s*parameter\s+\\(\S+)\s+(\S+))");
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    std::smatch m;
    if (t.rfind("attribute \\hdlname ", 0) == 0) {
      hdlname = t.substr(19);
      if (hdlname.size() >= 2 && hdlname.front() == '"') hdlname = hdlname.substr(1, hdlname.size() - 2);
      while (!hdlname.empty() && hdlname[0] == '\\') hdlname.erase(0, 1);
    } else if (t.rfind("module ", 0) == 0) {
      mods.push_back(RtlilModule{});
      cur = &mods.back();
      cur->name = rtlil_name(t.substr(7));
      cur->base = hdlname.empty() ? base_of(cur->name) : hdlname;
      hdlname.clear();
      mem = nullptr;
      depth = 1;
    } else if (t.rfind("attribute ", 0) == 0) {
      continue;  // other attributes belong to the next object; only hdlname matters
    } else if (!cur) {
      continue;
    } else if (t.rfind("cell ", 0) == 0 || t.rfind("process ", 0) == 0 || t.rfind("switch ", 0) == 0) {
      ++depth;
      if (depth == 2 && (t.rfind("cell $mem_v2 ", 0) == 0 || t.rfind("cell $mem ", 0) == 0)) {
        cur->memories.push_back(RtlilMemory{});
        mem = &cur->memories.back();
      }
    } else if (t == "end") {
      if (--depth <= 1) mem = nullptr;
      if (depth <= 0) cur = nullptr;
    } else if (mem && std::regex_search(line, m, param_re)) {
      const std::string k = m[1], v = m[2];
      auto num = [&v] { return rtlil_int(v); };
      if (k == "SIZE") mem->size = num();
      else if (k == "WIDTH") mem->width = num();
      else if (k == "RD_PORTS") mem->rd_ports = int(num());
      else if (k == "WR_PORTS") mem->wr_ports = int(num());
      else if (k == "RD_CLK_ENABLE") mem->rd_clocked = all_ones(v);
    } else if (!mem && t.rfind("wire ", 0) == 0 && std::regex_match(line, m, wire_re)) {
      std::istringstream opts(m[1].str());
      std::string w;
      RtlilPort p;
      p.name = rtlil_name(m[2]);
      bool is_port = false;
      while (opts >> w) {
        if (w == "width") opts >> p.width;
        else if (w == "input" || w == "output" || w == "inout") {
          p.input = w != "output";
          p.output = w != "input";
          is_port = true;
          std::string index;
          opts >> index;
        }
      }
      if (is_port) cur->ports.push_back(p);
    }
  }
  return mods;
}

void throw_yosys_error(const std::string& log, const std::string& log_path, const std::string& fallback_origin) {
  std::istringstream in(log);
  std::string line;
  std::vector<std::string> warnings;
  static const std::regex located(R"(^(.+?):([0-9]+):\s*ERROR:\s*(.*)$)");
  while (std::getline(in, line)) {
    // Only the warnings of the last CHECK pass explain a `check -assert` failure.
    if (line.find("Executing CHECK pass") != std::string::npos) warnings.clear();
    if (line.rfind("Warning:", 0) == 0 && warnings.size() < 8) warnings.push_back(trim(line));
    const size_t at = line.find("ERROR:");
    if (at == std::string::npos) continue;
    std::smatch m;
    if (std::regex_match(line, m, located) && m[1] != "input" && m[1] != "<command line>")
      throw InputError(m[1], std::stoull(m[2]), "Yosys: " + trim(m[3].str()) + " (log: " + log_path + ")");
    std::string msg = trim(line.substr(at + 6));
    if (msg.find("check -assert") != std::string::npos || msg.find("Found and reported") != std::string::npos) {
      for (const auto& w : warnings) msg += "\n  " + w;
    }
    throw InputError(fallback_origin, 0, "Yosys: " + msg + " (log: " + log_path + ")");
  }
  std::string tail = log.size() > 600 ? log.substr(log.size() - 600) : log;
  throw InputError(fallback_origin, 0, "Yosys failed without an ERROR line; log " + log_path + " ends with:\n" + tail);
}

}  // namespace gpucosim::synth
