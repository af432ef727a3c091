#include "systemc/blocks/warppool/warppool_decl.h"

#include "systemc/blocks/warppool/warppool_params.h"

namespace gpucosim {

const kit::BlockDecl& warppool_block_decl() {
  static const kit::BlockDecl d{"warppool", "WarpPool (seed 000 ch. 3)",
                                "WarpPool inter-warp memory coalescing between the LSU and the L1 in every SM",
                                "global_path, issue_gate", &WarpPoolParams::table()};
  return d;
}

}  // namespace gpucosim
