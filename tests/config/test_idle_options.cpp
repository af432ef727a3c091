// Options of a research block that the run will not use are named in a warning, not dropped in
// silence: any option of a block that is off, and the waves' prefix of a block run as its C++
// twin only (idle_options_warning, printed by `gpucosim run`).
#include <gtest/gtest.h>

#include "systemc/config/config_build.h"
#include "systemc/config/option_registry.h"
#include "systemc/config/presets.h"
#include "tests/config/config_test_util.h"

namespace gpucosim {
namespace {

std::string warning_for(const std::vector<std::string>& sets) {
  const LoadedConfig c = load_gpu_config({find_preset("GTX480", test::configs_dir())}, sets);
  return idle_options_warning(c.options, c.gpu);
}

TEST(IdleOptions, NoneWithoutBlockOptions) {
  EXPECT_EQ(warning_for({}), "");
  for (const std::string& n : list_presets(test::configs_dir())) {
    const LoadedConfig c = load_gpu_config({find_preset(n, test::configs_dir())}, {});
    EXPECT_EQ(idle_options_warning(c.options, c.gpu), "") << n;
  }
}

TEST(IdleOptions, OptionsOfABlockThatIsOffAreNamed) {
  const std::string w = warning_for({"gpucosim_warppool_iq_count=4", "gpucosim_warppool_check=1"});
  EXPECT_NE(w.find("-gpucosim_warppool_check (--set), -gpucosim_warppool_iq_count (--set) have no effect: warppool is off"),
            std::string::npos)
      << w;
  EXPECT_NE(w.find("-warppool tlm, rtl or lockstep turns it on"), std::string::npos) << w;
}

TEST(IdleOptions, NothingWhenTheBlockIsOn) {
  EXPECT_EQ(warning_for({"warppool=tlm", "gpucosim_warppool_iq_count=4", "gpucosim_warppool_check=1"}), "");
  EXPECT_EQ(warning_for({"warppool=rtl", "gpucosim_warppool_vcd=out/wp"}), "");
}

TEST(IdleOptions, WavesOfATwinOnlyAreNamed) {
  const std::string w = warning_for({"warppool=tlm", "gpucosim_warppool_vcd=out/wp"});
  EXPECT_NE(w.find("-gpucosim_warppool_vcd (--set) has no effect: warppool is tlm"), std::string::npos) << w;
}

TEST(IdleOptions, AnOptionLeftAtItsDefaultIsNotNamed) {
  // Only options that were given a value count; the others are at their defaults.
  const std::string w = warning_for({"gpucosim_swl_check=1"});
  EXPECT_NE(w.find("-gpucosim_swl_check (--set) has no effect: swl is off"), std::string::npos) << w;
  EXPECT_EQ(w.find("warppool"), std::string::npos) << w;
}

TEST(IdleOptions, PreemptionUnderASchedulerThatDoesNotPreempt) {
  for (const char* policy : {"fcfs", "npq"}) {
    const std::string w = warning_for({std::string("gpucosim_sched_policy=") + policy, "gpucosim_preemption=drain"});
    EXPECT_NE(w.find("-gpucosim_preemption (--set) has no effect: the kernel scheduler"), std::string::npos) << w;
  }
  EXPECT_NE(warning_for({"gpucosim_preemption=drain"}).find("gpucosim_preemption"), std::string::npos);  // fcfs by default
  for (const char* policy : {"ppq", "ppq_shared", "dss"})
    EXPECT_EQ(warning_for({std::string("gpucosim_sched_policy=") + policy, "gpucosim_preemption=drain"}), "") << policy;
  // Both kinds in one line.
  const std::string both = warning_for({"gpucosim_preemption=drain", "gpucosim_swl_check=1"});
  EXPECT_NE(both.find("gpucosim_preemption"), std::string::npos) << both;
  EXPECT_NE(both.find("; -gpucosim_swl_check"), std::string::npos) << both;
}

}  // namespace
}  // namespace gpucosim
