#pragma once
// Circuit building blocks shared by the subarray and H-tree models: logical-effort buffer chains
// and repeated global wires. Everything is SI units.
#include <vector>

#include "power/technology.h"

namespace gpucosim::power {

// A chain of inverting stages sized by logical effort to drive c_load from an input of c_in.
struct BufferChain {
  int stages = 0;
  double stage_effort = 0;  // f
  double delay = 0;         // s, input transition to output transition
  double energy = 0;        // J for one charge of every internal node and the load (C V^2)
  double width = 0;         // total NMOS+PMOS width of the chain (m)
  double leakage = 0;       // W, static, half the devices off
  std::vector<double> stage_width;  // NMOS+PMOS width of each stage, input first (m)
};

// Sizes a chain for path logical effort G (gates on the path), branching effort B (off-path
// fan-out) and electrical effort H = c_load / c_in, with the optimum stage count
// N = round(log4(G B H)) (Weste & Harris 4th ed., sec. 4.5, eqs. 4.29-4.33).
// extra_parasitic adds the parasitic delay of non-inverter gates on the path (in units of tau).
BufferChain size_buffer_chain(const Technology& t, double c_in, double c_load, double g = 1.0,
                              double b = 1.0, double extra_parasitic = 0.0);

// An optimally repeated wire relaxed to trade delay for energy (CACTI's "Global_30" style: at most
// 30% slower than the delay-optimal design). Per-metre figures.
struct RepeatedWire {
  double delay_per_m = 0;    // s/m
  double energy_per_m = 0;   // J/m for one full-swing transition (C V^2)
  double leakage_per_m = 0;  // W/m of repeaters
  double area_per_m = 0;     // m^2/m of repeater transistors (the wire tracks are counted separately)
  double repeater_size = 0;  // multiples of a minimum inverter
  double spacing = 0;        // m between repeaters
};

// Bakoglu's repeated-wire model: segment delay 0.69 Rd (Cp + c l + Cin) + r l (0.38 c l + 0.69 Cin)
// (H. Bakoglu, "Circuits, Interconnections and Packaging for VLSI", 1990, ch. 5; Weste & Harris
// sec. 6.4.2), searched over repeater size and spacing; the lowest-energy design within
// (1 + delay_penalty) of the fastest is returned.
RepeatedWire design_repeated_wire(const Technology& t, const WireParams& w, double delay_penalty);

// Length one device of width w takes along a strip whose other dimension offers `room` for the
// device's width: one contacted gate pitch (4F, plus 50% for local wiring) per fold (Weste &
// Harris ch. 1: contacted poly pitch ~8 lambda; wide devices are folded into parallel fingers).
double device_strip_length(const Technology& t, double w, double room);

// Distributed-RC (Elmore) delay of an unrepeated wire of length l driven by resistance r_drv into
// c_load: r_drv (c l + c_load) + r l (c l / 2 + c_load), with the 0.69 / 0.38 step-response factors.
double rc_wire_delay(const WireParams& w, double length, double r_drv, double c_load);

}  // namespace gpucosim::power
