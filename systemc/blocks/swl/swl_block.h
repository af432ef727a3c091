#pragma once
// SWL, static warp limiting (docs/blocks/swl.md): parameters and pins expanded by the kit from
// swl_params.def and swl_pins.def, and SwlBlock, the interface of the twin, the RTL and lockstep.
#include "systemc/blocks/kit/block_impl.h"
#include "systemc/blocks/kit/block_traits.h"

namespace gpucosim {

struct SwlParams {
  using Self = SwlParams;
#define GPUCOSIM_PARAMS_DEF "systemc/blocks/swl/swl_params.def"
#include "systemc/blocks/kit/params_struct.inc"
  void validate() const { kit::check_ranges(table(), this, "swl"); }
};

#define GPUCOSIM_PINS_DEF "systemc/blocks/swl/swl_pins.def"
#define GPUCOSIM_PINS_PREFIX Swl
#include "systemc/blocks/kit/pin_structs.inc"  // SwlInputs, SwlOutputs

struct SwlTraits : kit::TraitsOf<SwlParams, SwlInputs, SwlOutputs> {
  static constexpr const char* kName = "swl";
};
using SwlBlock = kit::Impl<SwlTraits>;

}  // namespace gpucosim
