// set_power_activity commands from recorded activity (see sta_activity.h).
#include "synth/activity/sta_activity.h"

#include <cstdio>
#include <map>
#include <regex>
#include <sstream>

namespace gpucosim::synth {

namespace {

struct BitFigures {
  double activity = 0, duty = 0;
};

// "\count [3]" and "count[3]" both become "count[3]"; Yosys escapes flattened names (u_iq.count).
std::string compact_net(const std::string& net) {
  std::string out;
  for (size_t i = 0; i < net.size(); ++i) {
    const char c = net[i];
    if ((i == 0 && c == '\\') || c == ' ' || c == '\t') continue;
    out += c;
  }
  return out;
}

std::map<std::string, BitFigures> vcd_bits(const VcdActivity& vcd) {
  std::map<std::string, BitFigures> out;
  for (const auto& s : vcd.signals)
    for (size_t i = 0; i < s.bits.size(); ++i) {
      const BitFigures f{vcd.activity(s, i), vcd.duty(s, i)};
      out[s.path + "[" + std::to_string(s.bit_index(i)) + "]"] = f;
      if (s.bits.size() == 1) out[s.path] = f;  // a scalar reg is "busy" in the netlist, not "busy[0]"
    }
  return out;
}

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// The lines of module `top` in a write_verilog netlist.
std::vector<std::string> top_module_lines(const std::string& netlist, const std::string& top) {
  std::vector<std::string> lines;
  std::istringstream in(netlist);
  std::string l;
  bool inside = false;
  const std::regex header("^\\s*module\\s+\\\\?" + std::regex_replace(top, std::regex(R"([\\^$.|?*+()\[\]{}])"), R"(\$&)") +
                          "\\s*\\(");
  while (std::getline(in, l)) {
    if (!inside) {
      inside = std::regex_search(l, header);
      continue;
    }
    if (l.find("endmodule") != std::string::npos) break;
    lines.push_back(l);
  }
  return lines;
}

}  // namespace

ActivityAnnotation annotate_activity(const VcdActivity& vcd, const std::string& netlist, const std::string& top,
                                     const std::string& clock_port) {
  ActivityAnnotation a;
  const auto bits = vcd_bits(vcd);
  std::ostringstream tcl;
  tcl << "# Switching activity of " << vcd.top_scope << " from " << vcd.file << ", cycles " << vcd.first_cycle << ".."
      << vcd.first_cycle + vcd.cycles - 1 << " (" << vcd.cycles << " cycles of " << vcd.clock << ")\n";

  const std::regex input_decl(R"(^\s*input\s+(?:\[(\d+):(\d+)\]\s+)?(\\?\S+)\s*;)");
  const std::regex instance(R"(^\s*(\\?\S+)\s+(\\?\S+)\s*\($)");
  std::string inst;
  double in_sum = 0, reg_sum = 0, duty_sum = 0;
  for (const auto& l : top_module_lines(netlist, top)) {
    std::smatch m;
    if (std::regex_search(l, m, input_decl)) {
      const std::string name = compact_net(m[3]);
      if (name == clock_port) continue;
      std::vector<std::string> keys;
      if (m[1].matched) {
        const int msb = std::stoi(m[1]), lsb = std::stoi(m[2]);
        for (int b = std::min(msb, lsb); b <= std::max(msb, lsb); ++b) keys.push_back(name + "[" + std::to_string(b) + "]");
      } else {
        keys.push_back(name);
      }
      for (const auto& k : keys) {
        ++a.input_bits;
        auto it = bits.find(k);
        if (it == bits.end()) {
          if (a.unmatched_inputs.size() < 8) a.unmatched_inputs.push_back(k);
          continue;
        }
        ++a.inputs_annotated;
        in_sum += it->second.activity;
        duty_sum += it->second.duty;
        tcl << "set_power_activity -input_ports [get_ports {" << k << "}] -activity " << fmt(it->second.activity)
            << " -duty " << fmt(it->second.duty) << "\n";
      }
      continue;
    }
    if (std::regex_search(l, m, instance) && m[1] != "module") {
      inst = m[2];
      continue;
    }
    const size_t q = l.find(".Q(");
    if (q == std::string::npos || inst.empty()) continue;
    const size_t close = l.rfind(')');
    if (close == std::string::npos || close <= q + 3) continue;
    ++a.register_bits;
    auto it = bits.find(compact_net(l.substr(q + 3, close - q - 3)));
    if (it == bits.end()) continue;
    ++a.registers_annotated;
    reg_sum += it->second.activity;
    duty_sum += it->second.duty;
    // A comment, not a command: OpenSTA 2019's `set_power_activity -pins` calls a missing
    // get_pins_error, and sta::set_power_pin_activity leaves report_power unchanged (measured), so
    // register outputs get OpenSTA's activity propagated from the annotated inputs.
    tcl << "# register " << compact_net(inst) << "/Q recorded: activity " << fmt(it->second.activity) << " duty "
        << fmt(it->second.duty) << "\n";
  }
  a.mean_input_activity = a.inputs_annotated ? in_sum / double(a.inputs_annotated) : 0;
  a.mean_register_activity = a.registers_annotated ? reg_sum / double(a.registers_annotated) : 0;
  const uint64_t matched = a.inputs_annotated + a.registers_annotated;
  a.mean_activity = matched ? (in_sum + reg_sum) / double(matched) : 0;
  a.mean_duty = matched ? duty_sum / double(matched) : 0;
  a.tcl = tcl.str();
  return a;
}

}  // namespace gpucosim::synth
