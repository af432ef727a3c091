#pragma once
// The "rtl" maker of a block, generic: a Verilated model (VModel, verilated with the parameters
// `verilated`, from the <Prefix>_params() that gpucosim_verilate_block generates) behind
// kit::VerilatedBridge with the block's pin packing. A block's RTL library registers it in one line:
//   void register_x_rtl(BlockRegistry& r) { kit::add_verilated_maker<XTraits, Vx, XRtlPins>(r, Vx_params()); }
// A requested configuration whose Verilog parameters differ from the verilated ones is refused
// with an InputError naming the block and the field (environment-only rows, RTL name `_`, may differ).
#include <memory>
#include <string>

#include "kernel/input_error.h"
#include "systemc/blocks/registry/block_registry.h"
#include "tlm_adapters/kit/verilated_bridge.h"

namespace gpucosim::kit {

template <class T, class VModel, class Pins>
std::unique_ptr<Impl<T>> make_verilated(const typename T::Params& verilated, const typename T::Params& p,
                                        const ImplOptions& o) {
  const std::string d = first_rtl_difference(T::param_table(), &p, &verilated, "the RTL was verilated with");
  if (!d.empty())
    throw InputError(T::kName, 0,
                     std::string("rtl and lockstep modes need the verilated sizes: ") + d + "; use " + T::kName +
                         "=tlm or re-verilate in tlm_adapters/" + T::kName + "/CMakeLists.txt");
  p.validate();
  return std::make_unique<VerilatedBridge<T, VModel, Pins>>(p, o);
}

template <class T, class VModel, class Pins>
void add_verilated_maker(BlockRegistry& r, const typename T::Params& verilated) {
  r.add_maker<T>(T::kName, BlockMode::Rtl, [verilated](const typename T::Params& p, const ImplOptions& o) {
    return make_verilated<T, VModel, Pins>(verilated, p, o);
  });
}

}  // namespace gpucosim::kit
