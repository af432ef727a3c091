// WarpPoolParams::validate(): the declared ranges and the combinations between fields. Kept out
// of the declaration's library (warppool_params.cpp) because it needs the L1's set-index
// polynomials: the configuration library links only the declaration.
#include "kernel/input_error.h"
#include "systemc/blocks/warppool/warppool_params.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

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

}  // namespace gpucosim
