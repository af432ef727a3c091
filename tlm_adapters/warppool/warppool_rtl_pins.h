#pragma once
// WarpPool's pins on its Verilated model, expanded from the pin list
// (systemc/blocks/warppool/warppool_pins.def), and its quiet-cycle rule for kit::VerilatedBridge.
#include <cstdint>

#include "systemc/blocks/warppool/warppool_block.h"
#include "tlm_adapters/kit/verilated_pins.h"

namespace gpucosim {

struct WarpPoolRtlPins {
#define GPUCOSIM_PINS_DEF "systemc/blocks/warppool/warppool_pins.def"
#include "tlm_adapters/kit/rtl_pins.inc"
  // While the block is quiet and nothing arrives, only the policy quantum counter changes: such a
  // cycle is held and handed to the next evaluated edge on the `skip` input. The quantum's last
  // cycle (where the policy may toggle) is always evaluated.
  struct Hold {
    explicit Hold(const WarpPoolParams& p) : quantum(p.quantum) {}
    void reset() { cyc = 0; }
    bool may_hold(const WarpPoolOutputs& last, const WarpPoolInputs& in) {
      const bool nothing_arrives = !in.issue_valid && !in.ret_valid && in.skip == 0 && !last.l1_valid;
      const bool last_of_quantum = cyc + 1 == quantum;
      cyc = uint32_t((uint64_t(cyc) + 1 + in.skip) % quantum);
      return last.quiet && nothing_arrives && !last_of_quantum;
    }
    void release(WarpPoolInputs& in, uint32_t held) { in.skip += held; }
    uint32_t quantum;
    uint32_t cyc = 0;
  };
};

}  // namespace gpucosim
