// Per-node technology tables for the SRAM model.
//
// Sources (values are read from the published tables and rounded; they are not fitted, with one
// exception: the 90 nm HP off-current comes from the fitted calibration, see below):
//  * Devices (Vdd, Vth, gate and drain capacitance per width, Ion, Ioff at 300 K) for the ITRS
//    high-performance (HP) and low-standby-power (LSTP) families: ITRS 2005/2007 editions,
//    Process Integration, Devices and Structures (PIDS) tables, as summarised for 90/65/45/32/22 nm
//    in N. Muralimanohar, R. Balasubramonian, N. Jouppi, "CACTI 6.0: A Tool to Model Large Caches",
//    HP Labs HPL-2009-85, sec. 2 (technology modelling), and in the CACTI 7 paper (R. Balasubramonian
//    et al., ACM TACO 14(2), 2017).
//  * Wires: ITRS 2007 Interconnect chapter (effective Cu resistivity incl. barrier and scattering,
//    intermediate/global wire aspect ratios, capacitance per length ~0.2 fF/um, roughly constant).
//  * 6T cell: ~146 F^2 with aspect 1.46 (ITRS SRAM cell-area factor as used in the CACTI 6 report);
//    transistor ratios from the read-stability / writability rules in Weste & Harris, "CMOS VLSI
//    Design" 4th ed., sec. 12.2 (pull-down ~1.5x access, pull-up weaker than access).
//  * Temperature dependence of subthreshold leakage: I ~ T^2 exp(-(Vth(T))/(n kT/q)) with
//    dVth/dT = -0.7 mV/K and n = 1.5 (Weste & Harris sec. 2.4.4; Taur & Ning ch. 3).
#include "power/technology.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "power/calibration.h"

