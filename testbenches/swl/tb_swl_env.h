#pragma once
// The SWL block testbench's environment: it plays the SM around one SWL implementation (normally
// kit::Checked over kit::Lockstep of twin and RTL), drives constrained-random launch / retire /
// parked stimulus in phases (fill, steady, bursts, drain, silence), and checks every cycle's pins
// against an independent reference: each live warp carries its launch sequence number, and a warp
// is allowed exactly when fewer than `limit` active (live, not parked) warps have smaller numbers.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "systemc/blocks/swl/swl_block.h"

namespace gpucosim::tb {

// Functional coverage: each point must be hit by a test that claims to cover the block.
struct SwlCoverage {
  uint64_t throttled = 0;      // an active warp was not allowed
  uint64_t all_live = 0;       // every slot live
  uint64_t reuse = 0;          // a slot retired and took a new warp in the same cycle
  uint64_t multi_launch = 0;   // several warps launched in one cycle
  uint64_t multi_retire = 0;   // several warps retired in one cycle
  uint64_t parked_room = 0;    // a warp allowed only because older warps are parked
  uint64_t parked_change = 0;  // allow changed in a cycle with no launch or retire
  uint64_t promoted = 0;       // a warp became allowed because an older one retired
  uint64_t quiet = 0;          // a cycle with no input change
  // Names of the points not hit ("" when all were).
  std::string missing() const;
};

class SwlEnv {
 public:
  SwlEnv(SwlBlock& dut, uint32_t limit, uint64_t seed, SwlCoverage& cov);
  // `cycles` cycles of the phased random stimulus; false (and error()) at the first difference.
  bool run(uint64_t cycles);
  const std::string& error() const { return error_; }
  uint64_t cycles() const { return cycle_; }

 private:
  SwlInputs stimulus(uint32_t phase);
  SwlOutputs reference() const;
  // After the edge: live_/parked_/seq_ are the new state, `before` the pins presented with `in`.
  void cover(const SwlInputs& in, uint64_t parked_before, const SwlOutputs& before, const SwlOutputs& after);

  SwlBlock& dut_;
  uint32_t n_, limit_;
  uint64_t mask_;
  std::mt19937_64 rng_;
  SwlCoverage& cov_;
  SwlOutputs out_;
  std::vector<uint64_t> seq_;  // launch sequence number of each live slot
  uint64_t live_ = 0, parked_ = 0, next_seq_ = 0, cycle_ = 0;
  std::string error_;
};

}  // namespace gpucosim::tb
