#pragma once
// The load/store unit of one SM. It takes one warp memory instruction at a time (one dispatch
// register in front of it) and
//   * shared memory: occupies the unit for `degree` cycles (bank conflicts, shared_memory.h); the
//     result is ready shmem_latency + (degree - 1) cycles after the access started;
//   * constant memory: a perfect constant cache, ready l1_latency cycles later;
//   * global / local / generic / texture: the coalescer splits the instruction into line requests,
//     processed one per cycle: loads into the L1 data cache (hit: ready after l1_latency; miss: a
//     read request to the memory partition, its waiters answered through a writeback port that
//     takes one access per cycle, one per sector in a sectored L1; pending hit: merged into the
//     MSHR; reservation fail:
//     the unit stalls and retries next cycle), or, with -gpgpu_gmem_skip_L1D or a disabled L1,
//     straight to memory without touching the L1. Stores are write-through, no write-allocate:
//     they update the L1 where it holds the line and always go to memory. Atomics go to memory.
// The L1 is the memory system's generic Cache (systemc/memory/cache/cache.h) configured by
// CoreConfig::l1d; what it must send (fetches, forwarded writes, writebacks) is moved from its
// miss queue into the LSU's queue of l1d.miss_queue payloads, which feeds the SM's InitiatorPort
// one request per cycle (bypassing loads, atomics and uncached stores enter that queue
// directly). Every request is answered (a write by its acknowledgement), which is how MEMBAR and
// warp completion know a warp's stores are done.
//
// RESEARCH HOOK: with a GlobalFrontEnd (ldst_unit_frontend.h, e.g. WarpPool) global loads of the
// cached path and global stores through the L1 leave the dispatch register into the front end,
// which then owns them until done; it gets the L1 port in the cycles the baseline path leaves it
// free (a front end that must gate issue does so as an IssueGate, sm_hooks.h). Without one,
// nothing changes.
#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/config/gpu_config.h"
#include "systemc/gpu/stats.h"
#include "systemc/memory/cache/cache.h"
#include "systemc/sm/coalescer.h"
#include "systemc/sm/ldst_unit_frontend.h"
#include "systemc/sm/memory_clients.h"
#include "systemc/sm/partition_map.h"
#include "systemc/tlm/payload_pool.h"
#include "systemc/tlm/ports.h"

namespace gpucosim {

struct LsuInst {
  uint32_t token = 0;           // the SM's id of the in-flight instruction
  uint32_t warp = 0;            // warp slot
  uint32_t launch_id = 0;
  const Instruction* inst = nullptr;
  const OpcodeInfo* info = nullptr;
  const LaneAddrs* addrs = nullptr;  // null when the instruction has no addresses
};

// What the LSU tells the SM.
class LsuListener {
 public:
  virtual ~LsuListener() = default;
  // Instruction `token` is finished (loads: all data arrived) at cycle `at` (>= the current cycle).
  virtual void mem_inst_done(uint32_t token, uint64_t at) = 0;
  // A write of warp slot `warp` was acknowledged.
  virtual void write_acked(uint32_t warp) = 0;
};

class LdstUnit : private FrontEndL1 {
 public:
  LdstUnit(const CoreConfig& c, uint32_t sm_id, InitiatorPort& port, PayloadPool& pool,
           CoalescerInterface& coalescer, LsuListener& listener, GlobalFrontEnd* frontend = nullptr,
           std::vector<MemoryClient*> clients = {});
  ~LdstUnit() override;

  void set_partition_map(const PartitionMap* m) { map_ = m; }
  bool can_accept() const { return !input_valid_; }
  void invalidate_l1() {
    if (l1_) l1_->invalidate_all();
  }
  // Queues a write-back of every dirty L1 line, charged to kernel launch `launch` (before an
  // invalidation: dirty data is not dropped).
  void flush_l1(uint32_t launch) {
    if (l1_) l1_->flush(launch);
  }
  // A kernel is launched: the L1 is invalidated and, with -gpgpu_adaptive_cache_config, resized
  // to the ways the kernel's shared memory leaves it (adaptive_l1_assoc). ldst_unit_l1_config.cpp.
  void configure_l1(uint64_t total_shmem);
  void accept(const LsuInst& i);

