#pragma once
// A small whole-memory-side bench: traffic generators (one InitiatorPort per "SM") -> Crossbar ->
// MemoryPartitions, all ticked from one SC_THREAD through the GPU's four clock domains.
#include <systemc>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/clock_domains.h"
#include "systemc/memory/address_map.h"
#include "systemc/memory/crossbar.h"
#include "systemc/memory/memory_partition.h"
#include "systemc/tlm/payload_pool.h"
#include "systemc/tlm/ports.h"

namespace gpucosim::test {

struct GenRequest {
  uint64_t addr = 0;
  MemAccessKind kind = MemAccessKind::GlobalRead;
  uint8_t sectors = 0xF;
};

// One traffic source per SM port. next(sm, i) gives the i-th request of SM `sm` (false = done).
class TrafficGen : public sc_core::sc_module {
 public:
  using Next = std::function<bool(uint32_t sm, uint64_t i, GenRequest& r)>;
  TrafficGen(sc_core::sc_module_name n, uint32_t n_sms, const AddressMap& map, uint32_t max_outstanding, Next next)
      : sc_core::sc_module(n), map_(map), max_out_(max_outstanding), next_(std::move(next)), sms_(n_sms) {
    for (uint32_t i = 0; i < n_sms; ++i)
      ports.push_back(std::make_unique<InitiatorPort>(("gen_port_" + std::to_string(i)).c_str()));
  }

  // accept_responses(sm, cycle) == false stalls that SM's response port (back-pressure tests).
  std::function<bool(uint32_t, uint64_t)> accept_responses = [](uint32_t, uint64_t) { return true; };

  void tick(uint64_t cycle) {
    for (uint32_t s = 0; s < sms_.size(); ++s) {
      Sm& sm = sms_[s];
      const PendingTransaction& r = ports[s]->peek_response();
      if (r && accept_responses(s, cycle)) {
        tlm::tlm_generic_payload* p = r.payload;
        const GpuExtension& e = gpu_ext(*p);
        latency_sum += cycle - e.issue_cycle;
        if (p->get_response_status() != tlm::TLM_OK_RESPONSE) ++not_ok;
        if (!is_write(e.kind)) bytes_read += 32u * uint32_t(__builtin_popcount(e.sector_mask));
        ++received;
        --sm.outstanding;
        last_response_cycle = cycle;
        ports[s]->pop_response();
        p->release();
      }
      if (sm.done || sm.outstanding >= max_out_ || !ports[s]->can_send()) continue;
      GenRequest g;
      if (!next_(s, sm.issued, g)) {
        sm.done = true;
        continue;
      }
      tlm::tlm_generic_payload* p = pool.acquire();
      p->set_address(g.addr);
      GpuExtension& e = gpu_ext(*p);
      e.kind = g.kind;
      e.sm = s;
      e.partition = map_.partition_of(g.addr);
      e.sector_mask = g.sectors;
      e.id = sm.issued;
      e.issue_cycle = cycle;
      ++sm.issued;
      ++sm.outstanding;
      ++sent;
      ports[s]->send(*p, sc_core::SC_ZERO_TIME);
    }
  }
  uint64_t not_ok = 0;  // responses whose status was not TLM_OK_RESPONSE
  bool done() const {
    for (const Sm& s : sms_)
      if (!s.done || s.outstanding) return false;
    return true;
  }

  std::vector<std::unique_ptr<InitiatorPort>> ports;
  PayloadPool pool;
  uint64_t sent = 0, received = 0, latency_sum = 0, bytes_read = 0, last_response_cycle = 0;

