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
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  size_t capacity() const { return slots_.size(); }

  void push_back(const T& v) {
    if (size_ == slots_.size()) grow();
    slots_[(head_ + size_) & (slots_.size() - 1)] = v;
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
    return slots_[(head_ + size_ - 1) & (slots_.size() - 1)];
  }
  void pop_front() {
    assert(size_ > 0);
    head_ = (head_ + 1) & (slots_.size() - 1);
    --size_;
  }
  // i-th element from the front (0 = front).
  T& operator[](size_t i) { return slots_[(head_ + i) & (slots_.size() - 1)]; }
  const T& operator[](size_t i) const { return slots_[(head_ + i) & (slots_.size() - 1)]; }
  void clear() { head_ = size_ = 0; }

 private:
  void grow() {
    std::vector<T> bigger(slots_.size() * 2);
    for (size_t i = 0; i < size_; ++i) bigger[i] = std::move((*this)[i]);
    slots_.swap(bigger);
    head_ = 0;
  }

  std::vector<T> slots_;
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace gpucosim
