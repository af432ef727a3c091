// The registry: every declared block is registered with its modes; an Off block builds nothing,
// a tlm block its hooks; modes that were not built are refused naming the option; combinations
// with the core are refused naming the option.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "systemc/blocks/kit/block_decl.h"
#include "systemc/blocks/registry/block_registry.h"

namespace gpucosim {
namespace {

const BlockRegistry& reg() { return builtin_block_registry(); }

TEST(Registry, EveryDeclaredBlockIsRegisteredWithOffAndTlm) {
  EXPECT_EQ(reg().entries().size(), kit::builtin_block_decls().size());
  for (const kit::BlockDecl* d : kit::builtin_block_decls()) {
    ASSERT_NE(reg().find(d->name), nullptr) << d->name;
    EXPECT_TRUE(reg().has_mode(d->name, kit::BlockMode::Off));
    EXPECT_TRUE(reg().has_mode(d->name, kit::BlockMode::Tlm));
    // lockstep exactly when rtl
    EXPECT_EQ(reg().has_mode(d->name, kit::BlockMode::Rtl), reg().has_mode(d->name, kit::BlockMode::Lockstep));
  }
}

TEST(Registry, OffBuildsTheBaselineAndTlmTheHooks) {
  GpuConfig g;
  SmOptions o = reg().make_sm_options(g, 0);
  EXPECT_EQ(o.global_path, nullptr);
  EXPECT_TRUE(o.issue_gates.empty());
  g.blocks["warppool"].mode = kit::BlockMode::Tlm;
  o = reg().make_sm_options(g, 0);
  ASSERT_NE(o.global_path, nullptr);
  EXPECT_STREQ(o.global_path->name(), "warppool");
  EXPECT_EQ(o.issue_gates.size(), 1u);
}

TEST(Registry, RefusesWhatCannotBeBuiltNamingTheOption) {
  GpuConfig g;
  g.blocks["warppool"].mode = kit::BlockMode::Tlm;
  g.core.l1d.nsets = 48;  // not a power of two
  try {
    reg().make_sm_options(g, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("-warppool: expected a power-of-two L1 set count"), std::string::npos)
        << e.what();
  }
  g = GpuConfig{};
  g.blocks["warppool"].mode = kit::BlockMode::Tlm;
  g.blocks["warppool"].values["n_queues"] = 128;  // more queues than the 64 L1 sets
  EXPECT_THROW(reg().make_sm_options(g, 0), InputError);
  g = GpuConfig{};
  g.blocks["no_such_block"].mode = kit::BlockMode::Tlm;
  EXPECT_THROW(reg().make_sm_options(g, 0), InputError);
}

TEST(Registry, RtlModeWithoutTheRtlLibraryIsAnErrorNotASilentTwin) {
  BlockRegistry r;  // a registry with no RTL: only what this test registers
  r.add_block(*kit::builtin_block_decls()[0], [](const BlockRegistry&, const BlockBuild&, SmOptions&) {});
  GpuConfig g;
  g.blocks[kit::builtin_block_decls()[0]->name].mode = kit::BlockMode::Rtl;
  try {
    r.make_sm_options(g, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is not available in this build"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpucosim
