// FCFS, NPQ and PPQ (exclusive and shared). DSS is in policy_dss.cpp.
#include "systemc/gpu/sched/sched_policy.h"

#include "systemc/gpu/sched/policy_dss.h"

namespace gpucosim {

const char* sched_policy_name(SchedPolicyKind k) {
  switch (k) {
    case SchedPolicyKind::Fcfs: return "fcfs";
    case SchedPolicyKind::Npq: return "npq";
    case SchedPolicyKind::Ppq: return "ppq";
    case SchedPolicyKind::PpqShared: return "ppq_shared";
    case SchedPolicyKind::Dss: return "dss";
  }
  return "?";
}

const char* preemption_name(PreemptionKind k) { return k == PreemptionKind::Drain ? "drain" : "context_switch"; }

namespace {

class Fcfs : public SchedPolicy {
 public:
  SchedPolicyKind kind() const override { return SchedPolicyKind::Fcfs; }
  bool shares_sms() const override { return true; }
  void schedule(SchedTables&) override {}
};

// The most urgent kernel among `cands` that passes `ok`: highest priority, then earliest arrival
// (active() is in arrival order).
template <class Ok>
const KsrEntry* most_urgent(const std::vector<const KsrEntry*>& cands, Ok ok) {
  const KsrEntry* best = nullptr;
  for (const KsrEntry* e : cands)
    if (ok(*e) && (!best || e->priority > best->priority)) best = e;
  return best;
}

class PriorityQueue : public SchedPolicy {
 public:
  PriorityQueue(SchedPolicyKind k) : kind_(k) {}
  SchedPolicyKind kind() const override { return kind_; }

  void schedule(SchedTables& t) override {
    const std::vector<const KsrEntry*> act = t.active();
    if (act.empty()) return;
    const KsrEntry* top = most_urgent(act, [](const KsrEntry&) { return true; });
    const bool exclusive = kind_ == SchedPolicyKind::Ppq;
    // Idle SMs, lowest id first, to the most urgent kernel that wants one. Exclusive PPQ gives
    // none to a kernel below the most urgent active one.
    for (uint32_t s = 0; s < t.n_sms(); ++s) {
      if (t.sm(s).state != SmState::Idle) continue;
      const KsrEntry* k = most_urgent(act, [&](const KsrEntry& e) {
        return t.wants_sm(e) && (!exclusive || e.priority >= top->priority);
      });
      if (!k) break;
      t.assign(s, k->launch_id);
    }
    if (kind_ == SchedPolicyKind::Npq) return;
    // Preemption: an SM running a kernel of lower priority than `target` is reserved for it,
    // least urgent kernel first, then fewest running blocks (the cheapest to drain or save),
    // then lowest id. Shared: only while a more urgent kernel wants SMs. Exclusive: every SM
    // below the most urgent active kernel, whether it has blocks for them or not.
    for (;;) {
      const KsrEntry* want = most_urgent(act, [&](const KsrEntry& e) {
        return t.wants_sm(e) && (!exclusive || e.priority >= top->priority);
      });
      const KsrEntry* target = want ? want : exclusive ? top : nullptr;
      if (!target) return;
      int victim = -1;
      uint32_t vprio = 0;
      for (uint32_t s = 0; s < t.n_sms(); ++s) {
        const SmStatus& st = t.sm(s);
        if (st.state != SmState::Running) continue;
        const KsrEntry* run = t.find(st.kernel);
        const uint32_t prio = run ? run->priority : 0;
        if (prio >= target->priority) continue;
        if (victim < 0 || prio < vprio || (prio == vprio && st.running < t.sm(uint32_t(victim)).running)) {
          victim = int(s);
          vprio = prio;
        }
      }
      if (victim < 0) return;
      t.reserve(uint32_t(victim), target->launch_id);
    }
  }

 private:
  SchedPolicyKind kind_;
};

}  // namespace

std::unique_ptr<SchedPolicy> make_sched_policy(SchedPolicyKind k) {
  switch (k) {
    case SchedPolicyKind::Fcfs: return std::make_unique<Fcfs>();
    case SchedPolicyKind::Npq:
    case SchedPolicyKind::Ppq:
    case SchedPolicyKind::PpqShared: return std::make_unique<PriorityQueue>(k);
    case SchedPolicyKind::Dss: return std::make_unique<Dss>();
  }
  return nullptr;
}

}  // namespace gpucosim
