#include "systemc/blocks/warppool/warppool_params.h"

#include "kernel/input_error.h"
#include "systemc/memory/cache/set_index.h"

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

namespace {
const char* option_of(const char* field) { return kit::find_param(WarpPoolParams::table(), field)->option; }
[[noreturn]] void bad(const char* field, const std::string& expected) {
  throw InputError("warppool", 0, std::string("-") + option_of(field) + ": expected " + expected);
}
bool pow2(uint32_t v) { return v && !(v & (v - 1)); }
}  // namespace

void WarpPoolParams::validate() const {
  kit::check_ranges(table(), this, "warppool");
  if (uint64_t(iq_count) * warps_per_iq < n_warps)
    bad("iq_count", "iq_count x warps_per_iq >= n_warps (" + std::to_string(iq_count) + " x " +
                        std::to_string(warps_per_iq) + " < " + std::to_string(n_warps) + " warps)");
  if (!pow2(n_queues)) bad("n_queues", "a power of two, got " + std::to_string(n_queues));
  if (hash == 1 && set_bits != 5 && set_bits != 6)
    bad("set_bits", "5 or 6 for the Fermi hash (32 or 64 sets), got " + std::to_string(set_bits));
  if (hash == 1 && addr_bits < 20)
    bad("addr_bits", "at least 20 for the Fermi hash (it reads address bit 19), got " + std::to_string(addr_bits));
  if (hash == 3 && Gf2PolyHash::polynomial(set_bits) == 0)
    bad("set_bits", "a set count with an IPOLY polynomial (2 to 2^16 sets)");
  if (poly != (hash == 3 ? Gf2PolyHash::polynomial(set_bits) : 0))
    bad("poly", "the IPOLY polynomial of 2^set_bits sets with hash 3, else 0; got " + std::to_string(poly));
  if (uint32_t(1) << set_bits < n_queues)
    bad("n_queues", "at most the L1 set count (" + std::to_string(1u << set_bits) +
                        "): the queue index is the low bits of the set index");
}

bool WarpPoolParams::operator==(const WarpPoolParams& o) const {
  return kit::first_difference(table(), this, &o, "vs").empty();
}

std::string WarpPoolParams::describe() const { return kit::describe(table(), this); }

}  // namespace gpucosim
