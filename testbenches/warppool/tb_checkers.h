#pragma once
// Invariant checkers of spec 000 §3.1 that look inside the block: an independent model of the
// inter-warp queues rebuilt from the twin's per-edge trace, against which the selector's every
// choice is checked (oldest / warp ID / age cap / loads before stores), the policy predicted from
// the L1 miss rate of each quantum, and structural invariants of the twin's registers (merge
// bounds, queue = hash(line), age order, consistency counters recounted, stores never queued).
// The RTL is held to the same behaviour by lockstep. Each check returns "" or what went wrong.
#include <cstdint>
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "systemc/blocks/warppool/warppool_twin.h"

namespace gpucosim::tb {

class Checkers {
 public:
  // is_store(warp, tag): the environment's knowledge of the live instruction.
  Checkers(const WarpPoolParams& p, std::function<bool(uint32_t, uint32_t)> is_store);
  void reset();
  // Before the edge: the pins presented this cycle (o) and the environment's answer (in).
  std::string before_step(const WarpPoolOutputs& o, const WarpPoolInputs& in, const WarpPoolTwin& twin);
  // After the edge: the twin's trace and registers, and the new pins.
  std::string after_step(const WarpPoolTwin& twin, const WarpPoolOutputs& o);

  bool last_send_bypassed() const { return last_bypassed_; }
  bool policy() const { return policy_; }
  bool last_toggle() const { return last_toggle_; }
  // A load that found a free tag was held back by the allocation-priority rule at the last edge.
  bool last_alloc_deferred() const { return last_deferred_; }

 private:
  struct MTag {
    bool valid = false;
    uint64_t order = 0;
    uint64_t line = 0;
    std::vector<std::pair<uint32_t, uint32_t>> slots;  // (warp, tag)
  };
  int expected_tag(bool& oldest) const;
  std::string check_registers(const WarpPoolTwin& twin) const;

  WarpPoolParams p_;
  std::function<bool(uint32_t, uint32_t)> is_store_;
  std::vector<MTag> tags_;
  uint64_t next_order_ = 0;
  bool policy_ = false;
  uint64_t cyc_ = 0, acc_ = 0, miss_ = 0;
  uint32_t bypassed_ = 0, store_waited_ = 0;
  bool last_bypassed_ = false, last_toggle_ = false;
  int exp_tag_ = -1;  // tag expected to leave at this edge
  std::array<bool, 4> no_alloc_{};  // per coalescer: may not allocate at this edge (allocation priority)
  bool last_deferred_ = false;
};

}  // namespace gpucosim::tb
