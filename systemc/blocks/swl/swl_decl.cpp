#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/swl/swl_block.h"

namespace gpucosim {

const kit::BlockDecl& swl_block_decl() {
  static const kit::BlockDecl d{"swl", "SWL: static warp limiting (Rogers et al., MICRO 2012)",
                                "at most `limit` active warps of each SM, the oldest, issue global loads",
                                "issue_gate, events", &SwlParams::table()};
  return d;
}

}  // namespace gpucosim