 private:
  struct Sm {
    uint64_t issued = 0;
    uint32_t outstanding = 0;
    bool done = false;
  };
  const AddressMap& map_;
  uint32_t max_out_;
  Next next_;
  std::vector<Sm> sms_;
};

class MemBench : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(MemBench);
  MemBench(sc_core::sc_module_name n, const GpuConfig& cfg, uint32_t n_sms, uint32_t max_outstanding,
           TrafficGen::Next next)
      : sc_core::sc_module(n),
        cfg_(cfg),
        map(cfg.mem),
        gen("gen", n_sms, map, max_outstanding, std::move(next)),
        xbar("xbar", n_sms, cfg.mem.n_partitions(), cfg.icnt, cfg.clock),
        clocks(cfg.clock) {
    for (uint32_t c = 0; c < cfg.mem.n_channels; ++c) {
      parts.push_back(
          std::make_unique<MemoryPartition>(("part" + std::to_string(c)).c_str(), c, cfg_.mem, cfg_.clock, map));
      raw.push_back(parts.back().get());
    }
    for (uint32_t i = 0; i < n_sms; ++i) gen.ports[i]->socket.bind(xbar.sm_port(i).socket);
    for (uint32_t c = 0; c < cfg.mem.n_channels; ++c)
      for (uint32_t s = 0; s < cfg.mem.sub_partitions; ++s)
        xbar.partition_port(c * cfg.mem.sub_partitions + s).socket.bind(parts[c]->port(s).socket);
    SC_THREAD(run);
  }

  // Runs until the generator is done and everything drained, or max_core_cycles.
  void run() {
    while (clocks.cycle(kCore) < max_core_cycles) {
      const uint64_t before = clocks.now_fs();
      const uint32_t mask = clocks.advance();
      sc_core::wait(sc_core::sc_time(double(clocks.now_fs() - before) / 1000.0, sc_core::SC_PS));
      if (mask & (1u << kCore)) gen.tick(clocks.cycle(kCore));
      if (mask & (1u << kIcnt)) xbar.tick(clocks.cycle(kIcnt));
      if (mask & (1u << kL2))
        for (auto& p : parts)
          if (!skip_idle || !p->l2_idle()) p->tick_l2(clocks.cycle(kL2));
      if (mask & (1u << kDram))
        for (auto& p : parts)
          if (!skip_idle || !p->dram_idle()) p->tick_dram(clocks.cycle(kDram));
      if ((mask & (1u << kCore)) && gen.done() && xbar.idle() && all_idle()) break;
    }
    // No sc_stop(): sc_start() returns once every bench's thread has finished, so several
    // benches can share one elaboration.
  }
  bool all_idle() const {
    for (const auto& p : parts)
      if (!p->idle()) return false;
    return true;
  }
  StatsMap stats() const {
    StatsMap m;
    for (const auto& p : parts) p->collect(m, clocks.cycle(kDram));  // idle-skipped DRAM cycles counted
    xbar.collect(m);
    return m;
  }
  double seconds(uint64_t core_cycles) const { return double(core_cycles) / (cfg_.clock.core_mhz * 1e6); }

  const GpuConfig& cfg_;
  AddressMap map;
  TrafficGen gen;
  Crossbar xbar;
  std::vector<std::unique_ptr<MemoryPartition>> parts;
  std::vector<MemoryPartition*> raw;
  ClockDomains clocks;
  uint64_t max_core_cycles = 2000000;
  bool skip_idle = true;
};

// 4 channels x 2 sub-partitions (XOR-indexed), Volta-like L2 slice (128 KB, sectored, write-back, lazy fetch on
// read, IPOLY sets, 192 MSHRs), GDDR5-like default DRAM timing, 40-byte flits.
inline GpuConfig bench_config() {
  GpuConfig g;
  MemoryConfig& m = g.mem;
  m.n_channels = 4;
  m.sub_partitions = 2;
  m.partition_indexing = 1;  // XOR: GPGPU-Sim has no IPOLY table for 8 sub-partitions
  CacheConfig& l2 = m.l2;
  l2.sectored = true;
  l2.nsets = 64;
  l2.line_bytes = 128;
  l2.assoc = 16;
  l2.replacement = 'L';
  l2.write_policy = 'B';
  l2.alloc_policy = 'm';
  l2.write_alloc = 'L';
  l2.set_index = 'P';
  l2.mshr_type = 'A';
  l2.mshr_entries = 192;
  l2.mshr_max_merge = 4;
  l2.miss_queue = 32;
  l2.data_port_bytes = 32;
  m.sched_queue = 64;
  g.icnt.flit_bytes = 40;
  g.icnt.latency = 8;
  g.icnt.in_buffer = 64;
  g.icnt.out_buffer = 64;
  return g;
}

}  // namespace gpucosim::test
