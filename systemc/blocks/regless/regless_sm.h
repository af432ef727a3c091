#pragma once
// RegLess in an SM (docs/blocks/regless.md §7): one shard (capacity manager + operand staging
// unit, a ReglessBlock: twin, RTL or lockstep) per warp scheduler, attached through the SM's
// hooks only (sm_hooks.h):
//
//   IssueGate        a warp issues only while the CM holds it `active` and only instructions of
//                    the region instance the CM activated; the region ends when all of its
//                    instructions have read their operands and allocated their destinations.
//   SmEventListener  warp launch (the warp's region instances from the kernel's code, built
//                    once per kernel: regless_kernel_code.h), retire, barriers (a warp waiting
//                    at one is `blocked`), statistics.
//   register storage (ReglessOperandStorage: OperandCollectorInterface) operand reads,
//                    destination allocations and result writes go to the warp's shard as pin
//                    requests, n_ops per shard per cycle, retried when a bank refuses.
//   MemoryClient     (ReglessBackingClient) the register backing store in global memory: one
//                    128-byte line per register of a warp slot, reached through the L1 one request
//                    per cycle, write-backs as write-back lines allocated without a fetch.
//                    With gpucosim_regless_compressor=1 each shard's requests pass its
//                    compressor first (regless_compressor.h; docs/blocks/regless.md §9).
//
// The shards are clocked lazily: every hook first steps them up to the cycle it is called in
// (the pins of cycle t are built from what the SM did in cycle t, then the edge ending t).
#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "systemc/blocks/regless/regless_block.h"
#include "systemc/blocks/regless/regless_compressor.h"
#include "systemc/blocks/regless/regless_kernel_code.h"
#include "systemc/blocks/regless/regless_value_shapes.h"
#include "systemc/config/gpu_config.h"
#include "systemc/sm/memory_clients.h"
#include "systemc/sm/operand_collector.h"
#include "systemc/sm/sm_hooks.h"

namespace gpucosim {

// Where the backing store lives: far above any workload's or trace's data. Compressed lines
// follow the uncompressed space (2^40 bytes of it), one block of lines per shard.
constexpr uint64_t kReglessBackingBase = uint64_t(1) << 44;
constexpr uint64_t kReglessCompressedBase = kReglessBackingBase + (uint64_t(1) << 40);

class ReglessSm : public IssueGate, public SmEventListener {
 public:
  ReglessSm(std::vector<std::unique_ptr<ReglessBlock>> shards, const CoreConfig& core, uint32_t sm_id);

  // IssueGate
  void begin_cycle(uint64_t now) override;
  bool may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const override;
  uint64_t gate_epoch() const override { return epoch_; }
  void issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) override;
  // SmEventListener
  void warp_launched(const WarpLaunch& w, uint64_t now) override;
  void block_launched(uint32_t block_slot, uint32_t launch_id, uint64_t warp_mask, uint64_t now) override;
  void warp_retired(uint32_t warp_slot, uint64_t now) override;
  void block_retired(uint32_t block_slot, uint32_t launch_id, uint64_t now) override;
  void barrier_released(uint32_t block_slot, uint64_t warp_mask, uint64_t now) override;
  void collect(StatsMap& m) const override;

  // Register storage (ReglessOperandStorage).
  bool can_allocate(uint32_t sched) const;
  void allocate(const OperandRequest& r, uint64_t now);
  void operand_cycle(uint64_t now);
  const std::vector<uint32_t>& ready() const { return ready_; }
  void release(uint32_t token);
  bool storage_empty() const;
  void write(uint32_t warp_slot, const Instruction& inst, uint64_t now);

  // Backing store (ReglessBackingClient).
  void memory_cycle(uint64_t now, MemoryClientPort& port);
  void memory_data(uint32_t token, uint64_t now);
  bool memory_idle() const;

