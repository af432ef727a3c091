#include "tlm_adapters/warppool/warppool_rtl_register.h"

#include "Vwarppool.h"
#include "Vwarppool_params.h"
#include "kernel/input_error.h"
#include "systemc/blocks/registry/block_registry.h"
#include "tlm_adapters/warppool/warppool_rtl.h"

namespace gpucosim {

WarpPoolParams warppool_rtl_params() { return Vwarppool_params(); }

std::unique_ptr<WarpPoolBlock> make_warppool_rtl(const WarpPoolParams& p, const kit::ImplOptions& o) {
  const WarpPoolParams v = warppool_rtl_params();
  const std::string d = kit::first_difference(WarpPoolParams::table(), &p, &v, "the RTL was verilated with");
  if (!d.empty())
    throw InputError("warppool", 0,
                     "rtl and lockstep modes need the verilated WarpPool sizes: " + d +
                         "; use warppool=tlm or re-verilate in tlm_adapters/warppool/CMakeLists.txt");
  p.validate();
  return std::make_unique<kit::VerilatedBridge<WarpPoolTraits, Vwarppool, WarpPoolRtlPins>>(p, o);
}

void register_warppool_rtl(BlockRegistry& r) {
  r.add_maker<WarpPoolTraits>("warppool", kit::BlockMode::Rtl, make_warppool_rtl);
}

}  // namespace gpucosim
