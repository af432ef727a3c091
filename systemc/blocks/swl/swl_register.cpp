// SWL's registration (registry/block_registry.h): the twin as its "tlm" implementation, and its
// attachment to an SM: one SwlGate, both issue gate and event listener.
#include "systemc/blocks/registry/block_registry.h"
#include "systemc/blocks/swl/swl_checker.h"
#include "systemc/blocks/swl/swl_gate.h"
#include "systemc/blocks/swl/swl_twin.h"

namespace gpucosim {

const kit::BlockDecl& swl_block_decl();

namespace {
void attach(const BlockRegistry& r, const BlockBuild& b, SmOptions& o) {
  SwlParams p = params_from_settings<SwlParams>(b.settings);
  p.n_warps = b.gpu.core.max_warps();
  p.validate();
  auto gate = std::make_shared<SwlGate>(r.make<SwlTraits, SwlChecker>("swl", b.settings.mode, p, b.impl, b.settings.check));
  o.issue_gates.push_back(gate);
  o.listeners.push_back(gate);
}
}  // namespace

void register_swl_block(BlockRegistry& r) {
  r.add_block(swl_block_decl(), attach);
  r.add_maker<SwlTraits>("swl", kit::BlockMode::Tlm, [](const SwlParams& p, const kit::ImplOptions& o) -> std::unique_ptr<SwlBlock> {
    return std::make_unique<SwlTwin>(p, o.eval_every_cycle);
  });
}

}  // namespace gpucosim
