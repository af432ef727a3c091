#pragma once
// SWL in the SM: the block's environment, an SmEventListener that feeds its pins and an IssueGate
// that holds gated instructions (global loads, or all with gate_all) of warps whose allow bit is 0.
// It drives any SwlBlock implementation (twin, Verilated RTL, lockstep) once per core cycle.
//
// Timing. Cycle t presents the pins out_ from the edge that ended cycle t-1. Its inputs are the
// events labelled t (sm_hooks.h): retires at the end of tick t, and launches in the dispatcher
// stage before tick t+1 (which carry t, the SM's last tick), so a warp launched before tick t+1
// and a warp retired at the end of tick t are seen by the allow mask of cycle t+1; the parked
// level (barrier arrivals in the issue stage, a stream's last instruction issued, barrier
// release) is its value at the end of cycle t. The edges are stepped lazily, when the next cycle
// begins (IssueGate::begin_cycle) or an event of a later cycle arrives; cycles in which the SM
// did not tick (idle, smart ticking) are stepped then with no launch or retire, so the block
// sees every cycle and the figures do not depend on ticking. A retiring slot may take a new warp
// in the same cycle (the block retires first). gate_epoch() moves when allow changes.
//
// Statistics from the pins, counted in the cycles the SM issues (begin_cycle):
//   swl_cycles             edges the block was clocked (every cycle up to the SM's last issue)
//   swl_issue_cycles       cycles the SM issued with the block's pins
//   swl_allow_changes      those in which allow differed from the previous one
//   swl_cycles_throttled   those in which an active (live, not parked) warp was not allowed
//   swl_warp_cycles_held   the sum of such warps over those cycles
//   swl_gate_refusals      gated instructions refused (each refusal is cached by the SM until
//                          allow changes, so this counts warps held per allow change)
#include <cstdint>
#include <memory>
#include <vector>

#include "systemc/blocks/swl/swl_block.h"
#include "systemc/sm/sm_hooks.h"

namespace gpucosim {

class SwlGate : public IssueGate, public SmEventListener {
 public:
  explicit SwlGate(std::unique_ptr<SwlBlock> block);

  void begin_cycle(uint64_t now) override;
  bool may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const override;
  uint64_t gate_epoch() const override { return epoch_; }
  void issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) override;

  void warp_launched(const WarpLaunch& w, uint64_t now) override;
  void warp_retired(uint32_t warp_slot, uint64_t now) override;
  void barrier_released(uint32_t block_slot, uint64_t warp_mask, uint64_t now) override;
  void collect(StatsMap& m) const override;

  const SwlOutputs& pins() const { return out_; }
  const SwlBlock& block() const { return *block_; }

 private:
  void advance(uint64_t now);  // steps the edges of every cycle before `now`
  uint64_t parked() const { return at_barrier_ | done_; }

  std::unique_ptr<SwlBlock> block_;
  SwlParams p_;
  SwlOutputs out_;
  SwlInputs in_;                          // launch/retire pulses of cycle next_
  uint64_t next_ = 0;                     // the cycle whose edge comes next; out_ are its pins
  uint64_t at_barrier_ = 0, done_ = 0;    // the parked level
  std::vector<uint64_t> left_;            // instructions each warp slot has still to issue
  std::vector<uint32_t> block_of_;        // block slot of each warp slot
  uint64_t seen_allow_ = 0, epoch_ = 0;
  mutable uint64_t refusals_ = 0;
  uint64_t edges_ = 0, issue_cycles_ = 0, allow_changes_ = 0, throttled_ = 0, held_ = 0;
};

}  // namespace gpucosim
