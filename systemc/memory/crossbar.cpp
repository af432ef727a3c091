#include "systemc/memory/crossbar.h"

#include <cmath>
#include <stdexcept>

#include "systemc/memory/cache/tag_array.h"
#include "systemc/tlm/gpu_extension.h"

namespace gpucosim {

namespace {
uint32_t data_bytes(const GpuExtension& e) { return uint32_t(sector_count(e.sector_mask)) * 32; }
}  // namespace

Crossbar::Crossbar(sc_core::sc_module_name name, uint32_t n_sms, uint32_t n_partitions, const InterconnectConfig& cfg,
                   const ClockConfig& clk, CrossbarHostLayout layout)
    : sc_core::sc_module(name),
      flit_bytes_(cfg.flit_bytes),
      header_sideband_(cfg.header_sideband),
      sector_packets_(cfg.sector_packets),
      period_s_(1.0 / (clk.icnt_mhz * 1e6)),
      sm_waiting_(n_sms, layout.threads),
      part_waiting_(n_partitions, layout.threads, layout.partition_block),
      req_(n_sms, n_partitions, cfg.in_buffer, cfg.out_buffer, cfg.latency),
      reply_(n_partitions, n_sms, cfg.in_buffer, cfg.out_buffer, cfg.latency) {
  if (flit_bytes_ == 0) throw std::invalid_argument("icnt_flit_size must be > 0");
  for (uint32_t i = 0; i < n_sms; ++i) {
    sm_ports_.push_back(std::make_unique<TargetPort>(("sm_port_" + std::to_string(i)).c_str()));
    sm_ports_.back()->set_doorbell(Doorbell{sm_waiting_.word_of(i), sm_waiting_.bit_of(i)});
  }
  for (uint32_t j = 0; j < n_partitions; ++j) {
    part_ports_.push_back(std::make_unique<InitiatorPort>(("partition_port_" + std::to_string(j)).c_str()));
    part_ports_.back()->set_doorbell(Doorbell{part_waiting_.word_of(j), part_waiting_.bit_of(j)});
  }
}

uint32_t Crossbar::request_bytes(const tlm::tlm_generic_payload& p) const {
  const GpuExtension* e = &gpu_ext(p);
  if (e->bytes) return e->bytes;
  const bool carries_data = is_write(e->kind) || e->kind == MemAccessKind::Atomic;
  return kHeaderBytes + (carries_data ? data_bytes(*e) : 0);
}

uint32_t Crossbar::reply_bytes(const tlm::tlm_generic_payload& p) const {
  const GpuExtension* e = &gpu_ext(p);
  if (e->reply_bytes) return e->reply_bytes;
  return kHeaderBytes + (is_write(e->kind) ? 0 : data_bytes(*e));
}

uint64_t Crossbar::delay_cycles(const sc_core::sc_time& d) const {
  if (d == sc_core::SC_ZERO_TIME) return 0;
  return uint64_t(std::llround(d.to_seconds() / period_s_));
}

void Crossbar::tick_network(Network n, uint64_t cycle) {
  if (n == kRequests) tick_requests(cycle);
  else tick_replies(cycle);
}

void Crossbar::tick_requests(uint64_t cycle) {
  Counters& ctr = ctr_[kRequests];
  KernelLedger<Counters>& ledger = ledger_[kRequests];
  // 1. Deliver what has arrived at the outputs.
  // (Only outputs with packets are visited, in output order: XbarNet::nonempty_outputs.)
  req_.nonempty_outputs().for_each([&](uint32_t j) {
    tlm::tlm_generic_payload* p = req_.output(j, cycle);
    if (!p) return;
    ledger.charge_to(gpu_ext(*p).kernel, ctr);
    if (!part_ports_[j]->can_send()) {
      ++ctr.out_stalls;
      return;
    }
    req_.pop_output(j);
    part_ports_[j]->send(*p, sc_core::SC_ZERO_TIME);
  });
  // 2. Switch allocation.
  req_.arbitrate(cycle);
  // 3. Take new requests into the input buffers.
  // (Only ports holding a transaction are visited, in port order: their doorbells.)
  sm_waiting_.for_each([&](uint32_t i) {
    const PendingTransaction& t = sm_ports_[i]->peek_request();
    ledger.charge_to(gpu_ext(*t.payload).kernel, ctr);
    const uint32_t bytes = request_bytes(*t.payload);
    const uint32_t f = flits(bytes);
    if (!req_.can_inject(i, f)) {
      ++ctr.in_stalls;
      return;
    }
    const uint32_t dest = gpu_ext(*t.payload).partition;
    sc_assert(dest < part_ports_.size());
    req_.inject(i, t.payload, dest, f, cycle + delay_cycles(t.delay));
    ++ctr.req_packets;
    ctr.accelsim_req_pkts += accelsim_packets(*t.payload);
    ctr.req_flits += f;
    ctr.req_bytes += bytes;
    sm_ports_[i]->pop_request();
  });
}

void Crossbar::tick_replies(uint64_t cycle) {
  Counters& ctr = ctr_[kReplies];
  KernelLedger<Counters>& ledger = ledger_[kReplies];
  reply_.nonempty_outputs().for_each([&](uint32_t i) {
    tlm::tlm_generic_payload* p = reply_.output(i, cycle);
    if (!p) return;
    ledger.charge_to(gpu_ext(*p).kernel, ctr);
    if (!sm_ports_[i]->can_respond()) {
      ++ctr.out_stalls;
      return;
    }
    reply_.pop_output(i);
    sm_ports_[i]->respond(*p, sc_core::SC_ZERO_TIME);
  });
  reply_.arbitrate(cycle);
  part_waiting_.for_each([&](uint32_t j) {
    const PendingTransaction& t = part_ports_[j]->peek_response();
    ledger.charge_to(gpu_ext(*t.payload).kernel, ctr);
    const uint32_t bytes = reply_bytes(*t.payload);
    const uint32_t f = flits(bytes);
    if (!reply_.can_inject(j, f)) {
      ++ctr.in_stalls;
      return;
    }
    const uint32_t dest = gpu_ext(*t.payload).sm;
    sc_assert(dest < sm_ports_.size());
    reply_.inject(j, t.payload, dest, f, cycle + delay_cycles(t.delay));
    ++ctr.reply_packets;
    if (gpu_ext(*t.payload).kind != MemAccessKind::L1Writeback) ctr.accelsim_reply_pkts += accelsim_packets(*t.payload);
    ctr.reply_flits += f;
    ctr.reply_bytes += bytes;
    part_ports_[j]->pop_response();
  });
}

uint64_t Crossbar::accelsim_packets(const tlm::tlm_generic_payload& p) const {
  const uint8_t m = gpu_ext(const_cast<tlm::tlm_generic_payload&>(p)).sector_mask;
  return sector_packets_ ? uint64_t(sector_count(m ? m : kFullSectorMask)) : 1;  // sector_count reads the low 4 bits
}

bool Crossbar::network_idle(Network n) const {
  return n == kRequests ? req_.empty() && !sm_waiting_.any() : reply_.empty() && !part_waiting_.any();
}

std::string Crossbar::describe() const {
  std::string s = "interconnect: request network " + std::to_string(req_.in_packets()) + " packets in input buffers, " +
                  std::to_string(req_.out_packets()) + " in output buffers; reply network " +
                  std::to_string(reply_.in_packets()) + " / " + std::to_string(reply_.out_packets());
  for (size_t i = 0; i < sm_ports_.size(); ++i)
    if (sm_ports_[i]->peek_request()) s += "; SM " + std::to_string(i) + " request waiting";
  for (size_t j = 0; j < part_ports_.size(); ++j)
    if (part_ports_[j]->peek_response()) s += "; partition port " + std::to_string(j) + " reply waiting";
  return s + "\n";
}

void Crossbar::collect(StatsMap& m, const std::string& p) const {
  emit(m, p, counters());
  add_stat(m, p, "arb_conflicts", double(req_.conflicts() + reply_.conflicts()));
}

void Crossbar::collect_launch(StatsMap& m, uint32_t launch, const std::string& p) const {
  emit(m, p, add_counters(ledger_[kRequests].of(launch, ctr_[kRequests]), ledger_[kReplies].of(launch, ctr_[kReplies])));
}

void Crossbar::emit(StatsMap& m, const std::string& p, const Counters& c) const {
  add_stat(m, p, "total_pkts_simt_to_mem", double(c.accelsim_req_pkts));
  add_stat(m, p, "total_pkts_mem_to_simt", double(c.accelsim_reply_pkts));
  add_stat(m, p, "req_packets", double(c.req_packets));
  add_stat(m, p, "req_flits", double(c.req_flits));
  add_stat(m, p, "req_bytes", double(c.req_bytes));
  add_stat(m, p, "reply_packets", double(c.reply_packets));
  add_stat(m, p, "reply_flits", double(c.reply_flits));
  add_stat(m, p, "reply_bytes", double(c.reply_bytes));
  add_stat(m, p, "in_stalls", double(c.in_stalls));
  add_stat(m, p, "out_stalls", double(c.out_stalls));
}

}  // namespace gpucosim