namespace gpucosim::power {

const char* to_string(CellFamily f) { return f == CellFamily::HighPerformance ? "hp" : "lstp"; }

namespace {

struct NodeRow {
  double node_nm;
  // device: vdd (V), vth (V), cg (fF/um), cd (fF/um), ion (uA/um), ioff at 300 K (nA/um)
  double vdd, vth, cg, cd, ion, ioff;
};

// ITRS HP: logic devices with low Vth (MPU-class). Ioff rises to the 45 nm node, then the roadmap
// holds it (metal gates, high-k) while Vdd keeps falling. The 90 nm Ioff is not read from the
// roadmap: its published range is wide (tens of nA/um) and the reference leakage sits at its low
// end, so the entry is a fitted constant (SramCalibration::ioff_hp_90nm) filled in below.
constexpr std::array<NodeRow, 5> kHp{{
    {22, 0.80, 0.16, 0.60, 0.40, 2000, 100},
    {32, 0.90, 0.17, 0.70, 0.45, 1750, 150},
    {45, 1.00, 0.18, 0.80, 0.50, 1500, 150},
    {65, 1.10, 0.20, 0.90, 0.55, 1200, 100},
    {90, 1.20, 0.23, 1.00, 0.60, 1050, 0 /* fitted: SramCalibration::ioff_hp_90nm */},
}};

// ITRS LSTP: high-Vth, thicker-oxide devices targeting ~10-50 pA/um standby current.
constexpr std::array<NodeRow, 5> kLstp{{
    {22, 0.90, 0.45, 0.70, 0.40, 750, 0.040},
    {32, 1.00, 0.48, 0.80, 0.45, 680, 0.030},
    {45, 1.10, 0.50, 0.90, 0.50, 600, 0.020},
    {65, 1.20, 0.50, 1.00, 0.55, 520, 0.010},
    {90, 1.20, 0.50, 1.10, 0.60, 440, 0.010},
}};

struct WireRow {
  double node_nm;
  double rho_local;  // effective resistivity of minimum-pitch Cu (uOhm cm)
  double c_local;    // fF/um
  double rho_global; // semi-global wire resistivity (uOhm cm)
  double c_global;   // fF/um
};

// ITRS 2007 interconnect: effective resistivity grows as wires shrink (surface and grain-boundary
// scattering plus barrier); capacitance per length stays ~0.2 fF/um as low-k offsets density.
constexpr std::array<WireRow, 5> kWires{{
    {22, 5.8, 0.17, 4.0, 0.19},
    {32, 4.8, 0.18, 3.5, 0.19},
    {45, 4.1, 0.18, 3.1, 0.20},
    {65, 3.4, 0.19, 2.8, 0.20},
    {90, 3.0, 0.19, 2.6, 0.21},
}};

// Geometric (log-log) interpolation between the two table nodes bracketing `node`, extrapolating
// from the end segment outside 22..90 nm: device quantities follow power laws of the feature size
// to first order (Dennard scaling), so a straight line in log-log space is the natural fit.
template <typename Row, size_t N, typename Get>
double interp(const std::array<Row, N>& t, double node, Get get) {
  size_t i = 0;
  while (i + 2 < N && node > t[i + 1].node_nm) ++i;
  const Row& a = t[i];
  const Row& b = t[i + 1];
  double x = (std::log(node) - std::log(a.node_nm)) / (std::log(b.node_nm) - std::log(a.node_nm));
  return std::exp(std::log(get(a)) + x * (std::log(get(b)) - std::log(get(a))));
}

double temperature_factor(double vth, double t_k) {
  constexpr double kBoverQ = 8.617e-5;  // V/K
  constexpr double n = 1.5;
  const double vt300 = kBoverQ * 300.0;
  const double vt = kBoverQ * t_k;
  const double vth_t = vth - 0.7e-3 * (t_k - 300.0);
  return (t_k / 300.0) * (t_k / 300.0) * std::exp(vth / (n * vt300) - vth_t / (n * vt));
}

}  // namespace

double Technology::tau() const {
  const double w = w_min();
  return r_on_n(w) * 3.0 * w * dev.c_gate;
}

Technology make_technology(double node_nm, CellFamily family, double temperature_k, const SramCalibration& cal) {
  if (!(node_nm >= kMinNodeNm && node_nm <= kMaxNodeNm))
    throw std::invalid_argument("technology node " + std::to_string(node_nm) + " nm is outside " +
                                std::to_string(int(kMinNodeNm)) + ".." + std::to_string(int(kMaxNodeNm)) + " nm");
  if (!(temperature_k >= 250 && temperature_k <= 450))
    throw std::invalid_argument("temperature must be within 250..450 K");
  std::array<NodeRow, 5> table = family == CellFamily::HighPerformance ? kHp : kLstp;
  if (family == CellFamily::HighPerformance) table[4].ioff = cal.ioff_hp_90nm;
  Technology t;
  t.cal = cal;
  t.node_nm = node_nm;
  t.feature = node_nm * 1e-9;
  t.temperature_k = temperature_k;
  t.family = family;

  auto dv = [&](auto get) { return interp(table, node_nm, get); };
  t.dev.vdd = dv([](const NodeRow& r) { return r.vdd; });
  t.dev.vth = dv([](const NodeRow& r) { return r.vth; });
  t.dev.c_gate = dv([](const NodeRow& r) { return r.cg; }) * 1e-15 / 1e-6;
  t.dev.c_drain = dv([](const NodeRow& r) { return r.cd; }) * 1e-15 / 1e-6;
  t.dev.i_on = dv([](const NodeRow& r) { return r.ion; }) * 1e-6 / 1e-6;
  t.dev.i_off = dv([](const NodeRow& r) { return r.ioff; }) * 1e-9 / 1e-6 *
                temperature_factor(t.dev.vth, temperature_k);

  auto wv = [&](auto get) { return interp(kWires, node_nm, get); };
  const double f = t.feature;
  // Minimum-pitch wire: width F, spacing F, thickness 1.8 F (ITRS aspect ratio for M1/intermediate).
  const double rho_l = wv([](const WireRow& r) { return r.rho_local; }) * 1e-8;  // uOhm cm -> ohm m
  t.local.r_per_m = rho_l / (f * 1.8 * f);
  t.local.c_per_m = wv([](const WireRow& r) { return r.c_local; }) * 1e-15 / 1e-6;
  t.local.pitch = 2 * f;
  // Semi-global (intermediate) wire for the H-tree: width 2F, spacing 2F, thickness 2 x width
  // (ITRS intermediate-level aspect ratio); CACTI's reference runs route inside and outside the
  // mats on this level too ("Wire inside/outside mat - semi-global").
  const double rho_g = wv([](const WireRow& r) { return r.rho_global; }) * 1e-8;
  t.global.r_per_m = cal.wire_resistance * rho_g / (2 * f * 2.0 * 2 * f);
  t.global.c_per_m = wv([](const WireRow& r) { return r.c_global; }) * 1e-15 / 1e-6;
  t.global.pitch = 4 * f;

  t.cell.port_track_f = cal.port_track_f;
  return t;
}

}  // namespace gpucosim::power
