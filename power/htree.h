#pragma once
// H-tree routing between the subarrays of an array and its edge: address in, data out (and data in
// for writes), built from repeated global wires. Subarrays sit on an ndwl x ndbl grid; one row of
// ndwl subarrays is active per access (CACTI's organisation; Wilton & Jouppi 1996).
#include "power/circuit.h"
#include "power/subarray.h"

namespace gpucosim::power {

struct HtreeConfig {
  int ndwl = 1, ndbl = 1;   // subarray grid: columns x rows
  double sub_width = 0;     // one subarray incl. periphery (m)
  double sub_height = 0;
  int addr_bits = 0;        // address and control lines routed to the active subarrays
  int data_bits = 0;        // data bits out of (and into) the active subarrays together
  PortCounts ports;
};

struct HtreeResult {
  double wire_area = 0;     // m^2 of routing tracks plus repeaters
  double width = 0, height = 0;  // whole array incl. subarrays and routing (m)
  double path_length = 0;   // edge to farthest subarray (m)
  double delay_in = 0;      // s, address from the edge to the subarray
  double delay_out = 0;     // s, data from the subarray to the edge
  double e_read = 0;        // J per read (address in, data out)
  double e_write = 0;       // J per write (address and data in)
  double leakage = 0;       // W, repeaters
};

HtreeResult model_htree(const Technology& t, const RepeatedWire& wire, const HtreeConfig& c);

}  // namespace gpucosim::power
