// Options of a research block that the run will not use are named in a warning, not dropped in
// silence: any option of a block that is off, and the waves' prefix of a block run as its C++
// twin only (idle_block_options_warning, printed by `gpucosim run`).
#include <gtest/gtest.h>

#include "systemc/config/config_build.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/presets.h"
#include "tests/config/config_test_util.h"

namespace gpucosim {
namespace {

std::string warning_for(const std::vector<std::string>& sets) {
  const LoadedConfig c = load_gpu_config({find_preset("GTX480", test::configs_dir())}, sets);
  return idle_block_options_warning(c.options, c.gpu);
}

TEST(IdleBlockOptions, NoneWithoutBlockOptions) {
  EXPECT_EQ(warning_for({}), "");
  for (const std::string& n : list_presets(test::configs_dir())) {
    const LoadedConfig c = load_gpu_config({find_preset(n, test::configs_dir())}, {});
    EXPECT_EQ(idle_block_options_warning(c.options, c.gpu), "") << n;
  }
}

TEST(IdleBlockOptions, OptionsOfABlockThatIsOffAreNamed) {
  const std::string w = warning_for({"gpucosim_warppool_iq_count=4", "gpucosim_warppool_check=1"});
  EXPECT_NE(w.find("-gpucosim_warppool_check (--set), -gpucosim_warppool_iq_count (--set) have no effect: warppool is off"),
            std::string::npos)
      << w;
  EXPECT_NE(w.find("-warppool tlm, rtl or lockstep turns it on"), std::string::npos) << w;
}

TEST(IdleBlockOptions, NothingWhenTheBlockIsOn) {
  EXPECT_EQ(warning_for({"warppool=tlm", "gpucosim_warppool_iq_count=4", "gpucosim_warppool_check=1"}), "");
  EXPECT_EQ(warning_for({"warppool=rtl", "gpucosim_warppool_vcd=out/wp"}), "");
}

TEST(IdleBlockOptions, WavesOfATwinOnlyAreNamed) {
  const std::string w = warning_for({"warppool=tlm", "gpucosim_warppool_vcd=out/wp"});
  EXPECT_NE(w.find("-gpucosim_warppool_vcd (--set) has no effect: warppool is tlm"), std::string::npos) << w;
}

TEST(IdleBlockOptions, AnOptionLeftAtItsDefaultIsNotNamed) {
  // Only options that were given a value count; the others are at their defaults.
  const std::string w = warning_for({"gpucosim_swl_check=1"});
  EXPECT_NE(w.find("-gpucosim_swl_check (--set) has no effect: swl is off"), std::string::npos) << w;
  EXPECT_EQ(w.find("warppool"), std::string::npos) << w;
}

}  // namespace
}  // namespace gpucosim
