// Re-openable kernels from traces (re-read the file) and workloads (regenerate).
#include "compiler/kernel_opener.h"

#include <mutex>
#include <stdexcept>

#include "kernel/input_error.h"
#include "workloads/workload.h"

namespace gpucosim::compiler {
namespace {

KernelOpener trace_opener(const std::string& file, const TraceReadOptions& opts) {
  return KernelOpener(file, [file, opts] { return open_kernel_trace(file, opts); });
}

// The sources generated when the list was made, each handed out once; shared by the openers of
// one list (and guarded, so openers may be used from several threads).
struct FirstGeneration {
  std::mutex lock;
  std::vector<std::unique_ptr<KernelSource>> sources;
};

}  // namespace

KernelList kernel_list_from_trace(const std::string& path, const TraceReadOptions& opts) {
  KernelList list;
  list.origin = path;
  if (is_kernel_trace_path(path)) {
    list.kernels.push_back(trace_opener(path, opts));
    return list;
  }
  for (const Command& c : read_kernelslist(path)) {
    if (c.kind == Command::Kind::MemcpyHtoD)
      list.memcpys.push_back(c);
    else
      list.kernels.push_back(trace_opener(resolve_kernel_path(path, c.path), opts));
  }
  return list;
}

KernelList kernel_list_from_workload(const std::string& spec) {
  GeneratedApp app = generate_workload(spec);
  KernelList list;
  list.origin = "--workload " + spec;
  list.memcpys = std::move(app.memcpys);
  auto first = std::make_shared<FirstGeneration>();
  first->sources = std::move(app.kernels);
  for (size_t k = 0; k < first->sources.size(); ++k)
    list.kernels.emplace_back(list.origin, [first, spec, k]() -> std::unique_ptr<KernelSource> {
      {
        std::lock_guard<std::mutex> g(first->lock);
        if (first->sources[k]) return std::move(first->sources[k]);
      }
      GeneratedApp again = generate_workload(spec);
      // Generators are deterministic (workloads/workload.h); a different kernel count is a bug.
      if (again.kernels.size() != first->sources.size())
        throw std::logic_error("workload " + spec + " generated a different number of kernels on reopening");
      return std::move(again.kernels[k]);
    });
  return list;
}

KernelList kernel_list(const std::string& command, const std::string& trace, const std::string& workload,
                       const TraceReadOptions& opts) {
  if (trace.empty() == workload.empty())
    throw InputError(command, 0, "give exactly one of --trace PATH or --workload NAME[:k=v,...]");
  return trace.empty() ? kernel_list_from_workload(workload) : kernel_list_from_trace(trace, opts);
}

}  // namespace gpucosim::compiler
