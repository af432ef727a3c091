#include "systemc/memory/xbar_net.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace gpucosim {

XbarNet::XbarNet(uint32_t n_in, uint32_t n_out, uint32_t in_buffer_flits, uint32_t out_buffer_flits, uint32_t latency)
    : in_cap_(in_buffer_flits), out_cap_(out_buffer_flits), latency_(std::max<uint32_t>(1, latency)) {
  if (n_in == 0 || n_out == 0) throw std::invalid_argument("crossbar needs at least one input and one output");
  if (in_buffer_flits == 0 || out_buffer_flits == 0)
    throw std::invalid_argument("icnt_in_buffer_limit / icnt_out_buffer_limit must be > 0");
  in_.resize(n_in);
  out_.resize(n_out);
  n_in_ = n_in;
  words_ = (n_in + 63) / 64;
  in_set_ = BitSet(n_in);
  out_set_ = BitSet(n_out);
  req_bits_.assign(size_t(n_out) * words_, 0);
  offered_outs_ = BitSet(n_out);
  look_set_ = BitSet(n_in);
  watch_busy_.assign(size_t(n_out) * words_, 0);
  watch_room_.assign(size_t(n_out) * words_, 0);
  busy_watched_ = BitSet(n_out);
  room_watched_ = BitSet(n_out);
  plain_req_count_.assign(n_out, 0);
  plain_req_bits_.assign(size_t(n_out) * words_, 0);
  plain_offer_.assign(n_in, 0);
  touched_.reserve(n_out);
}

void XbarNet::set_shortcuts(bool on) {
  shortcuts_ = on;
  reset_shortcut_state();
}

void XbarNet::reset_shortcut_state() {
  std::fill(req_bits_.begin(), req_bits_.end(), 0);
  for (OutPort& o : out_) o.req_count = 0;
  offered_outs_ = BitSet(n_out());
  for (InPort& in : in_) {
    in.offer_dest = kNone;
    in.wait = 0;
  }
  look_set_ = in_set_;
  std::fill(watch_busy_.begin(), watch_busy_.end(), 0);
  std::fill(watch_room_.begin(), watch_room_.end(), 0);
  busy_watched_ = BitSet(n_out());
  room_watched_ = BitSet(n_out());
}

inline void XbarNet::look(const InPort& in, uint64_t cycle, Look& l) const {
  // The input offers its oldest packet that can move: a packet whose output is busy or full does
  // not block packets behind it for other outputs (virtual output queues, kLookahead deep);
  // packets for one output never overtake each other.
  const RingBuffer<Packet>& q = in.q;
  const size_t depth = std::min<size_t>(q.size(), kLookahead);
  for (size_t k = 0; k < depth; ++k) {
    const Packet& h = q[k];
    if (h.ready > cycle) {  // later packets arrived later still
      l.wake = h.ready;
      return;
    }
    bool behind_passed = false;
    for (uint32_t b = 0; b < l.n_passed; ++b) behind_passed = behind_passed || l.passed[b] == h.dest;
    if (behind_passed) continue;
    if (available(out_[h.dest], h.flits, cycle)) {
      l.dest = h.dest;
      l.pos = uint32_t(k);
      return;
    }
    l.passed[l.n_passed++] = h.dest;
  }
}

uint32_t XbarNet::first_from(const uint64_t* bits, uint32_t start) const {
  const uint32_t sw = start / 64;
  if (const uint64_t v = bits[sw] & (~uint64_t(0) << (start % 64))) return sw * 64 + uint32_t(__builtin_ctzll(v));
  for (uint32_t w = sw + 1; w < words_; ++w)
    if (bits[w]) return w * 64 + uint32_t(__builtin_ctzll(bits[w]));
  for (uint32_t w = 0; w <= sw; ++w)  // wrapped around
    if (bits[w]) return w * 64 + uint32_t(__builtin_ctzll(bits[w]));
  assert(false && "first_from: empty set");
  return 0;
}

inline uint32_t XbarNet::grant(uint32_t winner, uint32_t pos, uint32_t d, uint64_t cycle) {
  InPort& in = in_[winner];
  OutPort& o = out_[d];
  o.rr = winner + 1 == n_in_ ? 0 : winner + 1;
  // Take the offered packet out of the input queue (those before it shift up one slot).
  RingBuffer<Packet>& q = in.q;
  Packet pk = q[pos];
  for (size_t k = pos; k > 0; --k) q[k] = q[k - 1];
  q.pop_front();
  if (q.empty()) in_set_.clear(winner);
  in.flits -= pk.flits;
  --in_packets_;
  in.busy = cycle + pk.flits;
  o.busy = cycle + pk.flits;
  pk.ready = cycle + latency_ + pk.flits - 1;
  o.q.push_back(pk);
  out_set_.set(d);
  o.flits += pk.flits;
  ++out_packets_;
  return pk.flits;
}

