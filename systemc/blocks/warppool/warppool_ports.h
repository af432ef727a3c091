#pragma once
// The pins of one WarpPool instance, one struct per direction, exchanged once per clock cycle.
// The fields are declared once, in warppool_pins.def (with each port's width); this header
// expands them and states the handshake.
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
// them only in the cycle it really pops the instruction. warppool_checker.h checks these rules.
#include <array>
#include <cstdint>
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

// WarpPoolInputs and WarpPoolOutputs, one field per pin, each with ==, first_difference() (the
// first differing pin, straight-line code) and for_each() (kit/pin_structs.inc).
#define GPUCOSIM_PINS_DEF "systemc/blocks/warppool/warppool_pins.def"
#define GPUCOSIM_PINS_PREFIX WarpPool
#include "systemc/blocks/kit/pin_structs.inc"

}  // namespace gpucosim
