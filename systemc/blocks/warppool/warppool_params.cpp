#include "systemc/blocks/warppool/warppool_params.h"

#include <sstream>

#include "kernel/input_error.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

uint32_t clog2_min1(uint64_t v) {
  uint32_t b = 0;
  while ((uint64_t(1) << b) < v) ++b;
  return b == 0 ? 1 : b;
}

uint32_t WarpPoolParams::warp_bits() const { return clog2_min1(n_warps); }
uint32_t WarpPoolParams::id_bits() const { return clog2_min1(mshr_requests); }
uint32_t WarpPoolParams::tmt_bits() const { return clog2_min1(tmt_entries); }

namespace {
[[noreturn]] void bad(const std::string& field, const std::string& expected) {
  throw InputError("warppool", 0, field + ": expected " + expected);
}
void range(const char* field, uint32_t v, uint32_t lo, uint32_t hi) {
  if (v < lo || v > hi)
    bad(field, "a value from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + std::to_string(v));
}
bool pow2(uint32_t v) { return v && !(v & (v - 1)); }
}  // namespace

void WarpPoolParams::validate() const {
  range("n_warps", n_warps, 1, 64);
  range("iq_count", iq_count, 1, 64);
  range("iq_depth", iq_depth, 1, 64);
  range("warps_per_iq", warps_per_iq, 1, 64);
  if (uint64_t(iq_count) * warps_per_iq < n_warps)
    bad("iq_count", "iq_count x warps_per_iq >= n_warps (" + std::to_string(iq_count) + " x " +
                        std::to_string(warps_per_iq) + " < " + std::to_string(n_warps) + " warps)");
  range("n_coalescers", n_coalescers, 1, 4);
  range("tmt_entries", tmt_entries, 1, 64);
  range("n_queues", n_queues, 2, 256);
  if (!pow2(n_queues)) bad("n_queues", "a power of two, got " + std::to_string(n_queues));
  range("tags_per_queue", tags_per_queue, 1, 8);
  range("slots_per_tag", slots_per_tag, 1, kWarpPoolMaxSlots);
  range("mshr_requests", mshr_requests, 2, 4096);
  range("wbq_depth", wbq_depth, 1, 8);
  range("addr_bits", addr_bits, 16, 64);
  range("tag_bits", tag_bits, 1, 8);
  range("quantum", quantum, 2, 1u << 30);
  range("miss_pct", miss_pct, 0, 100);
  if (set_hash != 'L' && set_hash != 'H' && set_hash != 'X' && set_hash != 'P')
    bad("set_hash", "the L1 set-index function L, H, X or P, got '" + std::string(1, set_hash) + "'");
  range("set_bits", set_bits, 1, 16);
  if (set_hash == 'H' && set_bits != 5 && set_bits != 6)
    bad("set_bits", "5 or 6 for the Fermi hash (32 or 64 sets), got " + std::to_string(set_bits));
  if (set_hash == 'H' && addr_bits < 20)
    bad("addr_bits", "at least 20 for the Fermi hash (it reads address bit 19), got " + std::to_string(addr_bits));
  if (set_hash == 'P' && Gf2PolyHash::polynomial(set_bits) == 0)
    bad("set_bits", "a set count with an IPOLY polynomial (2 to 2^16 sets)");
  if (uint32_t(1) << set_bits < n_queues)
    bad("n_queues", "at most the L1 set count (" + std::to_string(1u << set_bits) +
                        "): the queue index is the low bits of the set index");
}

bool WarpPoolParams::operator==(const WarpPoolParams& o) const { return describe() == o.describe(); }

std::string WarpPoolParams::describe() const {
  std::ostringstream s;
  s << "n_warps=" << n_warps << " iq_count=" << iq_count << " iq_depth=" << iq_depth
    << " warps_per_iq=" << warps_per_iq << " n_coalescers=" << n_coalescers << " tmt_entries=" << tmt_entries
    << " n_queues=" << n_queues << " tags_per_queue=" << tags_per_queue << " slots_per_tag=" << slots_per_tag
    << " mshr_requests=" << mshr_requests << " wbq_depth=" << wbq_depth << " addr_bits=" << addr_bits
    << " tag_bits=" << tag_bits << " quantum=" << quantum << " miss_pct=" << miss_pct << " set_hash=" << set_hash
    << " set_bits=" << set_bits << " age_cap=" << age_cap << " store_wait_cap=" << store_wait_cap;
  return s.str();
}

}  // namespace gpucosim
