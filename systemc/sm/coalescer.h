#pragma once
// The coalescer turns one warp memory instruction (active mask + 32 lane addresses) into the
// list of cache-line requests the load/store unit sends to the L1 (or past it).
//
// RESEARCH HOOK: this is the interface WarpPool-style designs replace (inter-warp merging,
// request queues). The SM takes a CoalescerInterface at construction (SmOptions::coalescer);
// when none is given it builds the baseline with make_baseline_coalescer(coalesce_arch).
// An implementation must be deterministic and must not allocate once `out` has grown.
#include <cstdint>
#include <memory>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

struct CoalescedRequest {
  static constexpr uint32_t kLineBytes = 128;   // L1/L2 line
  static constexpr uint32_t kSectorBytes = 32;  // sector
  uint64_t line_addr = 0;    // 128-byte aligned
  uint32_t lane_mask = 0;    // lanes this request serves
  uint8_t sector_mask = 0;   // 32-byte sectors of the line the lanes touch
  uint16_t bytes = 0;        // bytes the served lanes read or write (duplicates counted once per lane)
};

struct CoalescerInput {
  const LaneAddrs* addrs = nullptr;
  uint32_t active_mask = 0;
  uint32_t access_bytes = 4;  // bytes per lane
  bool is_write = false;
  uint32_t warp_slot = 0;
};

class CoalescerInterface {
 public:
  virtual ~CoalescerInterface() = default;
  // Clears `out` and fills it with the requests of one warp instruction, in a deterministic order.
  virtual void coalesce(const CoalescerInput& in, std::vector<CoalescedRequest>& out) = 0;
  virtual const char* name() const = 0;
};

// Baseline: lanes are grouped in sub-warps of `lanes_per_group` consecutive lanes; within a group,
// lanes touching the same 128-byte line form one request whose sector mask lists the touched 32-byte
// sectors. Groups never merge with each other.
//   32 lanes per group: Fermi-style whole-warp line coalescing (-gpgpu_coalesce_arch < 60)
//    8 lanes per group: Volta-style sub-warp sector coalescing (-gpgpu_coalesce_arch >= 60)
class SubwarpCoalescer : public CoalescerInterface {
 public:
  explicit SubwarpCoalescer(uint32_t lanes_per_group);
  void coalesce(const CoalescerInput& in, std::vector<CoalescedRequest>& out) override;
  const char* name() const override { return lanes_ == 32 ? "fermi-line" : "subwarp-sector"; }

 private:
  uint32_t lanes_;
};

std::unique_ptr<CoalescerInterface> make_baseline_coalescer(uint32_t coalesce_arch);

}  // namespace gpucosim
