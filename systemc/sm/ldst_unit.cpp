#include "systemc/sm/ldst_unit.h"
#include "systemc/sm/ldst_unit_client_port.h"

#include <algorithm>

#include "systemc/sm/shared_memory.h"

namespace gpucosim {

namespace {
constexpr uint32_t kHeaderBytes = 8;  // control bytes of a request or reply on the interconnect

// first[i] = the sectors of reqs[i] that no earlier request of the instruction touched (sub-warp
// groups may each ask for the same sector; Accel-Sim counts a warp's sector once).
void mark_first_sectors(const std::vector<CoalescedRequest>& reqs, std::vector<uint8_t>& first) {
  first.resize(reqs.size());
  // Many requests (a strided access: up to 32 lines, none repeated): earlier requests are
  // searched only when one of them has a line of the same hash (bit h of `seen`).
  const bool hashed = reqs.size() > 8;
  uint64_t seen = 0;
  for (size_t i = 0; i < reqs.size(); ++i) {
    uint8_t m = reqs[i].sector_mask ? reqs[i].sector_mask : kFullSectorMask;
    bool maybe_seen = true;
    if (hashed) {
      const uint64_t bit = uint64_t(1) << (((reqs[i].line_addr >> 7) * 0x9E3779B97F4A7C15ull) >> 58);
      maybe_seen = seen & bit;
      seen |= bit;
    }
    for (size_t j = 0; maybe_seen && j < i && m; ++j)
      if (reqs[j].line_addr == reqs[i].line_addr) m &= uint8_t(~(reqs[j].sector_mask ? reqs[j].sector_mask : 0xF));
    first[i] = m;
  }
}
}  // namespace

LdstUnit::LdstUnit(const CoreConfig& c, uint32_t sm_id, InitiatorPort& port, PayloadPool& pool,
                   CoalescerInterface& coalescer, LsuListener& listener, GlobalFrontEnd* frontend,
                   std::vector<MemoryClient*> clients)
    : c_(c),
      sm_id_(sm_id),
      port_(port),
      pool_(pool),
      coalescer_(coalescer),
      listener_(listener),
      fe_(frontend) {
  clients_ = std::move(clients);
  for (uint32_t i = 0; i < clients_.size(); ++i) client_ports_.push_back(std::make_unique<ClientPort>(*this, i));
  if (c_.l1d.enabled) l1_ = std::make_unique<Cache>(c_.l1d);
  reqs_.reserve(kWarpSize * 2);
  missq_.assign(std::max(1u, c_.l1d.miss_queue), nullptr);
  pending_writes_.assign(std::max(1u, c_.max_warps()), 0);
}

LdstUnit::~LdstUnit() {
  for (size_t k = 0; k < missq_count_; ++k) missq_[(missq_head_ + k) % missq_.size()]->release();
}

void LdstUnit::accept(const LsuInst& i) {
  input_ = i;
  input_valid_ = true;
}

bool LdstUnit::idle() const {
  return !input_valid_ && !cur_valid_ && missq_count_ == 0 && in_flight_ == 0 &&
         free_loads_.size() == loads_.size() && (!l1_ || !l1_->has_request()) && (!fe_ || fe_->idle()) &&
         client_hits_.empty() && std::all_of(clients_.begin(), clients_.end(), [](const MemoryClient* c) { return c->idle(); });
}

LdstUnit::Path LdstUnit::path_of(const LsuInst& i) const {
  if (i.inst->active_mask == 0 || i.addrs == nullptr) return Path::None;  // predicated off: no access
  const OpcodeInfo& o = *i.info;
  if (o.space == MemSpace::Shared) return Path::Shared;
  if (o.space == MemSpace::Constant) return Path::Constant;
  if (o.unit == UnitClass::ATOMIC) return Path::Atomic;
  if (o.is_store && !o.is_load) return Path::Write;
  const bool local = o.space == MemSpace::Local;
  if (!l1_ || (c_.l1_bypass_global && !local)) return Path::Bypass;
  return Path::Cached;
}

uint32_t LdstUnit::new_load(uint32_t token, uint32_t warp, uint32_t launch_id) {
  uint32_t idx;
  if (free_loads_.empty()) {
    loads_.emplace_back();
    idx = uint32_t(loads_.size() - 1);
  } else {
    idx = free_loads_.back();
    free_loads_.pop_back();
  }
  loads_[idx] = PendingLoad{token, warp, launch_id, 0, false, 0};
  return idx;
}

uint32_t LdstUnit::new_outreq() {
  if (free_outreqs_.empty()) {
    outreqs_.emplace_back();
    return uint32_t(outreqs_.size() - 1);
  }
  uint32_t idx = free_outreqs_.back();
  free_outreqs_.pop_back();
  return idx;
}

void LdstUnit::charge(uint32_t launch) {
  ledger_.charge_to(launch, n_);
  cledger_.charge_to(launch, nc_);
}

void LdstUnit::start(uint64_t now) {
  cur_ = input_;
  charge(cur_.launch_id);
  cur_valid_ = true;
  input_valid_ = false;
  cur_path_ = path_of(cur_);
  if (fe_) start_frontend(now);
  const OpcodeInfo& o = *cur_.info;
  const uint32_t width = cur_.inst->mem_width ? cur_.inst->mem_width : (o.access_width ? o.access_width : 4);
  switch (cur_path_) {
    case Path::None:
      cur_busy_until_ = now;
      break;
    case Path::Shared: {
      n_.shmem_insn += 1;
      uint32_t degree = std::max(1u, shmem_conflict_degree(*cur_.addrs, cur_.inst->active_mask, width, c_.shmem_banks));
      n_.shmem_bkconflict += degree - 1;
      n_.shmem_cycles += degree;
      cur_busy_until_ = now + degree - 1;
      break;
    }
    case Path::Constant:
      n_.const_insn += 1;
      cur_busy_until_ = now;
      break;
    case Path::FrontEnd:
      break;  // counted by start_frontend
    default: {
      CoalescerInput in;
      in.addrs = cur_.addrs;
      in.active_mask = cur_.inst->active_mask;
      in.access_bytes = width;
      in.is_write = cur_path_ == Path::Write;
      in.warp_slot = cur_.warp;
      coalescer_.coalesce(in, reqs_);
      req_idx_ = 0;
      mark_first_sectors(reqs_, first_sectors_);
      if (cur_path_ == Path::Write) {
        n_.store_insn += 1;
        n_.coalesced_store_reqs += reqs_.size();
      } else {
        if (cur_path_ == Path::Atomic) n_.atomic_insn += 1;
        else n_.load_insn += 1;
        n_.coalesced_load_insn += 1;
        n_.coalesced_load_reqs += reqs_.size();
        cur_load_ = new_load(cur_.token, cur_.warp, cur_.launch_id);
      }
      break;
    }
  }
}

// Queues a memory request; false when the miss queue is full.
bool LdstUnit::queue_request(ReqType t, MemAccessKind kind, uint64_t line, uint8_t sectors, uint32_t bytes,
                             uint32_t load, uint32_t warp, uint32_t launch_id, uint64_t now, MemClient client) {
  charge(launch_id);
  if (missq_count_ == missq_.size()) return false;
  uint32_t oi = new_outreq();
  last_outreq_ = oi;
  OutReq& o = outreqs_[oi];
  o.client_read = false;
  o.type = t;
  o.load = load;
  o.warp = warp;
  o.line = line;
  o.sectors = sectors;
  tlm::tlm_generic_payload* p = pool_.acquire();
  const bool write = is_write(kind);
  // Bits of the 8-bit mask by two nibble lookups: __builtin_popcount is a libgcc call when the
  // build does not target POPCNT (one per request on the L1 miss path).
  const uint8_t m = sectors ? sectors : 0xf;
  const uint32_t sector_bytes = uint32_t(sector_count(m) + sector_count(uint8_t(m >> 4))) * CoalescedRequest::kSectorBytes;
  const uint32_t data = (write || kind == MemAccessKind::Atomic) && bytes ? bytes : sector_bytes;
  p->set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  p->set_address(line);
  p->set_data_ptr(nullptr);
  p->set_data_length(data);  // (the pool set the streaming width once: never a streaming transfer)
  GpuExtension& e = gpu_ext(*p);
  e.kind = kind;
  e.client = client;
  nc_[size_t(client)].requests += 1;
  e.sm = sm_id_;
  e.warp = warp;
  e.kernel = launch_id;
  e.partition = map_ ? map_->partition(line) : 0;
  e.sector_mask = sectors;
  e.id = next_req_id_++;
  e.issue_cycle = now;
  e.bytes = kHeaderBytes + (write || kind == MemAccessKind::Atomic ? data : 0);
  e.reply_bytes = kHeaderBytes + (write ? 0 : data);
  e.origin = reinterpret_cast<void*>(uintptr_t(oi));
  missq_[(missq_head_ + missq_count_) % missq_.size()] = p;
  missq_count_ += 1;
  switch (kind) {
    case MemAccessKind::GlobalRead: n_.mem_read += 1; break;
    case MemAccessKind::GlobalWrite: n_.mem_write += 1; break;
    case MemAccessKind::LocalRead: n_.mem_read_local += 1; break;
    case MemAccessKind::LocalWrite: n_.mem_write_local += 1; break;
    case MemAccessKind::Atomic: n_.mem_atomic += 1; break;
    case MemAccessKind::L1Writeback: n_.mem_wb += 1; break;
    default: break;
  }
  return true;
}

// Moves what the L1 wants sent (fetches, forwarded writes, writebacks) into the LSU's queue.
void LdstUnit::drain_l1_queue(uint64_t now) {
  while (l1_->has_request() && missq_count_ < missq_.size()) {
    const CacheRequest& r = l1_->front_request();
    switch (r.kind) {
      case CacheRequestKind::Read: {
        uint32_t warp = 0, launch_id = 0;  // of the first requester: a pending load or a front-end request
        if (r.token & kClientToken) {
          queue_request(ReqType::Fill, MemAccessKind::GlobalRead, r.addr, r.sectors, 0, 0, 0, 0, now,
                        client_of_l1_token(r.token));
          break;
        }
        if (r.token & kFrontEndToken) {
          const FrontEndReq& f = fe_reqs_[size_t(uint32_t(r.token))];
          warp = f.warp;
          launch_id = f.launch_id;
        } else {
          warp = loads_[size_t(r.token)].warp;
          launch_id = loads_[size_t(r.token)].launch_id;
        }
        queue_request(ReqType::Fill, MemAccessKind::GlobalRead, r.addr, r.sectors, 0, 0, warp, launch_id, now,
                      (r.token & kFrontEndToken) ? MemClient::FrontEnd : MemClient::Lsu);
        break;
      }
      case CacheRequestKind::Write: {  // token = launch id << 32 | MemClient << 16 | warp slot
        const MemClient client = MemClient(uint32_t(r.token) >> 16);
        const bool warp_write = client == MemClient::Lsu || client == MemClient::FrontEnd;
        queue_request(warp_write ? ReqType::Write : ReqType::Client, MemAccessKind::GlobalWrite, r.addr, r.sectors, 0,
                      0, uint32_t(r.token) & 0xffff, uint32_t(r.token >> 32), now, client);
        break;
      }
      case CacheRequestKind::Writeback:
        queue_request(ReqType::Writeback, MemAccessKind::L1Writeback, r.addr, r.sectors, 0, 0, 0, r.kernel, now);
        break;
    }
    l1_->pop_request();
  }
}

bool LdstUnit::step_request(const CoalescedRequest& r, uint64_t now) {
  const bool local = cur_.info->space == MemSpace::Local;
  charge(cur_.launch_id);
  switch (cur_path_) {
    case Path::Write: {
      const bool through_l1 = l1_ && (local || !c_.l1_bypass_global);
      if (!through_l1) {
        if (!queue_request(ReqType::Write, local ? MemAccessKind::LocalWrite : MemAccessKind::GlobalWrite,
                           r.line_addr, r.sector_mask, r.bytes, 0, cur_.warp, cur_.launch_id, now)) {
          n_.stall_missq_full += 1;
          return false;
        }
        pending_writes_[cur_.warp] += 1;
        return true;
      }
      l1_used_ = true;
      CacheAccess a;
      a.addr = r.line_addr;
      a.sectors = r.sector_mask;
      a.is_write = true;
      a.local = local;
      a.token = (uint64_t(cur_.launch_id) << 32) | cur_.warp;
      a.kernel = cur_.launch_id;
      a.count_sectors = first_sectors_[req_idx_];
      a.type = local ? CacheAccessType::LocalWrite : CacheAccessType::GlobalWrite;
      CacheAccessResult res = l1_->access(a, now);
      if (!res.ok()) {
        n_.l1_stall_resfail += 1;
        return false;
      }
      // Counted now, not when the write leaves the L1's queue, so the warp cannot retire before.
      if (res.forwarded) pending_writes_[cur_.warp] += 1;
      return true;
    }
    case Path::Atomic:
    case Path::Bypass: {
      MemAccessKind k = cur_path_ == Path::Atomic ? MemAccessKind::Atomic
                                                  : (local ? MemAccessKind::LocalRead : MemAccessKind::GlobalRead);
      if (!queue_request(ReqType::Direct, k, r.line_addr, r.sector_mask, r.bytes, cur_load_, cur_.warp,
                         cur_.launch_id, now)) {
        n_.stall_missq_full += 1;
        return false;
      }
      if (cur_path_ == Path::Bypass) n_.bypass_reads += 1;
      loads_[cur_load_].outstanding += 1;
      return true;
    }
    case Path::Cached: {
      l1_used_ = true;
      CacheAccess a;
      a.addr = r.line_addr;
      a.sectors = r.sector_mask;
      a.token = cur_load_;
      a.kernel = cur_.launch_id;
      a.count_sectors = first_sectors_[req_idx_];
      a.type = local ? CacheAccessType::LocalRead : CacheAccessType::GlobalRead;
      CacheAccessResult res = l1_->access(a, now);
      if (!res.ok()) {
        n_.l1_stall_resfail += 1;
        return false;
      }
      PendingLoad& pl = loads_[cur_load_];
      if (res.outcome == CacheOutcome::HIT)
        pl.ready = std::max(pl.ready, now + std::max(1u, c_.l1_latency));
      if (res.wait) pl.outstanding += 1;  // HIT_RESERVED or MISS: fill() hands the token back
      return true;
    }
    default:
      return true;
  }
}

void LdstUnit::load_part_done(uint32_t load, uint64_t ready) {
  PendingLoad& pl = loads_[load];
  pl.ready = std::max(pl.ready, ready);
  pl.outstanding -= 1;
  if (pl.outstanding == 0 && pl.all_issued) {
    listener_.mem_inst_done(pl.token, pl.ready);
    free_loads_.push_back(load);
  }
}

// GPGPU-Sim hands the accesses waiting on a filled MSHR entry to the LSU's writeback stage one per
// cycle (mshr_table::next_access, one writeback per cycle): one access per 32-byte sector in a
// sectored L1, whose coalescer makes one access per sector, one per line otherwise. A load that
// waited on a fill is done when the last of its accesses is written back; L1 hits release their
// registers from the L1 pipeline and do not take this port.
uint64_t LdstUnit::writeback_slot(uint64_t now, uint8_t sectors) {
  const uint64_t n = c_.l1d.sectored ? uint64_t(sector_count(sectors ? sectors : kFullSectorMask)) : 1;
  const uint64_t last = std::max(now, writeback_free_) + n - 1;
  writeback_free_ = last + 1;
  return last;
}

void LdstUnit::finish_current(uint64_t now) {
  cur_valid_ = false;
  switch (cur_path_) {
    case Path::None:
      listener_.mem_inst_done(cur_.token, now + 1);
      break;
    case Path::Shared:
      listener_.mem_inst_done(cur_.token, now + std::max(1u, c_.shmem_latency));
      break;
    case Path::Constant:
      listener_.mem_inst_done(cur_.token, now + std::max(1u, c_.l1_latency));
      break;
    case Path::Write:
      listener_.mem_inst_done(cur_.token, now + 1);  // leaves the pipeline; acks tracked per warp
      break;
    default: {
      PendingLoad& pl = loads_[cur_load_];
      pl.all_issued = true;
      if (pl.outstanding == 0) {
        listener_.mem_inst_done(pl.token, std::max(pl.ready, now + 1));
        free_loads_.push_back(cur_load_);
      }
      break;
    }
  }
}

void LdstUnit::receive(uint64_t now) {
  const PendingTransaction& t = port_.peek_response();
  if (!t) return;
  tlm::tlm_generic_payload* p = t.payload;
  port_.pop_response();
  GpuExtension& e = gpu_ext(*p);
  uint32_t oi = uint32_t(reinterpret_cast<uintptr_t>(e.origin));
  OutReq o = outreqs_[oi];
  free_outreqs_.push_back(oi);
  in_flight_ -= 1;
  const uint32_t kernel = e.kernel;  // the payload goes back to the pool below
  charge(kernel);
  if (o.type != ReqType::Write) {
    n_.read_latency_sum += now - e.issue_cycle;
    n_.read_replies += 1;
  }
  p->release();
  switch (o.type) {
    case ReqType::Write:
      pending_writes_[o.warp] -= 1;
      listener_.write_acked(o.warp);
      break;
    case ReqType::Writeback:
      break;
    case ReqType::Client:
      if (o.client_read) {
        nc_[size_t(clients_[o.warp]->kind())].data += 1;
        clients_[o.warp]->data(o.load, now);
      }
      break;
    case ReqType::Direct:
      load_part_done(o.load, now);
      break;
    case ReqType::Fill:
      for (const MshrWaiter& w : l1_->fill(o.line, o.sectors, now, kernel)) {
        if (w.is_write) continue;  // fetch-on-write writers do not wait here
        if (w.token & kFrontEndToken) fe_->l1_data(uint32_t(w.token), now);
        else if (w.token & kClientToken) client_fill(w.token, now);
        else load_part_done(uint32_t(w.token), writeback_slot(now, w.sectors));
      }
      break;
  }
}

void LdstUnit::process(uint64_t now) {
  stalled_ = false;
  l1_used_ = false;
  if (!cur_valid_ && input_valid_) start(now);
  if (cur_valid_) {
    switch (cur_path_) {
      case Path::FrontEnd:
        step_frontend();
        break;
      case Path::None:
      case Path::Shared:
      case Path::Constant:
        if (now >= cur_busy_until_) finish_current(now);
        break;
      default:
        if (req_idx_ < reqs_.size()) {
          if (step_request(reqs_[req_idx_], now)) {
            ++req_idx_;
          } else {
            stalled_ = true;
            charge(cur_.launch_id);
            n_.stall_cycles += 1;
          }
        }
        if (req_idx_ == reqs_.size()) finish_current(now);
        break;
    }
  }
  if (fe_) fe_->cycle(now, *this, !l1_used_);
  if (!clients_.empty()) clients_cycle(now);
  if (l1_ && l1_->has_request()) drain_l1_queue(now);
  // Miss queue -> interconnect, one request per cycle.
  if (missq_count_ > 0 && port_.can_send()) {
    tlm::tlm_generic_payload* p = missq_[missq_head_];
    missq_head_ = (missq_head_ + 1) % missq_.size();
    missq_count_ -= 1;
    gpu_ext(*p).issue_cycle = now;
    in_flight_ += 1;
    port_.send(*p, sc_core::SC_ZERO_TIME);
  }
}

}  // namespace gpucosim
