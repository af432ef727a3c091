#pragma once
// RESEARCH HOOKS of the SM with events. Each is a narrow interface; a null hook means the baseline,
// and the SM never knows which implementation it holds. Blocks attach them through SmOptions
// (sm.h), built by the block registry (systemc/blocks/registry/). Per-cycle contract, in the order
// of the SM's tick (sm.h):
//
//   IssueGate        begin_cycle(now) once per cycle in which the SM runs its issue stage (it
//                    has work), before anything else of that stage: a gate driven by a clocked
//                    block steps the block up to this cycle there. Then asked in the issue stage
//                    for ANY instruction of ANY warp, after the SM's own checks (scoreboard,
//                    barrier, units, LSU path) passed and right before the instruction would
//                    issue; issued() follows for every instruction that issues.
//                    gate_epoch() must change whenever an answer may have changed: the SM's
//                    IssueGates (issue_gates.h) cache refusals until then, so a warp held by a
//                    gate costs the issue walk nothing. A refused memory instruction stalls as
//                    stall_mem, any other as stall_exec_busy.
//   SmEventListener  told, in the cycle they happen: block and warp launch (dispatcher stage,
//                    before the tick; `now` is the SM's last tick, so a launch carries the cycle
//                    before the first tick that sees the warp), warp and block retire (end of the
//                    tick), barrier release (issue stage), and every writeback of an
//                    instruction's results (writeback stage, the cycle its destination registers
//                    are written). collect() adds the listener's statistics to the SM's.
//   ResidencyPolicy  (residency_policy.h) whether a thread block may become resident, its
//                    allocation and release; the baseline is the CUDA occupancy rule (Occupancy).
//   OperandCollectorInterface (operand_collector.h) the register storage: operand reads, result
//                    writes, per-warp launch and exit; the baseline is the banked register file
//                    with operand collectors (BankedOperandCollector).
//   GlobalFrontEnd   (ldst_unit_frontend.h) between the LSU's dispatch and the L1 for global
//                    loads and stores.
//   MemoryClient     (memory_clients.h) further clients of the memory path (register backing
//                    store, context mover, metadata fetch): the L1 port after the LSU and the
//                    front end, or past the L1; every request tagged with its client for
//                    per-client L2/DRAM statistics.
#include <cstdint>

#include "kernel/kernel.h"
#include "kernel/opcode_table.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

class IssueGate {
 public:
  virtual ~IssueGate() = default;
  virtual void begin_cycle(uint64_t now) { (void)now; }
  virtual bool may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const = 0;
  virtual uint64_t gate_epoch() const = 0;
  virtual void issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) = 0;
};

struct WarpLaunch {
  uint32_t warp_slot = 0;
  uint32_t block_slot = 0;
  uint32_t launch_id = 0;      // kernel launch
  uint32_t warp_in_block = 0;  // Warp::id
  uint32_t nregs = 0;          // registers per thread of the kernel
  const Warp* warp = nullptr;  // the warp's instruction stream (valid until it retires)
  // The kernel's header and opcodes (valid until its last block completed): a block that needs
  // the kernel's code (RegLess's regions) rebuilds it from the streams it is given.
  const KernelHeader* header = nullptr;
  const OpcodeTable* opcodes = nullptr;
};

class SmEventListener {
 public:
  virtual ~SmEventListener() = default;
  virtual void block_launched(uint32_t block_slot, uint32_t launch_id, uint64_t warp_mask, uint64_t now) {
    (void)block_slot, (void)launch_id, (void)warp_mask, (void)now;
  }
  virtual void warp_launched(const WarpLaunch& w, uint64_t now) { (void)w, (void)now; }
  virtual void warp_retired(uint32_t warp_slot, uint64_t now) { (void)warp_slot, (void)now; }
  virtual void block_retired(uint32_t block_slot, uint32_t launch_id, uint64_t now) {
    (void)block_slot, (void)launch_id, (void)now;
  }
  virtual void barrier_released(uint32_t block_slot, uint64_t warp_mask, uint64_t now) {
    (void)block_slot, (void)warp_mask, (void)now;
  }
  // The results of `inst` of warp `warp_slot` are written (its scoreboard entries released).
  virtual void writeback(uint32_t warp_slot, const Instruction& inst, uint64_t now) {
    (void)warp_slot, (void)inst, (void)now;
  }
  // Statistics (a block's pin statistics), added to the SM's in Sm::collect.
  virtual void collect(StatsMap& m) const { (void)m; }
};

}  // namespace gpucosim
