#pragma once
// The pins of one WarpPool instance, one struct per direction, exchanged once per clock cycle.
//
// Protocol (every output is a Moore output: a function of the block's registers only):
//   * cycle t: the block presents `out` (returned by the step of cycle t-1, or by reset()).
//   * the environment reacts to `out` during cycle t and fills `in`;
//   * step(in, out) is the rising edge that ends cycle t; `out` then holds cycle t+1's pins.
// So every handshake crosses one edge: the environment may assert issue_valid only for a warp
// whose bit of out.issue_ready is set, ret_valid only while out.ret_ready, and answers the L1
// request presented in cycle t with in.l1_accept (+ in.l1_miss) in the same cycle. The operand
// read (agu_*) is a register-file read port: the block names a (warp, tag) and the environment
// returns that instruction's active mask and lane addresses in the same cycle; the block uses
// them only in the cycle it really pops the instruction.
// Field comments give the RTL port name (rtl/warppool/warppool.v) where it differs.
#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "systemc/blocks/warppool/warppool_params.h"

namespace gpucosim {

// Mapping-pattern classes of a load line request (spec §2.1.b).
enum class WpClass : uint8_t { Consecutive = 0, Broadcast = 1, Single = 2, Range = 3, Random = 4 };
constexpr uint32_t kWpClasses = 5;
const char* to_string(WpClass c);

// Status bits (out.status): Moore flags for statistics and coverage.
enum WpStatus : uint32_t {
  kWpIqFull = 1u << 0,        // an instruction queue is full
  kWpTmtFull = 1u << 1,       // every thread-map-table entry is in use
  kWpTagStall = 1u << 2,      // a load waits for insertion: no matching tag with room, no free tag
  kWpPortConflict = 1u << 3,  // two coalescers hold loads for the same inter-warp queue
  kWpMshrFull = 1u << 4,      // every MSHR metadata row (request id) is in use
  kWpWbqFull = 1u << 5,       // the writeback queue is full (the L1 must hold its data)
  kWpStoreWaits = 1u << 6,    // a store waits because a load is selected (loads first)
  kWpAgeForced = 1u << 7,     // the age cap forces the oldest request
  kWpStoreForced = 1u << 8,   // the store-wait cap forces the store
  kWpTmtStall = 1u << 9,      // a random-pattern load waits for a thread-map-table entry
  kWpCoalBusy = 1u << 10,     // every coalescer holds an instruction
  kWpStatusBits = 11
};

// Short name of status bit b ("iq_full", ...), for statistics and coverage.
const char* wp_status_name(uint32_t bit);

struct WarpPoolInputs {
  // Quiet cycles before this edge that were not clocked (out.quiet was set and nothing arrived):
  // they only advance the policy quantum. Never spans the quantum's last cycle. Normally 0; the
  // RTL bridge uses it to skip evaluating quiet cycles without changing any result.
  uint32_t skip = 0;
  // Issue (LSU dispatch): one global load or store per cycle.
  bool issue_valid = false;
  uint32_t issue_warp = 0;
  uint32_t issue_tag = 0;       // the environment's per-warp id of the instruction (tag_bits wide)
  bool issue_store = false;
  // Operand read answering out.agu_warp/agu_tag (agu_mask, agu_addr: 32 x addr_bits).
  uint32_t agu_mask = 0;
  std::array<uint64_t, kWarpPoolLanes> agu_addr{};
  // The L1's answer to the request presented this cycle.
  bool l1_accept = false;
  bool l1_miss = false;         // accepted load missed in the L1 (policy counters)
  // Data return of an accepted load request (ret_data: 32 words = one 128-byte line).
  bool ret_valid = false;
  uint32_t ret_id = 0;
  std::array<uint32_t, kWarpPoolLanes> ret_data{};
};

struct WarpPoolOutputs {
  uint64_t issue_ready = 0;     // bit w: warp w's instruction queue has room
  uint64_t ld_ok = 0;           // bit w: consistency allows warp w to issue a global load
  uint64_t st_ok = 0;           // bit w: ... a global store (or atomic)
  bool agu_valid = false;
  uint32_t agu_warp = 0, agu_tag = 0;
  // L1 request: a merged load (l1_store = 0, slots 0..l1_nslots-1) or one store line.
  bool l1_valid = false;
  bool l1_store = false;
  uint64_t l1_line = 0;         // line number = byte address >> 7
  uint32_t l1_sectors = 0;      // 32-byte sectors the served lanes touch
  uint32_t l1_id = 0;           // request id (MSHR metadata row), returned with the data
  uint32_t l1_nslots = 0;
  std::array<uint32_t, kWarpPoolMaxSlots> slot_warp{}, slot_tag{}, slot_lanes{}, slot_class{};
  bool ret_ready = false;
  // Writeback: one (warp, load) per cycle; wb_data[t] is lane t's word (0 where the lane is not in wb_lanes).
  bool wb_valid = false;
  uint32_t wb_warp = 0, wb_tag = 0, wb_lanes = 0;
  std::array<uint32_t, kWarpPoolLanes> wb_data{};
  bool policy = false;          // 0 oldest, 1 warp ID
  uint32_t status = 0;          // WpStatus bits
  bool quiet = false;           // no instruction, queued request or return inside: without input,
                                //   only the quantum counter changes (request ids may be in flight)
  bool idle = false;            // quiet and no request id in flight
};

// Calls f(port name, element index or -1, value) for every output field, in a fixed order; the
// lockstep comparator and the VCD-free trace printer use it so no field can be forgotten.
void for_each_output(const WarpPoolOutputs& o, const std::function<void(const char*, int, uint64_t)>& f);
// The first differing output of a and b as "port[index]: a=0x.. b=0x..", or "" when equal.
std::string first_output_difference(const WarpPoolOutputs& a, const WarpPoolOutputs& b, const char* a_name,
                                    const char* b_name);

}  // namespace gpucosim
