#pragma once
// `gpucosim analyze` output: a KernelAnalysis as text for people or as JSON, for the `cfg` view
// (basic blocks, edges, immediate dominators and post-dominators) and the `liveness` view
// (per-PC live registers, their maximum and mean). Field names: docs/compiler.md.
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/kernel_analysis.h"

namespace gpucosim::compiler {

// Regions and Values are printed by region_report.h.
enum class AnalysisView { Cfg, Liveness, Regions, Values };

// Parses "cfg" / "liveness" / "regions" / "values"; InputError naming `origin` otherwise.
AnalysisView parse_analysis_view(const std::string& text, const std::string& origin);

// One kernel's entry of the JSON document.
nlohmann::ordered_json analysis_json(const KernelAnalysis& a, AnalysisView view);
void print_analysis_text(std::ostream& os, const KernelAnalysis& a, AnalysisView view);

}  // namespace gpucosim::compiler
