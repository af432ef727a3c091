#pragma once
// Kernels that can be opened more than once, each time from their first thread block: once to
// analyse, once to simulate (a KernelSource is read forward once). From an Accel-Sim trace
// (kernelslist.g, .traceg, .traceg.xz: each open re-reads the file) or a built-in workload spec
// as `gpucosim run --workload` takes it (each open regenerates the kernel; generators are
// deterministic, so every open yields the same stream).
//
//   KernelList list = kernel_list_from_workload("regheavy:loads=8");
//   for (const KernelOpener& k : list.kernels) {
//     auto a = k.open();   // analyse ...
//     auto b = k.open();   // ... and simulate the same kernel again
//   }
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "trace/trace_reader.h"

namespace gpucosim::compiler {

class KernelOpener {
 public:
  using OpenFn = std::function<std::unique_ptr<KernelSource>()>;
  // `origin` names the input in errors (the trace file, "--workload SPEC").
  KernelOpener(std::string origin, OpenFn open) : origin_(std::move(origin)), open_(std::move(open)) {}

  const std::string& origin() const { return origin_; }
  // A fresh source positioned before the kernel's first thread block. Throws InputError when
  // the input cannot be opened or its header is malformed.
  std::unique_ptr<KernelSource> open() const { return open_(); }

 private:
  std::string origin_;
  OpenFn open_;
};

// An application's kernels in launch order with the host-to-device copies before them (the
// same parts as the GPU model's Application, whose `open` can be a KernelOpener's).
struct KernelList {
  std::string origin;
  std::vector<Command> memcpys;
  std::vector<KernelOpener> kernels;
};

// A kernelslist.g (its kernels resolved relative to it) or one .traceg/.traceg.xz. The list is
// read now (InputError when it is missing or malformed); kernel files are opened by open().
KernelList kernel_list_from_trace(const std::string& path, const TraceReadOptions& opts = {});

// A built-in workload, "NAME" or "NAME:k=v,k=v". An unknown name or bad parameters raise
// InputError("--workload", ...) now. The first open() of each kernel hands out the source
// generated here; later ones regenerate it.
KernelList kernel_list_from_workload(const std::string& spec);

// Exactly one of `trace` and `workload` must be non-empty (else InputError naming `command`).
KernelList kernel_list(const std::string& command, const std::string& trace, const std::string& workload,
                       const TraceReadOptions& opts = {});

}  // namespace gpucosim::compiler
