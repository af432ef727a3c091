#pragma once
// The cycle-exact C++ twin of rtl/regless/regless_cm.v, the capacity manager of one shard, register
// for register (docs/blocks/regless.md §2): per warp a state (none, inactive, preloading, active,
// draining), its pending preloads, its reserved lines and outstanding writes per bank; the LIFO warp
// stack; the per-bank counters of unreserved lines; the enqueuer that streams an activated region's
// preloads into the OSU's per-bank queues (one per bank per cycle). pushes() are the enqueuer's
// outputs to the OSU this cycle (from the registers); step() takes the OSU's events of the edge
// and returns the warps that exit at it.
#include <cstdint>
#include <vector>

#include "systemc/blocks/regless/regless_osu_twin.h"

namespace gpucosim {

class ReglessCmTwin {
 public:
  explicit ReglessCmTwin(const ReglessParams& p);
  void reset();
  // Banks whose OSU preload queue is full (the OSU's registers): the enqueuer does not push
  // there this cycle. Set before pushes() and step().
  void set_queue_full(uint32_t banks) { qfull_ = banks; }
  void pushes(std::vector<ReglessPush>& push) const;
  uint64_t step(const ReglessInputs& in, const ReglessOsuEvents& ev);
  void commit() { cur_ = next_; }
  void outputs(ReglessOutputs& out) const;
  bool quiet() const { return !cur_.enq_valid; }

 private:
  uint32_t qfull_ = 0;
  struct State {
    std::vector<uint32_t> wst, pend, fin;      // per warp
    std::vector<uint32_t> resv, ow;            // warp * banks + bank
    std::vector<uint32_t> stack;               // warp ids, bottom first
    uint32_t sp = 0;
    uint64_t blocked = 0;
    std::vector<uint32_t> avail;               // per bank
    bool enq_valid = false;
    uint32_t enq_warp = 0;
    uint64_t enq_pre = 0, enq_inv = 0, enq_cinv = 0;
  };
  // The topmost stacked warp not blocked: its stack position, or -1.
  int top(const State& s) const;

  ReglessParams p_;
  uint32_t NW_, NB_;
  uint64_t wmask_, rmask_;
  uint32_t cmask_;  // count_bits
  State cur_, next_;
};

}  // namespace gpucosim
