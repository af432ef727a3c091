#pragma once
// JSON form of a GPU energy report: written by `gpucosim run --energy`, read by `gpucosim report`.
#include <nlohmann/json.hpp>

#include "power/gpu_energy.h"

namespace gpucosim::power {

nlohmann::ordered_json to_json(const EnergyReport& r);
nlohmann::ordered_json to_json(const EventEnergies& e);

// Reads what to_json(EnergyReport) wrote. Throws InputError(origin, 0, ...) naming a missing field.
EnergyReport energy_report_from_json(const nlohmann::json& j, const std::string& origin);

}  // namespace gpucosim::power
