#pragma once
// A liberty library describing the block's SRAM macros, so OpenSTA times the paths into and out
// of them instead of treating them as unknown black boxes: each macro is a synchronous cell whose
// outputs switch `access_ns` after its clock edge and whose inputs have a setup window. Area is
// the SRAM model's; power is left out here and added by the driver from the SRAM model, so it is
// not counted twice.
#include <string>
#include <vector>

#include "synth/flow/sram_macros.h"
#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

struct MacroLibertyOptions {
  double nom_voltage = 1.8;  // of the standard-cell library, so OpenSTA sees one operating point
};

// `costs[i]` holds the figures of `macros[i]`.
std::string macro_liberty(const std::vector<SizedMacro>& macros, const std::vector<MacroCost>& costs,
                          const MacroLibertyOptions& options);

}  // namespace gpucosim::synth
