#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

const kit::BlockDecl& regless_block_decl() {
  static const kit::BlockDecl d{"regless", "RegLess: compiler-guided register staging (seed 000 ch. 4)",
                                "per scheduler a capacity manager gating issue and an operand staging unit holding "
                                "the registers, backed by global memory through the L1",
                                "issue_gate, listener, operand_collector, memory_client", &ReglessParams::table()};
  return d;
}

}  // namespace gpucosim
