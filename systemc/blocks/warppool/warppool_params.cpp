// The derived widths of WarpPoolParams (the RTL's localparams).
#include "systemc/blocks/warppool/warppool_params.h"

namespace gpucosim {

uint32_t clog2_min1(uint64_t v) {
  uint32_t b = 0;
  while ((uint64_t(1) << b) < v) ++b;
  return b == 0 ? 1 : b;
}

uint32_t WarpPoolParams::warp_bits() const { return clog2_min1(n_warps); }
uint32_t WarpPoolParams::id_bits() const { return clog2_min1(mshr_requests); }
uint32_t WarpPoolParams::tmt_bits() const { return clog2_min1(tmt_entries); }

}  // namespace gpucosim
