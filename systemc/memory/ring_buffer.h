#pragma once
// A FIFO on a power-of-two ring of slots. Push never allocates once the ring has reached its
// working size: the ring doubles only when a push finds it full, which the owners avoid by
// bounding their queues (so steady state runs allocation-free). Used by the memory side for
// every queue on a hot path instead of std::deque (whose blocks are allocated and freed as it
// moves).
#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

namespace gpucosim {

template <typename T>
class RingBuffer {
 public:
  explicit RingBuffer(size_t initial_capacity = 8) {
    size_t c = 1;
    while (c < initial_capacity) c <<= 1;
    slots_.resize(c);
    mask_ = c - 1;
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  size_t capacity() const { return mask_ + 1; }

  void push_back(const T& v) {
    if (size_ > mask_) grow();
    slots_[(head_ + size_) & mask_] = v;
    ++size_;
  }
  T& front() {
    assert(size_ > 0);
    return slots_[head_];
  }
  const T& front() const {
    assert(size_ > 0);
    return slots_[head_];
  }
  T& back() {
    assert(size_ > 0);
    return slots_[(head_ + size_ - 1) & mask_];
  }
  // An emptied ring starts again at its first slot: a queue that drains often then cycles
  // through as many slots as it holds at most, which stay in the host's caches, instead of
  // through all of them (a long ring's next slot was last written a whole round ago).
  void pop_front() {
    assert(size_ > 0);
    head_ = --size_ == 0 ? 0 : (head_ + 1) & mask_;
  }
  // i-th element from the front (0 = front).
  T& operator[](size_t i) { return slots_[(head_ + i) & mask_]; }
  const T& operator[](size_t i) const { return slots_[(head_ + i) & mask_]; }
  void clear() { head_ = size_ = 0; }

 private:
  void grow() {
    std::vector<T> bigger(slots_.size() * 2);
    for (size_t i = 0; i < size_; ++i) bigger[i] = std::move((*this)[i]);
    slots_.swap(bigger);
    mask_ = slots_.size() - 1;
    head_ = 0;
  }

  std::vector<T> slots_;
  size_t mask_ = 0;  // slots_.size() - 1, kept: the size of a vector of 24-byte elements costs a multiply
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace gpucosim
