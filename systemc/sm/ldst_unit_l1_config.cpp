// The L1's geometry per kernel: Accel-Sim's adaptive L1/shared carve-out
// (-gpgpu_adaptive_cache_config, -gpgpu_unified_l1d_size, -gpgpu_shmem_option).
#include <memory>

#include "systemc/sm/ldst_unit.h"

namespace gpucosim {

void LdstUnit::configure_l1(uint64_t total_shmem) {
  if (!l1_) return;
  l1_->invalidate_all();
  if (!c_.adaptive_l1) return;
  CacheConfig cfg = l1_->config();
  cfg.assoc = adaptive_l1_assoc(c_, total_shmem);
  // Only an idle L1 is rebuilt (misses of an earlier kernel still in flight keep its geometry).
  if (cfg.assoc == l1_->config().assoc || !l1_->idle()) return;
  auto fresh = std::make_unique<Cache>(cfg);
  fresh->adopt_counters(*l1_);
  l1_ = std::move(fresh);
}

}  // namespace gpucosim
