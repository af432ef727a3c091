// Statistics collection and state reports of the whole GPU (split from gpu_model.cpp, which
// holds construction and the simulation loop).
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

StatsMap GpuModel::collect_stats() const {
  StatsMap m;
  // Idle SMs and DRAM channels are not ticked (smart ticking); their tick-counting statistics
  // (sm_cycles, stall_idle, dram[c].n_cmd/n_nop/bw_util) are brought up to the cycle the run
  // has reached, as ticking every component would have counted them: an SM that the current
  // core cycle's loop has passed to this cycle, the others to the previous one.
  const uint64_t core = clocks_.cycle(kCore);
  for (size_t i = 0; i < sms_.size(); ++i) sms_[i]->collect(m, i < sm_ticked_ ? core : (core ? core - 1 : 0));
  xbar_->collect(m, "icnt_");
  for (const auto& p : parts_) p->collect(m, clocks_.cycle(kDram));
  add_l2_aliases(m);
  return m;
}

StatsMap GpuModel::collect_launch_stats(uint32_t launch) const {
  StatsMap m;
  for (const auto& s : sms_) s->collect_launch(m, launch);
  xbar_->collect_launch(m, launch, "icnt_");
  for (const auto& p : parts_) p->collect_launch(m, launch);
  add_l2_aliases(m);
  for (auto it = m.begin(); it != m.end();) it = is_time_window_stat(it->first) ? m.erase(it) : std::next(it);
  return m;
}

bool GpuModel::launch_charged(uint32_t launch) const {
  for (const auto& s : sms_)
    if (s->charged(launch)) return true;
  if (xbar_->charged(launch)) return true;
  for (const auto& p : parts_)
    if (p->charged(launch)) return true;
  return false;
}

void GpuModel::take_launch_stats(uint32_t launch, StatsMap& into) {
  for (const auto& [name, v] : collect_launch_stats(launch)) into[name] += v;
  for (auto& s : sms_) s->forget_launch(launch);
  xbar_->forget_launch(launch);
  for (auto& p : parts_) p->forget_launch(launch);
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
