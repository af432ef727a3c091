#pragma once
// One SRAM array (a data array or a tag array) of identical subarrays joined by an H-tree, for one
// organisation (Ndwl, Ndbl, Nspd) in CACTI's terms: the logical array of `sets` rows is cut
// Ndbl ways along the bitlines and Ndwl ways along the wordlines, and Nspd sets share a wordline.
// Subarrays are grouped into mats of 2 x 2 that share their decoders; an access works one row of
// mats, i.e. both subarray rows of every mat in it, each subarray delivering its share of the
// bits (CACTI 6.0 report, HPL-2009-85, sec. 3). Arrays too small for a 2 x 2 mat use a single
// row or column of subarrays (Ndwl or Ndbl = 1), all of whose subarrays in the row work.
#include <optional>

#include "power/htree.h"
#include "power/subarray.h"

namespace gpucosim::power {

struct ArraySpec {
  long sets = 0;          // logical rows (sets for a cache, words for a RAM)
  int bits_per_set = 0;   // stored bits per set, all ways, ECC included
  int sensed_bits = 0;    // bits sensed per access (all ways of a set for a parallel-access cache)
  int out_bits = 0;       // bits leaving the array per access (after the way multiplexer)
  int addr_bits = 0;      // address and control lines routed in
  PortCounts ports;
};

struct Organisation {
  int ndwl = 1, ndbl = 1, nspd = 1;
};

struct ArrayResult {
  Organisation org;
  int rows = 0, cols = 0, subarrays = 0, active_subarrays = 0, column_mux = 1;
  SubarrayResult sub;
  HtreeResult htree;
  double width = 0, height = 0;  // m
  double cell_area = 0;          // m^2
  double access_time = 0;        // s
  double cycle_time = 0;         // s
  double e_read = 0, e_write = 0;  // J per access
  double leakage = 0;            // W

  double area() const { return width * height; }
};

// Returns nothing when the organisation does not divide the array evenly or breaks the subarray
// limits (rows 8..1024, columns 8..4096, column multiplexer up to 32).
std::optional<ArrayResult> evaluate_array(const Technology& t, const RepeatedWire& wire,
                                          const ArraySpec& spec, const Organisation& org);

}  // namespace gpucosim::power
