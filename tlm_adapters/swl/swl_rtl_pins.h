#pragma once
// SWL's pins on its Verilated model (expanded from systemc/blocks/swl/swl_pins.def) and its
// quiet-cycle rule for kit::VerilatedBridge.
#include "systemc/blocks/swl/swl_block.h"
#include "tlm_adapters/kit/verilated_pins.h"

namespace gpucosim {

struct SwlRtlPins {
#define GPUCOSIM_PINS_DEF "systemc/blocks/swl/swl_pins.def"
#include "tlm_adapters/kit/rtl_pins.inc"
  // The registers change only with a launch, a retire, a new parked level or limit: other cycles are held.
  struct Hold {
    explicit Hold(const SwlParams&) {}
    void reset() { last = SwlInputs{}; }
    bool may_hold(const SwlOutputs&, const SwlInputs& in) {
      const bool same = !in.launch && !in.retire && in.parked == last.parked && in.limit == last.limit;
      last = in;
      return same;
    }
    void release(SwlInputs&, uint32_t) {}
    SwlInputs last;
  };
};

}  // namespace gpucosim
