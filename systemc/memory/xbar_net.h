#pragma once
// One direction of the crossbar (requests SM -> partition, or replies partition -> SM), plain C++.
//
// Each input has a buffer of `in_buffer` flits, each output a buffer of `out_buffer` flits.
// Every cycle each input offers its oldest packet whose output is free and has room, looking at
// most kLookahead packets deep (virtual output queues: a packet waiting for a busy output does not
// block the packets behind it for other outputs; packets for one output keep their order), and
// each output picks, round-robin from the input after its last grant, one of the inputs offering
// it a packet; the packet then
// holds that input and that output for `flits` cycles (1 flit per cycle per port) and reaches
// the output buffer `latency + flits - 1` cycles after the grant. Space in the output buffer is
// taken at grant time, so nothing is ever dropped: a full output simply stops being granted.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <tlm>

#include "systemc/memory/bit_set.h"
#include "systemc/memory/ring_buffer.h"

namespace gpucosim {

class XbarNet {
 public:
  XbarNet(uint32_t n_in, uint32_t n_out, uint32_t in_buffer_flits, uint32_t out_buffer_flits, uint32_t latency);

  // A packet larger than a whole buffer is still taken into an empty one (no deadlock with tiny
  // buffers).
  bool can_inject(uint32_t in, uint32_t flits) const { return in_flits_[in] == 0 || in_flits_[in] + flits <= in_cap_; }
  void inject(uint32_t in, tlm::tlm_generic_payload* p, uint32_t dest, uint32_t flits, uint64_t ready);

  // Grants for this cycle.
  void arbitrate(uint64_t cycle);
  // Off: every input with packets looks for one to offer on every cycle, as before input sleep
  // (tests compare).
  void set_input_sleep(bool on) {
    sleep_ = on;
    std::fill(in_wait_.begin(), in_wait_.end(), 0);
  }

  // Head of an output buffer if it has arrived by `cycle`.
  tlm::tlm_generic_payload* output(uint32_t out, uint64_t cycle) const {
    const RingBuffer<Packet>& q = out_q_[out];
    return (!q.empty() && q.front().ready <= cycle) ? q.front().p : nullptr;
  }
  void pop_output(uint32_t out);
  // The outputs whose buffer holds a packet (arrived or not).
  const BitSet& nonempty_outputs() const { return out_set_; }

  bool empty() const { return in_packets_ == 0 && out_packets_ == 0; }
  uint64_t in_packets() const { return in_packets_; }
  uint64_t out_packets() const { return out_packets_; }
  uint32_t n_in() const { return uint32_t(in_q_.size()); }
  uint32_t n_out() const { return uint32_t(out_q_.size()); }
  uint64_t conflicts() const { return conflicts_; }

 private:
  struct Packet {
    tlm::tlm_generic_payload* p = nullptr;
    uint32_t dest = 0, flits = 1;
    uint64_t ready = 0;
  };
  uint32_t in_cap_, out_cap_, latency_;
  std::vector<RingBuffer<Packet>> in_q_, out_q_;
  std::vector<uint32_t> in_flits_, out_flits_;
  std::vector<uint64_t> in_busy_, out_busy_;  // first cycle the port is free again
  // Input sleep: an input that found no packet to offer looks again only at the first cycle one
  // of the outputs it waited on is free or its first waiting packet arrives (a grant only makes
  // an output busy longer), or when a packet joins it. Not when an output was full: that ends
  // at a pop, not at a known cycle.
  std::vector<uint64_t> in_wait_;
  bool sleep_ = true;
  std::vector<uint32_t> rr_;                  // per output: input to consider first
  std::vector<uint64_t> req_bits_;            // per output: bit set of requesting inputs (scratch)
  std::vector<uint32_t> req_count_;           // per output: how many inputs request it (scratch)
  std::vector<uint32_t> touched_;             // outputs with requests this cycle (scratch)
  static constexpr size_t kLookahead = 8;     // packets an input looks at to find one that can move
  std::vector<uint32_t> offer_;               // per input: queue position of the offered packet (scratch)
  uint32_t blocked_[kLookahead] = {};         // outputs skipped in the current input's scan (scratch)
  uint32_t words_;
  BitSet in_set_, out_set_;                   // inputs / outputs whose queue is not empty
  uint64_t in_packets_ = 0, out_packets_ = 0, conflicts_ = 0;
};

}  // namespace gpucosim
