#pragma once
// `gpucosim analyze save-time`: the analytic context-save time (systemc/gpu/save_time_model.h) of
// each kernel of a trace or built-in workload on a configuration, as Table 5.2 of seed 003 lists
// it (registers and shared memory per block, blocks per SM, share of the SM's storage, save time).
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace_reader.h"

namespace gpucosim::cli {

struct SaveTimeArgs {
  std::string trace, workload;
  std::vector<std::string> configs, sets;  // presets or files, layered; --set overrides
  uint32_t control_bytes_per_warp = 0;
  TraceReadOptions trace_options;  // --binary-version
  bool json = false;
};

void analyze_save_time(const SaveTimeArgs& a);

}  // namespace gpucosim::cli
