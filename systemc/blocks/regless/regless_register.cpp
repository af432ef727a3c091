// RegLess's registration (registry/block_registry.h): the twin as its "tlm" implementation. The
// block is standalone so far: its SM integration (issue gate, register storage, the backing store
// as a memory client) is not built, so attaching it to an SM is refused with an error rather than
// run as if it were there (docs/blocks/regless.md §6).
#include "kernel/input_error.h"
#include "systemc/blocks/registry/block_registry.h"
#include "systemc/blocks/regless/regless_twin.h"

namespace gpucosim {

const kit::BlockDecl& regless_block_decl();

namespace {
void attach(const BlockRegistry&, const BlockBuild& b, SmOptions&) {
  ReglessParams p = params_from_settings<ReglessParams>(b.settings);
  p.validate();
  throw InputError("regless", 0,
                   "-regless: only off is available: the RegLess shard exists as a standalone block "
                   "(testbenches/regless) and is not yet integrated into the SM (docs/blocks/regless.md)");
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
