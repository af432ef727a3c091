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
//
// Work per event, not per cycle (the shortcuts, on by default): an input's offer is kept from
// cycle to cycle while nothing it depends on changes, instead of looking through its queue again
// every cycle. An offer depends on the input's queue up to the offered packet (it changes only
// when that input is granted: packets join at the back), on the offered output staying free
// with room (it changes only at a grant there), and on the outputs of the packets it passed over
// staying busy or full (they change when a busy time ends or at a pop there). Each output keeps
// the set of inputs offering to it across cycles, and per output the inputs to look at again when
// it is popped or its busy time ends. An input with nothing to offer sleeps the same way until a
// packet arrives, a busy output it waited on is free, a pop at a full one or a new packet.
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
  bool can_inject(uint32_t in, uint32_t flits) const {
    return in_[in].flits == 0 || in_[in].flits + flits <= in_cap_;
  }
  void inject(uint32_t in, tlm::tlm_generic_payload* p, uint32_t dest, uint32_t flits, uint64_t ready);

  // Grants for this cycle.
  void arbitrate(uint64_t cycle);
  // Off: every input with packets looks for one to offer on every cycle (arbitrate_plain), as
  // before the shortcuts (tests compare). Only the work changes, never a grant.
  void set_shortcuts(bool on);

  // Head of an output buffer if it has arrived by `cycle`.
  tlm::tlm_generic_payload* output(uint32_t out, uint64_t cycle) const {
    const RingBuffer<Packet>& q = out_[out].q;
    return (!q.empty() && q.front().ready <= cycle) ? q.front().p : nullptr;
  }
  void pop_output(uint32_t out);
  // The outputs whose buffer holds a packet (arrived or not).
  const BitSet& nonempty_outputs() const { return out_set_; }

  bool empty() const { return in_packets_ == 0 && out_packets_ == 0; }
  uint64_t in_packets() const { return in_packets_; }
  uint64_t out_packets() const { return out_packets_; }
  uint32_t n_in() const { return uint32_t(in_.size()); }
  uint32_t n_out() const { return uint32_t(out_.size()); }
  uint64_t conflicts() const { return conflicts_; }

 private:
  struct Packet {
    tlm::tlm_generic_payload* p = nullptr;
    uint32_t dest = 0, flits = 1;
    uint64_t ready = 0;
  };
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr size_t kLookahead = 8;  // packets an input looks at to find one that can move
  // A port's state in one place (one base address per port on the hot path, not one per array).
  struct InPort {
    RingBuffer<Packet> q{16};
    uint64_t busy = 0;         // first cycle the port is free again
    uint64_t wait = 0;         // shortcuts: the first cycle an input without an offer may find one (sleep)
    uint32_t flits = 0;
    uint32_t offer_dest = kNone, offer_pos = 0;  // shortcuts: the kept offer (kNone: none; then in look_set_)
  };
  struct OutPort {
    RingBuffer<Packet> q{16};
    uint64_t busy = 0;
    uint32_t flits = 0;
    uint32_t rr = 0;         // input to consider first
    uint32_t req_count = 0;  // shortcuts: inputs whose kept offer is for this output
  };

  // Input i's look through its queue at `cycle` (the rule above): the offered packet's position
  // and output, or dest kNone; `passed` gets the outputs of the packets passed over (at most
  // kLookahead, each once), `wake` the first cycle a packet not yet arrived arrives.
  struct Look {
    uint32_t dest = kNone, pos = 0, n_passed = 0;
    uint64_t wake = UINT64_MAX;
    uint32_t passed[kLookahead];
  };
  void look(const InPort& in, uint64_t cycle, Look& l) const;
  bool available(const OutPort& o, uint32_t flits, uint64_t cycle) const {
    return o.busy <= cycle && (o.flits == 0 || o.flits + flits <= out_cap_);
  }
  void arbitrate_plain(uint64_t cycle);
  // Takes input `winner`'s packet at queue position `pos` to output d at `cycle`; its flits.
  uint32_t grant(uint32_t winner, uint32_t pos, uint32_t d, uint64_t cycle);
  // Round-robin: the first input set in `bits` (words_ words) at or after `start`, wrapping.
  uint32_t first_from(const uint64_t* bits, uint32_t start) const;

  // Shortcut bookkeeping (xbar_net.cpp).
  void forget_offer(uint32_t i);           // i's offer (if any) is void: i looks again
  void wake_watchers(uint64_t* watch);     // every input in `watch` looks again; watch cleared
  void watch(std::vector<uint64_t>& sets, BitSet& outs, uint32_t out, uint32_t in) {
    sets[size_t(out) * words_ + in / 64] |= uint64_t(1) << (in % 64);
    outs.set(out);
  }
  void reset_shortcut_state();

  uint32_t in_cap_, out_cap_, latency_;
  std::vector<InPort> in_;
  std::vector<OutPort> out_;
  uint32_t n_in_ = 0;                         // in_.size() (a division by the port size otherwise)
  uint32_t words_;                            // 64-bit words of a set of inputs
  BitSet in_set_, out_set_;                   // inputs / outputs whose queue is not empty
  uint64_t in_packets_ = 0, out_packets_ = 0, conflicts_ = 0;

  bool shortcuts_ = true;
  // Per output: the inputs whose kept offer is for it (a set of inputs each, words_ words); the
  // outputs with offers.
  std::vector<uint64_t> req_bits_;
  BitSet offered_outs_;
  BitSet look_set_;                           // inputs with packets and no kept offer
  // Per output: the inputs to look again when its busy time ends (watch_busy_) or when it is
  // popped (watch_room_: it was full); the outputs with such inputs.
  std::vector<uint64_t> watch_busy_, watch_room_;
  BitSet busy_watched_, room_watched_;
  uint32_t max_flits_ = 1;                    // largest packet injected so far

  // Scratch of arbitrate_plain.
  std::vector<uint32_t> plain_req_count_, touched_, plain_offer_;
  std::vector<uint64_t> plain_req_bits_;
};

// Inline: called once per packet from the crossbar's tick.
inline void XbarNet::inject(uint32_t i, tlm::tlm_generic_payload* p, uint32_t dest, uint32_t flits, uint64_t ready) {
  InPort& in = in_[i];
  in.q.push_back(Packet{p, dest, flits, ready});
  in_set_.set(i);
  in.flits += flits;
  ++in_packets_;
  max_flits_ = std::max(max_flits_, flits);
  // A kept offer stands (the packet joins behind it); otherwise the new packet may be one to offer.
  if (in.offer_dest == kNone) {
    look_set_.set(i);
    in.wait = 0;
  }
}

inline void XbarNet::pop_output(uint32_t out) {
  OutPort& o = out_[out];
  o.flits -= o.q.front().flits;
  o.q.pop_front();
  if (o.q.empty()) out_set_.clear(out);
  --out_packets_;
  // Room at `out`: inputs that passed it over for being full look again.
  if (room_watched_.test(out)) {
    room_watched_.clear(out);
    wake_watchers(&watch_room_[size_t(out) * words_]);
  }
}

}  // namespace gpucosim
