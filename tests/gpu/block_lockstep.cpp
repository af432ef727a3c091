#include "tests/gpu/block_lockstep.h"

#include <gtest/gtest.h>

namespace gpucosim::test {

CliRun expect_exact_lockstep(const std::string& base, const std::string& block) {
  const CliRun lock = run_cli(base + "lockstep");
  EXPECT_EQ(lock.exit_code, 0) << lock.output;
  if (lock.exit_code != 0) return lock;
  EXPECT_EQ(lock.stats["end"], "completed");
  const json& t = lock.stats["total"];
  EXPECT_EQ(t["lockstep_mismatches"].get<double>(), 0.0);
  // Every SM counts every cycle of the run (idle ones too), so this is the number of SMs.
  const double n_sms = t["sm_cycles"].get<double>() / t["gpu_sim_cycle"].get<double>();
  EXPECT_EQ(n_sms, double(uint64_t(n_sms)));
  const double stepped = t[block + "_cycles"].get<double>() + n_sms;
  EXPECT_EQ(t["lockstep_cycles_compared"].get<double>() + t["lockstep_cycles_held"].get<double>(), stepped);

  const CliRun every = run_cli(base + "lockstep --set gpucosim_" + block + "_eval_every_cycle=1");
  EXPECT_EQ(every.exit_code, 0) << every.output;
  if (every.exit_code != 0) return lock;
  const json& e = every.stats["total"];
  EXPECT_EQ(e["lockstep_cycles_held"].get<double>(), 0.0);
  EXPECT_EQ(e["lockstep_cycles_compared"].get<double>(), stepped);
  json ja = lock.stats, jb = every.stats;
  drop_wall_clock(ja);
  drop_wall_clock(jb);
  for (json* j : {&ja, &jb})
    for (const char* k : {"lockstep_cycles_compared", "lockstep_cycles_held"}) (*j)["total"].erase(k);
  EXPECT_EQ(ja["total"], jb["total"]);
  return lock;
}

}  // namespace gpucosim::test
