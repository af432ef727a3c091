#include "systemc/gpu/application.h"

#include <filesystem>

#include "kernel/input_error.h"
#include "kernel/prefetching_source.h"
#include "systemc/blocks/kit/block_decl.h"
#include "workloads/generated_kernel.h"
#include "workloads/workload.h"

namespace gpucosim {

namespace {

// Lets `k` be opened early (ApplicationKernel::open_early): the source opened then is what the
// next open() hands out; later opens open afresh, as before.
void allow_early_open(ApplicationKernel& k) {
  auto early = std::make_shared<std::unique_ptr<KernelSource>>();
  k.open_early = [open = k.open, early] {
    if (!*early) *early = open();
  };
  k.open = [open = k.open, early]() -> std::unique_ptr<KernelSource> {
    if (*early) return std::move(*early);
    return open();
  };
}

// The stream id is in the kernel header, so a trace kernel is peeked once for it (without a
// reader thread); the file is closed again so only running kernels, and a kernel opened early
// (open_early), hold files open.
ApplicationKernel trace_kernel(const std::string& file, const TraceReadOptions& opts) {
  ApplicationKernel k;
  TraceReadOptions peek = opts;
  peek.prefetch_blocks = 0;
  const KernelHeader h = open_kernel_trace(file, peek)->header();
  k.stream = h.stream_id;
  k.thread_blocks = h.thread_blocks();
  k.open = [file, opts] { return open_kernel_trace(file, opts); };
  allow_early_open(k);
  return k;
}

}  // namespace

Application application_from_trace(const std::string& path, const TraceReadOptions& opts) {
  Application app;
  app.origin = path;
  app.label = path;
  if (is_kernel_trace_path(path)) {
    app.kernels.push_back(trace_kernel(path, opts));
    return app;
  }
  for (const Command& c : read_kernelslist(path)) {
    if (c.kind == Command::Kind::MemcpyHtoD)
      app.memcpys.push_back(c);
    else
      app.kernels.push_back(trace_kernel(resolve_kernel_path(path, c.path), opts));
  }
  return app;
}

namespace {

std::unique_ptr<KernelSource> with_lane_values(std::unique_ptr<KernelSource> k, bool lane_values) {
  if (auto* g = dynamic_cast<wl::GeneratedKernel*>(k.get())) g->set_stream_options(wl::StreamOptions{lane_values});
  return k;
}

}  // namespace

bool lane_values_wanted(const GpuConfig& cfg) {
  for (const kit::BlockDecl* d : kit::builtin_block_decls())
    if (d->reads_lane_values && cfg.block(d->name).mode != kit::BlockMode::Off) return true;
  return false;
}

Application application_from_workload(const std::string& spec, bool lane_values) {
  GeneratedApp gen = generate_workload(spec);
  Application app;
  app.origin = "workload " + spec;
  app.label = spec;
  app.generated = true;
  app.memcpys = std::move(gen.memcpys);
  for (size_t i = 0; i < gen.kernels.size(); ++i) {
    auto& src = gen.kernels[i];
    ApplicationKernel k;
    k.stream = src->header().stream_id;
    k.thread_blocks = src->header().thread_blocks();
    // std::function needs a copyable callable: share the source and hand it out on the first
    // open; a later open (a repeated application, AppOptions::repeat) generates it afresh, which
    // gives the same blocks (generators are deterministic).
    auto holder = std::make_shared<std::unique_ptr<KernelSource>>(with_lane_values(std::move(src), lane_values));
    // Blocks are generated on a second host thread, ahead of the dispatcher (PrefetchingSource:
    // the same blocks; generators are pure functions of the block index over constant data).
    k.open = [holder, spec, i, lane_values]() -> std::unique_ptr<KernelSource> {
      std::unique_ptr<KernelSource> source;
      if (*holder) {
        source = std::move(*holder);
      } else {
        GeneratedApp again = generate_workload(spec);
        source = with_lane_values(std::move(again.kernels.at(i)), lane_values);
      }
      return std::make_unique<PrefetchingSource>(std::move(source), kDefaultPrefetchBlocks);
    };
    allow_early_open(k);
    app.kernels.push_back(std::move(k));
  }
  return app;
}

void open_first_kernels_early(std::vector<Application>& apps) {
  // A reader thread each (and, in glibc, a malloc arena of 64 MB of address space each): a run of
  // a thousand applications opened them all at once and failed under an address-space limit.
  // The first few are what the simulation needs first; the others open when they start.
  constexpr size_t kEarlyApplications = 8;
  size_t opened = 0;
  for (Application& app : apps) {
    if (opened == kEarlyApplications) break;
    if (!app.kernels.empty() && app.kernels.front().open_early) {
      app.kernels.front().open_early();
      ++opened;
    }
  }
}

}  // namespace gpucosim
