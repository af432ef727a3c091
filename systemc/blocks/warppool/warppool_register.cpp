// WarpPool's registration (kit/block_decl.h, registry/block_registry.h): its parameters from the
// configuration, the twin as its "tlm" implementation, and how it attaches to an SM: one object,
// WarpPoolFrontEnd, is the SM's global path (between LSU dispatch and the L1) and an issue gate
// (the per-warp memory-consistency counters).
#include <algorithm>

#include "systemc/blocks/registry/block_registry.h"
#include "systemc/blocks/warppool/warppool_checker.h"
#include "systemc/blocks/warppool/warppool_decl.h"
#include "systemc/blocks/warppool/warppool_frontend.h"
#include "systemc/blocks/warppool/warppool_twin.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

namespace {

// CORE and AUTO parameters from the GPU: the SM's warps, the L1's set-index function and sets.
WarpPoolParams derive(const GpuConfig& gpu, const kit::BlockSettings& s) {
  WarpPoolParams p = params_from_settings<WarpPoolParams>(s);
  const CacheConfig& l1 = gpu.core.l1d;
  p.n_warps = gpu.core.max_warps();
  if (p.warps_per_iq == 0) p.warps_per_iq = (p.n_warps + p.iq_count - 1) / p.iq_count;
  // The queue index is the L1's set index; a set count that is not a power of two has no hashed
  // index (set_index.h falls back to linear), and neither has WarpPool.
  const char h = is_pow2(l1.nsets) ? l1.set_index : 'L';
  p.hash = h == 'H' ? 1 : h == 'X' ? 2 : h == 'P' ? 3 : 0;
  p.set_bits = log2_floor(std::max(1u, l1.nsets));
  p.poly = p.hash == 3 ? Gf2PolyHash::polynomial(p.set_bits) : 0;
  return p;
}

void attach(const BlockRegistry& r, const BlockBuild& b, SmOptions& o) {
  const GpuConfig& gpu = b.gpu;
  if (!gpu.core.l1d.enabled || gpu.core.l1_bypass_global)
    throw InputError("(configuration)", 0,
                     "-warppool: expected an L1 data cache that global accesses use (-gpgpu_cache:dl1 is none or "
                     "-gpgpu_gmem_skip_L1D is 1): WarpPool sits between the load/store unit and the L1");
  if (!is_pow2(gpu.core.l1d.nsets))
    throw InputError("(configuration)", 0, "-warppool: expected a power-of-two L1 set count (-gpgpu_cache:dl1)");
  if (o.global_path)
    throw InputError("(configuration)", 0,
                     std::string("-warppool: the SM's global path is already taken by ") + o.global_path->name());
  const WarpPoolParams p = derive(gpu, b.settings);
  p.validate();
  auto fe = std::make_shared<WarpPoolFrontEnd>(
      r.make<WarpPoolTraits, WarpPoolChecker>("warppool", b.settings.mode, p, b.impl, b.settings.check));
  o.global_path = fe;
  o.issue_gates.push_back(fe);
}

}  // namespace

void register_warppool_block(BlockRegistry& r) {
  r.add_block(warppool_block_decl(), attach);
  r.add_maker<WarpPoolTraits>("warppool", kit::BlockMode::Tlm,
                              [](const WarpPoolParams& p, const kit::ImplOptions& o) -> std::unique_ptr<WarpPoolBlock> {
                                return std::make_unique<WarpPoolTwin>(p, o.eval_every_cycle);
                              });
}

}  // namespace gpucosim
