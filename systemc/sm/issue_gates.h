#pragma once
// The SM's issue gates (sm_hooks.h) and the cache of their refusals. A warp whose next
// instruction a gate refused stays refused until some gate's epoch changes, so the issue walk
// can skip it from a mask instead of asking again (the memory-bound common case: dozens of warps
// held by a consistency gate). Empty = no gate: may_issue() is always true and costs nothing.
#include <cstdint>
#include <memory>
#include <vector>

#include "systemc/sm/sm_hooks.h"

namespace gpucosim {

class IssueGates {
 public:
  void add(std::shared_ptr<IssueGate> g) { gates_.push_back(std::move(g)); }
  bool empty() const { return gates_.empty(); }

  // Call once per cycle before the issue walk: starts each gate's cycle, then drops cached
  // refusals when an epoch moved.
  void refresh(uint64_t now) {
    for (const auto& g : gates_) g->begin_cycle(now);
    uint64_t e = 0;
    for (const auto& g : gates_) e += g->gate_epoch();
    if (e != epoch_) {
      epoch_ = e;
      held_mem_ = held_other_ = 0;
    }
  }
  // Warps whose next instruction was refused, by the kind of that instruction.
  uint64_t held_mem() const { return held_mem_; }
  uint64_t held_other() const { return held_other_; }

  // `remember`: cache a refusal (false for the second instruction of a dual issue).
  bool may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info, bool mem, bool remember) {
    for (const auto& g : gates_)
      if (!g->may_issue(warp, inst, info)) {
        if (remember) (mem ? held_mem_ : held_other_) |= uint64_t(1) << warp;
        return false;
      }
    return true;
  }
  void issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) {
    for (const auto& g : gates_) g->issued(warp, inst, info);
  }
  // A warp left its slot: its cached refusal no longer applies.
  void forget(uint32_t warp) {
    held_mem_ &= ~(uint64_t(1) << warp);
    held_other_ &= ~(uint64_t(1) << warp);
  }

 private:
  std::vector<std::shared_ptr<IssueGate>> gates_;
  uint64_t epoch_ = ~uint64_t(0);
  uint64_t held_mem_ = 0, held_other_ = 0;
};

}  // namespace gpucosim
