#pragma once
// The four clock domains of the GPU (core, interconnect, L2, DRAM; -gpgpu_clock_domains).
// Time is kept in integer femtoseconds so that edges of different domains that coincide are
// detected exactly and runs are bit-identical on every machine (no floating-point accumulation).
#include <algorithm>
#include <array>
#include <cstdint>

#include "systemc/config/gpu_config.h"

namespace gpucosim {

enum ClockDomain : uint8_t { kCore = 0, kIcnt = 1, kL2 = 2, kDram = 3, kNumDomains = 4 };

class ClockDomains {
 public:
  explicit ClockDomains(const ClockConfig& c) {
    const double mhz[kNumDomains] = {c.core_mhz, c.icnt_mhz, c.l2_mhz, c.dram_mhz};
    for (int d = 0; d < kNumDomains; ++d) {
      period_fs_[d] = uint64_t(1e9 / mhz[d] + 0.5);
      next_fs_[d] = period_fs_[d];
    }
  }

  // Advances to the earliest pending edge. Returns a bit mask of the domains that tick now
  // (bit d = domain d) and bumps their cycle counters.
  uint32_t advance() {
    const uint64_t t = next_edge_fs();
    uint32_t mask = 0;
    for (int d = 0; d < kNumDomains; ++d) {
      if (next_fs_[d] == t) {
        mask |= 1u << d;
        cycles_[d] += 1;
        next_fs_[d] += period_fs_[d];
      }
    }
    now_fs_ = t;
    return mask;
  }

  // Passes every edge before the core domain's edge of cycle `core_cycle` (the next advance()
  // returns that edge, with whatever coincides with it). Nothing happens if it is already next.
  // Computed, not stepped: domain d's edges fall at k * period (k >= 1), so the edges before the
  // target time T are (T - 1) / period of each domain, and the time is that of the latest of them.
  // (Stepping edge by edge, an application starting 10^11 cycles in took minutes.)
  void skip_to_core_cycle(uint64_t core_cycle) {
    if (core_cycle == 0) return;
    const uint64_t target = core_cycle * period_fs_[kCore];
    for (int d = 0; d < kNumDomains; ++d) {
      const uint64_t passed = (target - 1) / period_fs_[d];
      if (passed <= cycles_[d]) continue;  // no edge of this domain before the target
      cycles_[d] = passed;
      next_fs_[d] = (passed + 1) * period_fs_[d];
      now_fs_ = std::max(now_fs_, passed * period_fs_[d]);
    }
  }
  // The most core cycles the femtosecond clock counts (a half of 2^64 fs, about 2.5 hours of
  // simulated time, as a margin for the other domains' edges).
  uint64_t max_core_cycles() const { return (uint64_t(1) << 63) / period_fs_[kCore]; }

  uint64_t now_fs() const { return now_fs_; }
  uint64_t cycle(ClockDomain d) const { return cycles_[d]; }
  uint64_t period_fs(ClockDomain d) const { return period_fs_[d]; }
  // Femtoseconds until the next edge of any domain.
  uint64_t fs_to_next_edge() const { return next_edge_fs() - now_fs_; }

 private:
  uint64_t next_edge_fs() const {  // the earliest pending edge of any domain
    uint64_t t = next_fs_[0];
    for (int d = 1; d < kNumDomains; ++d)
      if (next_fs_[d] < t) t = next_fs_[d];
    return t;
  }
  std::array<uint64_t, kNumDomains> period_fs_{};
  std::array<uint64_t, kNumDomains> next_fs_{};
  std::array<uint64_t, kNumDomains> cycles_{};
  uint64_t now_fs_ = 0;
};

}  // namespace gpucosim
