#pragma once
// `gpucosim report ... --seed-page FILE`: the page that sets our area, power and energy figures
// beside the seeds' (docs/results/area-power.md). Generated, never hand-edited, so the numbers on
// it are always those of the synth.json and energy.json files it was made from.
//
// Seed figures (../shared/spec/000-kloosterman.md, 001-finereg.md): WarpPool per SM at 45 nm /
// 1.2 GHz: 0.36 mm², 142.3 mW (139.0 dynamic + 3.3 static), 5.23 KB of storage (Table 3.1), GPU
// overhead 5.4 mm² = 1.0% of GTX 480's 529 mm²; RegLess and FineReg energy/area claims.
#include <string>

#include "synth/report/report_inputs.h"

namespace gpucosim::synth {

// The GTX 480 the seeds compare against: 15 SMs on a 529 mm² die.
constexpr double kGtx480DieMm2 = 529.0;
constexpr int kGtx480Sms = 15;

// The page's Markdown. `command` is the command line that made it (printed on the page, so the
// page says how to regenerate it). Throws InputError when `in` has neither blocks nor energy.
std::string seed_page(const ReportInputs& in, const std::string& command);

}  // namespace gpucosim::synth
