#pragma once
// Per-warp scoreboard: one bit per architectural register with a write in flight. An instruction
// may issue only when none of its sources (RAW) and none of its destinations (WAW) is pending.
// RZ (kRegZero) is never a hazard. A second bit set marks registers written by long-latency
// memory loads, which the two-level scheduler uses to demote warps.
#include <array>
#include <cstdint>

#include "kernel/kernel.h"

namespace gpucosim {

class Scoreboard {
 public:
  void clear() {
    pending_.fill(0);
    long_.fill(0);
  }
  bool pending(uint8_t r) const { return r != kRegZero && test(pending_, r); }
  bool pending_long(uint8_t r) const { return r != kRegZero && test(long_, r); }

  // True when `i` must wait: a source or destination register has a write in flight.
  bool hazard(const Instruction& i) const {
    for (int k = 0; k < i.n_src; ++k)
      if (pending(i.src[size_t(k)])) return true;
    for (int k = 0; k < i.n_dst; ++k)
      if (pending(i.dst[size_t(k)])) return true;
    return false;
  }
  // True when the hazard of `i` involves a register a memory load will write.
  bool long_hazard(const Instruction& i) const {
    for (int k = 0; k < i.n_src; ++k)
      if (pending_long(i.src[size_t(k)])) return true;
    for (int k = 0; k < i.n_dst; ++k)
      if (pending_long(i.dst[size_t(k)])) return true;
    return false;
  }

  void reserve(const Instruction& i, bool long_latency) {
    for (int k = 0; k < i.n_dst; ++k) {
      uint8_t r = i.dst[size_t(k)];
      if (r == kRegZero) continue;
      set(pending_, r);
      if (long_latency) set(long_, r);
    }
  }
  void release(const Instruction& i) {
    for (int k = 0; k < i.n_dst; ++k) {
      uint8_t r = i.dst[size_t(k)];
      if (r == kRegZero) continue;
      clr(pending_, r);
      clr(long_, r);
    }
  }
  bool any() const { return (pending_[0] | pending_[1] | pending_[2] | pending_[3]) != 0; }

 private:
  using Bits = std::array<uint64_t, 4>;
  static bool test(const Bits& b, uint8_t r) { return (b[r >> 6] >> (r & 63)) & 1u; }
  static void set(Bits& b, uint8_t r) { b[r >> 6] |= uint64_t(1) << (r & 63); }
  static void clr(Bits& b, uint8_t r) { b[r >> 6] &= ~(uint64_t(1) << (r & 63)); }
  Bits pending_{}, long_{};
};

}  // namespace gpucosim
