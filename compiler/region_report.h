#pragma once
// `gpucosim analyze regions` and `analyze values`: a kernel's RegLess region table and its
// register-value classes as text or JSON, and the summary in the form of the seed's Table 4.2
// (static instructions per region, dynamic size per region). Field names:
// docs/blocks/regless-compiler.md.
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/kernel_analysis.h"
#include "compiler/register_values.h"
#include "compiler/regions.h"

namespace gpucosim::compiler {

// Table 4.2's figures for a set of kernels (one row of the table: a workload).
struct RegionSummary {
  uint64_t regions = 0, static_instructions = 0;
  uint64_t region_executions = 0, dynamic_instructions = 0;
  uint64_t static_metadata = 0, dynamic_metadata = 0;
  uint64_t compact_regions = 0, over_budget = 0, load_use_splits = 0;
  uint32_t max_live = 0;
  // Registers live at a region's start, summed over region executions: a warp's register state
  // at its boundaries, which the OSU (or the L1 behind it) holds while the warp waits.
  uint64_t live_on_entry_executions = 0;
  void add(const RegionTable& t);
  double static_per_region() const { return regions ? double(static_instructions) / double(regions) : 0.0; }
  // Warp instructions per dynamic region instance (cycles per region need the timing model).
  double dynamic_per_region() const {
    return region_executions ? double(dynamic_instructions) / double(region_executions) : 0.0;
  }
  double live_at_region_start() const {
    return region_executions ? double(live_on_entry_executions) / double(region_executions) : 0.0;
  }
};

nlohmann::ordered_json regions_json(const KernelAnalysis& a, const RegionAnalysis& r, const RegisterValues& v);
nlohmann::ordered_json values_json(const KernelAnalysis& a, const RegisterValues& v);
nlohmann::ordered_json summary_json(const RegionSummary& s, const RegisterValues::Share& values_static,
                                    const RegisterValues::Share& values_dynamic);
void print_regions_text(std::ostream& os, const KernelAnalysis& a, const RegionAnalysis& r, const RegisterValues& v);
void print_values_text(std::ostream& os, const KernelAnalysis& a, const RegisterValues& v);
void print_summary_text(std::ostream& os, const std::string& origin, const RegionSummary& s,
                        const RegisterValues::Share& values_static, const RegisterValues::Share& values_dynamic);

}  // namespace gpucosim::compiler
