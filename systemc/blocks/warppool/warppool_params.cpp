#include "systemc/blocks/warppool/warppool_params.h"


namespace gpucosim {

uint32_t clog2_min1(uint64_t v) {
  uint32_t b = 0;
  while ((uint64_t(1) << b) < v) ++b;
  return b == 0 ? 1 : b;
}

const kit::ParamTable& WarpPoolParams::table() {
  static const kit::ParamTable t = {
#define GPUCOSIM_PARAM(...) GPUCOSIM_KIT_PARAM_ROW(WarpPoolParams, __VA_ARGS__)
#include "systemc/blocks/warppool/warppool_params.def"
#undef GPUCOSIM_PARAM
  };
  return t;
}

uint32_t WarpPoolParams::warp_bits() const { return clog2_min1(n_warps); }
uint32_t WarpPoolParams::id_bits() const { return clog2_min1(mshr_requests); }
uint32_t WarpPoolParams::tmt_bits() const { return clog2_min1(tmt_entries); }

bool WarpPoolParams::operator==(const WarpPoolParams& o) const {
  return kit::first_difference(table(), this, &o, "vs").empty();
}

std::string WarpPoolParams::describe() const { return kit::describe(table(), this); }

}  // namespace gpucosim
