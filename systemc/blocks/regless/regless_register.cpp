// RegLess's registration (registry/block_registry.h): the twin as its "tlm" implementation, and its
// attachment to an SM: one shard per warp scheduler behind a ReglessSm, which is the SM's issue
// gate, event listener, register storage and register backing-store memory client
// (docs/blocks/regless.md §7).
#include "kernel/input_error.h"
#include "systemc/blocks/registry/block_registry.h"
#include "systemc/blocks/regless/regless_checker.h"
#include "systemc/blocks/regless/regless_sm.h"
#include "systemc/blocks/regless/regless_twin.h"

namespace gpucosim {

const kit::BlockDecl& regless_block_decl();

namespace {
void attach(const BlockRegistry& r, const BlockBuild& b, SmOptions& o) {
  ReglessParams p = params_from_settings<ReglessParams>(b.settings);
  const CoreConfig& c = b.gpu.core;
  const uint32_t n_sched = std::max(1u, c.n_schedulers);
  if (c.max_warps() % n_sched != 0 || c.max_warps() / n_sched > 64)
    throw InputError("regless", 0,
                     "-regless: one shard serves one warp scheduler's warps: expected the SM's " +
                         std::to_string(c.max_warps()) + " warps to split evenly over its " + std::to_string(n_sched) +
                         " schedulers (-gpgpu_num_sched_per_core), at most 64 per scheduler");
  p.n_warps = c.max_warps() / n_sched;
  p.validate();
  if (o.operand_collector)
    throw InputError("regless", 0, "-regless: another block already replaces the SM's register storage");
  std::vector<std::unique_ptr<ReglessBlock>> shards;
  for (uint32_t k = 0; k < n_sched; ++k) {
    kit::ImplOptions io = b.impl;
    io.label += "/s" + std::to_string(k);
    if (!io.vcd_path.empty()) io.vcd_path.insert(io.vcd_path.size() - 4, "_s" + std::to_string(k));
    shards.push_back(r.make<ReglessTraits, ReglessChecker>("regless", b.settings.mode, p, io, b.settings.check));
  }
  auto sm = std::make_shared<ReglessSm>(std::move(shards), c, b.sm_id);
  o.issue_gates.push_back(sm);
  o.listeners.push_back(sm);
  o.operand_collector = std::make_unique<ReglessOperandStorage>(sm);
  o.memory_clients.push_back(std::make_shared<ReglessBackingClient>(sm));
}
}  // namespace

void register_regless_block(BlockRegistry& r) {
  r.add_block(regless_block_decl(), attach);
  r.add_maker<ReglessTraits>("regless", kit::BlockMode::Tlm,
                             [](const ReglessParams& p, const kit::ImplOptions& o) -> std::unique_ptr<ReglessBlock> {
                               return std::make_unique<ReglessTwin>(p, o.eval_every_cycle);
                             });
}

}  // namespace gpucosim
