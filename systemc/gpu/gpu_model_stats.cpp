// Statistics collection and state reports of the whole GPU (split from gpu_model.cpp, which
// holds construction and the simulation loop).
#include <sstream>

#include "systemc/gpu/gpu_model.h"

namespace gpucosim {

namespace {

double get(const StatsMap& m, const std::string& k) {
  auto it = m.find(k);
  return it == m.end() ? 0.0 : it->second;
}

// GPGPU-Sim prints L2 totals as L2_total_cache_*; the slices report under "L2.".
void add_l2_aliases(StatsMap& m) {
  m["L2_total_cache_accesses"] = get(m, "L2.accesses");
  m["L2_total_cache_hits"] = get(m, "L2.hits");
  m["L2_total_cache_misses"] = get(m, "L2.misses");
  m["L2_total_cache_pending_hits"] = get(m, "L2.hit_reserved");
  m["L2_total_cache_reservation_fails"] = get(m, "L2.res_fail");
  m["icnt_total_bytes"] = get(m, "icnt_req_bytes") + get(m, "icnt_reply_bytes");
}

}  // namespace

StatsMap GpuModel::collect_stats() const {
  StatsMap m;
  for (const auto& s : sms_) s->collect(m);
  xbar_->collect(m, "icnt_");
  for (const auto& p : parts_) p->collect(m);
  add_l2_aliases(m);
  return m;
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
