#pragma once
// WarpPool as the rest of gpucosim sees it (kit/block_decl.h) and its registration.
#include "systemc/blocks/kit/block_decl.h"

namespace gpucosim {

class BlockRegistry;

const kit::BlockDecl& warppool_block_decl();
// Adds WarpPool (declaration, twin, attach to the SM's global path and issue gate).
void register_warppool_block(BlockRegistry& r);

}  // namespace gpucosim
