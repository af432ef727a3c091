// Statistics collection, the per-kernel statistics taken at a kernel's end and the final report,
// and state reports of the whole GPU (split from gpu_model.cpp, which holds construction and the
// simulation loop).
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "systemc/gpu/gpu_model.h"
#include "systemc/gpu/kernel_stats.h"

namespace gpucosim {

namespace {

double get(const StatsMap& m, const std::string& k) {
  auto it = m.find(k);
  return it == m.end() ? 0.0 : it->second;
}

// The slices report their own per-request counters under "L2." and Accel-Sim's per-sector ones
// as L2_total_cache_* (l2_slice.cpp); the interconnect's byte total is derived here.
void add_l2_aliases(StatsMap& m) {
  m["icnt_total_bytes"] = get(m, "icnt_req_bytes") + get(m, "icnt_reply_bytes");
}

}  // namespace

template <class Collect>
StatsMap GpuModel::collect_items(size_t n, Collect&& collect) const {
  // In order on this thread. (Collecting on the host threads into a map each and adding the
  // maps was slower: the members' allocations of map nodes contend for the allocator, and a
  // trace of 200 small kernels took twice as long with two host threads as with one;
  // docs/performance.md item 33.)
  StatsMap m;
  for (size_t i = 0; i < n; ++i) collect(i, m);
  return m;
}

StatsMap GpuModel::collect_stats() const {
  // Idle SMs and DRAM channels are not ticked (smart ticking); their tick-counting statistics
  // (sm_cycles, stall_idle, dram[c].n_cmd/n_nop/bw_util) are brought up to the cycle the run
  // has reached, as ticking every component would have counted them: an SM that the current
  // core cycle's loop has passed to this cycle, the others to the previous one.
  const uint64_t core = clocks_.cycle(kCore), dram = clocks_.cycle(kDram);
  const size_t n_sms = sms_.size();
  // Items: the SMs, the interconnect, the memory partitions.
  auto item = [&](size_t i, StatsMap& to) {
    if (i < n_sms)
      sms_[i]->collect(to, i < sm_ticked_ ? core : (core ? core - 1 : 0));
    else if (i == n_sms)
      xbar_->collect(to, "icnt_");
    else
      parts_[i - n_sms - 1]->collect(to, dram);
  };
  StatsMap m = collect_grouped(n_sms, n_sms + 1 + parts_.size(), item);
  add_l2_aliases(m);
  return m;
}

template <class Collect>
StatsMap GpuModel::collect_grouped(size_t n_first, size_t n, Collect&& collect) const {
  // The first n_first items (the SMs) all add to the same few hundred names, the others (the
  // interconnect and the partitions) mostly to names of their own unit (L2[p].*, dram[c].*):
  // summed in maps of their own, the SMs' thousands of additions search a small map instead of
  // one of every counter. The sums are exact (integers) in any order; otherwise the items are
  // collected in order into one map, as collect_items would.
  StatsMap first = collect_items(n_first, collect);
  StatsMap rest = collect_items(n - n_first, [&](size_t i, StatsMap& to) { collect(n_first + i, to); });
  if (add_stats_exactly(rest, first)) return rest;
  return collect_items(n, collect);
}

StatsMap GpuModel::collect_launch_stats(uint32_t launch, bool charged_only) const {
  const size_t n_sms = sms_.size();
  StatsMap m = collect_grouped(n_sms, n_sms + 1 + parts_.size(), [&](size_t i, StatsMap& to) {
    if (i < n_sms) {
      if (!charged_only || sms_[i]->charged(launch)) sms_[i]->collect_launch(to, launch);
    } else if (i == n_sms) {
      if (!charged_only || xbar_->charged(launch)) xbar_->collect_launch(to, launch, "icnt_");
    } else {
      const MemoryPartition& p = *parts_[i - n_sms - 1];
      if (!charged_only || p.charged(launch)) p.collect_launch(to, launch);
    }
  });
  add_l2_aliases(m);
  for (auto it = m.begin(); it != m.end();) it = is_time_window_stat(it->first) ? m.erase(it) : std::next(it);
  return m;
}

StatsMap GpuModel::take_launch_stats(uint32_t launch) {
  StatsMap taken = collect_launch_stats(launch);
  for (auto& s : sms_) s->forget_launch(launch);
  xbar_->forget_launch(launch);
  for (auto& p : parts_) p->forget_launch(launch);
  return taken;
}

void GpuModel::kernel_finished(uint32_t launch_id, const KernelHeader&, uint64_t cycle) {
  KernelReport& k = report_.kernels.at(launch_id - 1);
  k.end_cycle = cycle;
  StatsMap stats = collect_stats();
  subtract_stats(stats, kernel_start_stats_[launch_id - 1]);
  kernel_start_stats_[launch_id - 1].clear();
  stats["gpu_sim_cycle"] = double(cycle - k.start_cycle);
  // Its work counters: what was charged to it (finish_report adds what comes after and sets
  // those other launches have to 0).
  const StatsMap charges = take_launch_stats(launch_id);
  auto s = stats.begin();
  for (const auto& [name, v] : charges) {
    while (s != stats.end() && s->first < name) ++s;
    if (s == stats.end() || s->first != name) s = stats.emplace_hint(s, name, 0.0);
    (s++)->second = v;
  }
  k.stats = StatsRow(stats, last_stat_names_);  // held compactly to the end of the run
  if (charged_names_.size() < launch_id) charged_names_.resize(launch_id);
  charged_names_[launch_id - 1] = share_names(charges, last_charged_names_);
  apps_->kernel_finished(launch_id, cycle, *dispatcher_);
}

namespace {
const std::string& name_of(const std::string& name) { return name; }
const std::string& name_of(const StatsMap::value_type& stat) { return stat.first; }
}  // namespace

void GpuModel::finish_report(double wall) {
  // Kernels that never started (a limit ended the run) are left out; a kernel a limit cut short
  // reports what it did up to the end.
  // Work counters charged per launch; a counter some launch has is 0 for the others (sparse
  // counters, such as the reservation-fail breakdown, are only listed where they are non-zero).
  // A finished launch's charges at its end are in its report already (kernel_finished); what it
  // was charged after (e.g. L2 fills that completed later) is collected here from the components
  // holding such a charge; an unfinished launch's are all collected here.
  std::map<uint32_t, StatsMap> later;
  report_.unattributed = collect_launch_stats(0);
  std::set<std::string> attributed;
  // Every map here is ordered by name: a walk in order with a hint costs O(1) a name.
  auto attribute = [&attributed](const auto& names) {
    auto hint = attributed.begin();
    for (const auto& n : names) hint = std::next(attributed.insert(hint, name_of(n)));
  };
  attribute(report_.unattributed);
  const std::vector<std::string>* attributed_list = nullptr;  // the last list added
  for (const KernelReport& k : report_.kernels) {
    if (k.launch_id == 0) continue;
    const std::vector<std::string>* names = charged_names_of(k.launch_id);
    if (names && names != attributed_list) attribute(*names), attributed_list = names;
    // After its end, few components charge a launch (L2 write-backs of the lines it wrote):
    // the others would add zeros to counters its report lists already.
    StatsMap& after = later[k.launch_id];
    after = collect_launch_stats(k.launch_id, /*charged_only=*/names != nullptr);
    attribute(after);
  }
  for (const std::string& name : attributed) report_.unattributed.emplace_hint(report_.unattributed.end(), name, 0.0);
  std::vector<KernelReport> done;
  for (size_t i = 0; i < report_.kernels.size(); ++i) {
    KernelReport& k = report_.kernels[i];
    if (k.launch_id == 0) continue;
    // One kernel's statistics as a map at a time (the rows of the others stay compact).
    StatsMap stats;
    if (k.stats.empty()) {
      k.end_cycle = clocks_.cycle(kCore);
      stats = collect_stats();
      subtract_stats(stats, kernel_start_stats_[i]);
      stats["gpu_sim_cycle"] = double(k.end_cycle - k.start_cycle);
      stats["kernel_unfinished"] = 1;
    } else {
      stats = k.stats.to_map();
    }
    // Work counters: what was charged to this launch over the whole run (exact under overlap,
    // and including work it caused that completed after its last block, kernel_stats.h); time
    // counters stay the window differences taken at its start and end.
    static const std::vector<std::string> kNone;
    const std::vector<std::string>* at_end = charged_names_of(k.launch_id);
    const std::vector<std::string>& taken = at_end ? *at_end : kNone;
    const StatsMap& after = later[k.launch_id];
    auto t = taken.begin();
    auto a = after.begin();
    auto s = stats.begin();
    for (const std::string& name : attributed) {
      while (t != taken.end() && *t < name) ++t;
      while (a != after.end() && a->first < name) ++a;
      const bool in_taken = t != taken.end() && *t == name, in_after = a != after.end() && a->first == name;
      if (in_taken && !in_after) continue;  // its value at the end stands
      while (s != stats.end() && s->first < name) ++s;
      if (s == stats.end() || s->first != name) s = stats.emplace_hint(s, name, 0.0);
      if (!in_taken) s->second = 0.0;  // a window difference, or nothing: not this launch's
      if (in_after) s->second += a->second;
      ++s;
    }
    add_derived_stats(stats, n_sms(), cfg_.core.max_warps());
    k.stats = StatsRow(stats, last_stat_names_);
    k.preemptions = dispatcher_->preemptions(k.launch_id);
    k.sm_preemptions = dispatcher_->sm_preemptions(k.launch_id);
    k.preemption_cycles = dispatcher_->preemption_cycles(k.launch_id);
    if (k.launch_id <= launch_ctx_.size()) {
      k.save_bytes = launch_ctx_[k.launch_id - 1].save_bytes;
      k.restore_bytes = launch_ctx_[k.launch_id - 1].restore_bytes;
    }
    done.push_back(std::move(k));
  }
  report_.kernels = std::move(done);
  report_.attributed.assign(attributed.begin(), attributed.end());
  report_.applications.clear();
  for (uint32_t a = 0; a < apps_->apps().size(); ++a) {
    AppReport ar;
    ar.index = a;
    ar.label = apps_->apps()[a].label;
    ar.options = apps_->apps()[a].options;
    ar.runs = apps_->runs(a);
    report_.applications.push_back(std::move(ar));
  }
  report_.total = collect_stats();
  report_.total["gpu_sim_cycle"] = double(clocks_.cycle(kCore));
  report_.total["gpu_tot_sim_kernels"] = double(dispatcher_->kernels_finished());
  add_derived_stats(report_.total, n_sms(), cfg_.core.max_warps());
  report_.total["sim_wall_s"] = wall;
  report_.total["sim_rate_warp_insn_per_s"] = wall > 0 ? report_.total["warp_insn"] / wall : 0.0;
  report_.total["sim_rate_cycles_per_s"] = wall > 0 ? double(clocks_.cycle(kCore)) / wall : 0.0;
}

std::string GpuModel::describe_state() const {
  std::ostringstream o;
  o << dispatcher_->describe_state();
  for (size_t i = 0; i < sms_.size(); ++i)
    if (sm_active_[i]) o << sms_[i]->describe_state();
  if (!xbar_->idle()) o << xbar_->describe();
  for (const auto& p : parts_)
    if (!p->idle()) o << p->describe();
  return o.str();
}

}  // namespace gpucosim
