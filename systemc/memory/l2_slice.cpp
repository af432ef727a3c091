#include "systemc/memory/l2_slice.h"

#include <algorithm>
#include <cmath>

namespace gpucosim {

namespace {

uint64_t token_of(tlm::tlm_generic_payload* p) { return uint64_t(reinterpret_cast<uintptr_t>(p)); }
tlm::tlm_generic_payload* payload_of(uint64_t t) { return reinterpret_cast<tlm::tlm_generic_payload*>(uintptr_t(t)); }

bool returns_data(MemAccessKind k) {
  return k == MemAccessKind::GlobalRead || k == MemAccessKind::LocalRead || k == MemAccessKind::Atomic;
}

// Accel-Sim's access type of a request (atomics are global reads there too).
CacheAccessType accelsim_type(MemAccessKind k) {
  switch (k) {
    case MemAccessKind::GlobalWrite: return CacheAccessType::GlobalWrite;
    case MemAccessKind::LocalRead: return CacheAccessType::LocalRead;
    case MemAccessKind::LocalWrite: return CacheAccessType::LocalWrite;
    case MemAccessKind::L1Writeback: return CacheAccessType::L1Writeback;
    case MemAccessKind::L2Writeback: return CacheAccessType::L2Writeback;
    default: return CacheAccessType::GlobalRead;
  }
}

}  // namespace

L2Slice::L2Slice(const MemoryConfig& cfg, const ClockConfig& clk, const AddressMap& map, uint32_t channel,
                 uint32_t sub, TargetPort& port)
    : cfg_(cfg),
      map_(map),
      channel_(channel),
      sub_(sub),
      n_sub_(cfg.sub_partitions),
      port_(port),
      cache_(cfg.l2),
      l2_period_s_(1.0 / (clk.l2_mhz * 1e6)),
      port_bytes_(cfg.l2.data_port_bytes ? cfg.l2.data_port_bytes : cfg.l2.line_bytes),
      // The ROP stage is a pipeline: rop_latency entries keep it streaming at one per cycle.
      rop_cap_(size_t(cfg.rop_latency) + std::max<uint32_t>(1, cfg.partition_queue)),
      resp_cap_(std::max<uint32_t>(1, cfg.l2_to_icnt_queue)),
      to_dram_cap_(std::max<uint32_t>(1, cfg.l2_to_dram_queue)),
      rop_(rop_cap_),
      resp_(resp_cap_ + 16),
      to_dram_(to_dram_cap_) {}

uint64_t L2Slice::delay_cycles(const sc_core::sc_time& d) const {
  if (d == sc_core::SC_ZERO_TIME) return 0;
  return uint64_t(std::llround(d.to_seconds() / l2_period_s_));
}

void L2Slice::complete(tlm::tlm_generic_payload* p, uint64_t now) {
  GpuExtension& e = gpu_ext(*p);
  if (e.kind == MemAccessKind::Atomic) cache_.mark_dirty(map_.local_of(p->get_address()), e.sector_mask);
  resp_.push_back(Timed{p, now + 1});
}

// One cache access for the request at the head of the ROP queue; false = retry next cycle.
bool L2Slice::access(tlm::tlm_generic_payload* p, uint64_t now) {
  GpuExtension& e = gpu_ext(*p);
  const uint64_t local = map_.local_of(p->get_address());
  // The slice executes the command here (its answer follows once the data is there): the
  // target's response status, set beside the address just read (the same host cache line).
  p->set_response_status(tlm::TLM_OK_RESPONSE);
  ledger_.charge_to(e.kernel, ctr_);
  // The request that failed last time, with the cache unchanged since (a full miss queue waits
  // on DRAM for many cycles): it fails again the same way; count it without redoing it.
  if (const CacheAccess* f = cache_.last_failure(); f && f->token == token_of(p)) {
    cache_.repeat_last_failure();
    ++ctr_.res_fail_stalls;
    return false;
  }
  if (e.kind == MemAccessKind::MemcpyHtoD) {
    cache_.install(local, e.sector_mask, false, e.kernel);
    ++ctr_.memcpy;
    complete(p, now);
    return true;
  }
  CacheAccess a;
  a.addr = local;
  a.sectors = e.sector_mask;
  a.token = token_of(p);
  a.requester = uint8_t(e.client);  // so the misses it causes are charged to its client
  a.kernel = e.kernel;              // ... and to its kernel launch
  a.is_write = is_write(e.kind);
  a.local = e.kind == MemAccessKind::LocalWrite;
  a.type = accelsim_type(e.kind);
  // Context saves go to DRAM (spec 003 §2.4: the context moves to off-chip memory) and do not
  // evict the running kernels' lines: the context is read back only when its block resumes.
  a.evict_first = a.is_write && e.client == MemClient::ContextMover;
  if (a.is_write) {
    const uint32_t len = p->get_data_length();
    const uint32_t whole = uint32_t(sector_count(e.sector_mask)) * 32;
    a.full_sectors = (len == 0 || len >= whole) ? e.sector_mask : 0;
  }
  const CacheAccessResult r = cache_.access(a, now);
  if (!r.ok()) {
    ++ctr_.res_fail_stalls;
    return false;
  }
  ++ctr_.client_accesses[size_t(e.client)];
  if (a.is_write)
    ++ctr_.writes;
  else if (e.kind == MemAccessKind::Atomic)
    ++ctr_.atomics;
  else
    ++ctr_.reads;
  if (!r.wait && (r.outcome == CacheOutcome::HIT || a.is_write)) complete(p, now);
  return true;
}

void L2Slice::tick(uint64_t now, DramChannel& dram) {
  // 1. One response to the interconnect.
  if (!resp_.empty() && resp_.front().ready <= now) {
    if (port_.can_respond() && now >= port_free_) {
      tlm::tlm_generic_payload* p = resp_.front().p;
      resp_.pop_front();
      const GpuExtension& e = gpu_ext(*p);
      ledger_.charge_to(e.kernel, ctr_);
      uint32_t cycles = 1;
      if (returns_data(e.kind)) {
        const uint32_t bytes = uint32_t(sector_count(e.sector_mask)) * 32;
        ctr_.reply_data_bytes += bytes;
        cycles = std::max<uint32_t>(1, (bytes + port_bytes_ - 1) / port_bytes_);
      }
      port_free_ = now + cycles;
      ++ctr_.responses;
      port_.respond(*p, sc_core::SC_ZERO_TIME);
    } else {
      ledger_.charge_to(gpu_ext(*resp_.front().p).kernel, ctr_);
      ++ctr_.port_stalls;
    }
  }
  // 2. One waiter of an earlier fill into the response queue (before this cycle's fill, as
  // GPGPU-Sim's cache_cycle takes next_access() before fill()), then one fill from DRAM, whose
  // waiters queue behind.
  if (!filled_.empty() && resp_.size() < resp_cap_) {
    complete(filled_.front(), now);
    filled_.pop_front();
  }
  if (dram.has_return(sub_)) {
    const DramReturn ret = dram.front_return(sub_);
    dram.pop_return(sub_);
    for (const MshrWaiter& w : cache_.fill(ret.addr, ret.sectors, now, ret.kernel)) filled_.push_back(payload_of(w.token));
  }
  // 3. The L2 access of the oldest request out of the ROP stage.
  if (!rop_.empty() && rop_.front().ready <= now) {
    ledger_.charge_to(gpu_ext(*rop_.front().p).kernel, ctr_);
    if (resp_.size() >= resp_cap_)
      ++ctr_.resp_full_stalls;
    else if (access(rop_.front().p, now))
      rop_.pop_front();
  }
  // 4. Cache misses and writebacks to the L2->DRAM queue.
  while (cache_.has_request() && to_dram_.size() < to_dram_cap_) {
    const CacheRequest& c = cache_.front_request();
    DramRequest d;
    d.addr = c.addr;
    d.sectors = c.sectors;
    d.write = c.kind != CacheRequestKind::Read;
    d.kernel = c.kernel;
    ledger_.charge_to(c.kernel, ctr_);
    if (!d.write) ++ctr_.client_dram_reads[c.requester];
    d.sub = uint8_t(sub_);
    to_dram_.push_back(d);
    cache_.pop_request();
  }
  // 5. Accept one request from the interconnect.
  const PendingTransaction& in = port_.peek_request();
  if (in) {
    ledger_.charge_to(gpu_ext(*in.payload).kernel, ctr_);
    if (rop_.size() < rop_cap_) {
      ++ctr_.requests;
      rop_.push_back(Timed{in.payload, now + cfg_.rop_latency + delay_cycles(in.delay)});
      port_.pop_request();
    } else {
      ++ctr_.rop_full_stalls;
    }
  }
  // 6. When the next tick may act without new input (skippable()).
  uint64_t w = cache_.has_request() || !filled_.empty() ? now + 1 : ~uint64_t(0);
  if (!resp_.empty()) w = std::min(w, std::max(now + 1, resp_.front().ready));
  if (!rop_.empty()) w = std::min(w, std::max(now + 1, rop_.front().ready));
  wake_ = w;
}

uint32_t L2Slice::warm(uint64_t addr, uint64_t bytes) {
  uint32_t n = 0;
  const uint64_t line = cache_.line_bytes();
  for (uint64_t a = addr & ~(line - 1); a < addr + bytes; a += line) {
    const DecodedAddress d = map_.decode(a);
    if (d.partition != partition()) continue;
    // Sectors of this line that [addr, addr + bytes) touches.
    uint8_t mask = 0;
    for (uint32_t s = 0; s < 4; ++s) {
      const uint64_t lo = a + s * 32, hi = lo + 32;
      if (hi > addr && lo < addr + bytes) mask |= uint8_t(1u << s);
    }
    if (cache_.install(d.local, mask)) ++n;
  }
  return n;
}

void L2Slice::collect(StatsMap& m, const std::string& prefix) const {
  cache_.collect(m, prefix);
  // Accel-Sim's per-sector L2 statistics (sector_stats.h), summed over the slices.
  cache_.sector_stats().collect(m, "L2_total_cache_", "L2_cache_stats_breakdown", "L2_cache_stats_fail_breakdown");
  emit(m, prefix, ctr_);
}

void L2Slice::collect_launch(StatsMap& m, const std::string& prefix, uint32_t launch) const {
  cache_.collect_launch(m, prefix, launch);
  cache_.sector_stats_of(launch).collect(m, "L2_total_cache_", "L2_cache_stats_breakdown",
                                         "L2_cache_stats_fail_breakdown");
  emit(m, prefix, ledger_.of(launch, ctr_));
}

void L2Slice::emit(StatsMap& m, const std::string& prefix, const Counters& n) {
  const std::string p = prefix + "slice_";
  add_stat(m, p, "requests", double(n.requests));
  add_stat(m, p, "reads", double(n.reads));
  add_stat(m, p, "writes", double(n.writes));
  add_stat(m, p, "atomics", double(n.atomics));
  add_stat(m, p, "memcpy", double(n.memcpy));
  add_stat(m, p, "rop_full_stalls", double(n.rop_full_stalls));
  add_stat(m, p, "res_fail_stalls", double(n.res_fail_stalls));
  add_stat(m, p, "resp_full_stalls", double(n.resp_full_stalls));
  add_stat(m, p, "port_stalls", double(n.port_stalls));
  add_stat(m, p, "responses", double(n.responses));
  add_stat(m, p, "reply_data_bytes", double(n.reply_data_bytes));
  // Traffic by the SM-side client that caused it (GpuExtension::client); a DRAM read is charged
  // to the client of the miss that fetched it.
  for (uint32_t k = 0; k < kMemClients; ++k) {
    const char* c = to_string(MemClient(k));
    add_stat(m, {prefix, "client_", c, "_accesses"}, double(n.client_accesses[k]));
    add_stat(m, {prefix, "client_", c, "_dram_reads"}, double(n.client_dram_reads[k]));
  }
}

}  // namespace gpucosim