void XbarNet::forget_offer(uint32_t i) {
  InPort& in = in_[i];
  const uint32_t d = in.offer_dest;
  if (d != kNone) {
    req_bits_[size_t(d) * words_ + i / 64] &= ~(uint64_t(1) << (i % 64));
    if (--out_[d].req_count == 0) offered_outs_.clear(d);
    in.offer_dest = kNone;
  }
  in.wait = 0;
  if (!in.q.empty()) look_set_.set(i);
}

void XbarNet::wake_watchers(uint64_t* watch) {
  for (uint32_t w = 0; w < words_; ++w) {
    for (uint64_t m = watch[w]; m; m &= m - 1) forget_offer(w * 64 + uint32_t(__builtin_ctzll(m)));
    watch[w] = 0;
  }
}

void XbarNet::arbitrate(uint64_t cycle) {
  if (in_packets_ == 0) return;
  if (!shortcuts_) return arbitrate_plain(cycle);
  // 1. Inputs that passed over an output whose busy time has now ended look again.
  busy_watched_.for_each([&](uint32_t o) {
    if (out_[o].busy > cycle) return;
    busy_watched_.clear(o);
    wake_watchers(&watch_busy_[size_t(o) * words_]);
  });
  // 2. Inputs without a kept offer look through their queues (in input order, as all inputs
  // look at the state of the outputs before this cycle's grants).
  look_set_.for_each([&](uint32_t i) {
    InPort& in = in_[i];
    if (in.busy > cycle || in.wait > cycle) return;
    Look l;
    look(in, cycle, l);
    uint64_t wake = l.wake;
    // What would make the look come out otherwise: an output passed over for being busy ends its
    // busy time (an offer is then looked at again; without one the input sleeps until then), or
    // one passed over for being full is popped.
    for (uint32_t b = 0; b < l.n_passed; ++b) {
      const uint32_t o = l.passed[b];
      if (out_[o].busy > cycle) {
        if (l.dest == kNone)
          wake = std::min(wake, out_[o].busy);
        else
          watch(watch_busy_, busy_watched_, o, i);
      } else {
        watch(watch_room_, room_watched_, o, i);
      }
    }
    if (l.dest == kNone) {
      in.wait = wake;
      return;
    }
    look_set_.clear(i);
    in.offer_dest = l.dest;
    in.offer_pos = l.pos;
    if (out_[l.dest].req_count++ == 0) offered_outs_.set(l.dest);
    req_bits_[size_t(l.dest) * words_ + i / 64] |= uint64_t(1) << (i % 64);
  });
  // 3. Each output with offers grants one (outputs are independent: an input offers to one).
  offered_outs_.for_each([&](uint32_t d) {
    OutPort& o = out_[d];
    uint64_t* bits = &req_bits_[size_t(d) * words_];
    const uint32_t winner = first_from(bits, o.rr);
    const uint32_t others = o.req_count - 1;
    conflicts_ += others;
    bits[winner / 64] &= ~(uint64_t(1) << (winner % 64));
    InPort& w = in_[winner];
    w.offer_dest = kNone;
    const uint32_t flits = grant(winner, w.offer_pos, d, cycle);
    if (!w.q.empty()) {
      look_set_.set(winner);
      w.wait = 0;
    }
    o.req_count = others;
    // The others' offers stand if d is free and has room for any packet next cycle; otherwise
    // they look again.
    if (others > 0 && (flits > 1 || o.flits + max_flits_ > out_cap_)) {
      for (uint32_t k = 0; k < words_; ++k) {
        for (uint64_t m = bits[k]; m; m &= m - 1) {
          const uint32_t i = k * 64 + uint32_t(__builtin_ctzll(m));
          in_[i].offer_dest = kNone;
          in_[i].wait = 0;
          look_set_.set(i);
        }
        bits[k] = 0;
      }
      o.req_count = 0;
    }
    if (o.req_count == 0) offered_outs_.clear(d);
  });
}

void XbarNet::arbitrate_plain(uint64_t cycle) {
  touched_.clear();
  // Inputs with packets, in input order (in_set_ changes only after this walk).
  in_set_.for_each([&](uint32_t i) {
    if (in_[i].busy > cycle) return;
    Look l;
    look(in_[i], cycle, l);
    if (l.dest == kNone) return;
    plain_offer_[i] = l.pos;
    if (plain_req_count_[l.dest]++ == 0) touched_.push_back(l.dest);
    plain_req_bits_[size_t(l.dest) * words_ + i / 64] |= uint64_t(1) << (i % 64);
  });
  for (uint32_t d : touched_) {
    uint64_t* bits = &plain_req_bits_[size_t(d) * words_];
    const uint32_t winner = first_from(bits, out_[d].rr);
    conflicts_ += plain_req_count_[d] - 1;
    plain_req_count_[d] = 0;
    std::fill(bits, bits + words_, 0);
    grant(winner, plain_offer_[winner], d, cycle);
  }
}

}  // namespace gpucosim
