#pragma once
// Two small wrappers that let cycle-ticked components speak the TLM-2.0 base protocol (AT,
// nb_transport with BEGIN_REQ / END_REQ / BEGIN_RESP / END_RESP) by polling from their tick():
//
//   initiator: can_send() -> send(p, delay)          ... later: peek_response() / pop_response()
//   target:    peek_request() / pop_request()        ... later: can_respond() -> respond(p, delay)
//
// Back-pressure is the protocol's own: one request (and one response) in flight per socket until
// its END phase comes back, which a component sends when it has room (pop_*). A request sits in
// the target's slot until the target pops it, so a full target stalls its initiator without loss.
// The annotated delay travels with the payload; the receiver adds it to its own latency queues.
//
// The sockets are TLM-2.0's standard ones, each bound to its port, which implements the socket's
// interface itself: a phase call is one virtual call into the other port. (tlm_utils' simple
// sockets put an adapter with a member-function pointer in each of a request's eight phase calls,
// and build named events and, for a target without b_transport, a thread per socket: about 8 K
// instructions an event at construction, 432 of them on an 80-SM GPU.)
#include <cstdint>
#include <systemc>
#include <tlm>

namespace gpucosim {

// A doorbell: a bit in a word owned by the component polling the port, set while the port holds
// an incoming transaction (a request at a target, a response at an initiator), so that the poller
// visits only ports that have one (systemc/memory/bit_set.h). Optional; null = none.
// Atomic read-modify-writes: the ports sharing a word belong to components that host threads
// may tick at the same time (SMs, memory partitions: GpuModelOptions::host_threads); the
// poller reads the word after those ticks have joined.
struct Doorbell {
  uint64_t* word = nullptr;
  uint64_t bit = 0;
  void ring() const {
    if (word) __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
  }
  void quiet() const {
    if (word) __atomic_fetch_and(word, ~bit, __ATOMIC_RELAXED);
  }
};

struct PendingTransaction {
  tlm::tlm_generic_payload* payload = nullptr;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  explicit operator bool() const { return payload != nullptr; }
};

class InitiatorPort : private tlm::tlm_bw_transport_if<> {
 public:
  explicit InitiatorPort(const char* name) : socket(name) { socket.bind(static_cast<tlm::tlm_bw_transport_if<>&>(*this)); }
  InitiatorPort(const InitiatorPort&) = delete;
  InitiatorPort& operator=(const InitiatorPort&) = delete;

  tlm::tlm_initiator_socket<> socket;

  bool can_send() const { return !awaiting_end_req_; }
  void send(tlm::tlm_generic_payload& p, const sc_core::sc_time& delay) {
    sc_assert(can_send());
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time d = delay;
    tlm::tlm_sync_enum s = socket->nb_transport_fw(p, phase, d);
    // TLM_UPDATED with END_REQ: accepted at once. TLM_ACCEPTED: END_REQ comes later on bw.
    awaiting_end_req_ = !(s == tlm::TLM_UPDATED && phase == tlm::END_REQ) && s != tlm::TLM_COMPLETED;
  }

  const PendingTransaction& peek_response() const { return response_; }
  void set_doorbell(Doorbell d) { bell_ = d; }
  void pop_response() {
    sc_assert(response_);
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    tlm::tlm_generic_payload* p = response_.payload;
    response_ = {};
    bell_.quiet();
    socket->nb_transport_fw(*p, phase, d);
  }

 private:
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time& d) override {
    if (phase == tlm::END_REQ) {
      awaiting_end_req_ = false;
      return tlm::TLM_ACCEPTED;
    }
    sc_assert(phase == tlm::BEGIN_RESP && !response_);
    response_ = {&p, d};
    bell_.ring();
    return tlm::TLM_ACCEPTED;  // END_RESP is sent by pop_response()
  }
  void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}  // no DMI in the GPU

  bool awaiting_end_req_ = false;
  PendingTransaction response_;
  Doorbell bell_;
};

class TargetPort : private tlm::tlm_fw_transport_if<> {
 public:
  explicit TargetPort(const char* name) : socket(name) { socket.bind(static_cast<tlm::tlm_fw_transport_if<>&>(*this)); }
  TargetPort(const TargetPort&) = delete;
  TargetPort& operator=(const TargetPort&) = delete;

  tlm::tlm_target_socket<> socket;

  const PendingTransaction& peek_request() const { return request_; }
  void set_doorbell(Doorbell d) { bell_ = d; }
  void pop_request() {
    sc_assert(request_);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    tlm::tlm_generic_payload* p = request_.payload;
    request_ = {};
    bell_.quiet();
    socket->nb_transport_bw(*p, phase, d);
  }

  bool can_respond() const { return !awaiting_end_resp_; }
  // The response status is the target's to set when it executes the command; an interconnect
  // passes it on unchanged (IEEE 1666, the generic payload's response status attribute), so
  // respond() leaves it alone.
  void respond(tlm::tlm_generic_payload& p, const sc_core::sc_time& delay) {
    sc_assert(can_respond());
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time d = delay;
    tlm::tlm_sync_enum s = socket->nb_transport_bw(p, phase, d);
    awaiting_end_resp_ = !(s == tlm::TLM_COMPLETED || (s == tlm::TLM_UPDATED && phase == tlm::END_RESP));
  }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time& d) override {
    if (phase == tlm::END_RESP) {
      awaiting_end_resp_ = false;
      return tlm::TLM_COMPLETED;
    }
    sc_assert(phase == tlm::BEGIN_REQ && !request_);
    request_ = {&p, d};
    bell_.ring();
    return tlm::TLM_ACCEPTED;  // END_REQ is sent by pop_request()
  }

  void b_transport(tlm::tlm_generic_payload&, sc_core::sc_time&) override {
    SC_REPORT_ERROR("gpucosim/TargetPort", "blocking transport on a GPU port: every port is non-blocking (nb_transport_fw)");
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }  // no DMI
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }  // no debug access

  PendingTransaction request_;
  bool awaiting_end_resp_ = false;
  Doorbell bell_;
};

}  // namespace gpucosim
