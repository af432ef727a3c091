#pragma once
// A memory partition: one DRAM channel and its `sub_partitions` L2 slices (GPGPU-Sim's
// memory_partition_unit with its memory_sub_partitions). Each slice has a TargetPort that the
// crossbar's partition-side InitiatorPort binds to:
//     crossbar.partition_port(c * sub_partitions + s).socket.bind(partition_c.port(s).socket);
// The slices tick at the L2 clock, the channel at the DRAM clock; between them each slice has
// an L2->DRAM queue (l2_to_dram_queue entries) drained round-robin, one request per DRAM cycle.
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/address_map.h"
#include "systemc/memory/dram_channel.h"
#include "systemc/memory/l2_slice.h"
#include "systemc/tlm/ports.h"

namespace gpucosim {

class MemoryPartition : public sc_core::sc_module {
 public:
  // `map` and `cfg` must outlive the partition.
  MemoryPartition(sc_core::sc_module_name name, uint32_t channel, const MemoryConfig& cfg, const ClockConfig& clk,
                  const AddressMap& map);

  TargetPort& port(uint32_t sub) { return *ports_[sub]; }
  uint32_t channel() const { return channel_; }
  uint32_t sub_partitions() const { return uint32_t(slices_.size()); }

  // One L2 cycle of every slice. A slice with nothing due before a later cycle and no new input
  // (DRAM return, request at its port) is not ticked unless `all` (L2Slice::skippable: such a
  // tick would change nothing, not even a counter).
  void tick_l2(uint64_t l2_cycle, bool all = false);
  void tick_dram(uint64_t dram_cycle);
  bool l2_idle() const;
  bool dram_idle() const;
  bool idle() const { return l2_idle() && dram_idle(); }
  // What the slices and the channel hold (deadlock reports).
  std::string describe() const;

  // Copy-engine warm-up: installs the lines of [addr, addr + bytes) that belong to this channel.
  uint32_t warm(uint64_t addr, uint64_t bytes);

  L2Slice& slice(uint32_t sub) { return *slices_[sub]; }
  const L2Slice& slice(uint32_t sub) const { return *slices_[sub]; }
  DramChannel& dram() { return dram_; }
  const DramChannel& dram() const { return dram_; }

  // L2 counters summed under "L2." (plus per-slice under "L2[p]."), DRAM under "dram[c]." and
  // the totals total_dram_reads / total_dram_writes / dram_row_buffer_*. `dram_through`: the
  // DRAM cycle the run has reached (DramChannel::collect; 0 = the channel's own tick count).
  void collect(StatsMap& m, uint64_t dram_through = 0) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, uint32_t launch) const;
  // Drops the charges of a launch the caller has collected (kernel_ledger.h).
  void forget_launch(uint32_t launch);
  bool charged(uint32_t launch) const;  // anything charged to `launch` since it was forgotten

 private:
  uint32_t channel_;
  std::vector<std::unique_ptr<TargetPort>> ports_;
  DramChannel dram_;
  std::vector<std::unique_ptr<L2Slice>> slices_;
  uint32_t rr_ = 0;
};

// Copy-engine warm-up of the whole L2 (host-to-device memcpy of [addr, addr + bytes)): each
// 128-byte line is decoded once and installed (valid, clean) in its slice. `partitions` is
// indexed by channel. Returns the lines installed.
uint64_t warm_l2(const std::vector<MemoryPartition*>& partitions, const AddressMap& map, uint64_t addr,
                 uint64_t bytes);

// The L2 keeps at most its capacity, and a copy installs its lines in address order, so lines
// more than a few capacities before the copy's end are evicted by its later lines. This trims
// [addr, addr + bytes) to its last kMemcpyTailL2s x l2_bytes (whole lines), which leaves the L2
// as the whole copy would (tests/memory/test_memory_system.cpp compares the two) and bounds the
// time of a huge copy (a 1 TB MemcpyHtoD costs what a 12 MB one does).
constexpr uint64_t kMemcpyTailL2s = 16;
void trim_copy_to_l2_tail(uint64_t& addr, uint64_t& bytes, uint64_t l2_bytes);

}  // namespace gpucosim
