#pragma once
// The Verilated WarpPool of one parameter set (VModel) behind WarpPoolBlock: kit::VerilatedBridge
// with WarpPool's pin packing. The block testbench and the maker use it.
#include <string>

#include "tlm_adapters/kit/verilated_bridge.h"
#include "tlm_adapters/warppool/warppool_rtl_pins.h"

namespace gpucosim {

template <class VModel>
class WarpPoolRtl : public kit::VerilatedBridge<WarpPoolTraits, VModel, WarpPoolRtlPins> {
 public:
  explicit WarpPoolRtl(const WarpPoolParams& p, const std::string& vcd_path = "", bool eval_every_cycle = false)
      : kit::VerilatedBridge<WarpPoolTraits, VModel, WarpPoolRtlPins>(p, options(vcd_path, eval_every_cycle)) {}

 private:
  static kit::ImplOptions options(const std::string& vcd, bool every) {
    kit::ImplOptions o;
    o.label = "warppool";
    o.vcd_path = vcd;
    o.eval_every_cycle = every;
    return o;
  }
};

}  // namespace gpucosim
