#pragma once
// The per-module breakdown of a hierarchical synthesis run: from Yosys' per-module statistics,
// each module's cells and area with everything below it, how many instances the block holds,
// and its share of the block's area (see ModuleArea in synth_result.h).
#include <map>
#include <string>
#include <vector>

#include "synth/flow/synth_result.h"
#include "synth/flow/yosys_output.h"

namespace gpucosim::synth {

// `macro_area_um2`: area of one instance of each SRAM macro cell type (by its Yosys name);
// `labels`: the manifest's names by Verilog module; `total_area_um2`: the block's area.
std::vector<ModuleArea> module_breakdown(const DesignStats& design, const std::map<std::string, double>& macro_area_um2,
                                         const std::map<std::string, std::string>& labels, double total_area_um2);

}  // namespace gpucosim::synth
