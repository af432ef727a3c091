#pragma once
// Execution units: pools of pipelined units (SP, SFU, DP, INT, TENSOR), each unit accepting one
// warp instruction every `initiation` cycles and producing its result `latency` cycles later.
// Latency and initiation interval come from the instruction's class (an INT instruction run on
// the SP pool because the configuration has no INT units keeps INT timing). Classes whose pool
// has no units fall back to SP, as GPGPU-Sim does for INT and DP on Fermi. ALU, UNIFORM and
// BRANCH instructions run on the SP pool with their own timing, unless a specialised unit
// (Accel-Sim's -specialized_unit_<N>) takes their class: BRA control flow, TEX texture (then no
// longer a memory access, as in Accel-Sim), TENSOR matrix ops, UDP the uniform datapath. In the sub-core model unit i of
// a pool belongs to scheduler i % n_schedulers (when the pool has at least one unit per
// scheduler; otherwise the pool is shared).
#include <array>
#include <cstdint>
#include <vector>

#include "kernel/isa.h"
#include "systemc/config/gpu_config.h"

namespace gpucosim {

// Spec1..Spec8: Accel-Sim's specialised units (CoreConfig::special), by their <N>.
enum class Pool : uint8_t { SP, SFU, DP, INT, TENSOR, Spec1, Spec2, Spec3, Spec4, Spec5, Spec6, Spec7, Spec8, None };
constexpr int kNumPools = 13;
constexpr int kNumUnitClasses = 16;
const char* to_string(Pool p);

class ExecUnits {
 public:
  explicit ExecUnits(const CoreConfig& c);

  // Pool that executes `u`; None for classes handled elsewhere (memory, barriers, exit, nop).
  Pool pool_of(UnitClass u) const { return pool_of_[size_t(u)]; }
  const UnitTiming& timing(UnitClass u) const { return timing_of_[size_t(u)]; }

  // A unit of `pool` usable by scheduler `sched` that can accept an instruction at cycle `at`;
  // -1 when all are busy.
  int find(Pool pool, uint32_t sched, uint64_t at) const;
  // Books unit `unit` for an instruction entering it at cycle `at`.
  void reserve(Pool pool, int unit, uint64_t at, uint32_t initiation) {
    units_[size_t(pool)][size_t(unit)] = at + initiation;
  }
  size_t count(Pool pool) const { return units_[size_t(pool)].size(); }
  uint32_t max_latency() const { return max_latency_; }

 private:
  std::array<std::vector<uint64_t>, kNumPools> units_;  // next cycle each unit accepts
  std::array<Pool, kNumUnitClasses> pool_of_{};
  std::array<UnitTiming, kNumUnitClasses> timing_of_{};
  uint32_t n_sched_ = 1;
  bool sub_core_ = false;
  uint32_t max_latency_ = 0;
};

}  // namespace gpucosim