  // Per core cycle, in this order: responses first (they may complete loads this cycle), then
  // the instruction in service and the miss queue.
  void receive(uint64_t now);
  void process(uint64_t now);

  uint32_t pending_writes(uint32_t warp) const { return pending_writes_[warp]; }
  bool idle() const;
  // Nothing to do until a response arrives: no instruction waiting or in service, nothing to
  // send, no research front end or memory client (whose cycles are theirs). Loads in flight
  // finish through responses or through the SM's writeback events.
  bool quiet() const {
    return !input_valid_ && !cur_valid_ && missq_count_ == 0 && (!l1_ || !l1_->has_request()) && !fe_ &&
           clients_.empty() && client_hits_.empty();
  }
  void collect(StatsMap& m) const;
  // The counters charged to kernel launch `launch` (kernel_ledger.h), under the same names.
  void collect_launch(StatsMap& m, uint32_t launch) const;
  void forget_launch(uint32_t launch) {
    ledger_.forget(launch, n_);
    cledger_.forget(launch, nc_);
    if (l1_) l1_->forget_launch(launch);
  }
  bool charged(uint32_t launch) const {  // anything charged to `launch` since it was forgotten
    return ledger_.charged(launch, n_) || cledger_.charged(launch, nc_) || (l1_ && l1_->charged(launch));
  }
  std::string describe() const;

 private:
  enum class Path : uint8_t { None, Shared, Constant, Cached, Bypass, Write, Atomic, FrontEnd };
  enum class ReqType : uint8_t { Fill, Direct, Write, Writeback, Client };
  struct PendingLoad {
    uint32_t token = 0, warp = 0, launch_id = 0, outstanding = 0;
    bool all_issued = false;
    uint64_t ready = 0;
  };
  struct OutReq {
    ReqType type = ReqType::Fill;
    uint32_t load = 0;   // PendingLoad index (Fill via the cache's tokens, Direct)
    uint32_t warp = 0;
    uint64_t line = 0;
    uint8_t sectors = 0;
    bool client_read = false;  // Client: a bypass read whose data the client awaits
  };

  Path path_of(const LsuInst& i) const;
  void start(uint64_t now);
  bool step_request(const CoalescedRequest& r, uint64_t now);  // false: stalled, retry
  bool queue_request(ReqType t, MemAccessKind kind, uint64_t line, uint8_t sectors, uint32_t bytes, uint32_t load,
                     uint32_t warp, uint32_t launch_id, uint64_t now, MemClient client = MemClient::Lsu);
  void drain_l1_queue(uint64_t now);
  void load_part_done(uint32_t load, uint64_t ready);
  uint64_t writeback_slot(uint64_t now, uint8_t sectors);  // cycle the waiter's data is written back
  void finish_current(uint64_t now);
  uint32_t new_load(uint32_t token, uint32_t warp, uint32_t launch_id);
  uint32_t new_outreq();
  // Front end (ldst_unit_frontend.cpp).
  void start_frontend(uint64_t now);
  void step_frontend();
  Result l1_load(uint64_t line_addr, uint8_t sectors, uint32_t token, uint32_t warp, uint32_t launch_id,
                 uint64_t now) override;
  Result l1_store(uint64_t line_addr, uint8_t sectors, uint32_t warp, uint32_t launch_id, uint64_t now) override;
  void done(uint32_t token, uint64_t at) override;
  static constexpr uint64_t kFrontEndToken = uint64_t(1) << 63;  // L1 tokens of front-end loads
  // Memory clients (ldst_unit_clients.cpp). L1 read tokens: kClientToken | client << 32 | token;
  // L1 write tokens of every path: launch id << 32 | MemClient << 16 | warp slot.
  class ClientPort;
  static constexpr uint64_t kClientToken = uint64_t(1) << 62;
  void clients_cycle(uint64_t now);
  void client_fill(uint64_t token, uint64_t now);
  MemClient client_of_l1_token(uint64_t token) const;
  struct ClientHit {
    uint64_t ready;
    uint32_t client, token;
  };
  std::vector<MemoryClient*> clients_;
  std::vector<std::unique_ptr<ClientPort>> client_ports_;
  std::deque<ClientHit> client_hits_;    // L1 hits of client reads, by ready cycle
  struct ClientCounters {
    uint64_t requests = 0, l1_accesses = 0, port_stalls = 0, queue_stalls = 0, data = 0;
  };
  std::array<ClientCounters, kMemClients> nc_{};  // per MemClient: what it sent and was refused
  // n_ and nc_ per kernel launch (kernel_ledger.h); charge() names the launch counted next.
  KernelLedger<std::array<ClientCounters, kMemClients>> cledger_;
  void charge(uint32_t launch);
  uint32_t last_outreq_ = 0;

