// Options given a value that the run will not use, named in one warning (option_registry.h).
#include "systemc/config/option_registry.h"
#include "systemc/config/option_set.h"

namespace gpucosim {

std::string idle_options_warning(const OptionSet& options, const GpuConfig& gpu) {
  std::string s;
  // Preemption takes SMs under the preemptive kernel schedulers only.
  const SchedPolicyKind policy = gpu.limits.sched_policy;
  if (const OptionEntry* e = options.find("gpucosim_preemption");
      e && e->origin.kind != OptionOrigin::Kind::Default && policy != SchedPolicyKind::Ppq &&
      policy != SchedPolicyKind::PpqShared && policy != SchedPolicyKind::Dss)
    s = "-gpucosim_preemption (" + e->origin.describe() +
        ") has no effect: the kernel scheduler (-gpucosim_sched_policy) does not preempt (ppq, ppq_shared and dss do)";
  const std::string blocks = idle_block_options_warning(options, gpu);
  if (!blocks.empty()) s += (s.empty() ? "" : "; ") + blocks;
  return s;
}

}  // namespace gpucosim
