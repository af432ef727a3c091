#pragma once
// The traits kit::Impl, kit::Lockstep and the RTL bridge need, from a block's Params (kit/
// params_struct.inc) and pin structs (kit/pin_structs.inc):
//   struct XTraits : kit::TraitsOf<XParams, XInputs, XOutputs> { static constexpr const char* kName = "x"; };
// It also includes what the kit's expansions (params_struct.inc, pin_structs.inc) use.
#include <array>
#include <cstdint>
#include <string>

#include "systemc/blocks/kit/param_table.h"
#include "systemc/blocks/kit/pin_diff.h"

namespace gpucosim::kit {

template <class P, class I, class O>
struct TraitsOf {
  using Params = P;
  using Inputs = I;
  using Outputs = O;
  static const ParamTable& param_table() { return P::table(); }
  static PinDiff first_difference(const O& a, const O& b) { return O::first_difference(a, b); }
};

}  // namespace gpucosim::kit
