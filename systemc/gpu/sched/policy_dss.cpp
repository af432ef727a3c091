#include "systemc/gpu/sched/policy_dss.h"

#include <stdexcept>

namespace gpucosim {

void Dss::schedule(SchedTables& t) {
  steps_ = 0;
  const std::vector<const KsrEntry*> act = t.active();  // arrival order: ties go to the earliest
  auto richest_wanting = [&]() {
    const KsrEntry* best = nullptr;
    for (const KsrEntry* e : act)
      if (t.wants_sm(*e) && (!best || e->count > best->count)) best = e;
    return best;
  };
  // Phase 1: idle SMs.
  for (uint32_t s = 0; s < t.n_sms(); ++s) {
    if (t.sm(s).state != SmState::Idle) continue;
    const KsrEntry* k = richest_wanting();
    if (!k) break;
    t.assign(s, k->launch_id);
    ++steps_;
  }
  // Phase 2: rebalance.
  const uint64_t bound = uint64_t(t.n_sms()) * (t.capacity() + 1) + 1;
  for (uint64_t i = 0;; ++i) {
    if (i > bound) throw std::logic_error("DSS: repartitioning did not terminate");
    const KsrEntry* max = richest_wanting();
    if (!max) return;
    // The running kernel with the fewest tokens (ties: the latest arrival gives an SM up).
    const KsrEntry* min = nullptr;
    for (const KsrEntry* e : act) {
      bool runs = false;
      for (uint32_t s = 0; s < t.n_sms() && !runs; ++s)
        runs = t.sm(s).state == SmState::Running && t.sm(s).kernel == e->launch_id;
      if (runs && (!min || e->count <= min->count)) min = e;
    }
    if (!min || min == max || max->count <= min->count + 1) return;
    int victim = -1;
    for (uint32_t s = 0; s < t.n_sms(); ++s) {
      const SmStatus& st = t.sm(s);
      if (st.state == SmState::Running && st.kernel == min->launch_id &&
          (victim < 0 || st.running < t.sm(uint32_t(victim)).running))
        victim = int(s);
    }
    t.reserve(uint32_t(victim), max->launch_id);
    ++steps_;
  }
}

}  // namespace gpucosim
