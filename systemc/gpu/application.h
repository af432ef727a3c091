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
#include "systemc/config/gpu_config.h"
#include "trace/trace_reader.h"

namespace gpucosim {

struct ApplicationKernel {
  std::function<std::unique_ptr<KernelSource>()> open;
  // Opens the kernel now and keeps it for the next open(): its blocks are read ahead on the
  // reader's host thread (PrefetchingSource) while the model is still being built, instead of
  // while the first kernel's start waits for them. Set for traces and built-in workloads; empty
  // for a kernel built by hand (nothing is opened early).
  // Not before a fork(): the child would hold a source whose reader thread it does not have.
  std::function<void()> open_early;
  uint64_t stream = 0;
  uint64_t thread_blocks = 0;  // the grid's, from the header (progress estimates)
};

// Per-application options of a multiprogrammed run (`--workload SPEC@priority=1,repeat=4`,
// docs/multitasking.md). The defaults describe a plain single-application run.
struct AppOptions {
  uint32_t priority = 0;   // NPQ / PPQ: larger = more urgent (refused under other policies)
  uint32_t tokens = 0;     // DSS SM budget; 0 = not given: equal sharing (refused under others)
  uint64_t start = 0;      // core cycle before which no kernel of the application may start
  uint64_t repeat = 1;     // runs at most; a run after the first starts when the previous one
                           // finishes, only while another application is still unfinished
};

struct Application {
  std::string origin;                  // for messages: the list path or "workload NAME"
  std::string label;                   // in reports: the trace path or the workload spec
  std::vector<Command> memcpys;        // host-to-device copies, in list order
  std::vector<ApplicationKernel> kernels;
  AppOptions options;
  // Added to the global and local addresses of every memory instruction, so that the generated
  // applications of a multiprogrammed run use disjoint address ranges (app_address.h).
  uint64_t address_offset = 0;
  bool generated = false;              // a built-in workload (relocatable), not a trace
};

// Opens every application's first kernel early (ApplicationKernel::open_early): one reader per
// application, each with its bounded read-ahead, so memory stays flat in trace size.
void open_first_kernels_early(std::vector<Application>& apps);

// PATH is a kernelslist.g, .traceg or .traceg.xz. Kernel files named in the list must exist
// (checked now, so a missing file fails before the simulation starts).
Application application_from_trace(const std::string& path, const TraceReadOptions& opts);

// SPEC is "NAME" or "NAME:k=v,k=v". `lane_values`: whether the generated blocks carry the lane
// values of the registers they write (kit::BlockDecl::reads_lane_values says who needs them).
Application application_from_workload(const std::string& spec, bool lane_values = true);

// Whether a block switched on in `cfg` reads lane values (kit::BlockDecl::reads_lane_values).
bool lane_values_wanted(const GpuConfig& cfg);

}  // namespace gpucosim
