#pragma once
// The RegLess shard's pins on its Verilated model (expanded from systemc/blocks/regless/
// regless_pins.def) and its quiet-cycle rule for kit::VerilatedBridge: the twin's (regless_twin.h).
#include "systemc/blocks/regless/regless_twin.h"
#include "tlm_adapters/kit/verilated_pins.h"

namespace gpucosim {

struct ReglessRtlPins {
#define GPUCOSIM_PINS_DEF "systemc/blocks/regless/regless_pins.def"
#include "tlm_adapters/kit/rtl_pins.inc"
  struct Hold {
    explicit Hold(const ReglessParams& p) : mask(p.n_warps >= 64 ? ~uint64_t(0) : (uint64_t(1) << p.n_warps) - 1) {}
    void reset() { blocked = 0; }
    bool may_hold(const ReglessOutputs& last, const ReglessInputs& in) {
      const bool hold = regless_may_hold(last, in, blocked);
      blocked = in.blocked & mask;
      return hold;
    }
    void release(ReglessInputs&, uint32_t) {}
    uint64_t mask;
    uint64_t blocked = 0;
  };
};

}  // namespace gpucosim
