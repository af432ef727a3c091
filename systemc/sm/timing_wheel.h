#pragma once
// A calendar queue of events due at a future cycle. Each bucket is a singly linked list (head,
// tail) of nodes in one pool that the wheel owns, with a free list: after the pool has grown to
// the largest number of events ever pending at once, scheduling an event never allocates, and
// no bucket grows its own storage (one growth per bucket and size step used to cost an
// allocation each, which a short run of many SMs never amortised). The horizon (the delay the
// buckets cover) is fixed at construction from the configured latencies; an event further out
// (a backlog that grows with the load, e.g. the L1's one-writeback-per-cycle port) waits in an
// overflow list and moves into its bucket once it comes within the horizon. A bitmap of the
// non-empty buckets answers next_due() in a few word operations, so an owner with nothing else
// to do can sleep until its next event instead of draining empty buckets.
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace gpucosim {

template <class T>
class TimingWheel {
 public:
  explicit TimingWheel(uint32_t horizon) {
    size_t n = 1;
    while (n <= horizon) n <<= 1;
    buckets_.assign(n, Bucket{});
    mask_ = n - 1;
    busy_.assign((n + 63) / 64, 0);
  }

  // Schedules `v` for cycle `when` (when < now means now). Events due at the same cycle are
  // drained in the order they were scheduled.
  void schedule(uint64_t now, uint64_t when, const T& v) {
    if (when < now) when = now;
    if (!overflow_.empty()) migrate(now);
    if (when - now > mask_) {
      overflow_.emplace_back(when, v);
    } else {
      push(when, v);
    }
    ++size_;
  }

  // Calls f(v) for every event due at `now`. `f` may schedule new events (not for `now`).
  // Calls come with non-decreasing `now`, one for every cycle while the wheel is not empty.
  template <class F>
  void drain(uint64_t now, F&& f) {
    if (!overflow_.empty()) migrate(now);
    Bucket& b = buckets_[now & mask_];
    if (b.head == kNil) return;
    busy_[(now & mask_) >> 6] &= ~(uint64_t(1) << ((now & mask_) & 63));
    uint32_t i = b.head;
    size_ -= b.count;
    b = Bucket{};
    // Each node goes back to the free list before f runs: f may schedule (reusing it, or growing
    // the pool), so nothing of the pool is held across the call.
    while (i != kNil) {
      Node& nd = nodes_[i];
      const T v = nd.v;
      const uint32_t next = nd.next;
      nd.next = free_;
      free_ = i;
      f(v);
      i = next;
    }
  }

  // The earliest cycle after `now` with an event due (kNever when the wheel is empty). Valid when
  // every cycle up to `now` has been drained (the contract of drain()), so that every bucket
  // holds events of the one cycle in (now, now + horizon] it stands for.
  static constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
  uint64_t next_due(uint64_t now) const {
    uint64_t best = kNever;
    for (const auto& [when, v] : overflow_) best = when < best ? when : best;
    if (size_ == overflow_.size()) return best;
    const size_t n = mask_ + 1, start = (now + 1) & mask_;
    size_t i = first_busy(start, n);
    if (i == n) i = first_busy(0, start);
    const uint64_t at = now + 1 + ((i - start) & mask_);
    return at < best ? at : best;
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
        push(when < now ? now : when, overflow_[k].second);
      else
        overflow_[keep++] = overflow_[k];
    }
    overflow_.resize(keep);
  }

  void push(uint64_t when, const T& v) {
    uint32_t i = free_;
    if (i != kNil) {
      free_ = nodes_[i].next;
      nodes_[i] = Node{v, kNil};
    } else {
      i = uint32_t(nodes_.size());
      nodes_.push_back(Node{v, kNil});
    }
    const size_t k = when & mask_;
    Bucket& b = buckets_[k];
    if (b.head == kNil) {
      b.head = i;
      busy_[k >> 6] |= uint64_t(1) << (k & 63);
    } else {
      nodes_[b.tail].next = i;
    }
    b.tail = i;
    b.count += 1;
  }
  // The first non-empty bucket in [from, to), or `to`.
  size_t first_busy(size_t from, size_t to) const {
    for (size_t i = from; i < to; i = (i | 63) + 1) {
      const uint64_t bits = busy_[i >> 6] >> (i & 63);
      if (bits) {
        const size_t j = i + size_t(__builtin_ctzll(bits));
        return j < to ? j : to;
      }
    }
    return to;
  }

  static constexpr uint32_t kNil = ~uint32_t(0);
  struct Node {
    T v;
    uint32_t next;  // the bucket's next event, or the free list's next node
  };
  struct Bucket {
    uint32_t head = kNil, tail = kNil;  // oldest and newest event (nodes_ indices)
    uint32_t count = 0;
  };
  std::vector<Bucket> buckets_;
  std::vector<Node> nodes_;
  uint32_t free_ = kNil;        // first free node
  std::vector<uint64_t> busy_;  // bit b: bucket b is not empty
  std::vector<std::pair<uint64_t, T>> overflow_;  // (due cycle, event), in scheduling order
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace gpucosim