  CoreConfig c_;
  uint32_t sm_id_;
  InitiatorPort& port_;
  PayloadPool& pool_;
  CoalescerInterface& coalescer_;
  LsuListener& listener_;
  GlobalFrontEnd* fe_ = nullptr;      // research front end for global loads/stores, or null
  struct FrontEndReq {
    uint32_t warp = 0, launch_id = 0;
  };
  std::vector<FrontEndReq> fe_reqs_;  // by front-end L1 token: who a miss fetches for
  bool l1_used_ = false;              // the baseline path accessed the L1 this cycle
  const PartitionMap* map_ = nullptr;
  std::unique_ptr<Cache> l1_;        // the memory system's generic cache; null when the L1 is disabled

  LsuInst input_{};
  bool input_valid_ = false;
  LsuInst cur_{};
  bool cur_valid_ = false;
  Path cur_path_ = Path::None;
  uint64_t cur_busy_until_ = 0;       // shared/constant: last cycle of occupancy
  uint32_t cur_load_ = 0;             // PendingLoad of the current instruction
  std::vector<CoalescedRequest> reqs_;
  size_t req_idx_ = 0;
  // Per request of the instruction in service: its sectors that no earlier request of the same
  // instruction touched, so the L1's Accel-Sim statistics count each sector a warp touches once.
  std::vector<uint8_t> first_sectors_;

  std::vector<PendingLoad> loads_;
  std::vector<uint32_t> free_loads_;
  std::vector<OutReq> outreqs_;
  std::vector<uint32_t> free_outreqs_;
  // Miss queue: ring of payloads waiting for the port.
  std::vector<tlm::tlm_generic_payload*> missq_;
  size_t missq_head_ = 0, missq_count_ = 0;
  std::vector<uint32_t> pending_writes_;
  uint64_t next_req_id_ = 1;
  uint32_t in_flight_ = 0;            // requests sent and not answered
  uint64_t writeback_free_ = 0;       // first cycle the writeback of L1 fills is free (writeback_slot)

  struct Counters {
    uint64_t load_insn = 0, store_insn = 0, shmem_insn = 0, atomic_insn = 0, const_insn = 0;
    uint64_t coalesced_load_insn = 0, coalesced_load_reqs = 0, coalesced_store_reqs = 0;
    uint64_t shmem_bkconflict = 0, shmem_cycles = 0;
    uint64_t l1_stall_resfail = 0;
    uint64_t mem_read = 0, mem_write = 0, mem_atomic = 0, mem_read_local = 0, mem_write_local = 0, mem_wb = 0;
    uint64_t bypass_reads = 0, stall_missq_full = 0, stall_cycles = 0;
    uint64_t read_latency_sum = 0, read_replies = 0;
  } n_;
  KernelLedger<Counters> ledger_;
  void emit(StatsMap& m, const Counters& cn, const std::array<ClientCounters, kMemClients>& cc) const;
  bool stalled_ = false;              // the instruction in service could not make progress this cycle

 public:
  // Whether the unit failed to make progress in the last process() call (issue-stall accounting).
  bool stalled() const { return stalled_; }
};

}  // namespace gpucosim
