#pragma once
// H-tree routing between the mats of an array and its edge: address in, data out (and data in for
// writes), built from repeated semi-global wires. Subarrays sit on an ndwl x ndbl grid, grouped
// into mats of 2 x 2 subarrays (CACTI's organisation; Wilton & Jouppi 1996, Muralimanohar et al.
// HPL-2009-85 sec. 3); one row of mats works per access.
#include "power/circuit.h"
#include "power/subarray.h"

namespace gpucosim::power {

struct HtreeConfig {
  int ndwl = 1, ndbl = 1;   // subarray grid: columns x rows
  double sub_width = 0;     // one subarray incl. periphery (m)
  double sub_height = 0;
  int addr_bits = 0;        // address and control lines routed to the active mats
  int data_bits = 0;        // data bits out of (and into) the array per access
  PortCounts ports;
};

struct HtreeResult {
  double width = 0, height = 0;  // whole array incl. subarrays and routing channels (m)
  double channel_width = 0;      // routing added across the wordlines (vertical trunks, m)
  double channel_height = 0;     // routing added along the wordlines (horizontal branches, m)
  double path_length = 0;        // edge to farthest mat (m)
  double delay_in = 0;           // s, address from the edge to the mat
  double delay_out = 0;          // s, data from the mat to the edge
  double e_read = 0;             // J per read (address in, data out)
  double e_write = 0;            // J per write (address and data in)
  double leakage = 0;            // W, repeaters

  double area() const { return width * height; }
};

HtreeResult model_htree(const Technology& t, const RepeatedWire& wire, const HtreeConfig& c);

}  // namespace gpucosim::power
