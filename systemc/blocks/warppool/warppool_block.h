#pragma once
// THE interface of a WarpPool implementation: kit::Impl over WarpPool's traits. Three
// implementations sit behind it and are interchangeable: the cycle-exact C++ twin (WarpPoolTwin,
// warppool_twin.h), the Verilated RTL (kit::VerilatedBridge over rtl/warppool, registered by
// the RTL library) and kit::Lockstep of the two; kit::Checked adds the protocol checker
// (warppool_checker.h). Everything above it - the LSU front end, the block testbench - sees only
// pins (warppool_ports.h), so it cannot tell which one it drives.
#include "systemc/blocks/kit/block_impl.h"
#include "systemc/blocks/kit/block_traits.h"
#include "systemc/blocks/warppool/warppool_params.h"
#include "systemc/blocks/warppool/warppool_ports.h"

namespace gpucosim {

struct WarpPoolTraits : kit::TraitsOf<WarpPoolParams, WarpPoolInputs, WarpPoolOutputs> {
  static constexpr const char* kName = "warppool";
};

using WarpPoolBlock = kit::Impl<WarpPoolTraits>;

}  // namespace gpucosim
