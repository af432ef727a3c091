// RegLess's "rtl" mode: rtl/regless verilated with the declared defaults (Vregless) behind kit::VerilatedBridge.
#include "Vregless.h"
#include "Vregless_params.h"
#include "tlm_adapters/kit/verilated_maker.h"
#include "tlm_adapters/regless/regless_rtl_pins.h"

namespace gpucosim {

void register_regless_rtl(BlockRegistry& r) {
  kit::add_verilated_maker<ReglessTraits, Vregless, ReglessRtlPins>(r, Vregless_params());
}

}  // namespace gpucosim
