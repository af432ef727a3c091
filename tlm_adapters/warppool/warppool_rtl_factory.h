#pragma once
// Builds the Verilated WarpPool for the GPU (warppool=rtl) and the lockstep pair
// (warppool=lockstep). The RTL exists for one parameter set (the GTX 480 one, see
// CMakeLists.txt); other sizes need a re-verilation, which these functions say.
#include <memory>
#include <string>

#include "systemc/blocks/warppool/warppool_block.h"

namespace gpucosim {

// The parameters Vwarppool was verilated with.
WarpPoolParams warppool_rtl_params();
// Throws InputError (file "warppool") when p differs from warppool_rtl_params(), naming the field.
std::unique_ptr<WarpPoolBlock> make_warppool_rtl(const WarpPoolParams& p, const std::string& vcd_path = "");
// Twin and RTL in lockstep (the twin's outputs drive the environment).
std::unique_ptr<WarpPoolBlock> make_warppool_lockstep(const WarpPoolParams& p, const std::string& label,
                                                      const std::string& vcd_path = "");

}  // namespace gpucosim
