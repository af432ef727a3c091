#include "systemc/gpu/app_runs.h"

#include <algorithm>

#include "systemc/gpu/app_address.h"

namespace gpucosim {

ApplicationRuns::ApplicationRuns(std::vector<Application> apps, uint32_t n_sms)
    : apps_(std::move(apps)), runs_(apps_.size()), tokens_(apps_.size(), 0) {
  const uint32_t np = uint32_t(apps_.size());
  if (!np) return;
  std::vector<uint32_t> order(np);
  for (uint32_t a = 0; a < np; ++a) order[a] = a;
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t x, uint32_t y) { return apps_[x].options.start < apps_[y].options.start; });
  for (uint32_t r = 0; r < np; ++r) {
    const uint32_t a = order[r];
    tokens_[a] = apps_[a].options.tokens ? int64_t(apps_[a].options.tokens)
                                         : int64_t(n_sms / np) + int64_t(r < n_sms % np ? 1 : 0);
  }
}

void ApplicationRuns::launch_first_runs(Dispatcher& d) {
  for (uint32_t a = 0; a < apps_.size(); ++a) launch_run(a, apps_[a].options.start, d);
}

void ApplicationRuns::launch_run(uint32_t app, uint64_t arrival, Dispatcher& d) {
  const Application& A = apps_[app];
  AppRunRecord rec;
  rec.run = uint32_t(runs_[app].size());
  rec.arrival_cycle = arrival;
  rec.kernels_left = uint32_t(A.kernels.size());
  rec.finished = A.kernels.empty();
  rec.end_cycle = arrival;
  runs_[app].push_back(rec);
  // Other applications' claimed ranges: this one's addresses must stay out of them.
  std::vector<RelocatedKernelSource::Foreign> foreign;
  if (apps_.size() > 1)
    for (uint32_t o = 0; o < apps_.size(); ++o)
      if (o != app)
        foreign.push_back({claimed_range(apps_[o]), std::to_string(o + 1) + " (" + apps_[o].label + ")"});
  for (const ApplicationKernel& k : A.kernels) {
    Dispatcher::KernelOpener open = k.open;
    if (apps_.size() > 1)
      open = [inner = k.open, off = A.address_offset, label = A.label, foreign]() -> std::unique_ptr<KernelSource> {
        return std::make_unique<RelocatedKernelSource>(inner(), off, label, foreign);
      };
    KernelSchedOptions ks;
    ks.priority = A.options.priority;
    ks.tokens = tokens_[app];
    const uint32_t id = d.add_kernel(std::move(open), k.stream, app, arrival, ks);
    if (owners_.size() < id) owners_.resize(id);
    owners_[id - 1] = KernelOwner{app, rec.run, k.stream};
    blocks_queued_ += k.thread_blocks;
  }
}

bool ApplicationRuns::unfinished(uint32_t app) const {
  const auto& r = runs_[app];
  return r.empty() || !r.back().finished;
}

void ApplicationRuns::kernel_finished(uint32_t launch_id, uint64_t cycle, Dispatcher& d) {
  const KernelOwner o = owner(launch_id);
  AppRunRecord& rec = runs_[o.app][o.run];
  if (rec.kernels_left > 0) rec.kernels_left -= 1;
  if (rec.kernels_left > 0) return;
  rec.finished = true;
  rec.end_cycle = cycle;
  if (runs_[o.app].size() >= apps_[o.app].options.repeat) return;
  bool others_unfinished = false;
  for (uint32_t a = 0; a < apps_.size(); ++a) others_unfinished = others_unfinished || (a != o.app && unfinished(a));
  if (others_unfinished) launch_run(o.app, cycle, d);
}

}  // namespace gpucosim
