#pragma once
// Test bench for one SM: a fake memory target that answers every request after a fixed number
// of cycles, hand-built warps, and an issue recorder. Each TEST builds one bench (one SystemC
// elaboration per process; CTest runs every TEST in its own process).
#include <gtest/gtest.h>

#include <deque>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "systemc/sm/sm.h"
#include "systemc/tlm/ports.h"

namespace gpucosim::test {

struct SeenRequest {
  uint64_t cycle;
  uint64_t addr;
  MemAccessKind kind;
  uint8_t sectors;
  uint32_t warp;
  uint32_t partition;
  MemClient client;
};

class FakeMemory : public sc_core::sc_module {
 public:
  FakeMemory(sc_core::sc_module_name n, uint32_t latency) : sc_core::sc_module(n), port("port"), latency_(latency) {}
  TargetPort port;
  std::vector<SeenRequest> seen;

  void tick(uint64_t now) {
    const PendingTransaction& r = port.peek_request();
    if (r) {
      GpuExtension& e = gpu_ext(*r.payload);
      r.payload->set_response_status(tlm::TLM_OK_RESPONSE);  // the target executes the command
      seen.push_back({now, r.payload->get_address(), e.kind, e.sector_mask, e.warp, e.partition, e.client});
      queue_.push_back({r.payload, now + latency_});
      port.pop_request();
    }
    if (!queue_.empty() && queue_.front().due <= now && port.can_respond()) {
      port.respond(*queue_.front().p, sc_core::SC_ZERO_TIME);
      queue_.pop_front();
    }
  }

 private:
  struct Item {
    tlm::tlm_generic_payload* p;
    uint64_t due;
  };
  uint32_t latency_;
  std::deque<Item> queue_;
};

struct IssueRecord {
  uint64_t cycle;
  uint32_t sched, warp;
  uint32_t pc;
};

class Recorder : public IssueObserver {
 public:
  std::vector<IssueRecord> log;
  bool off = false;
  void issued(uint64_t cycle, uint32_t sched, uint32_t warp, const Instruction& in) override {
    if (off) return;
    log.push_back({cycle, sched, warp, in.pc});
  }
  // Issue cycle of the instruction with `pc` of warp slot `warp`.
  uint64_t at(uint32_t warp, uint32_t pc) const {
    for (const IssueRecord& r : log)
      if (r.warp == warp && r.pc == pc) return r.cycle;
    ADD_FAILURE() << "warp " << warp << " pc " << pc << " never issued";
    return 0;
  }
};

// A small configuration with round numbers; tests change fields before build().
inline CoreConfig small_core() {
  CoreConfig c;
  c.max_threads = 1536;
  c.n_schedulers = 1;
  c.scheduler = SchedulerPolicy::GTO;
  c.max_issue_per_warp = 1;
  c.n_sp = 2;
  c.n_sfu = 1;
  c.n_int = 0;
  c.n_dp = 0;
  c.sp = {4, 1};
  c.int_ = {4, 1};
  c.alu = {4, 1};
  c.reg_banks = 16;
  c.collector_units = 8;
  c.l1d.enabled = false;  // tests that need the L1 enable it
  c.l1_latency = 20;
  c.shmem_latency = 20;
  c.coalesce_arch = 70;
  return c;
}

struct Bench {
  CoreConfig core = small_core();
  MemoryConfig mem;
  uint32_t mem_latency = 100;
  PayloadPool pool;
  OpcodeTable ops{70};
  KernelHeader hdr;
  std::unique_ptr<Sm> sm;
  std::unique_ptr<FakeMemory> fm;
  Recorder rec;
  uint64_t cycle = 0;
  uint32_t next_pc = 0;

  Bench() {
    hdr.name = "test_kernel";
    hdr.id = 1;
    hdr.block = Dim3{32, 1, 1};
    hdr.grid = Dim3{1, 1, 1};
    hdr.nregs = 32;
    hdr.binary_version = 70;
  }

  void build(SmOptions options = {}) {
    sm = std::make_unique<Sm>("sm", 0, core, mem, pool, std::move(options));
    fm = std::make_unique<FakeMemory>("mem", mem_latency);
    sm->mem_port.socket.bind(fm->port.socket);
    sm->set_issue_observer(&rec);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }

  uint16_t op(const char* text) {
    int32_t i = ops.intern(text);
    EXPECT_GE(i, 0) << text;
    return uint16_t(i < 0 ? 0 : i);
  }

  // Appends an instruction; pc is assigned sequentially (0x10 apart) and returned.
  uint32_t add(Warp& w, const char* opcode, std::initializer_list<int> dst, std::initializer_list<int> src,
               const LaneAddrs* addrs = nullptr, uint32_t mask = 0xffffffffu) {
    Instruction in;
    in.pc = (next_pc += 0x10);
    in.active_mask = mask;
    in.opcode = op(opcode);
    for (int d : dst) in.dst[in.n_dst++] = uint8_t(d);
    for (int s : src) in.src[in.n_src++] = uint8_t(s);
    if (addrs) in.mem_width = ops[in.opcode].access_width ? ops[in.opcode].access_width : 4;
    w.push(in, addrs);
    return in.pc;
  }

  void launch(ThreadBlock tb) {
    KernelContext ctx{hdr.id, &hdr, &ops};
    ASSERT_TRUE(sm->can_launch(hdr));
    sm->launch_block(ctx, std::move(tb));
  }

  void step() {
    sm->tick(cycle);
    fm->tick(cycle);
    ++cycle;
  }
  // Ticks until the SM is idle; returns the number of cycles ticked.
  uint64_t run(uint64_t limit = 100000) {
    uint64_t start = cycle;
    do {
      step();
    } while (!sm->idle() && cycle - start < limit);
    EXPECT_TRUE(sm->idle()) << sm->describe_state();
    return cycle - start;
  }
  double stat(const std::string& name) const {
    StatsMap m;
    sm->collect(m);
    auto it = m.find(name);
    EXPECT_NE(it, m.end()) << name;
    return it == m.end() ? -1 : it->second;
  }
};

// A GTX480-like L1 data cache: 32 sets x 4 ways of 128-byte lines (not sectored), linear set
// index, write-through no-write-allocate, 32 MSHRs merging up to 8 requests, an 8-entry miss
// queue; Fermi coalescing.
inline void fermi_l1(Bench& b) {
  b.core.coalesce_arch = 13;
  b.core.l1d.enabled = true;
  b.core.l1d.sectored = false;
  b.core.l1d.nsets = 32;
  b.core.l1d.line_bytes = 128;
  b.core.l1d.assoc = 4;
  b.core.l1d.write_policy = 'T';
  b.core.l1d.alloc_policy = 'm';
  b.core.l1d.write_alloc = 'N';
  b.core.l1d.set_index = 'L';
  b.core.l1d.mshr_entries = 32;
  b.core.l1d.mshr_max_merge = 8;
  b.core.l1d.miss_queue = 8;
}

inline ThreadBlock block_of(std::vector<Warp> warps) {
  ThreadBlock tb;
  for (size_t i = 0; i < warps.size(); ++i) warps[i].id = uint32_t(i);
  tb.warps = std::move(warps);
  return tb;
}

inline LaneAddrs strided(uint64_t base, uint64_t stride) {
  LaneAddrs a{};
  for (int i = 0; i < kWarpSize; ++i) a[size_t(i)] = base + uint64_t(i) * stride;
  return a;
}

}  // namespace gpucosim::test
