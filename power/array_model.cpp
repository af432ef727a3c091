#include "power/array_model.h"

#include <algorithm>

namespace gpucosim::power {

std::optional<ArrayResult> evaluate_array(const Technology& t, const RepeatedWire& wire,
                                          const ArraySpec& spec, const Organisation& org) {
  const long row_div = long(org.ndbl) * org.nspd;
  if (spec.sets % row_div != 0) return std::nullopt;
  const long rows = spec.sets / row_div;
  const long col_bits = long(spec.bits_per_set) * org.nspd;
  if (col_bits % org.ndwl != 0) return std::nullopt;
  const long cols = col_bits / org.ndwl;
  // One row of mats works: both subarray rows of each mat (one row when Ndbl = 1).
  const int active = org.ndwl * (org.ndbl >= 2 ? 2 : 1);
  // Bits that do not split evenly (odd tag widths) give some subarrays one more bit to deliver.
  const int sensed = (spec.sensed_bits + active - 1) / active;
  const int out = (spec.out_bits + active - 1) / active;
  if (rows < 8 || rows > 1024 || cols < 8 || cols > 4096 || sensed > cols) return std::nullopt;
  const int mux = int(cols / sensed);
  if (mux > 32) return std::nullopt;

  ArrayResult a;
  a.org = org;
  a.rows = int(rows);
  a.cols = int(cols);
  a.subarrays = org.ndwl * org.ndbl;
  a.active_subarrays = active;
  a.column_mux = mux;
  SubarrayConfig sc;
  sc.rows = a.rows;
  sc.cols = a.cols;
  sc.sensed_bits = sensed;
  sc.out_bits = out;
  sc.ports = spec.ports;
  a.sub = model_subarray(t, sc);

  HtreeConfig hc;
  hc.ndwl = org.ndwl;
  hc.ndbl = org.ndbl;
  hc.sub_width = a.sub.width;
  hc.sub_height = a.sub.height;
  hc.addr_bits = spec.addr_bits;
  hc.data_bits = spec.out_bits;
  hc.ports = spec.ports;
  a.htree = model_htree(t, wire, hc);

  a.width = a.htree.width;
  a.height = a.htree.height;
  a.cell_area = a.subarrays * a.sub.cell_area;
  a.access_time = a.htree.delay_in + a.sub.access_delay() + a.htree.delay_out;
  // Subarray accesses pipeline behind the repeated H-tree, so the cycle is set by the subarray.
  a.cycle_time = a.sub.cycle_time();
  a.e_read = active * a.sub.e_read + a.htree.e_read;
  a.e_write = active * a.sub.e_write + a.htree.e_write;
  a.leakage = a.subarrays * a.sub.leakage + a.htree.leakage;
  return a;
}

}  // namespace gpucosim::power
