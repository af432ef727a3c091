#pragma once
// Every size and constant of one WarpPool instance (seed 000 ch. 3; spec 000 §2.1, §4.1). The
// same fields are the Verilog parameters of rtl/warppool/warppool.v (named in the comments), so
// the twin, the RTL and the bridge are built from one description. Defaults are the thesis'
// GTX 480 configuration (Table 3.2): 48 warps, 16 instruction queues x 8, 2 coalescers, 8-entry
// thread map table, 32 queues x 2 tags x 4 merges, 1024 x 23-bit MSHR metadata (256 requests x 4
// slots), 2-entry writeback queue, 100,000-cycle quantum, toggle above 99 % misses.
#include <cstdint>
#include <string>

namespace gpucosim {

struct WarpPoolParams {
  uint32_t n_warps = 48;           // NWARPS: warp slots of the SM (1..64)
  uint32_t iq_count = 16;          // IQ_COUNT: instruction queues
  uint32_t iq_depth = 8;           // IQ_DEPTH: entries per instruction queue
  uint32_t warps_per_iq = 3;       // WARPS_PER_IQ: queue = warp / warps_per_iq (queue 0 = highest priority)
  uint32_t n_coalescers = 2;       // NCOAL: intra-warp coalescers
  uint32_t tmt_entries = 8;        // NTMT: thread map table entries
  uint32_t n_queues = 32;          // NQ: inter-warp coalescing queues (power of two)
  uint32_t tags_per_queue = 2;     // NT: tags (distinct lines) per queue
  uint32_t slots_per_tag = 4;      // NS: merges per tag = slots per L1 request (1..8)
  uint32_t mshr_requests = 256;    // NREQ: requests in flight = MSHR metadata rows (x NS slots)
  uint32_t wbq_depth = 2;          // WBQ_DEPTH: writeback (return data) queue entries
  uint32_t addr_bits = 48;         // ADDR_W: byte-address width (lines are addr >> 7)
  uint32_t tag_bits = 5;           // TAG_W: per-warp instruction tag width (2^tag_bits in flight per warp)
  uint32_t quantum = 100000;       // QUANTUM: cycles per policy quantum
  uint32_t miss_pct = 99;          // MISS_PCT: toggle when misses * 100 > accesses * miss_pct
  char set_hash = 'H';             // HASH: the L1's set-index function L, H, X or P (set_index.h)
  uint32_t set_bits = 6;           // SET_BITS: log2 of the L1 set count; queue = set mod n_queues
  uint32_t age_cap = 1024;         // AGE_CAP: after this many sends that passed over the oldest
                                   //   request, the oldest goes next (0 = never; not in the thesis)
  uint32_t store_wait_cap = 256;   // STORE_CAP: loads sent past a waiting store before the store
                                   //   wins (0 = loads always win, as in the thesis)

  // Throws InputError("warppool", 0, "<field>: expected ...") naming the first bad field.
  void validate() const;
  bool operator==(const WarpPoolParams& o) const;
  bool operator!=(const WarpPoolParams& o) const { return !(*this == o); }
  // "n_warps=48 iq_count=16 ..." for messages and reports.
  std::string describe() const;

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
