// SWL's "rtl" mode: rtl/swl verilated with the declared defaults (Vswl) behind kit::VerilatedBridge.
#include "Vswl.h"
#include "Vswl_params.h"
#include "tlm_adapters/kit/verilated_maker.h"
#include "tlm_adapters/swl/swl_rtl_pins.h"

namespace gpucosim {

void register_swl_rtl(BlockRegistry& r) { kit::add_verilated_maker<SwlTraits, Vswl, SwlRtlPins>(r, Vswl_params()); }

}  // namespace gpucosim