 private:
  struct Op {
    uint8_t kind = kRlRead, reg = 0, rel = kRlKeep, line = 0;
    bool done = false;
  };
  struct Collector {
    uint32_t token = 0, slot = 0, dyn = 0;
    uint64_t seq = 0;
    std::vector<Op> ops;  // reads, then allocations
    bool done = false;
  };
  struct WriteOp {
    uint32_t slot = 0, dyn = 0;
    uint8_t reg = 0, line = 0, rel = kRlKeep;
    uint64_t data = 0;
    ReglessValueSource source = ReglessValueSource::Unknown;  // where the value's shape is known from
  };
  struct Instance {
    uint32_t region = 0, first = 0, last = 0;  // dynamic instruction indices, inclusive
  };
  struct WarpState {
    bool used = false;
    const Warp* warp = nullptr;
    uint32_t launch_id = 0, block_slot = 0;
    std::shared_ptr<const ReglessKernelCode> code;
    std::vector<int32_t> sidx;       // static index per dynamic instruction
    ReglessValueShapes shapes;       // per register write, its lanes' shape (compressor only)
    std::vector<Instance> inst;
    int64_t cur = -1;                // the instance the CM activated last
    bool ended = true;               // cur's end was queued
    uint32_t done = 0;               // instructions of cur past their operand stage
    uint64_t meta_ready = 0;         // cycle from which the next region's metadata is decoded
    bool at_barrier = false;
    // Per register, the instruction whose allocation of it is not yet written (-1: none). The
    // SM's scoreboard sees only an operand's first register, so the second half of a 64-bit
    // result is interlocked here: no other instruction reads or reallocates it before the write.
    std::array<int32_t, 64> unwritten;
    // The lines the warp's region holds in each bank, as the front end sees the answers: its
    // preloads, then +1 for each allocation of a register it does not hold, -1 for each read or
    // write that releases one. An allocation of a new line waits while the bank's count is at
    // the region's reservation (see the operand requests in regless_sm.cpp).
    uint64_t held = 0;
    std::array<uint8_t, kReglessMaxBanks> held_in_bank{}, reserved{};
    std::unordered_map<uint32_t, std::vector<WriteOp>> writes;  // per dynamic instruction
  };
  struct Fill {
    uint32_t warp = 0, reg = 0, line = 0;
    uint64_t data = 0;
  };
  struct L1Req {
    uint64_t addr = 0;
    bool write = false;
    uint32_t shard = 0;
    Fill fill;  // reads
    int32_t cline = -1;        // a compressed line fetched for the shard's compressor
    uint64_t not_before = 0;   // first cycle it may be sent (past the compressor's stage)
  };
  struct KernelEntry {
    std::shared_ptr<const ReglessKernelCode> code;
    std::vector<std::unique_ptr<ThreadBlock>> blocks;  // the streams the code was built from
    uint32_t resident = 0;
  };
  struct Shard {
    std::unique_ptr<ReglessBlock> block;
    ReglessOutputs out{};  // the pins of the cycle the SM is in
    std::deque<WriteOp> writes;
    std::deque<std::pair<uint32_t, bool>> ends;  // local warp, final
    std::deque<std::pair<uint32_t, uint64_t>> launches;  // local warp, first cycle it may be presented
    std::deque<Fill> fills;
    std::vector<uint32_t> collectors;            // indices into colls_, allocation order
    std::unique_ptr<ReglessCompressor> comp;     // null: no compressor
  };

  void advance(uint64_t now);
  void step_shard(uint32_t k, uint64_t t);
  uint32_t shard_of(uint32_t slot) const { return slot % n_sched_; }
  uint32_t local_of(uint32_t slot) const { return slot / n_sched_; }
  uint32_t slot_of(uint32_t shard, uint32_t local) const { return local * n_sched_ + shard; }
  uint64_t line_addr(uint32_t slot, uint32_t reg) const;
  uint64_t value_of(uint32_t slot, uint32_t reg, uint32_t dyn, const ReglessValueShape& shape) const;
  ReglessValueShape shape_of(uint32_t slot, uint32_t reg, uint32_t dyn) const;
  void instruction_done(uint32_t slot, uint32_t dyn, uint64_t now);
  void hold_line(WarpState& ws, uint32_t local, uint32_t reg) const;
  void release_line(WarpState& ws, uint32_t local, uint32_t reg) const;
  bool take_memory_request(Shard& s, uint32_t k, uint64_t t, const ReglessOutputs& prev);

