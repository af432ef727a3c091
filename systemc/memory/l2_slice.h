#pragma once
// One L2 slice (memory sub-partition), ticked at the L2 clock:
//
//   TargetPort --> ROP queue (rop_latency cycles) --> L2 cache --hit--> response queue --> port
//                                                        | miss (Read) / Writeback
//                                                        v
//                                               L2->DRAM queue --> DramChannel (by the partition)
//                                               DRAM returns --> fill --> waiting requesters --> response queue
//                                                                          (one per L2 cycle)
//
// Request kinds (GpuExtension::kind):
//  * reads (GlobalRead, LocalRead): cache read of ext.sector_mask; answered on hit or on fill.
//  * writes (GlobalWrite, LocalWrite, L1Writeback): cache write per the L2 cache string (Accel-Sim
//    L2: write-back, lazy-fetch-on-read); acknowledged once the cache took it. A write is partial
//    (sub-sector, write-validate) when the payload's data_length is set and is below 32 B per
//    sector; data_length 0 counts as whole sectors.
//  * Atomic: performed at the L2 with the latency of a hit: a read of the sectors, which are
//    then marked dirty, answered like a read.
//  * MemcpyHtoD: the copy engine writes the sectors into the L2 (valid, clean, no DRAM
//    traffic; Accel-Sim warms the L2 this way) and is acknowledged. warm() does the same directly.
// The requesters that waited on a fill (merged on its MSHR entry) join the response queue one per
// L2 cycle, beside the hits that the access stage adds in the same cycles: GPGPU-Sim's L2 hands its
// MSHR waiters out one per cycle (mshr_table::next_access into the L2->interconnect queue), so the
// SMs that merged on one sector get it a cycle or more apart, not back to back.
// Responses go out one per L2 cycle, a data response holding the port for
// ceil(bytes / data_port_bytes) cycles, and only when the port can_respond().
// The cache sees partition-local addresses (AddressMap::decode().local) so all its sets are used;
// the payload keeps its global address.
#include <array>
#include <cstdint>
#include <string>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/kernel_ledger.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/address_map.h"
#include "systemc/memory/cache/cache.h"
#include "systemc/memory/dram_channel.h"
#include "systemc/memory/ring_buffer.h"
#include "systemc/tlm/gpu_extension.h"
#include "systemc/tlm/ports.h"

namespace gpucosim {

class L2Slice {
 public:
  L2Slice(const MemoryConfig& cfg, const ClockConfig& clk, const AddressMap& map, uint32_t channel, uint32_t sub,
          TargetPort& port);

  // One L2 cycle. Takes at most one DRAM return for this slice from `dram`.
  void tick(uint64_t l2_cycle, DramChannel& dram);
  // Whether tick(l2_cycle) would do nothing at all: before the first cycle at which a queued
  // request or response is due (wake_, set by the last tick; every cycle while one is due, so a
  // stall is still counted per cycle, or while the cache has requests for DRAM), with no DRAM
  // return for this slice and no request at the port.
  bool skippable(uint64_t l2_cycle, const DramChannel& dram) const {
    return l2_cycle < wake_ && !dram.has_return(sub_) && !port_.peek_request();
  }

  // L2 -> DRAM queue (drained by MemoryPartition at the DRAM clock).
  bool has_dram_request() const { return !to_dram_.empty(); }
  const DramRequest& front_dram_request() const { return to_dram_.front(); }
  void pop_dram_request() { to_dram_.pop_front(); }

  // Copy-engine warm-up of [addr, addr + bytes): installs this slice's lines. Returns lines installed.
  uint32_t warm(uint64_t addr, uint64_t bytes);

  bool idle() const { return rop_.empty() && resp_.empty() && filled_.empty() && to_dram_.empty() && cache_.idle(); }
  // Queue occupancies, for deadlock reports.
  std::string describe() const {
    return "ROP queue " + std::to_string(rop_.size()) + ", responses " + std::to_string(resp_.size()) +
           ", filled waiters " + std::to_string(filled_.size()) +
           ", to DRAM " + std::to_string(to_dram_.size()) + ", L2 MSHR lines " +
           std::to_string(cache_.mshr_lines_in_flight());
  }
  uint32_t partition() const { return channel_ * n_sub_ + sub_; }
  const Cache& cache() const { return cache_; }
  Cache& cache() { return cache_; }

  struct Counters {
    uint64_t requests = 0, reads = 0, writes = 0, atomics = 0, memcpy = 0;
    uint64_t rop_full_stalls = 0, res_fail_stalls = 0, resp_full_stalls = 0, port_stalls = 0;
    uint64_t reply_data_bytes = 0, responses = 0;
    std::array<uint64_t, kMemClients> client_accesses{}, client_dram_reads{};
  };
  const Counters& counters() const { return ctr_; }
  // Cache counters under `prefix` (e.g. "L2."), slice counters under prefix + "slice_".
  void collect(StatsMap& m, const std::string& prefix) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, const std::string& prefix, uint32_t launch) const;
  void forget_launch(uint32_t launch) {
    ledger_.forget(launch, ctr_);
    cache_.forget_launch(launch);
  }
  bool charged(uint32_t launch) const { return ledger_.charged(launch, ctr_) || cache_.charged(launch); }

 private:
  static void emit(StatsMap& m, const std::string& prefix, const Counters& n);
  struct Timed {
    tlm::tlm_generic_payload* p = nullptr;
    uint64_t ready = 0;
  };
  void complete(tlm::tlm_generic_payload* p, uint64_t now);
  bool access(tlm::tlm_generic_payload* p, uint64_t now);
  uint64_t delay_cycles(const sc_core::sc_time& d) const;

  const MemoryConfig& cfg_;
  const AddressMap& map_;
  uint32_t channel_, sub_, n_sub_;
  TargetPort& port_;
  Cache cache_;
  double l2_period_s_;
  uint32_t port_bytes_;
  size_t rop_cap_, resp_cap_, to_dram_cap_;
  RingBuffer<Timed> rop_, resp_;
  RingBuffer<tlm::tlm_generic_payload*> filled_;  // waiters of fills, released one per cycle
  RingBuffer<DramRequest> to_dram_;
  uint64_t port_free_ = 0;
  uint64_t wake_ = 0;  // skippable(): the first cycle that may act without new input
  Counters ctr_;
  KernelLedger<Counters> ledger_;  // ctr_ per kernel launch of the request handled
};

}  // namespace gpucosim
