#pragma once
// One warp scheduler: decides the order in which its warps are considered for issue each cycle.
// Warps are assigned to schedulers by warp slot modulo the number of schedulers (by the SM).
//   LRR       loose round robin: start after the warp that issued last
//   GTO       greedy then oldest: the warp that issued last, then the others oldest first
//   TwoLevel  a small active set (two_level_active) scheduled round robin; a warp that stalls on
//             a long-latency (memory) dependence is demoted to the pending set and the oldest
//             pending warp takes its place
// The scheduler only orders warps; readiness is checked by the SM while it walks the order.
#include <cstdint>
#include <vector>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

class WarpScheduler {
 public:
  WarpScheduler(uint32_t id, SchedulerPolicy p, uint32_t two_level_active);

  uint32_t id() const { return id_; }
  SchedulerPolicy policy() const { return policy_; }
  bool empty() const { return warps_.empty(); }
  size_t size() const { return warps_.size(); }

  // `age` orders warps oldest first (smaller = older); it is unique per SM.
  void add_warp(uint32_t slot, uint64_t age);
  void remove_warp(uint32_t slot);

  // Calls f(slot) for the warps in priority order until f returns true.
  template <class F>
  void for_each_candidate(F&& f) {
    if (policy_ == SchedulerPolicy::TwoLevel) {
      refill_active();
      const size_t n = active_.size();
      for (size_t k = 0; k < n; ++k)
        if (f(active_[(rr_ + k) % n])) return;
      return;
    }
    const size_t n = warps_.size();
    if (n == 0) return;
    if (policy_ == SchedulerPolicy::GTO) {
      if (last_ >= 0 && f(uint32_t(last_))) return;
      for (size_t k = 0; k < n; ++k)
        if (int64_t(warps_[k].slot) != last_ && f(warps_[k].slot)) return;
      return;
    }
    for (size_t k = 0; k < n; ++k)
      if (f(warps_[(rr_ + k) % n].slot)) return;
  }

  // Feedback from the SM: `slot` issued this cycle.
  void issued(uint32_t slot);
  // Two-level: `slot` waits on a memory load; move it out of the active set.
  void demote(uint32_t slot);

 private:
  struct Entry {
    uint32_t slot;
    uint64_t age;
  };
  void refill_active();
  size_t index_of(uint32_t slot) const;

  uint32_t id_;
  SchedulerPolicy policy_;
  uint32_t active_max_;
  std::vector<Entry> warps_;       // oldest first
  int64_t last_ = -1;              // slot that issued last (GTO greedy warp)
  size_t rr_ = 0;                  // LRR / two-level: position to start from
  std::vector<uint32_t> active_;   // two-level active set
  std::vector<uint32_t> pending_;  // two-level pending set, FIFO
};

}  // namespace gpucosim
