#pragma once
// SRAM estimates for arrays whose shape the SRAM model cannot take directly: RTL memory macros of
// any words x bits (WarpPool's 256 x 96 MSHR table), a 48 KB shared memory, a 6-way cache. The
// embedded model (power/sram_model.h) needs power-of-two sizes and access widths, so the array is
// padded up to the next power of two in words (sets x ways for a cache) and bytes per access, and
// the figures are scaled back:
//   area and leakage     x (used bits / padded bits)    -- cells dominate both
//   read/write energy    x (used width / padded width)  -- bitlines and sense amps per bit read
//   access / cycle time  unchanged (a padded array is at least as slow; conservative)
// Exact when no padding is needed. Used by the synthesis flow and the GPU energy model.
#include <cstdint>

#include "power/sram_model.h"

namespace gpucosim::power {

struct RamMacroSpec {
  uint64_t words = 0;
  uint64_t bits = 0;             // bits per word (one access)
  PortCounts ports;              // default 1rw
  double node_nm = 0;
  CellFamily cell = CellFamily::HighPerformance;
  bool ecc = false;              // RTL macros hold exactly the bits the RTL declares
};

// Throws InputError for zero words/bits, an impossible port set or a node outside the model.
SramEstimate estimate_ram_macro(const RamMacroSpec& spec);

struct CacheArraySpec {
  uint64_t sets = 0, ways = 0, line_bytes = 0;
  PortCounts ports;
  double node_nm = 0;
  CellFamily cell = CellFamily::HighPerformance;
};

// A cache with tags; sets x ways padded to powers of two as above.
SramEstimate estimate_cache_array(const CacheArraySpec& spec);

}  // namespace gpucosim::power
