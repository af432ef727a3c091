#pragma once
// Technology parameters for the embedded SRAM model: devices, wires and the 6T cell, per process
// node and device family. All members are SI base units (m, F, ohm, A, V, s) so that the
// equations elsewhere need no unit juggling. The per-node tables and their sources live in
// technology.cpp; nodes between table entries are interpolated geometrically.
#include <string>

#include "power/calibration.h"

namespace gpucosim::power {

// The two ITRS device families the model knows (CACTI calls them "itrs-hp" and "itrs-lstp").
enum class CellFamily { HighPerformance, LowStandbyPower };

const char* to_string(CellFamily f);  // "hp" / "lstp"

struct DeviceParams {
  double vdd = 0;            // supply (V)
  double vth = 0;            // nominal threshold at 300 K (V), used for the temperature model
  double c_gate = 0;         // gate capacitance per metre of width, incl. overlap and fringe (F/m)
  double c_drain = 0;        // drain junction capacitance per metre of width (F/m)
  double i_on = 0;           // NMOS saturation on-current per metre of width (A/m)
  double i_off = 0;          // NMOS subthreshold off-current per metre of width at the chosen temperature (A/m)
  double pmos_on_ratio = 0.5;   // PMOS on-current relative to NMOS (hole mobility)
  double pmos_off_ratio = 0.5;  // PMOS off-current relative to NMOS
};

struct WireParams {
  double r_per_m = 0;  // resistance (ohm/m)
  double c_per_m = 0;  // capacitance (F/m)
  double pitch = 0;    // wire pitch (m), used for routing area
};

struct CellParams {
  double area_f2 = 146;      // 1-port 6T cell area in F^2
  double aspect = 1.46;      // height / width of the 1-port cell (CACTI-style orientation: rows are the taller pitch)
  double w_access_f = 1.3;   // access transistor width (F)
  double w_pulldown_f = 2.0; // pull-down NMOS width (F)
  double w_pullup_f = 1.2;   // pull-up PMOS width (F)
  double port_track_f = 0;   // extra pitch per additional port (F): one wordline / one bitline track
};

struct Technology {
  double node_nm = 0;
  double feature = 0;        // F (m)
  double temperature_k = 0;
  CellFamily family = CellFamily::HighPerformance;
  DeviceParams dev;
  WireParams local;          // bitlines, wordlines, in-subarray routing (minimum-pitch metal)
  WireParams global;         // H-tree routing between subarrays (semi-global metal)
  CellParams cell;
  SramCalibration cal;       // the fitted constants the equations use (calibration.h)

  double w_min() const { return 2.0 * feature; }  // minimum logic NMOS width
  // Effective switching resistance of an NMOS of width w: R = 3/4 Vdd / Ion (Rabaey, Digital
  // Integrated Circuits 2nd ed., sec. 3.3.2), times the fitted drive factor (the ITRS Ion is a
  // best-case figure; the average current during a real transition is lower).
  double r_on_n(double w) const { return cal.drive_factor * 0.75 * dev.vdd / (dev.i_on * w); }
  double r_on_p(double w) const { return r_on_n(w) / dev.pmos_on_ratio; }
  // Logical-effort time unit tau: a unit inverter (NMOS w, PMOS 2w) driving its own input
  // capacitance (Weste & Harris, CMOS VLSI Design 4th ed., ch. 4).
  double tau() const;
  // Layout area of a transistor of width w (m^2): width plus diffusion overhang times a contacted
  // poly pitch of 4F, plus 50% for local wiring (Weste & Harris ch. 1 layout rules in lambda).
  double transistor_area(double w) const { return 1.5 * (w + 2 * feature) * 4 * feature; }
};

// Valid node range: 16..180 nm. Throws std::invalid_argument outside it.
constexpr double kMinNodeNm = 16;
constexpr double kMaxNodeNm = 180;
Technology make_technology(double node_nm, CellFamily family, double temperature_k = 360.0,
                           const SramCalibration& cal = fitted_calibration());

}  // namespace gpucosim::power
