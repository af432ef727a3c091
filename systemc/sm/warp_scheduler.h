#pragma once
// One warp scheduler: decides the order in which its warps are considered for issue each cycle.
// Warps are assigned to schedulers by warp slot modulo the number of schedulers (by the SM).
//   LRR       loose round robin: start after the warp that issued last
//   GTO       greedy then oldest: the warp that issued last, then the others oldest first
//   TwoLevel  a small active set (two_level_active) scheduled round robin; a warp that stalls on
//             a long-latency (memory) dependence is demoted to the pending set and the oldest
//             pending warp takes its place
// The scheduler only orders warps; readiness is checked by the SM while it walks the order.
#include <array>
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

  // The scheduler's warps as a mask of SM warp slots.
  uint64_t members() const { return members_; }

  // The walk of for_each_candidate (LRR and GTO; not two-level) in index space: bit k of the
  // result is set when the k-th warp the walk would visit is in `slots` (a mask of SM warp slots,
  // a subset of members()). Lets the SM visit only the warps whose answer it cannot know from
  // its masks, in the same order, and place the others in that order without visiting them.
  uint64_t walk_mask(uint64_t slots) const {
    uint64_t pos = 0;  // the same warps by position in warps_ (oldest first)
    for (uint64_t m = slots; m; m &= m - 1) pos |= uint64_t(1) << pos_of_[size_t(__builtin_ctzll(m))];
    const size_t n = warps_.size();
    if (policy_ == SchedulerPolicy::GTO) {
      if (last_ < 0) return pos;
      // last_ first, then the others in position order: positions below it move up by one.
      const uint32_t p = pos_of_[size_t(last_)];
      const uint64_t below = pos & ((uint64_t(1) << p) - 1);
      const uint64_t above = p + 1 < 64 ? pos & (~uint64_t(0) << (p + 1)) : 0;
      return ((pos >> p) & 1u) | (below << 1) | above;
    }
    // LRR: positions rotated so that rr_ comes first.
    if (rr_ == 0) return pos;
    const uint64_t all = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
    return ((pos >> rr_) | (pos << (n - rr_))) & all;
  }
  // The warp slot the walk visits at index k (k < size()); see walk_mask.
  uint32_t walk_slot(uint32_t k) const {
    if (policy_ == SchedulerPolicy::GTO) {
      if (last_ < 0) return warps_[k].slot;
      if (k == 0) return uint32_t(last_);
      const uint32_t p = pos_of_[size_t(last_)];
      return warps_[k <= p ? k - 1 : k].slot;
    }
    size_t i = rr_ + k;
    if (i >= warps_.size()) i -= warps_.size();
    return warps_[i].slot;
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
  void reindex();  // pos_of_ and members_ after warps_ changed

  uint32_t id_;
  SchedulerPolicy policy_;
  uint32_t active_max_;
  std::vector<Entry> warps_;       // oldest first
  int64_t last_ = -1;              // slot that issued last (GTO greedy warp)
  size_t rr_ = 0;                  // LRR / two-level: position to start from
  std::vector<uint32_t> active_;   // two-level active set
  std::vector<uint32_t> pending_;  // two-level pending set, FIFO
  uint64_t members_ = 0;           // slots of warps_
  std::array<uint8_t, 64> pos_of_{};  // slot -> index in warps_ (valid for members_)
};

}  // namespace gpucosim
