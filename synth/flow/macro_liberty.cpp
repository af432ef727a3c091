// Liberty text for SRAM macros (see macro_liberty.h).
#include "synth/flow/macro_liberty.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

namespace gpucosim::synth {

namespace {

// Pin capacitances: a macro buffers its inputs, so each loads its driver like a flip-flop input
// (osu018 DFFPOSX1: D 0.009 pF, CLK 0.028 pF). Values in pF.
constexpr double kInputCapPf = 0.01;
constexpr double kClockCapPf = 0.03;
// Address and data are latched at the clock edge; the latches need a setup window, taken as a
// tenth of the access time (at least 50 ps). Output transition likewise.
constexpr double kSetupFraction = 0.1;
constexpr double kMinSetupNs = 0.05;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

std::string scalar(const char* group, double v) {
  return std::string(group) + " (scalar) { values (\"" + num(v) + "\"); }";
}

void constraint(std::ostringstream& o, const std::string& clock, const char* type, double v) {
  o << "      timing () { related_pin : \"" << clock << "\"; timing_type : " << type << "; "
    << scalar("rise_constraint", v) << " " << scalar("fall_constraint", v) << " }\n";
}

}  // namespace

std::string macro_liberty(const std::vector<SizedMacro>& macros, const std::vector<MacroCost>& costs,
                          const MacroLibertyOptions& options) {
  std::ostringstream o;
  o << "/* SRAM macros of one block, written by `gpucosim synth`: timing and area from the gpucosim SRAM\n"
       "   model; power is added by the driver. Units match the OSU standard-cell libraries. */\n";
  o << "library (gpucosim_sram_macros) {\n"
       "  delay_model : table_lookup;\n"
       "  time_unit : \"1ns\";\n  voltage_unit : \"1V\";\n  current_unit : \"1uA\";\n"
       "  leakage_power_unit : \"1nW\";\n  capacitive_load_unit (1,pf);\n"
       "  slew_upper_threshold_pct_rise : 80;\n  slew_lower_threshold_pct_rise : 20;\n"
       "  slew_upper_threshold_pct_fall : 80;\n  slew_lower_threshold_pct_fall : 20;\n"
       "  input_threshold_pct_rise : 50;\n  input_threshold_pct_fall : 50;\n"
       "  output_threshold_pct_rise : 50;\n  output_threshold_pct_fall : 50;\n"
       "  nom_process : 1;\n  nom_voltage : "
    << num(options.nom_voltage) << ";\n  nom_temperature : 25;\n";

  std::set<int> widths;
  for (const auto& m : macros)
    for (const auto& p : m.pins)
      if (p.width > 1) widths.insert(p.width);
  for (int w : widths)
    o << "  type (gpucosim_bus_" << w << ") { base_type : array; data_type : bit; bit_width : " << w
      << "; bit_from : " << w - 1 << "; bit_to : 0; downto : true; }\n";

  for (size_t i = 0; i < macros.size(); ++i) {
    const SizedMacro& m = macros[i];
    const MacroCost& c = costs[i];
    const double setup = std::max(kMinSetupNs, kSetupFraction * c.access_ns);
    const double slew = std::max(kMinSetupNs, kSetupFraction * c.access_ns);
    const std::string& clk = m.decl.clock;
    o << "  cell (" << m.cell << ") {\n    area : " << num(c.area_um2) << ";\n"
      << "    dont_touch : true;\n    dont_use : true;\n    cell_leakage_power : 0;\n";
    for (const auto& p : m.pins) {
      const bool bus = p.width > 1;
      o << "    " << (bus ? "bus" : "pin") << " (" << p.name << ") {\n";
      if (bus) o << "      bus_type : gpucosim_bus_" << p.width << ";\n";
      if (p.name == clk) {
        o << "      direction : input;\n      capacitance : " << num(kClockCapPf) << ";\n      clock : true;\n";
      } else if (p.output) {
        o << "      direction : output;\n";
        o << "      timing () { related_pin : \"" << clk << "\"; timing_type : rising_edge; "
          << scalar("cell_rise", c.access_ns) << " " << scalar("cell_fall", c.access_ns) << " "
          << scalar("rise_transition", slew) << " " << scalar("fall_transition", slew) << " }\n";
      } else {
        o << "      direction : input;\n      capacitance : " << num(kInputCapPf) << ";\n";
        constraint(o, clk, "setup_rising", setup);
        constraint(o, clk, "hold_rising", 0.0);
      }
      o << "    }\n";
    }
    o << "  }\n";
  }
  o << "}\n";
  return o.str();
}

}  // namespace gpucosim::synth
