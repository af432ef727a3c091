#pragma once
// The MemoryClientPort the load/store unit gives each memory client (memory_clients.h): its L1
// accesses take the L1's one port only when neither the LSU's path nor the front end (nor an
// earlier client) took it this cycle; bypass requests enter the LSU's miss queue.
#include <algorithm>
#include <iterator>

#include "systemc/sm/ldst_unit.h"

namespace gpucosim {

class LdstUnit::ClientPort : public MemoryClientPort {
 public:
  ClientPort(LdstUnit& u, uint32_t index) : u_(u), index_(index) {}

  Result read(uint64_t line_addr, uint8_t sectors, uint32_t token, uint64_t now) override {
    Result r;
    if (!take_l1()) return r;
    const uint64_t t = kClientToken | (uint64_t(index_) << 32) | token;
    const CacheAccessResult res = u_.l1_->access(line_addr, sectors, false, now, t);
    counters().l1_accesses += 1;
    if (!res.ok()) return r;
    r.accepted = true;
    r.hit = res.outcome == CacheOutcome::HIT;
    if (r.hit) {
      const uint64_t ready = now + std::max(1u, u_.c_.l1_latency);
      auto it = u_.client_hits_.end();  // in ready order (one latency: append, kept general)
      while (it != u_.client_hits_.begin() && std::prev(it)->ready > ready) --it;
      u_.client_hits_.insert(it, ClientHit{ready, index_, token});
    }
    return r;
  }

  Result write(uint64_t line_addr, uint8_t sectors, uint64_t now) override { return l1_write(line_addr, sectors, false, now); }
  Result write_back(uint64_t line_addr, uint8_t sectors, uint64_t now) override {
    return l1_write(line_addr, sectors, true, now);
  }

  Result bypass(uint64_t line_addr, uint8_t sectors, bool write, uint32_t token, uint64_t now,
                uint32_t launch = 0) override {
    Result r;
    if (u_.missq_count_ >= u_.missq_.size()) {
      counters().queue_stalls += 1;
      return r;
    }
    u_.queue_request(ReqType::Client, write ? MemAccessKind::GlobalWrite : MemAccessKind::GlobalRead, line_addr,
                     sectors, 0, token, index_, launch, now, kind());
    u_.outreqs_[u_.last_outreq_].client_read = !write;
    r.accepted = true;
    return r;
  }

 private:
  Result l1_write(uint64_t line_addr, uint8_t sectors, bool write_back, uint64_t now) {
    Result r;
    if (!take_l1()) return r;
    CacheAccess a;
    a.addr = line_addr;
    a.sectors = sectors;
    a.is_write = true;
    a.full_sectors = sectors;  // whole sectors: no fetch where the write policy allocates
    a.write_back_allocate = write_back;
    a.token = uint64_t(uint32_t(kind()) << 16);
    const CacheAccessResult res = u_.l1_->access(a, now);
    counters().l1_accesses += 1;
    r.accepted = res.ok();
    return r;
  }
  MemClient kind() const { return u_.clients_[index_]->kind(); }
  ClientCounters& counters() { return u_.nc_[size_t(kind())]; }
  // The L1's one port per cycle: taken by the baseline path, the front end or an earlier client.
  bool take_l1() {
    if (!u_.l1_ || u_.l1_used_) {
      counters().port_stalls += 1;
      return false;
    }
    u_.l1_used_ = true;
    return true;
  }
  LdstUnit& u_;
  uint32_t index_;
};

}  // namespace gpucosim
