// WarpPool's "rtl" mode: the Verilated model of the declared defaults (Vwarppool, the GTX 480
// set) behind kit::VerilatedBridge with WarpPool's pin packing; other sizes are refused naming the
// field (tlm_adapters/kit/verilated_maker.h).
#include "Vwarppool.h"
#include "Vwarppool_params.h"
#include "tlm_adapters/kit/verilated_maker.h"
#include "tlm_adapters/warppool/warppool_rtl_pins.h"

namespace gpucosim {

void register_warppool_rtl(BlockRegistry& r) {
  kit::add_verilated_maker<WarpPoolTraits, Vwarppool, WarpPoolRtlPins>(r, Vwarppool_params());
}

}  // namespace gpucosim