  std::vector<Shard> shards_;
  ReglessParams p_;
  uint32_t n_sched_, sm_id_;
  bool sub_core_;
  uint32_t coll_limit_;        // collectors per scheduler (sub-core) or per SM
  uint32_t colls_in_use_ = 0;
  uint64_t data_mask_;
  std::vector<WarpState> warps_;
  struct PendingWarp {
    uint32_t slot = 0;
    const KernelHeader* header = nullptr;
    const OpcodeTable* opcodes = nullptr;
  };
  std::vector<PendingWarp> pending_;                           // warps launched, their block not yet
  std::vector<std::pair<uint32_t, uint32_t>> issued_;          // (slot, dyn) issued this cycle, not allocated
  // Warps launched since the last tick: the launch's `now` is the SM's last tick, which is stale
  // when the SM was skipped for being idle, so they reach the CM in the cycle before the first
  // tick that sees them (the first advance after the launch), as they would with every tick.
  std::vector<uint32_t> fresh_;
  std::map<uint32_t, KernelEntry> kernels_;                    // by launch id
  std::vector<Collector> colls_;
  std::vector<uint32_t> free_colls_;
  std::unordered_map<uint32_t, uint32_t> coll_of_token_;
  std::vector<uint32_t> ready_;
  uint64_t seq_ = 0;
  // Register values as the warps wrote them (golden) and as the backing store holds them.
  std::vector<std::array<uint64_t, 64>> golden_, backing_;
  std::vector<uint64_t> backing_valid_;
  std::deque<L1Req> l1q_;
  std::unordered_map<uint32_t, L1Req> awaiting_;
  uint32_t next_token_ = 0;

  uint64_t next_ = 0;      // the next cycle to step
  uint64_t now_ = 0;       // the cycle the SM is in
  uint64_t epoch_ = 0;
  struct Counters {
    uint64_t cycles = 0, reads = 0, allocs = 0, writes = 0, op_retries = 0, regions = 0, metadata = 0,
             preloads = 0, fetches = 0, fetches_undefined = 0, fetch_l1_hits = 0, fetch_l1_misses = 0, writebacks = 0,
             invalidations = 0, capacity_stalls = 0, barrier_blocked = 0, l1_requests = 0, l1_retries = 0,
             value_errors = 0, tables = 0, renumbered = 0, value_writes = 0, values_known = 0,
             values_compressible = 0, values_emitted = 0, values_analysis = 0, warp_active = 0, warp_preloading = 0,
             warp_draining = 0, warp_stacked = 0, warp_blocked = 0;
  } n_;
  mutable uint64_t refusals_ = 0;
};

// The SM's register storage: forwards to the SM's RegLess shards.
class ReglessOperandStorage : public OperandCollectorInterface {
 public:
  explicit ReglessOperandStorage(std::shared_ptr<ReglessSm> sm) : sm_(std::move(sm)) {}
  bool can_allocate(uint32_t sched) const override { return sm_->can_allocate(sched); }
  void allocate(const OperandRequest& r, uint64_t now) override { sm_->allocate(r, now); }
  void cycle(uint64_t now) override { sm_->operand_cycle(now); }
  const std::vector<uint32_t>& ready() const override { return sm_->ready(); }
  void release(uint32_t token) override { sm_->release(token); }
  bool empty() const override { return sm_->storage_empty(); }
  void write(uint32_t warp_slot, const Instruction& inst, uint64_t now) override { sm_->write(warp_slot, inst, now); }
  void collect(StatsMap& m) const override { (void)m; }  // the listener reports
  std::string describe() const override { return "RegLess operand staging units (one shard per scheduler)"; }

 private:
  std::shared_ptr<ReglessSm> sm_;
};

// The backing store's memory client.
class ReglessBackingClient : public MemoryClient {
 public:
  explicit ReglessBackingClient(std::shared_ptr<ReglessSm> sm) : sm_(std::move(sm)) {}
  MemClient kind() const override { return MemClient::RegisterBacking; }
  void cycle(uint64_t now, MemoryClientPort& port) override { sm_->memory_cycle(now, port); }
  void data(uint32_t token, uint64_t now) override { sm_->memory_data(token, now); }
  bool idle() const override { return sm_->memory_idle(); }

 private:
  std::shared_ptr<ReglessSm> sm_;
};

}  // namespace gpucosim
