#pragma once
// `gpucosim report ... --seed-page FILE`: the page that sets our area, power and energy figures
// beside the seeds' (docs/results/area-power.md). Generated, never hand-edited, so the numbers on
// it are always those of the synth.json and energy.json files it was made from.
//
// The seed figures come from each block's manifest ("seed" in rtl/<block>/block.json, copied into
// its synth.json): no block is named here. Every comparison states the configuration it uses.
#include <string>

#include "synth/report/report_inputs.h"

namespace gpucosim::synth {

// The page's Markdown. `command` is the command line that made it (printed on the page, so the
// page says how to regenerate it). Throws InputError when `in` has neither blocks nor energy.
std::string seed_page(const ReportInputs& in, const std::string& command);

}  // namespace gpucosim::synth
