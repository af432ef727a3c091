#pragma once
// WarpPool's RTL maker: the Verilated model (Vwarppool, the parameter set of
// warppool_rtl_params()) behind kit::VerilatedBridge, registered as the block's "rtl" mode.
#include <memory>

#include "systemc/blocks/warppool/warppool_block.h"

namespace gpucosim {

class BlockRegistry;

void register_warppool_rtl(BlockRegistry& r);
// The parameters Vwarppool was verilated with.
WarpPoolParams warppool_rtl_params();
// Throws InputError (file "warppool") when p differs from warppool_rtl_params(), naming the field.
std::unique_ptr<WarpPoolBlock> make_warppool_rtl(const WarpPoolParams& p, const kit::ImplOptions& o);

}  // namespace gpucosim
