#include "power/circuit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gpucosim::power {

BufferChain size_buffer_chain(const Technology& t, double c_in, double c_load, double g, double b,
                              double extra_parasitic) {
  BufferChain r;
  const double h = std::max(c_load / c_in, 1.0);
  const double path_effort = std::max(g * b * h, 1.0);
  r.stages = std::max(1, int(std::lround(std::log(path_effort) / std::log(4.0))));
  r.stage_effort = std::pow(path_effort, 1.0 / r.stages);
  // Parasitic delay of an inverter is ~1 tau (p_inv = 1 with diffusion cap ~ gate cap).
  r.delay = t.tau() * (r.stages * r.stage_effort + r.stages * 1.0 + extra_parasitic);
  // Stage input capacitances grow geometrically from the load back to the input; the chain's
  // electrical step is (c_load/c_in)^(1/N) once logical and branching efforts are set aside.
  const double step = std::pow(h, 1.0 / r.stages);
  double c_stage_sum = 0;
  double c = c_load;
  r.stage_width.assign(size_t(r.stages), 0.0);
  for (int i = r.stages - 1; i >= 0; --i) {
    c /= step;
    c_stage_sum += c;
    r.stage_width[size_t(i)] = c / t.dev.c_gate;
  }
  // Each stage's input cap is matched by about the same diffusion cap at the previous output.
  const double vdd = t.dev.vdd;
  r.energy = (c_load + 2.0 * c_stage_sum) * vdd * vdd;
  r.width = c_stage_sum / t.dev.c_gate;
  // In a quiescent chain every stage has one device off: on average half the width, with NMOS and
  // PMOS alternating (PMOS takes 2/3 of each stage's width).
  const double i_off_avg = 0.5 * t.dev.i_off * (1.0 + t.dev.pmos_off_ratio);
  r.leakage = 0.5 * r.width * i_off_avg * vdd;
  return r;
}

RepeatedWire design_repeated_wire(const Technology& t, const WireParams& w, double delay_penalty) {
  const double wmin = t.w_min();
  const double rd1 = t.r_on_n(wmin);                 // minimum inverter output resistance
  const double cin1 = 3.0 * wmin * t.dev.c_gate;     // minimum inverter input cap (NMOS + 2x PMOS)
  const double cp1 = 3.0 * wmin * t.dev.c_drain;     // and its output diffusion cap
  const double r = w.r_per_m, c = w.c_per_m, vdd = t.dev.vdd;

  struct Point { double h, l, delay, energy; };
  std::vector<Point> pts;
  pts.reserve(80 * 80);
  double best_delay = std::numeric_limits<double>::max();
  for (int i = 0; i < 80; ++i) {
    const double hsz = std::pow(10.0, 0.0 + 3.0 * i / 79.0);      // 1 .. 1000 x minimum
    for (int j = 0; j < 80; ++j) {
      const double l = std::pow(10.0, -6.0 + 4.0 * j / 79.0);    // 1 um .. 10 mm
      const double rd = rd1 / hsz, ci = cin1 * hsz, cp = cp1 * hsz;
      const double seg = 0.69 * rd * (cp + c * l + ci) + r * l * (0.38 * c * l + 0.69 * ci);
      const Point p{hsz, l, seg / l, (c * l + ci + cp) * vdd * vdd / l};
      best_delay = std::min(best_delay, p.delay);
      pts.push_back(p);
    }
  }
  const Point* pick = nullptr;
  for (const Point& p : pts)
    if (p.delay <= (1.0 + delay_penalty) * best_delay && (!pick || p.energy < pick->energy)) pick = &p;
  RepeatedWire rw;
  rw.delay_per_m = pick->delay;
  rw.energy_per_m = pick->energy;
  rw.repeater_size = pick->h;
  rw.spacing = pick->l;
  const double width = 3.0 * wmin * pick->h;
  const double i_off_avg = 0.5 * t.dev.i_off * (1.0 + t.dev.pmos_off_ratio);
  rw.leakage_per_m = 0.5 * width * i_off_avg * vdd / pick->l;
  rw.area_per_m = (t.transistor_area(wmin * pick->h) + t.transistor_area(2 * wmin * pick->h)) / pick->l;
  return rw;
}

double device_strip_length(const Technology& t, double w, double room) {
  const double folds = std::max(1.0, std::ceil(w / std::max(room, t.feature)));
  return folds * 1.5 * 4.0 * t.feature;
}

double rc_wire_delay(const WireParams& w, double length, double r_drv, double c_load) {
  const double cw = w.c_per_m * length, rw = w.r_per_m * length;
  return 0.69 * r_drv * (cw + c_load) + rw * (0.38 * cw + 0.69 * c_load);
}

}  // namespace gpucosim::power
