#pragma once
// The RegLess block testbench's environment: it plays the SM, the compiler and the memory around one
// shard implementation (normally kit::Checked over kit::Lockstep of twin and RTL). Every warp runs a
// random program of regions (instructions reading up to two registers and writing one), annotated
// as the compiler would: inputs to preload (invalidating reads for those that die), cache
// invalidations, per-bank needs, last uses (erase or evict; a write's evict-dirty flag). It issues
// only from active warps, retries refused requests, answers fetches after a random latency from a
// backing store, and holds the shard to a full-register-file golden model and the invariants of
// spec §3.2 with checkers of its own (docs/blocks/regless.md §5).
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim::tb {

// Functional coverage: each point must be hit by a test that claims to cover the block.
struct ReglessCoverage {
  std::map<std::string, uint64_t> hits;
  void hit(const char* p) { hits[p] += 1; }
  // Names of the required points not hit ("" when all were).
  std::string missing() const;
  std::string summary() const;
};

class ReglessEnv {
 public:
  ReglessEnv(ReglessBlock& dut, uint64_t seed, ReglessCoverage& cov, uint32_t programs_per_slot = 3);
  // Runs until every program ran to its end (true) or an error or max_cycles (false, error()).
  bool run(uint64_t max_cycles);
  const std::string& error() const { return error_; }
  uint64_t cycles() const { return cycle_; }
  uint64_t regions_done() const { return regions_done_; }

 private:
  struct Inst {
    std::vector<uint32_t> src;          // registers read
    std::vector<uint32_t> src_rel;      // their last-use annotation
    int dst = -1;
    uint32_t dst_rel = kRlKeep;
    uint32_t latency = 1;
  };
  struct Region {
    std::vector<Inst> insts;
    uint64_t pre = 0, inv = 0, cinv = 0;
    std::vector<uint32_t> need;
    std::set<uint32_t> interior, dying;
    bool final = false;
  };
  struct Op {  // one request of a warp's stream
    uint32_t kind = 0, reg = 0, rel = 0, line = 0, inst = 0;
    uint64_t data = 0;
  };
  struct Warp {
    bool launched = false, has_region = false, in_flight = false;
    uint32_t regions_left = 0, programs = 0, inst = 0;
    std::set<uint32_t> defined;          // registers holding a value
    Region rgn;
    std::deque<Op> ops;                  // reads and the allocation of the current instruction
    std::vector<uint64_t> srcval;
    std::map<uint32_t, uint32_t> pending_line;   // dst register -> allocated line, not yet written
    std::vector<std::pair<uint64_t, Op>> writes; // (ready cycle, write)
    std::set<std::pair<uint32_t, uint64_t>> interior_values;  // (register, value) written to interior registers in the current region
    std::set<uint32_t> before;           // registers defined before the current region
    uint32_t fetched = 0;                // fetches taken for the current region
    bool end_sent = false;
    uint64_t last_progress = 0;
  };
  Region make_region(uint32_t w);
  void start_instruction(uint32_t w);
  void fail(const std::string& what);
  uint64_t value(uint32_t w, uint32_t r, const std::vector<uint64_t>& src, uint32_t inst);

  ReglessBlock& dut_;
  ReglessParams p_;
  std::mt19937_64 rng_;
  ReglessCoverage& cov_;
  uint32_t programs_;
  uint64_t dmask_;
  ReglessOutputs out_;
  std::vector<Warp> warps_;
  std::vector<std::vector<uint64_t>> golden_;        // full register file
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> memory_;  // backing store
  struct Fetch { uint64_t at; uint32_t warp, reg, line; bool inv; };
  std::vector<Fetch> fetches_;
  std::vector<int> slot_warp_;                       // warp whose request each slot carries (-1 none)
  std::vector<bool> slot_is_write_;
  std::vector<size_t> slot_write_idx_;
  ReglessInputs last_in_{};
  uint64_t cycle_ = 0, regions_done_ = 0, seq_ = 0;
  std::string error_;
};

}  // namespace gpucosim::tb
