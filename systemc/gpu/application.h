#pragma once
// What a run simulates: host-to-device copies and kernels in command-list order, from either an
// Accel-Sim kernelslist.g (kernel traces opened lazily, when each kernel starts) or a built-in
// workload.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "trace/trace_reader.h"

namespace gpucosim {

struct ApplicationKernel {
  std::function<std::unique_ptr<KernelSource>()> open;
  uint64_t stream = 0;
  uint64_t thread_blocks = 0;  // the grid's, from the header (progress estimates)
};

struct Application {
  std::string origin;                  // for messages: the list path or "workload NAME"
  std::vector<Command> memcpys;        // host-to-device copies, in list order
  std::vector<ApplicationKernel> kernels;
};

// PATH is a kernelslist.g, .traceg or .traceg.xz. Kernel files named in the list must exist
// (checked now, so a missing file fails before the simulation starts).
Application application_from_trace(const std::string& path, const TraceReadOptions& opts);

// SPEC is "NAME" or "NAME:k=v,k=v".
Application application_from_workload(const std::string& spec);

}  // namespace gpucosim
