#pragma once
// RESEARCH HOOK of the load/store unit: a replaceable front end for global loads and stores,
// between the LSU's dispatch register and the L1 data cache (WarpPool, seed 000 ch. 3, is the
// first; systemc/blocks/warppool/warppool_frontend.h). With no front end (SmOptions::global_path
// null) the LSU runs its baseline path unchanged.
//
// With a front end, per core cycle:
//   * issue stage: a front end that must gate issue (memory consistency, such as WarpPool's
//     per-warp counters) is also an IssueGate (sm_hooks.h); every global memory instruction it
//     saw issued reaches it through accept() or dispatched_elsewhere();
//   * LSU dispatch: a global load (cached path) or store leaves the dispatch register through
//     can_accept()/accept() instead of the baseline coalescer; other instructions (shared,
//     constant, local, atomics, bypassing loads) keep the baseline path;
//   * LdstUnit::process calls cycle() once, after the baseline path had its turn at the L1: the
//     front end may make ONE L1 access through the FrontEndL1 it is given (loads first or not is
//     its business), sees accept / reservation failure, and reports finished instructions;
//   * L1 fills for its loads come back through l1_data() (from LdstUnit::receive, before cycle()).
#include <cstdint>
#include <string>

#include "kernel/kernel.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

enum class GlobalOp : uint8_t { Load, Store, Atomic };
struct OpcodeInfo;
// Whether `o` is a global load, store or atomic (the instructions a front end sees), and which.
bool global_op_of(const OpcodeInfo& o, GlobalOp& op);

struct GlobalInst {
  uint32_t token = 0;           // the SM's id of the instruction (for FrontEndL1::done)
  uint32_t warp = 0;            // warp slot
  uint32_t launch_id = 0;
  bool store = false;
  uint32_t active_mask = 0;     // non-zero
  uint32_t width = 4;           // bytes per lane
  const LaneAddrs* addrs = nullptr;  // valid until the instruction is done
};

// The L1 and the SM as a front end sees them (implemented by LdstUnit).
class FrontEndL1 {
 public:
  struct Result {
    bool accepted = false;      // false: reservation failure / port busy, retry later
    bool miss = false;          // a load that missed (its data comes back through l1_data())
    bool hit = false;           // a load that hit: data ready at `ready`
    uint64_t ready = 0;
  };
  virtual ~FrontEndL1() = default;
  // A load of `sectors` of the 128-byte line; `token` comes back with l1_data() on a miss.
  virtual Result l1_load(uint64_t line_addr, uint8_t sectors, uint32_t token, uint32_t warp, uint32_t launch_id,
                         uint64_t now) = 0;
  // A store line (write-through, no write-allocate): pending writes of `warp` are tracked.
  virtual Result l1_store(uint64_t line_addr, uint8_t sectors, uint32_t warp, uint32_t launch_id, uint64_t now) = 0;
  // Instruction `token` is done (loads: data written back; stores: every line sent) at `at`.
  virtual void done(uint32_t token, uint64_t at) = 0;
};

class GlobalFrontEnd {
 public:
  virtual ~GlobalFrontEnd() = default;
  virtual const char* name() const = 0;
  // An issued instruction reached the LSU but takes the baseline path (an atomic, a predicated-off
  // access): it no longer counts as on its way to the front end.
  virtual void dispatched_elsewhere(uint32_t warp) = 0;
  // LSU dispatch.
  virtual bool can_accept(uint32_t warp, bool store) const = 0;
  virtual void accept(const GlobalInst& inst) = 0;
  // An L1 fill completed a load this front end sent with `token`.
  virtual void l1_data(uint32_t token, uint64_t now) = 0;
  // One cycle. l1_free: the baseline path did not use the L1 port this cycle.
  virtual void cycle(uint64_t now, FrontEndL1& l1, bool l1_free) = 0;
  virtual bool idle() const = 0;
  virtual void collect(StatsMap& m) const = 0;
  virtual std::string describe() const = 0;
};

}  // namespace gpucosim
