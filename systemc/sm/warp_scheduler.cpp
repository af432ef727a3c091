#include "systemc/sm/warp_scheduler.h"

#include <algorithm>

namespace gpucosim {

WarpScheduler::WarpScheduler(uint32_t id, SchedulerPolicy p, uint32_t two_level_active)
    : id_(id), policy_(p), active_max_(std::max(1u, two_level_active)) {}

void WarpScheduler::add_warp(uint32_t slot, uint64_t age) {
  auto it = std::upper_bound(warps_.begin(), warps_.end(), age,
                             [](uint64_t a, const Entry& e) { return a < e.age; });
  warps_.insert(it, Entry{slot, age});
  reindex();
  if (policy_ == SchedulerPolicy::TwoLevel) pending_.push_back(slot);
}

void WarpScheduler::remove_warp(uint32_t slot) {
  if (!((members_ >> slot) & 1u)) return;
  const size_t i = pos_of_[slot];
  warps_.erase(warps_.begin() + long(i));
  reindex();
  if (last_ == int64_t(slot)) last_ = -1;
  if (policy_ == SchedulerPolicy::LRR && rr_ > i) --rr_;
  if (!warps_.empty()) rr_ %= warps_.size();
  else rr_ = 0;
  auto a = std::find(active_.begin(), active_.end(), slot);
  if (a != active_.end()) {
    size_t pos = size_t(a - active_.begin());
    active_.erase(a);
    if (policy_ == SchedulerPolicy::TwoLevel && rr_ > pos) --rr_;
  }
  auto p = std::find(pending_.begin(), pending_.end(), slot);
  if (p != pending_.end()) pending_.erase(p);
  if (policy_ == SchedulerPolicy::TwoLevel) rr_ = active_.empty() ? 0 : rr_ % active_.size();
}

void WarpScheduler::reindex() {
  members_ = 0;
  for (size_t i = 0; i < warps_.size(); ++i) {
    members_ |= uint64_t(1) << warps_[i].slot;
    pos_of_[warps_[i].slot] = uint8_t(i);
  }
}

void WarpScheduler::issued(uint32_t slot) {
  last_ = slot;
  if (policy_ == SchedulerPolicy::LRR) {
    if ((members_ >> slot) & 1u) rr_ = (pos_of_[slot] + 1u) % warps_.size();
  } else if (policy_ == SchedulerPolicy::TwoLevel) {
    auto a = std::find(active_.begin(), active_.end(), slot);
    if (a != active_.end()) rr_ = (size_t(a - active_.begin()) + 1) % active_.size();
  }
}

void WarpScheduler::demote(uint32_t slot) {
  if (policy_ != SchedulerPolicy::TwoLevel || pending_.empty()) return;  // nobody to swap in
  auto a = std::find(active_.begin(), active_.end(), slot);
  if (a == active_.end()) return;
  size_t pos = size_t(a - active_.begin());
  active_.erase(a);
  if (rr_ > pos) --rr_;
  pending_.push_back(slot);
  refill_active();
}

void WarpScheduler::refill_active() {
  while (active_.size() < active_max_ && !pending_.empty()) {
    active_.push_back(pending_.front());
    pending_.erase(pending_.begin());
  }
  if (!active_.empty()) rr_ %= active_.size();
  else rr_ = 0;
}

}  // namespace gpucosim
