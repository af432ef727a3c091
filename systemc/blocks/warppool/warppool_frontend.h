#pragma once
// WarpPool in the SM: the GlobalFrontEnd (systemc/sm/ldst_unit_frontend.h) that drives any
// WarpPoolBlock implementation (twin, Verilated RTL, lockstep) at its pins, once per core cycle.
// It plays the block's environment inside the load/store unit:
//   * issue gate: a global store (or atomic) may issue only when the warp's WarpPool counter is
//     0 and nothing of the warp is on its way from the scheduler to the LSU; a load also while
//     the warp's previous global operation, in flight or in the block, was a load;
//   * per-warp instruction tags (the block's TAG_W), the operand read port (lane addresses);
//   * the block's one L1 request per cycle becomes one L1 access (a merged load line with the
//     request id as its token, or a store line); a reservation failure, a baseline access in
//     the same cycle, or returned data the block cannot take (ret_ready low: "the cache stalls
//     when this buffer is full") is back-pressure;
//   * returns: L1 hits after l1_latency, misses when the fill arrives, handed to the block one
//     per cycle in order of arrival, with each word of the line set to a pattern of its address
//     (return_word()); writebacks complete loads lane by lane, and every lane's written-back word
//     is checked against the pattern of the address that lane asked for (the data path is
//     exercised in whole-GPU runs, not only in the block testbench);
//   * statistics from the pins only, so every implementation reports the same figures.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "systemc/blocks/warppool/warppool_block.h"
#include "systemc/sm/ldst_unit_frontend.h"
#include "systemc/sm/sm_hooks.h"

namespace gpucosim {

// The data word the memory returns for the 4-byte word at `addr` (any deterministic function of
// the address that differs between neighbouring words).
inline uint32_t warppool_return_word(uint64_t addr) {
  const uint64_t a = addr >> 2;
  return uint32_t(a * 0x9E3779B1u) ^ uint32_t(a >> 29);
}

class WarpPoolFrontEnd : public GlobalFrontEnd, public IssueGate {
 public:
  explicit WarpPoolFrontEnd(std::unique_ptr<WarpPoolBlock> block);

  const char* name() const override { return "warppool"; }
  // IssueGate: global loads/stores only (every other instruction passes).
  bool may_issue(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) const override;
  uint64_t gate_epoch() const override { return gate_epoch_; }
  void issued(uint32_t warp, const Instruction& inst, const OpcodeInfo& info) override;
  void dispatched_elsewhere(uint32_t warp) override;
  bool can_accept(uint32_t warp, bool store) const override;
  void accept(const GlobalInst& inst) override;
  void l1_data(uint32_t token, uint64_t now) override;
  void cycle(uint64_t now, FrontEndL1& l1, bool l1_free) override;
  bool idle() const override;
  void collect(StatsMap& m) const override;
  std::string describe() const override;

  const WarpPoolBlock& block() const { return *block_; }

 private:
  struct Inst {
    bool used = false;
    bool store = false;
    uint32_t token = 0, launch_id = 0, mask = 0, lanes_done = 0;
    const LaneAddrs* addrs = nullptr;
  };
  struct Return {
    uint64_t ready;
    uint32_t id;
  };
  struct Transit {
    uint32_t count = 0;        // issued, not yet in the block (or gone elsewhere)
    bool last_load = false;    // the last of them was a load
  };
  struct Counters {
    uint64_t cycles = 0, load_reqs = 0, load_slots = 0, store_reqs = 0, l1_rejects = 0, l1_stall_port = 0,
             l1_stall_returns = 0, l1_misses = 0, returns = 0, ret_waits = 0, writebacks = 0, policy_switches = 0,
             warpid_cycles = 0, insts = 0, tag_full = 0, lanes_checked = 0;
    uint64_t cls[5] = {0, 0, 0, 0, 0};
    uint64_t nslots[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t status[16] = {};
  };

  void writeback(const WarpPoolOutputs& o, FrontEndL1& l1, uint64_t now);
  void l1_request(const WarpPoolOutputs& o, WarpPoolInputs& in, FrontEndL1& l1, bool l1_free, uint64_t now);
  void free_tag(uint32_t warp, uint32_t tag);

  std::unique_ptr<WarpPoolBlock> block_;
  WarpPoolParams p_;
  WarpPoolOutputs out_;
  std::vector<std::vector<Inst>> insts_;   // [warp][tag]
  std::vector<uint32_t> live_;             // instructions per warp in the block
  std::vector<Transit> transit_;
  bool pending_ = false;                   // an instruction accepted this cycle
  uint32_t pending_warp_ = 0, pending_tag_ = 0;
  bool pending_store_ = false;
  std::deque<Return> returns_;             // data available, in order of arrival
  std::vector<uint64_t> id_line_;          // line of each request id in flight (return data)
  uint32_t in_flight_ = 0;                 // accepted load requests whose data has not returned
  bool last_policy_ = false;
  uint64_t gate_epoch_ = 0;                // bumped when transit_ or the ld_ok/st_ok pins change
  Counters n_;
};

}  // namespace gpucosim
