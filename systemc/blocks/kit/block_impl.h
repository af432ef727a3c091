#pragma once
// THE interface of one implementation of a research block, generic over the block's traits:
//   struct XTraits { using Params = ...; using Inputs = ...; using Outputs = ...;
//                    static constexpr const char* kName = "x"; };
// Three implementations sit behind it and are interchangeable: the cycle-exact C++ twin ("tlm"),
// the Verilated RTL behind kit::VerilatedBridge ("rtl", the RTL side's kit/verilated_bridge.h) and kit::Lockstep,
// which runs both and stops at the first differing output ("lockstep"). kit::Checked wraps any of
// them with the block's protocol checker. Everything above it (the block's SM front end, the
// block testbench) sees only pins, so it cannot tell which one it drives.
//
// Per-cycle contract (every output is a Moore output, a function of the block's registers):
//   * cycle t: the block presents `out` (from the step of cycle t-1, or from reset());
//   * the environment reacts to `out` during cycle t and fills `in`;
//   * step(in, out) is the rising edge that ends cycle t; `out` then holds cycle t+1's pins.
#include <string>

#include "systemc/gpu/stats.h"

namespace gpucosim::kit {

// How an implementation is built (from the block's options; see BlockSettings).
struct ImplOptions {
  std::string label = "block";   // names the instance in reports ("warppool/sm3")
  std::string vcd_path;          // rtl: write waves here ("" = none)
  bool eval_every_cycle = false; // never hold outputs on quiet cycles (proves skipping exact)
  // rtl, block testbenches: Verilator's initial value of every register before reset (0 zeros,
  // 2 random; with --x-initial unique it covers every X), and its seed (nonzero: reproducible).
  int rand_reset = 0;
  int rand_seed = 0;
  // rtl built with --coverage: write the structural coverage here when the model is destroyed.
  std::string coverage_path;
};

template <class T>
class Impl {
 public:
  using Params = typename T::Params;
  using Inputs = typename T::Inputs;
  using Outputs = typename T::Outputs;
  virtual ~Impl() = default;
  // Synchronous reset; `out` receives the pins of the first cycle after reset.
  virtual void reset(Outputs& out) = 0;
  // One rising clock edge with `in` sampled; `out` receives the pins of the next cycle.
  virtual void step(const Inputs& in, Outputs& out) = 0;
  virtual const Params& params() const = 0;
  // "tlm", "rtl" or "lockstep".
  virtual const char* kind() const = 0;
  // Whether the last reset()/step() computed its outputs (false: a quiet cycle whose held outputs
  // were returned without evaluating). Lockstep counts only cycles both sides evaluated.
  virtual bool evaluated() const { return true; }
  // Implementation-specific statistics (lockstep_*); pin-derived statistics are the front end's.
  virtual void collect(StatsMap& m) const { (void)m; }
};

}  // namespace gpucosim::kit
