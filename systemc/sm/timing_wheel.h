#pragma once
// A calendar queue of events due at a future cycle. Buckets are vectors that keep their
// capacity, so after warm-up scheduling an event never allocates. The horizon (the delay the
// buckets cover) is fixed at construction from the configured latencies; an event further out
// (a backlog that grows with the load, e.g. the L1's one-writeback-per-cycle port) waits in an
// overflow list and moves into its bucket once it comes within the horizon.
#include <cstdint>
#include <utility>
#include <vector>

namespace gpucosim {

template <class T>
class TimingWheel {
 public:
  explicit TimingWheel(uint32_t horizon) {
    size_t n = 1;
    while (n <= horizon) n <<= 1;
    buckets_.resize(n);
    mask_ = n - 1;
  }

  // Schedules `v` for cycle `when` (when < now means now). Events due at the same cycle are
  // drained in the order they were scheduled.
  void schedule(uint64_t now, uint64_t when, const T& v) {
    if (when < now) when = now;
    if (!overflow_.empty()) migrate(now);
    if (when - now > mask_) {
      overflow_.emplace_back(when, v);
    } else {
      buckets_[when & mask_].push_back(v);
    }
    ++size_;
  }

  // Calls f(v) for every event due at `now`. `f` may schedule new events (not for `now`).
  // Calls come with non-decreasing `now`, one for every cycle while the wheel is not empty.
  template <class F>
  void drain(uint64_t now, F&& f) {
    if (!overflow_.empty()) migrate(now);
    std::vector<T>& b = buckets_[now & mask_];
    if (b.empty()) return;
    scratch_.swap(b);
    size_ -= scratch_.size();
    for (const T& v : scratch_) f(v);
    scratch_.clear();
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  // Moves overflow events now within the horizon into their buckets, in scheduling order. It runs
  // before anything else touches the wheel at `now`, so an overflow event (scheduled earlier)
  // still precedes every event scheduled later for the same cycle.
  void migrate(uint64_t now) {
    size_t keep = 0;
    for (size_t k = 0; k < overflow_.size(); ++k) {
      const uint64_t when = overflow_[k].first;
      if (when < now || when - now <= mask_)
        buckets_[(when < now ? now : when) & mask_].push_back(overflow_[k].second);
      else
        overflow_[keep++] = overflow_[k];
    }
    overflow_.resize(keep);
  }

  std::vector<std::vector<T>> buckets_;
  std::vector<T> scratch_;
  std::vector<std::pair<uint64_t, T>> overflow_;  // (due cycle, event), in scheduling order
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace gpucosim
