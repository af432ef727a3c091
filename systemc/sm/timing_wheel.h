#pragma once
// A calendar queue of events due at a future cycle. Buckets are vectors that keep their
// capacity, so after warm-up scheduling an event never allocates. The horizon (largest delay)
// is fixed at construction from the configured latencies.
#include <cstdint>
#include <stdexcept>
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

  // Schedules `v` for cycle `when` (now <= when < now + horizon).
  void schedule(uint64_t now, uint64_t when, const T& v) {
    if (when < now) when = now;
    if (when - now > mask_) throw std::logic_error("TimingWheel: delay beyond horizon");
    buckets_[when & mask_].push_back(v);
    ++size_;
  }

  // Calls f(v) for every event due at `now`. `f` may schedule new events (not for `now`).
  template <class F>
  void drain(uint64_t now, F&& f) {
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
  std::vector<std::vector<T>> buckets_;
  std::vector<T> scratch_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace gpucosim
