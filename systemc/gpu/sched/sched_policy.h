#pragma once
// Kernel-scheduler policies (spec 003 §2.7, §5.3.2; docs/multitasking.md), chosen with
// -gpucosim_sched_policy. The SM driver (Dispatcher) calls schedule() on the triggers of seed 003:
// a kernel entered the active queue, or an SM became idle. A policy assigns idle SMs to kernels
// and reserves running SMs for other kernels (preemption, by the mechanism -gpucosim_preemption
// selects), through SchedTables only, which checks every change.
//  fcfs        first fit in launch order on any SM, blocks of several kernels share an SM (the
//              GPGPU-Sim dispatcher; the default). schedule() does nothing.
//  npq         an idle SM goes to the highest-priority kernel that wants one; no preemption.
//  ppq         preemptive priority queue, exclusive: while a kernel of higher priority is active,
//              no block of a lower one is issued (its SMs are reserved for the higher kernel).
//  ppq_shared  preemptive, back-to-back: SMs of lower-priority kernels are reserved only as far
//              as a higher-priority kernel has blocks for them; free SMs go to lower ones.
//  dss         Dynamic Spatial Sharing, Algorithm 1 in its work-conserving reading (spec §6 A1).
#include <memory>
#include <string>

#include "systemc/config/gpu_config.h"
#include "systemc/gpu/sched/sched_tables.h"

namespace gpucosim {

const char* sched_policy_name(SchedPolicyKind k);
const char* preemption_name(PreemptionKind k);

class SchedPolicy {
 public:
  virtual ~SchedPolicy() = default;
  virtual SchedPolicyKind kind() const = 0;
  // FCFS: any SM takes a block of any kernel that fits; the SMST only records what runs.
  virtual bool shares_sms() const { return false; }
  virtual void schedule(SchedTables& t) = 0;
};

std::unique_ptr<SchedPolicy> make_sched_policy(SchedPolicyKind k);

}  // namespace gpucosim
