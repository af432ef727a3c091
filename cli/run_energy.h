#pragma once
// `gpucosim run --energy`: the GPU energy model (power/gpu_energy.h) applied to each kernel's
// statistics of a run, printed and written as energy.json in the run's output folder.
#include <iosfwd>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/run_report.h"

namespace gpucosim::power {
class GpuEnergyModel;
}

namespace gpucosim::cli {

// The energy model of `cfg` at `node_nm` (SRAMs sized once); throws InputError for a node or a
// size the SRAM model does not cover, so `run --energy` can fail before simulating.
std::unique_ptr<power::GpuEnergyModel> make_run_energy_model(const GpuConfig& cfg, double node_nm);

// {"label": LABEL, "node_nm", "kernels": [{"name", "launch_id", "label": "LABEL/NAME", "energy": {...}}],
//  "total": {...}}: every "energy"/"total" object is a power::to_json(EnergyReport), the format
// `gpucosim report --energy` reads (it labels the kernels LABEL/NAME, so two runs' files can be
// compared in one report).
nlohmann::ordered_json run_energy_json(const power::GpuEnergyModel& model, const RunReport& run,
                                       const std::string& label, double node_nm);

// One line per kernel and one for the whole run: total energy, average power, the largest part.
void print_run_energy(std::ostream& os, const nlohmann::ordered_json& energy);

}  // namespace gpucosim::cli
