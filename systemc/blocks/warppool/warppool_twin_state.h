#pragma once
// The registers of one WarpPool, as the twin keeps them. Each struct is one RTL unit's state
// (rtl/warppool/*.v); the testbench's invariant checkers read it through WarpPoolTwin::state().
#include <array>
#include <cstdint>
#include <vector>

#include "systemc/blocks/warppool/warppool_pattern.h"

namespace gpucosim {

struct WpIqEntry {
  uint32_t warp = 0, tag = 0;
  bool store = false;
};

struct WpIq {  // one instruction queue: a ring of iq_depth entries (warppool_iq.v)
  std::vector<WpIqEntry> e;
  uint32_t head = 0, count = 0;
  const WpIqEntry& front() const { return e[head]; }
};

struct WpCoalescer {  // one intra-warp coalescer: the popped instruction and its lanes still to send
  bool busy = false;
  bool store = false;
  uint32_t warp = 0, tag = 0;
  uint32_t rem = 0;
  std::array<uint64_t, kWarpPoolLanes> addr{};
};

struct WpLineReq {  // the CL (classify) and IN (insert / store) stage registers of a coalescer
  bool valid = false;
  bool store = false;
  uint32_t warp = 0, tag = 0;
  uint64_t line = 0;
  uint32_t lanes = 0;
  uint32_t sectors = 0;
  WpWords words{};       // CL: word per matched lane (0 elsewhere)
  uint8_t type = 0;      // IN loads: encoded pattern
  uint16_t payload = 0;
};

struct WpSlot {  // one merged (warp, load) of a tag = one 23-bit MSHR metadata slot
  uint32_t warp = 0, tag = 0;
  uint8_t type = 0;
  uint16_t payload = 0;
};

struct WpTag {  // one tag of an inter-warp coalescing queue
  bool valid = false;
  uint64_t line = 0;
  uint32_t sectors = 0;
  uint32_t n = 0;
  std::array<WpSlot, kWarpPoolMaxSlots> slots{};
};

struct WpTmtEntry {
  bool valid = false;
  uint32_t lanes = 0;
  WpWords words{};
};

struct WpRow {  // one MSHR metadata row (request id): slot count and slots
  uint32_t n = 0;
  std::array<WpSlot, kWarpPoolMaxSlots> slots{};
};

struct WpWbEntry {
  uint32_t id = 0;
  std::array<uint32_t, kWarpPoolLanes> data{};
  bool meta_ok = false;  // metadata row read (one cycle after the return)
  WpRow meta;
};

struct WarpPoolTwinState {
  std::vector<WpIq> iq;
  std::vector<WpCoalescer> co;
  std::vector<WpLineReq> cl, in;
  std::vector<WpTmtEntry> tmt;
  std::vector<WpTag> tags;          // tag id = queue * tags_per_queue + t
  std::vector<uint32_t> age;        // tag ids, oldest first (compacting age queue)
  // selector
  bool policy = false;              // false oldest, true warp ID
  uint32_t cycle_in_quantum = 0, q_accesses = 0, q_misses = 0;
  uint32_t bypassed = 0;            // sends that passed over the oldest since it last went
  uint32_t store_waited = 0;        // loads sent while a store waited
  // MSHR metadata
  std::vector<bool> id_busy;
  std::vector<WpRow> sram;
  // writeback
  std::vector<WpWbEntry> wbq;
  uint32_t wb_head = 0, wb_count = 0, wb_slot = 0;
  bool cap_valid = false;
  uint32_t cap_entry = 0;
  WpRow cap_row;                    // the SRAM's read-data register
  // consistency
  std::vector<uint32_t> cnt;        // per warp: instructions + line requests not yet sent to the L1
  std::vector<bool> last_load;      // per warp: the last global op issued was a load
};

// What happened at the last edge (for checkers; the RTL has no such port).
struct WarpPoolTrace {
  int popped_into = -1;                 // coalescer that took an instruction
  std::array<int, 4> inserted_tag{{-1, -1, -1, -1}};  // per coalescer: tag id a load went into
  std::array<bool, 4> allocated{};      // ... by allocating the tag (else merged)
  std::array<bool, 4> alloc_deferred{}; // per coalescer: a free tag was withheld (allocation priority)
  std::array<WpLineReq, 4> inserted{};  // ... the request inserted
  std::array<bool, 4> emitted{};        // coalescer produced a line request
  std::array<WpLineReq, 4> emitted_req{};
  int sent_tag = -1;                    // tag sent to the L1 (load accepted)
  uint32_t sent_pos = 0;                // its position in the age queue
  int sent_store = -1;                  // coalescer whose store was accepted
  bool toggled = false;                 // policy toggled at this edge
  bool quantum_end = false;
};

}  // namespace gpucosim
