// OpenSTA output reader (see sta_output.h).
#include "synth/flow/sta_output.h"

#include <cmath>
#include <regex>
#include <sstream>

#include "kernel/input_error.h"
#include "synth/flow/text_trim.h"

namespace gpucosim::synth {

namespace {

// OpenSTA reports 1e30 as the slack of a design with no constrained path.
constexpr double kUnconstrained = 1e29;

bool parse_double(const std::string& s, double* v) {
  try {
    size_t used = 0;
    *v = std::stod(s, &used);
    return used > 0;
  } catch (const std::exception&) {
    return false;
  }
}

// "Startpoint: u_mem (rising edge-triggered flip-flop clocked by clk)" -> "u_mem"
std::string point_name(const std::string& rest) {
  const std::string t = trim(rest);
  const size_t paren = t.find(" (");
  return paren == std::string::npos ? t : t.substr(0, paren);
}

// Paths of one report_checks section; returns the one with the least slack.
bool worst_path(const std::vector<std::string>& lines, CriticalPath* out) {
  bool any = false, arrival_seen = false;
  CriticalPath cur;
  static const std::regex arrival(R"(^\s*(-?[0-9.eE+-]+)\s+data arrival time)");
  static const std::regex slack(R"(^\s*(-?[0-9.eE+-]+)\s+slack \((MET|VIOLATED)\))");
  for (const auto& l : lines) {
    std::smatch m;
    if (l.rfind("Startpoint:", 0) == 0) {
      cur = CriticalPath{};
      arrival_seen = false;
      cur.startpoint = point_name(l.substr(11));
    } else if (l.rfind("Endpoint:", 0) == 0) {
      cur.endpoint = point_name(l.substr(9));
    } else if (l.rfind("Path Group:", 0) == 0) {
      cur.group = trim(l.substr(11));
    } else if (!arrival_seen && std::regex_search(l, m, arrival)) {
      // The first "data arrival time" of a path; the summary repeats it negated.
      cur.arrival_ns = std::stod(m[1]);
      arrival_seen = true;
    } else if (std::regex_search(l, m, slack)) {
      cur.slack_ns = std::stod(m[1]);
      if (!any || cur.slack_ns < out->slack_ns) *out = cur;
      any = true;
    }
  }
  return any;
}

}  // namespace

StaReport parse_sta_output(const std::string& log, const std::string& origin) {
  StaReport r;
  std::istringstream in(log);
  std::string line, section;
  std::vector<std::string> setup_lines;
  bool have_setup = false, have_hold = false, have_power = false, have_table = false, done = false;
  double table[4] = {0, 0, 0, 0};
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (t.rfind("Error:", 0) == 0 || t.rfind("Error ", 0) == 0)
      throw InputError(origin, 0, "OpenSTA: " + t);
    if (t.rfind("Warning:", 0) == 0) {
      if (t.find(" not found") != std::string::npos)
        throw InputError(origin, 0,
                         "OpenSTA: " + t + " (an unmapped cell or a wrong port name makes the timing meaningless)");
      if (r.warnings.size() < 20) r.warnings.push_back("OpenSTA: " + t);
      continue;
    }
    if (t.rfind("GPUCOSIM ", 0) != 0) {
      if (section == "setup") setup_lines.push_back(t);
      // report_power's row "Total  internal switching leakage total percent" (W): the fallback
      // for OpenSTA versions without sta::design_power.
      if (section == "summary" && t.rfind("Total ", 0) == 0) {
        std::istringstream row(t.substr(6));
        have_table = static_cast<bool>(row >> table[0] >> table[1] >> table[2] >> table[3]);
      }
      continue;
    }
    std::istringstream f(t.substr(9));
    std::string key;
    f >> key;
    if (key == "section") {
      f >> section;
    } else if (key == "worst_setup_slack" || key == "worst_hold_slack") {
      std::string v;
      f >> v;
      double x = 0;
      if (!parse_double(v, &x)) throw InputError(origin, 0, "OpenSTA printed no number for " + key + ": '" + t + "'");
      (key == "worst_setup_slack" ? r.worst_setup_slack_ns : r.worst_hold_slack_ns) = x;
      (key == "worst_setup_slack" ? have_setup : have_hold) = true;
    } else if (key == "power_w") {
      double v[4];
      have_power = static_cast<bool>(f >> v[0] >> v[1] >> v[2] >> v[3]);
      if (have_power) {
        r.internal_w = v[0];
        r.switching_w = v[1];
        r.leakage_w = v[2];
        r.total_w = v[3];
      }
    } else if (key == "done") {
      done = true;
    }
  }
  if (!have_power && have_table) {
    r.internal_w = table[0], r.switching_w = table[1], r.leakage_w = table[2], r.total_w = table[3];
    have_power = true;
  }
  if (!done) throw InputError(origin, 0, "OpenSTA stopped before the end of its script (no 'GPUCOSIM done' line)");
  if (!have_setup || !have_hold) throw InputError(origin, 0, "OpenSTA printed no worst slack");
  if (!have_power) throw InputError(origin, 0, "OpenSTA printed no power figures");
  if (std::fabs(r.worst_setup_slack_ns) > kUnconstrained)
    throw InputError(origin, 0,
                     "OpenSTA found no constrained timing path: check the clock port in the manifest (\"clock\": "
                     "{\"port\": ...}) and that the netlist has registers or I/O paths");
  if (std::fabs(r.worst_hold_slack_ns) > kUnconstrained) {
    r.warnings.push_back("OpenSTA found no hold check; worst hold slack reported as 0");
    r.worst_hold_slack_ns = 0;
  }
  if (!worst_path(setup_lines, &r.critical_path))
    throw InputError(origin, 0, "OpenSTA's report_checks printed no setup path");
  return r;
}

}  // namespace gpucosim::synth
