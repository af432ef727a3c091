#pragma once
// The SM <-> memory crossbar (GPGPU-Sim's local crossbar, two subnets): an sc_module with one
// TargetPort per SM (requests in, replies out) and one InitiatorPort per memory sub-partition
// (requests out, replies in), ticked at the interconnect clock by the top level.
//
//  * Requests go to GpuExtension::partition, replies back to GpuExtension::sm.
//  * Packet size in bytes: request = ext.bytes if set, else 8 B header (+ 32 B per sector for
//    writes and atomics); reply = ext.reply_bytes if set, else 8 B header (+ 32 B per sector for
//    reads and atomics). Both include the 8-byte header.
//  * Packet size in flits of flit_bytes (the cycles it holds a port): with
//    gpucosim_icnt_header_sideband (default) the header travels on control wires beside the
//    flit-wide data path, as on NVIDIA's crossbars whose quoted per-port bandwidth is data bytes,
//    so a packet is ceil((bytes - 8) / flit_bytes) flits, at least 1 (a read request or a write
//    acknowledgement, header only, still takes one cycle of the port): a 128-byte reply is 4
//    flits of 32 B. Without it the header is carried in the flits as GPGPU-Sim counts it
//    (mem_fetch::size() = data + control bytes): ceil(bytes / flit_bytes), a 128-byte reply 5
//    flits of 32 B, which caps a port at 80 % of its flit bandwidth as data.
//    Statistics: icnt_*_bytes count header + data either way; icnt_*_flits the port cycles.
//  * Each port moves one flit per cycle; buffers of icnt_in_buffer_limit / icnt_out_buffer_limit
//    flits; fixed latency; round-robin among inputs competing for one output (XbarNet).
//  * Back-pressure without loss: a port's request (or reply) is only taken (END_REQ / END_RESP)
//    when its input buffer has room; an output only sends when the port accepts (can_send /
//    can_respond).
// A lone request accepted at cycle c is granted at c+1 and delivered at c + latency + flits.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/kernel_ledger.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/bit_set.h"
#include "systemc/memory/xbar_net.h"
#include "systemc/tlm/ports.h"

namespace gpucosim {

// Where the ports' owners are ticked on the host, for the layout of the ports' doorbells
// (StripedBitSet): SM i on host thread i % threads, partition port j (sub-partition j % block of
// channel j / block) with its channel, on thread (j / block) % threads. Host speed only: the
// crossbar's behaviour never depends on it.
struct CrossbarHostLayout {
  uint32_t threads = 1;
  uint32_t partition_block = 1;  // sub-partitions per memory channel
};

class Crossbar : public sc_core::sc_module {
 public:
  Crossbar(sc_core::sc_module_name name, uint32_t n_sms, uint32_t n_partitions, const InterconnectConfig& cfg,
           const ClockConfig& clk, CrossbarHostLayout layout = {});

  TargetPort& sm_port(uint32_t sm) { return *sm_ports_[sm]; }
  InitiatorPort& partition_port(uint32_t partition) { return *part_ports_[partition]; }
  uint32_t n_sms() const { return uint32_t(sm_ports_.size()); }
  uint32_t n_partitions() const { return uint32_t(part_ports_.size()); }

  // The request network (SM ports -> partition ports) and the reply network (partition ports ->
  // SM ports) share no state: each has its own XbarNet, doorbells, counters and ledger, and a
  // port's request and response halves are separate fields. Host threads may tick the two at
  // the same time (GpuModelOptions::host_threads); tick() is one and then the other.
  enum Network : int { kRequests = 0, kReplies = 1 };
  void tick(uint64_t icnt_cycle) {
    tick_network(kRequests, icnt_cycle);
    tick_network(kReplies, icnt_cycle);
  }
  // One interconnect cycle of one network: deliver what has arrived at its outputs, grant,
  // then take new packets from its ports.
  void tick_network(Network n, uint64_t icnt_cycle);
  // Nothing buffered and no transaction waiting at any port (of one network / of both).
  bool network_idle(Network n) const;
  bool idle() const { return network_idle(kRequests) && network_idle(kReplies); }
  // Packets in the request and reply networks and ports with a waiting transaction (deadlock reports).
  std::string describe() const;

  uint32_t request_bytes(const tlm::tlm_generic_payload& p) const;
  uint32_t reply_bytes(const tlm::tlm_generic_payload& p) const;

  struct Counters {
    uint64_t req_packets = 0, req_flits = 0, req_bytes = 0;
    uint64_t reply_packets = 0, reply_flits = 0, reply_bytes = 0;
    uint64_t in_stalls = 0, out_stalls = 0;  // port-cycles: input buffer full / port not accepting
    // Accel-Sim's packet counts (icnt_total_pkts_simt_to_mem / _mem_to_simt): one per memory
    // fetch there, i.e. per 32-byte sector with a sectored L1 (InterconnectConfig::sector_packets);
    // L1 write-backs get no reply there.
    uint64_t accelsim_req_pkts = 0, accelsim_reply_pkts = 0;
  };
  // Both networks' counters added up.
  Counters counters() const { return add_counters(ctr_[kRequests], ctr_[kReplies]); }
  void collect(StatsMap& m, const std::string& prefix = "icnt_") const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, uint32_t launch, const std::string& prefix = "icnt_") const;
  void forget_launch(uint32_t launch) {
    for (int n : {kRequests, kReplies}) ledger_[size_t(n)].forget(launch, ctr_[size_t(n)]);
  }
  // Whether anything is charged to `launch` since it was last forgotten.
  bool charged(uint32_t launch) const {
    return ledger_[kRequests].charged(launch, ctr_[kRequests]) || ledger_[kReplies].charged(launch, ctr_[kReplies]);
  }

 private:
  // Flits (port cycles) of a packet of `bytes` (header included), per the header placement.
  uint32_t flits(uint32_t bytes) const {
    const uint32_t wire = header_sideband_ ? (bytes > kHeaderBytes ? bytes - kHeaderBytes : 0) : bytes;
    return wire == 0 ? 1 : (wire + flit_bytes_ - 1) / flit_bytes_;
  }
  static constexpr uint32_t kHeaderBytes = 8;
  uint64_t delay_cycles(const sc_core::sc_time& d) const;

  void emit(StatsMap& m, const std::string& p, const Counters& c) const;
  void tick_requests(uint64_t cycle);
  void tick_replies(uint64_t cycle);

  uint32_t flit_bytes_;
  bool header_sideband_;
  bool sector_packets_;
  uint64_t accelsim_packets(const tlm::tlm_generic_payload& p) const;
  double period_s_;
  std::vector<std::unique_ptr<TargetPort>> sm_ports_;
  std::vector<std::unique_ptr<InitiatorPort>> part_ports_;
  // The ports holding a request (SM side) or a reply (partition side), rung by the ports
  // themselves, so a tick visits those only, in port order as a loop over all ports would;
  // each host thread's ports ring words of their own (CrossbarHostLayout).
  StripedBitSet sm_waiting_, part_waiting_;
  XbarNet req_, reply_;
  // Per network: its counters, and them per kernel launch of the packet counted. Every count
  // follows a charge to its packet's launch within the same network, so two ledgers attribute
  // exactly what one shared ledger did.
  std::array<Counters, 2> ctr_{};
  std::array<KernelLedger<Counters>, 2> ledger_;
};

}  // namespace gpucosim
