#pragma once
// Summaries of whole applications (a kernelslist.g or a single kernel trace) for `trace info`.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/kernel.h"
#include "trace/kernel_counts.h"
#include "trace/trace_reader.h"

namespace gpucosim::cli {

struct KernelSummary {
  KernelHeader header;
  KernelCounts counts;
};

struct AppSummary {
  std::vector<KernelSummary> kernels;
  uint64_t memcpy_count = 0, memcpy_bytes = 0;
};

// PATH is a kernelslist.g, a .traceg or a .traceg.xz (decided by its suffix).
AppSummary summarise_trace(const std::string& path, const TraceReadOptions& opts);

nlohmann::ordered_json to_json(const AppSummary& s);
std::string to_text(const AppSummary& s);

}  // namespace gpucosim::cli
