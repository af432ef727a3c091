#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

const kit::BlockDecl& regless_block_decl() {
  static const kit::BlockDecl d{"regless", "RegLess: compiler-guided register staging (seed 000 ch. 4)",
                                "per scheduler a capacity manager gating issue and an operand staging unit "
                                "(standalone block; SM integration pending, docs/blocks/regless.md)",
                                "none yet (standalone block)", &ReglessParams::table()};
  return d;
}

}  // namespace gpucosim
