#pragma once
// Scaling of logic area, gate delay and switching energy between CMOS process nodes, from the
// fitted tables and equations of
//   A. Stillmaker and B. Baas, "Scaling equations for the accurate prediction of CMOS device
//   performance from 180 nm to 7 nm", Integration, the VLSI Journal 58 (2017) 74-81,
//   doi:10.1016/j.vlsi.2017.02.002.
// Area factors are the paper's area scaling table; delay and energy factors evaluate its
// polynomial fits (delay cubic, energy quadratic in Vdd) at each node's nominal supply (PTM bulk
// 180..32 nm, PTM-MG high-performance 20..7 nm). Nodes between table entries (e.g. 28 nm) are
// interpolated log-log between the neighbours and flagged as interpolated.
//
// Used by the synthesis flow (logic figures at 45/28 nm beside the 180 nm liberty results) and by
// the GPU energy model (per-operation energies published at 45 nm, scaled to the configured node).
#include <string>

namespace gpucosim::power {

struct NodeScaling {
  double from_nm = 0, to_nm = 0;
  double area = 1;     // area(to) / area(from)
  double delay = 1;    // gate delay(to) / gate delay(from); fmax scales by 1 / delay
  double energy = 1;   // switching energy per operation(to) / (from)
  bool interpolated = false;  // a node is not one of the paper's table entries
};

constexpr double kStillmakerMinNm = 7;
constexpr double kStillmakerMaxNm = 180;

// Throws std::invalid_argument when a node lies outside 7..180 nm.
NodeScaling stillmaker_scaling(double from_nm, double to_nm);

bool stillmaker_covers(double node_nm);

// One-line reference for reports ("Stillmaker & Baas 2017, Integration 58:74-81").
const char* stillmaker_citation();

}  // namespace gpucosim::power
