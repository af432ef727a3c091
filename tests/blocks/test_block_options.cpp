// The options every declared block gets from the kit: mode, one per OPTION/AUTO parameter with
// the declared range, vcd/check/eval_every_cycle; values reach GpuConfig::blocks; bad values name
// the option; CORE parameters have no option.
#include <gtest/gtest.h>

#include "kernel/input_error.h"
#include "systemc/blocks/kit/block_decl.h"
#include "systemc/config/config_build.h"
#include "systemc/config/option_registry.h"

namespace gpucosim {
namespace {

GpuConfig with(const std::vector<std::string>& sets) { return load_gpu_config({}, sets).gpu; }

TEST(BlockOptions, EveryDeclaredBlockHasItsOptions) {
  ASSERT_FALSE(kit::builtin_block_decls().empty());
  for (const kit::BlockDecl* d : kit::builtin_block_decls()) {
    const std::string n = d->name;
    EXPECT_NE(find_option(n), nullptr) << n;
    for (const char* kitopt : {"_vcd", "_check", "_eval_every_cycle"})
      EXPECT_NE(find_option("gpucosim_" + n + kitopt), nullptr) << n << kitopt;
    for (const kit::ParamInfo& p : *d->params) {
      const OptionDef* o = find_option(p.option);
      if (p.source == kit::ParamSource::Core)
        EXPECT_TRUE(o == nullptr || std::string(o->field).find(n + ".") != 0) << p.option;
      else
        EXPECT_NE(o, nullptr) << p.option;
    }
  }
}

TEST(BlockOptions, ValuesReachTheBlockSettings) {
  const GpuConfig g = with({"warppool=lockstep", "gpucosim_warppool_queues=16", "gpucosim_warppool_check=1",
                            "gpucosim_warppool_eval_every_cycle=1", "gpucosim_warppool_vcd=w"});
  const kit::BlockSettings& s = g.block("warppool");
  EXPECT_EQ(s.mode, kit::BlockMode::Lockstep);
  EXPECT_EQ(s.values.at("n_queues"), 16u);
  EXPECT_TRUE(s.check);
  EXPECT_TRUE(s.eval_every_cycle);
  EXPECT_EQ(s.vcd, "w");
  EXPECT_EQ(with({}).block("warppool").mode, kit::BlockMode::Off);
}

TEST(BlockOptions, BadValuesNameTheOptionAndWhatWasExpected) {
  const std::pair<const char*, const char*> cases[] = {
      {"warppool=on", "-warppool: expected off, tlm, rtl or lockstep, got 'on'"},
      {"gpucosim_warppool_iq_count=0", "-gpucosim_warppool_iq_count: expected an integer from 1 to 64, got '0'"},
      {"gpucosim_warppool_iq_count=65", "from 1 to 64"},
      {"gpucosim_warppool_warps_per_iq=-1", "-gpucosim_warppool_warps_per_iq"},
      {"gpucosim_warppool_check=2", "-gpucosim_warppool_check"},
      {"gpucosim_warppool_queues=x", "-gpucosim_warppool_queues"},
  };
  for (const auto& c : cases) {
    try {
      with({c.first});
      FAIL() << c.first << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(c.second), std::string::npos) << c.first << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find("--set"), std::string::npos) << e.what();
    }
  }
}

TEST(BlockOptions, AutoParametersAcceptZero) { EXPECT_NO_THROW(with({"gpucosim_warppool_warps_per_iq=0"})); }

}  // namespace
}  // namespace gpucosim
