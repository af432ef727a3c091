#pragma once
// What `gpucosim report` reads: synthesis results (DIR/synth.json of one block, or every
// DIR/*/synth.json of a folder of blocks) and optional GPU energy reports (JSON written by
// power/energy_json.h: one report, a {"kernels": [{"name", "energy"}]} list, or any JSON with such
// objects inside).
#include <string>
#include <utility>
#include <vector>

#include "power/gpu_energy.h"
#include "synth/flow/synth_result.h"

namespace gpucosim::synth {

struct ReportInputs {
  std::vector<SynthResult> blocks;
  std::vector<std::pair<std::string, power::EnergyReport>> energy;  // label, report
};

// Throws InputError naming a folder without any synth.json, or a file that cannot be read.
ReportInputs load_report_inputs(const std::vector<std::string>& dirs, const std::vector<std::string>& energy_files);

// Every energy report inside one JSON document; labels from "name"/"kernel" keys, else `fallback`.
std::vector<std::pair<std::string, power::EnergyReport>> energy_reports_in(const nlohmann::json& j,
                                                                           const std::string& fallback,
                                                                           const std::string& origin);

}  // namespace gpucosim::synth
