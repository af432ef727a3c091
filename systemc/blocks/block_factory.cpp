#include "systemc/blocks/block_factory.h"

#include <memory>
#include <string>

#include "kernel/input_error.h"
#include "systemc/blocks/warppool/warppool_frontend.h"
#include "systemc/blocks/warppool/warppool_twin.h"
#include "systemc/memory/cache/set_index.h"
#include "tlm_adapters/warppool/warppool_rtl_factory.h"

namespace gpucosim {

namespace {
constexpr const char* kWhere = "(configuration)";

// Option names of the WarpPoolParams fields, so errors name what the user can change.
std::string option_of(const std::string& field) {
  static const char* const kMap[][2] = {
      {"n_warps", "gpgpu_shader_core_pipeline"}, {"iq_count", "gpucosim_warppool_iq_count"},
      {"iq_depth", "gpucosim_warppool_iq_depth"}, {"warps_per_iq", "gpucosim_warppool_warps_per_iq"},
      {"n_coalescers", "gpucosim_warppool_coalescers"}, {"tmt_entries", "gpucosim_warppool_tmt_entries"},
      {"n_queues", "gpucosim_warppool_queues"}, {"tags_per_queue", "gpucosim_warppool_tags_per_queue"},
      {"slots_per_tag", "gpucosim_warppool_merges_per_tag"}, {"mshr_requests", "gpucosim_warppool_mshr_requests"},
      {"wbq_depth", "gpucosim_warppool_wbq_depth"}, {"addr_bits", "gpucosim_warppool_addr_bits"},
      {"tag_bits", "gpucosim_warppool_tag_bits"}, {"quantum", "gpucosim_warppool_quantum"},
      {"miss_pct", "gpucosim_warppool_miss_pct"}, {"set_hash", "gpgpu_cache:dl1"}, {"set_bits", "gpgpu_cache:dl1"},
      {"age_cap", "gpucosim_warppool_age_cap"}, {"store_wait_cap", "gpucosim_warppool_store_wait_cap"}};
  for (const auto& m : kMap)
    if (field == m[0]) return m[1];
  return field;
}
}  // namespace

WarpPoolParams warppool_params(const GpuConfig& gpu) {
  const WarpPoolConfig& w = gpu.warppool;
  const CacheConfig& l1 = gpu.core.l1d;
  WarpPoolParams p;
  p.n_warps = gpu.core.max_warps();
  p.iq_count = w.iq_count;
  p.iq_depth = w.iq_depth;
  p.warps_per_iq = w.warps_per_iq ? w.warps_per_iq : (p.n_warps + w.iq_count - 1) / w.iq_count;
  p.n_coalescers = w.coalescers;
  p.tmt_entries = w.tmt_entries;
  p.n_queues = w.queues;
  p.tags_per_queue = w.tags_per_queue;
  p.slots_per_tag = w.merges_per_tag;
  p.mshr_requests = w.mshr_requests;
  p.wbq_depth = w.wbq_depth;
  p.addr_bits = w.addr_bits;
  p.tag_bits = w.tag_bits;
  p.quantum = w.quantum;
  p.miss_pct = w.miss_pct;
  // The queue index is the L1's set index; a set count that is not a power of two has no hashed
  // index (set_index.h falls back to linear), and neither has WarpPool.
  p.set_hash = is_pow2(l1.nsets) ? l1.set_index : 'L';
  p.set_bits = log2_floor(std::max(1u, l1.nsets));
  p.age_cap = w.age_cap;
  p.store_wait_cap = w.store_wait_cap;
  return p;
}

SmOptions make_sm_options(const GpuConfig& gpu, uint32_t sm_id) {
  SmOptions o;
  const WarpPoolConfig& w = gpu.warppool;
  if (w.mode == WarpPoolMode::Off) return o;
  if (!gpu.core.l1d.enabled || gpu.core.l1_bypass_global)
    throw InputError(kWhere, 0,
                     "-warppool: expected an L1 data cache that global accesses use (-gpgpu_cache:dl1 is none or "
                     "-gpgpu_gmem_skip_L1D is 1): WarpPool sits between the load/store unit and the L1");
  if (!is_pow2(gpu.core.l1d.nsets))
    throw InputError(kWhere, 0, "-warppool: expected a power-of-two L1 set count (-gpgpu_cache:dl1)");
  const WarpPoolParams p = warppool_params(gpu);
  try {
    p.validate();
  } catch (const InputError& e) {
    // "warppool: <field>: expected ..." -> name the option instead of the field.
    std::string msg = e.what();
    const std::string head = "warppool: ";
    if (msg.compare(0, head.size(), head) == 0) msg = msg.substr(head.size());
    const size_t colon = msg.find(':');
    const std::string field = msg.substr(0, colon);
    throw InputError(kWhere, 0, "-" + option_of(field) + msg.substr(colon));
  }
  const std::string vcd = w.vcd.empty() ? "" : w.vcd + "_sm" + std::to_string(sm_id) + ".vcd";
  std::unique_ptr<WarpPoolBlock> block;
  switch (w.mode) {
    case WarpPoolMode::Tlm: block = std::make_unique<WarpPoolTwin>(p); break;
    case WarpPoolMode::Rtl: block = make_warppool_rtl(p, vcd); break;
    case WarpPoolMode::Lockstep: block = make_warppool_lockstep(p, "sm" + std::to_string(sm_id), vcd); break;
    case WarpPoolMode::Off: break;
  }
  o.global_path = std::make_unique<WarpPoolFrontEnd>(std::move(block));
  return o;
}

}  // namespace gpucosim
