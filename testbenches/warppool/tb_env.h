#pragma once
// The WarpPool block testbench environment: it plays the SM around the block - issues warp
// instructions (honouring issue_ready and the consistency bits), answers operand reads, acts as
// L1 + memory (accepts or rejects requests, hits or misses, returns line data after a latency,
// possibly out of order, holding data while ret_ready is low) - and drives the twin and the RTL
// with the same inputs every cycle, comparing every output (lockstep). Around that:
//   * scoreboard: every (warp, load, lane) receives exactly the word a plain memory holds in
//     that warp's program order, exactly once; every store line reaches the L1 exactly once;
//   * per-instruction checks at the L1: lines = the baseline coalescer's lines, each slot's lanes
//     = that line's lanes, the slot's class = the classification of those lanes and words, per-warp
//     program order (only load-load reordering), conservation of slots and writebacks;
//   * Checkers (tb_checkers.h) for the block's internals; forward-progress watchdog; coverage.
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "systemc/blocks/warppool/warppool_twin.h"
#include "tb_checkers.h"
#include "tb_coverage.h"
#include "tb_program.h"

namespace gpucosim::tb {

struct Knobs {
  uint32_t issue_pct = 60;        // chance per cycle to try issuing an instruction
  uint32_t accept_pct = 90;       // chance the L1 accepts a presented request
  uint32_t miss_pct = 50;         // chance an accepted load misses
  uint32_t hit_lat = 1, miss_lat_min = 10, miss_lat_max = 120;
  uint32_t reject_burst_pct = 0;  // chance per cycle to start a burst of L1 rejections
  uint32_t reject_burst_len = 40;
  uint32_t ret_hold_pct = 0;      // chance the L1 holds its returns for a cycle
  uint32_t warps = 0;             // warps that issue (0 = all)
  Mix mix;
};

class Env {
 public:
  // rtl may be null (twin only). The twin is the reference whose registers the checkers read.
  Env(WarpPoolTwin& twin, WarpPoolBlock* rtl, uint64_t seed, Coverage& cov);

  // Runs `cycles` cycles issuing up to `per_warp` new instructions per warp.
  void run(const Knobs& k, uint64_t cycles, uint32_t per_warp);
  // Stops issuing and runs until every instruction completed and the block is idle.
  void drain(uint64_t max_cycles);

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  uint64_t cycle() const { return cycle_; }
  uint64_t loads_issued() const { return loads_; }
  uint64_t lines_of_loads() const { return load_lines_; }
  uint64_t slots_sent() const { return slots_sent_; }
  uint64_t writebacks() const { return writebacks_; }
  uint64_t lanes_checked() const { return lanes_checked_; }
  uint64_t compared() const { return compared_; }
  uint32_t max_ids() const { return max_ids_; }

 private:
  struct Line {
    uint32_t lanes = 0;
    bool sent = false, written = false;
  };
  struct Live {
    bool used = false;
    Instr in;
    std::array<uint32_t, 32> expect{};
    std::map<uint64_t, Line> lines;  // baseline coalescing: line -> lanes
    uint32_t lines_left = 0, lanes_done = 0;
  };
  struct Return {
    uint32_t id;
    uint64_t ready;
    std::array<uint32_t, 32> data;
  };

  void step_cycle(const Knobs& k, bool issue);
  void fail(const std::string& what);
  void consume_writeback(const WarpPoolOutputs& o);
  void l1(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in);
  std::string l1_slot(uint32_t warp, uint32_t tag, uint64_t line, uint32_t lanes, uint32_t cls, bool store);
  void returns(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in);
  void issue(const Knobs& k, const WarpPoolOutputs& o, WarpPoolInputs& in);
  void complete(uint32_t warp, uint32_t tag);
  bool busy_work() const;

  WarpPoolTwin& twin_;
  WarpPoolBlock* rtl_;
  Coverage& cov_;
  WarpPoolParams p_;
  Layout lay_;
  Checkers chk_;
  std::mt19937_64 rng_;
  Memory mem_, shadow_;              // L1-order memory; program-order view for expected values
  WarpPoolOutputs o_, orr_;
  std::vector<std::vector<Live>> live_;       // [warp][tag]
  std::vector<std::deque<uint32_t>> order_;   // per warp: live tags in program order
  std::vector<uint32_t> budget_;              // instructions each warp may still issue
  std::vector<Instr> next_;                   // each warp's next instruction
  std::vector<bool> has_next_;
  std::vector<uint32_t> seq_;
  std::vector<Return> pending_;
  std::vector<bool> id_out_;
  uint32_t reject_left_ = 0, max_ids_ = 0;
  uint64_t cycle_ = 0, last_progress_ = 0, compared_ = 0;
  uint64_t loads_ = 0, load_lines_ = 0, slots_sent_ = 0, writebacks_ = 0, lanes_checked_ = 0;
  std::string error_;
};

}  // namespace gpucosim::tb
