#pragma once
// The cycle-exact C++ twin of rtl/regless/regless_osu.v, the operand staging unit of one shard,
// register for register (docs/blocks/regless.md §3). step() computes the next state from the old
// registers and the edge's inputs in the RTL's order of priority, and reports the edge's events to
// the capacity manager; flash() then frees the list lines of the warps that exit at the same edge;
// commit() writes the next state. The per-bank data store is a synchronous RAM (one access per edge,
// the read value in q from the next cycle), as the RTL's regless_bank_ram macro.
#include <cstdint>
#include <vector>

#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

// A preload-queue entry pushed by the CM: kind 0 preload, 1 invalidating read, 2 cache invalidation.
struct ReglessPush {
  bool valid = false;
  uint32_t warp = 0, reg = 0, kind = 0;
};

// What one OSU edge tells the CM (all per edge).
struct ReglessOsuEvents {
  std::vector<bool> alloc, write;        // per op slot: an allocation / a write was taken
  std::vector<uint32_t> warp, bank;      // per op slot
  std::vector<bool> done;                // per bank: the queue head's preload or invalidation completed
  std::vector<uint32_t> done_warp;       // per bank
  bool fill = false;                     // a fill completed a preload
  uint32_t fill_warp = 0;
};

class ReglessOsuTwin {
 public:
  explicit ReglessOsuTwin(const ReglessParams& p);
  void reset();
  void step(const ReglessInputs& in, const std::vector<ReglessPush>& push, ReglessOsuEvents& ev);
  void flash(uint64_t exit_mask);
  void commit() { cur_ = next_; }
  void outputs(ReglessOutputs& out) const;
  bool quiet() const;
  // Banks whose preload queue holds lines_per_bank entries (the enqueuer must wait).
  uint32_t queue_full() const;

 private:
  struct Line {
    uint32_t st = kRlFree, warp = 0, reg = 0;
    bool fill = false, dirty = false;
  };
  struct Entry {
    uint32_t warp = 0, reg = 0, kind = 0;
  };
  struct State {
    std::vector<Line> line;            // bank * L + l
    std::vector<uint64_t> ram;         // bank * L + l
    std::vector<uint64_t> q;           // per bank: the RAM's read register
    std::vector<Entry> queue;          // bank * L + slot
    std::vector<uint32_t> head, count; // per bank
    // Stage 1: the memory request being formed (a write-back waits one cycle for the RAM's q).
    bool s1_valid = false, s1_have = false, s1_wb = false, s1_rd = false, s1_inv = false;
    uint32_t s1_bank = 0, s1_wb_warp = 0, s1_wb_reg = 0, s1_warp = 0, s1_reg = 0, s1_line = 0;
    uint64_t s1_data = 0;
    // Stage 2: the memory request on the pins.
    bool m_valid = false, m_wb = false, m_rd = false, m_inv = false;
    uint32_t m_wb_warp = 0, m_wb_reg = 0, m_warp = 0, m_reg = 0, m_line = 0;
    uint64_t m_data = 0;
    // Answers.
    uint32_t r_valid = 0, r_err = 0, r_read = 0;
    std::vector<uint32_t> r_line, r_bank;
  };
  // Lowest line of bank b in state st (of the next state), or -1.
  int find_state(const State& s, uint32_t b, uint32_t st) const;
  int lookup(const State& s, uint32_t b, uint32_t warp, uint32_t reg) const;
  int victim(const State& s, uint32_t b) const;

  ReglessParams p_;
  uint32_t L_, NB_;
  uint64_t dmask_;
  State cur_, next_;
};

}  // namespace gpucosim
