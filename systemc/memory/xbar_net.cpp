#include "systemc/memory/xbar_net.h"

#include <algorithm>
#include <stdexcept>

namespace gpucosim {

XbarNet::XbarNet(uint32_t n_in, uint32_t n_out, uint32_t in_buffer_flits, uint32_t out_buffer_flits, uint32_t latency)
    : in_cap_(in_buffer_flits), out_cap_(out_buffer_flits), latency_(std::max<uint32_t>(1, latency)) {
  if (n_in == 0 || n_out == 0) throw std::invalid_argument("crossbar needs at least one input and one output");
  if (in_buffer_flits == 0 || out_buffer_flits == 0)
    throw std::invalid_argument("icnt_in_buffer_limit / icnt_out_buffer_limit must be > 0");
  in_q_.assign(n_in, RingBuffer<Packet>(16));
  out_q_.assign(n_out, RingBuffer<Packet>(16));
  in_flits_.assign(n_in, 0);
  out_flits_.assign(n_out, 0);
  in_busy_.assign(n_in, 0);
  in_wait_.assign(n_in, 0);
  out_busy_.assign(n_out, 0);
  rr_.assign(n_out, 0);
  words_ = (n_in + 63) / 64;
  req_bits_.assign(size_t(n_out) * words_, 0);
  req_count_.assign(n_out, 0);
  touched_.reserve(n_out);
  offer_.assign(n_in, 0);
  in_set_ = BitSet(n_in);
  out_set_ = BitSet(n_out);
}

void XbarNet::inject(uint32_t in, tlm::tlm_generic_payload* p, uint32_t dest, uint32_t flits, uint64_t ready) {
  in_q_[in].push_back(Packet{p, dest, flits, ready});
  in_set_.set(in);
  in_flits_[in] += flits;
  in_wait_[in] = 0;  // the new packet may be one it can offer
  ++in_packets_;
}

void XbarNet::pop_output(uint32_t out) {
  out_flits_[out] -= out_q_[out].front().flits;
  out_q_[out].pop_front();
  if (out_q_[out].empty()) out_set_.clear(out);
  --out_packets_;
}

void XbarNet::arbitrate(uint64_t cycle) {
  if (in_packets_ == 0) return;
  touched_.clear();
  const uint32_t n_in = uint32_t(in_q_.size());
  // Inputs with packets, in input order (in_set_ changes only after this walk).
  in_set_.for_each([&](uint32_t i) {
    if (in_busy_[i] > cycle || in_wait_[i] > cycle) return;
    // The input offers its oldest packet that can move: a packet whose output is busy or full does
    // not block packets behind it for other outputs (virtual output queues, kLookahead deep);
    // packets for one output never overtake each other.
    const RingBuffer<Packet>& q = in_q_[i];
    const size_t depth = std::min<size_t>(q.size(), kLookahead);
    uint32_t dest = UINT32_MAX;
    size_t pos = 0;
    uint32_t n_blocked = 0;
    uint64_t wake = UINT64_MAX;  // input sleep: when a look may find something
    bool full = false;
    for (size_t k = 0; k < depth && dest == UINT32_MAX; ++k) {
      const Packet& h = q[k];
      if (h.ready > cycle) {  // later packets arrived later still
        wake = std::min(wake, h.ready);
        break;
      }
      bool behind_blocked = false;
      for (uint32_t b = 0; b < n_blocked; ++b) behind_blocked = behind_blocked || blocked_[b] == h.dest;
      if (behind_blocked) continue;
      const bool has_room = out_flits_[h.dest] == 0 || out_flits_[h.dest] + h.flits <= out_cap_;
      if (out_busy_[h.dest] <= cycle && has_room) {
        dest = h.dest;
        pos = k;
      } else {
        full = full || !has_room;
        wake = std::min(wake, out_busy_[h.dest]);
        if (n_blocked < kLookahead) blocked_[n_blocked++] = h.dest;
      }
    }
    if (dest == UINT32_MAX) {
      if (sleep_ && !full) in_wait_[i] = wake;
      return;
    }
    offer_[i] = uint32_t(pos);
    if (req_count_[dest]++ == 0) touched_.push_back(dest);
    req_bits_[size_t(dest) * words_ + i / 64] |= uint64_t(1) << (i % 64);
  });
  for (uint32_t d : touched_) {
    uint64_t* bits = &req_bits_[size_t(d) * words_];
    // Round-robin: the first requesting input at or after rr_[d], wrapping around.
    auto first_from = [&](uint32_t start) {
      for (uint32_t w = start / 64; w < words_; ++w) {
        uint64_t v = bits[w];
        if (w == start / 64) v &= ~uint64_t(0) << (start % 64);
        if (v) return w * 64 + uint32_t(__builtin_ctzll(v));
      }
      return n_in;
    };
    uint32_t winner = first_from(rr_[d]);
    if (winner >= n_in) winner = first_from(0);
    const uint32_t candidates = req_count_[d];
    req_count_[d] = 0;
    for (uint32_t w = 0; w < words_; ++w) bits[w] = 0;
    conflicts_ += candidates - 1;
    rr_[d] = (winner + 1) % n_in;
    // Take the offered packet out of the input queue (those before it shift up one slot).
    RingBuffer<Packet>& q = in_q_[winner];
    Packet pk = q[offer_[winner]];
    for (size_t k = offer_[winner]; k > 0; --k) q[k] = q[k - 1];
    q.pop_front();
    if (q.empty()) in_set_.clear(winner);
    in_flits_[winner] -= pk.flits;
    --in_packets_;
    in_busy_[winner] = cycle + pk.flits;
    out_busy_[d] = cycle + pk.flits;
    pk.ready = cycle + latency_ + pk.flits - 1;
    out_q_[d].push_back(pk);
    out_set_.set(d);
    out_flits_[d] += pk.flits;
    ++out_packets_;
  }
}

}  // namespace gpucosim
