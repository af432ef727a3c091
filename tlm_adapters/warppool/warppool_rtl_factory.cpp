#include "tlm_adapters/warppool/warppool_rtl_factory.h"

#include <sstream>

#include "Vwarppool.h"
#include "Vwarppool_params.h"
#include "kernel/input_error.h"
#include "systemc/blocks/warppool/warppool_lockstep.h"
#include "systemc/blocks/warppool/warppool_twin.h"
#include "tlm_adapters/warppool/warppool_rtl.h"

namespace gpucosim {

WarpPoolParams warppool_rtl_params() { return Vwarppool_params(); }

namespace {
// The first field (in describe() order) where a and b differ, as "field=a (verilated: b)".
std::string first_field_difference(const WarpPoolParams& a, const WarpPoolParams& b) {
  std::istringstream sa(a.describe()), sb(b.describe());
  std::string ta, tb;
  while (sa >> ta && sb >> tb)
    if (ta != tb) return ta + " (the RTL was verilated with " + tb + ")";
  return "";
}
}  // namespace

std::unique_ptr<WarpPoolBlock> make_warppool_rtl(const WarpPoolParams& p, const std::string& vcd_path) {
  const WarpPoolParams v = warppool_rtl_params();
  if (p != v)
    throw InputError("warppool", 0,
                     "rtl and lockstep modes need the verilated WarpPool sizes: " + first_field_difference(p, v) +
                         "; use warppool=tlm or re-verilate in tlm_adapters/warppool/CMakeLists.txt");
  return std::make_unique<WarpPoolRtl<Vwarppool>>(p, vcd_path);
}

std::unique_ptr<WarpPoolBlock> make_warppool_lockstep(const WarpPoolParams& p, const std::string& label,
                                                      const std::string& vcd_path) {
  auto rtl = make_warppool_rtl(p, vcd_path);
  return std::make_unique<WarpPoolLockstep>(std::make_unique<WarpPoolTwin>(p), std::move(rtl), label);
}

}  // namespace gpucosim
