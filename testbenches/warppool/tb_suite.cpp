// The lockstep suites: a sequence of directed and constrained-random phases run on the twin and
// the Verilated RTL together, for the GTX 480 parameter set (Vwarppool) and a tiny one
// (Vwarppool_small) that reaches every full and stall case quickly. Each suite must end with no
// error, every load lane checked, and complete functional coverage.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "Vwarppool.h"
#include "Vwarppool_params.h"
#include "Vwarppool_small.h"
#include "Vwarppool_small_params.h"
#include "tb_env.h"
#include "tb_stimulus.h"
#include "tlm_adapters/warppool/warppool_rtl.h"

namespace gpucosim::tb {
namespace {

template <class VModel>
void lockstep_suite(const WarpPoolParams& p, uint64_t seed, uint32_t scale, Coverage& cov, const char* name) {
  WarpPoolTwin twin(p);
  WarpPoolRtl<VModel> rtl(p);
  Env env(twin, &rtl, seed, cov);
  const auto t0 = std::chrono::steady_clock::now();
  run_suite(env, p.quantum, scale);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(env.ok()) << name << " seed " << seed << ": " << env.error();
  EXPECT_GT(env.lanes_checked(), 1000u);
  EXPECT_EQ(env.slots_sent(), env.lines_of_loads());
  EXPECT_GT(rtl.held_cycles(), 0u) << "quiet-cycle skipping in the bridge was never exercised";
  std::printf("[%s seed %llu] %llu cycles in lockstep (%.2f s, %.0f cycles/s), %llu loads, %llu line requests, "
              "%llu lanes checked, at most %u request ids in flight, %llu quiet cycles skipped by the bridge\n",
              name, (unsigned long long)seed, (unsigned long long)env.compared(), s, double(env.compared()) / s,
              (unsigned long long)env.loads_issued(), (unsigned long long)env.lines_of_loads(),
              (unsigned long long)env.lanes_checked(), env.max_ids(), (unsigned long long)rtl.held_cycles());
}

std::vector<std::string> required_bins(const WarpPoolParams& p) {
  std::vector<std::string> r = {"class_consecutive", "class_broadcast", "class_single", "class_range",
                                "class_random", "range_half_warp", "send_oldest", "send_warpid", "toggle_to_warpid",
                                "toggle_to_oldest", "warpid_bypass", "l1_reject", "l1_stall_returns",
                                "ret_blocked", "out_of_order_return", "issue_blocked_iq_full",
                                "issue_blocked_ld_consistency", "issue_blocked_st_consistency", "store_sent",
                                "zero_mask_popped", "subword_load", "alloc_deferred"};
  for (const char* s : {"iq_full", "tmt_full", "tag_stall", "port_conflict", "mshr_full", "wbq_full",
                        "store_waits", "age_forced", "store_forced", "tmt_stall", "coal_busy"})
    r.push_back(std::string("status_") + s);
  for (uint32_t k = 1; k <= p.slots_per_tag; ++k) r.push_back("merge_" + std::to_string(k));
  return r;
}

void require_complete(const Coverage& cov, const WarpPoolParams& p, const char* name) {
  std::printf("[%s] functional coverage:\n%s", name, cov.summary().c_str());
  const auto missing = required_bins(p);
  const auto m = cov.missing(missing);
  std::string list;
  for (const auto& b : m) list += " " + b;
  EXPECT_TRUE(m.empty()) << name << ": coverage incomplete, never hit:" << list;
  std::printf("[%s] coverage: %zu of %zu required bins hit\n", name, missing.size() - m.size(), missing.size());
}

TEST(WarpPoolTestbench, SmallConfigLockstepScoreboardCoverage) {
  Coverage cov;
  const WarpPoolParams p = Vwarppool_small_params();
  for (uint64_t seed : {1, 2, 3}) lockstep_suite<Vwarppool_small>(p, seed, 1, cov, "small");
  require_complete(cov, p, "small");
}

TEST(WarpPoolTestbench, Gtx480ConfigLockstepScoreboardCoverage) {
  Coverage cov;
  const WarpPoolParams p = Vwarppool_params();
  for (uint64_t seed : {7, 8}) lockstep_suite<Vwarppool>(p, seed, 1, cov, "gtx480");
  require_complete(cov, p, "gtx480");
}

}  // namespace
}  // namespace gpucosim::tb
