#pragma once
// From the configuration to the SM's research hooks: the one place that knows which research
// blocks exist and how a GpuConfig selects them. The GPU model calls make_sm_options() once per
// SM and passes the result to the Sm constructor.
#include <cstdint>

#include "systemc/blocks/warppool/warppool_params.h"
#include "systemc/config/gpu_config.h"
#include "systemc/sm/sm.h"

namespace gpucosim {

// Throws InputError when the configuration asks for something that cannot be built (sizes that
// do not fit the core, a WarpPool without an L1, rtl/lockstep with sizes that were not verilated).
SmOptions make_sm_options(const GpuConfig& gpu, uint32_t sm_id);

// WarpPool's block parameters for this GPU (config sizes + the core's warps and L1 set index).
WarpPoolParams warppool_params(const GpuConfig& gpu);

}  // namespace gpucosim
