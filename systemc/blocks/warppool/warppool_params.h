#pragma once
// Every size and constant of one WarpPool instance (seed 000 ch. 3; spec 000 §2.1, §4.1). The
// fields, their defaults, ranges, options and Verilog parameter names are declared once, in
// warppool_params.def; the twin, the RTL bridge, the options and the Verilator build all come
// from that one list (kit/param_table.h).
#include <cstdint>
#include <string>

#include "systemc/blocks/kit/block_traits.h"

namespace gpucosim {

struct WarpPoolParams {
  using Self = WarpPoolParams;
  // The fields, table(), ==, != and describe() ("n_warps=48 iq_count=16 ...").
#define GPUCOSIM_PARAMS_DEF "systemc/blocks/warppool/warppool_params.def"
#include "systemc/blocks/kit/params_struct.inc"

  // Throws InputError("warppool", 0, "-<option>: expected ...") naming the first bad field:
  // ranges from the table, then the combinations between fields (warppool_params_check.cpp).
  void validate() const;

  // The L1 set-index function letter of `hash` (L, H, X, P; set_index.h).
  char set_hash() const { return "LHXP"[hash & 3]; }
  // Derived widths (the RTL's localparams).
  uint32_t warp_bits() const;      // WARP_W = clog2(n_warps), at least 1
  uint32_t line_bits() const { return addr_bits - 7; }
  uint32_t n_tags() const { return n_queues * tags_per_queue; }
  uint32_t id_bits() const;        // clog2(mshr_requests)
  uint32_t slot_bits() const { return warp_bits() + tag_bits + 2 + 10; }  // one MSHR metadata slot
  uint32_t tmt_bits() const;       // clog2(tmt_entries)
};

constexpr uint32_t kWarpPoolMaxSlots = 8;   // slots_per_tag upper bound (port arrays are sized by it)
constexpr uint32_t kWarpPoolLanes = 32;
constexpr uint32_t kWarpPoolLineShift = 7;  // 128-byte lines

uint32_t clog2_min1(uint64_t v);  // ceil(log2(v)), at least 1

}  // namespace gpucosim
