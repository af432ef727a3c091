#pragma once
// THE interface of a WarpPool implementation. Three implementations sit behind it and are
// interchangeable: the cycle-exact C++ twin (WarpPoolTwin, warppool_twin.h), the Verilated RTL
// (WarpPoolRtl, tlm_adapters/warppool/) and the lockstep pair that runs both and stops at the
// first differing output (WarpPoolLockstep). Everything above it - the LSU front end, the block
// testbench - sees only pins (warppool_ports.h), so it cannot tell which one it drives.
#include <string>

#include "systemc/blocks/warppool/warppool_params.h"
#include "systemc/blocks/warppool/warppool_ports.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

class WarpPoolBlock {
 public:
  virtual ~WarpPoolBlock() = default;
  // Synchronous reset; `out` receives the pins of the first cycle after reset.
  virtual void reset(WarpPoolOutputs& out) = 0;
  // One rising clock edge with `in` sampled; `out` receives the pins of the next cycle.
  virtual void step(const WarpPoolInputs& in, WarpPoolOutputs& out) = 0;
  virtual const WarpPoolParams& params() const = 0;
  // "tlm", "rtl" or "lockstep".
  virtual const char* kind() const = 0;
  // Implementation-specific statistics (lockstep_*); pin-derived statistics are the front end's.
  virtual void collect(StatsMap& m) const { (void)m; }
};

}  // namespace gpucosim
