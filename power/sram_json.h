#pragma once
// JSON form of an SRAM estimate, shared by `gpucosim sram` and the reports that embed SRAM figures.
#include <nlohmann/json.hpp>

#include "power/sram_model.h"

namespace gpucosim::power {

nlohmann::ordered_json to_json(const SramEstimate& e);
nlohmann::ordered_json to_json(const SramSpec& s);

}  // namespace gpucosim::power
