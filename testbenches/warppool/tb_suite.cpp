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
#include "tlm_adapters/warppool/warppool_rtl.h"

namespace gpucosim::tb {
namespace {

Mix mix_of(std::initializer_list<std::pair<Pat, uint32_t>> w, uint32_t store_pct, uint32_t hot = 16) {
  Mix m;
  for (auto& [p, v] : w) m.weight[size_t(p)] = v;
  m.store_pct = store_pct;
  m.hot_lines = hot;
  return m;
}

const Mix kAll = mix_of({{Pat::Consecutive, 3}, {Pat::Misaligned, 2}, {Pat::Broadcast, 2}, {Pat::Single, 2},
                         {Pat::Partial, 2}, {Pat::Strided2, 2}, {Pat::Divergent, 1}, {Pat::Column, 3},
                         {Pat::SubWord, 1}, {Pat::ZeroMask, 1}, {Pat::Rows16, 2}},
                        20);

// The phases; `quantum` cycles with every load missing make the policy toggle.
void run_suite(Env& env, uint32_t quantum, uint32_t scale) {
  Knobs gentle;
  gentle.mix = kAll;
  env.run(gentle, 2000 * scale, 30 * scale);

  Knobs pressure;  // slow, rejecting L1 with bunched returns: back-pressure everywhere
  pressure.issue_pct = 100;
  pressure.accept_pct = 60;
  pressure.reject_burst_pct = 3;
  pressure.reject_burst_len = 60;
  pressure.ret_hold_pct = 40;
  pressure.miss_pct = 70;
  pressure.miss_lat_min = 50;
  pressure.miss_lat_max = 400;
  pressure.mix = kAll;
  env.run(pressure, 3000 * scale, 40 * scale);

  Knobs random = pressure;  // random mappings: the thread map table fills
  random.mix = mix_of({{Pat::Strided2, 4}, {Pat::SubWord, 2}, {Pat::Partial, 2}, {Pat::Divergent, 1}}, 10);
  env.run(random, 2000 * scale, 30 * scale);

  Knobs merge;  // few hot lines, column accesses: full merges, tag stalls, port conflicts
  merge.issue_pct = 100;
  merge.accept_pct = 30;
  merge.miss_pct = 20;
  merge.mix = mix_of({{Pat::Column, 4}, {Pat::Broadcast, 2}, {Pat::Consecutive, 1}}, 5, 2);
  env.run(merge, 2000 * scale, 30 * scale);

  Knobs mshr;  // long misses, divergent loads: every request id in flight
  mshr.issue_pct = 100;
  mshr.accept_pct = 100;
  mshr.miss_pct = 100;
  mshr.miss_lat_min = 700;
  mshr.miss_lat_max = 1000;
  mshr.mix = mix_of({{Pat::Divergent, 3}, {Pat::Column, 1}}, 0);
  mshr.mix.shared_lines = false;  // distinct lines: no merging, one id per line
  env.run(mshr, 3000, 12);
  env.drain(20000);

  Knobs stores;  // stores among a load stream the L1 cannot keep up with: stores wait, then the cap forces them
  stores.issue_pct = 100;
  stores.accept_pct = 50;
  stores.miss_pct = 0;
  stores.mix = mix_of({{Pat::Divergent, 3}, {Pat::Consecutive, 1}, {Pat::Single, 1}}, 5);
  stores.mix.shared_lines = false;
  env.run(stores, 3000 * scale, 40 * scale);

  // Policy: a quantum of misses toggles to warp ID; a starving high warp hits the age cap under
  // warp ID; a quantum of misses toggles back to oldest.
  Knobs misses = gentle;
  misses.miss_pct = 100;
  misses.miss_lat_min = 5;
  misses.miss_lat_max = 30;
  misses.issue_pct = 100;
  misses.mix.store_pct = 0;
  // The quantum is counted from reset: finish the current one, then one full quantum of misses.
  const auto to_boundary = [&] { return quantum - env.cycle() % quantum; };
  env.run(misses, to_boundary() + quantum + 10, quantum / 8 + 50);
  Knobs starve;
  starve.issue_pct = 100;
  starve.accept_pct = 50;
  starve.miss_pct = 0;
  starve.mix = mix_of({{Pat::Divergent, 1}}, 0);
  starve.mix.shared_lines = false;
  env.run(starve, std::max<uint64_t>(quantum / 8, 8000), 2000);
  env.run(misses, to_boundary() + quantum + 10, quantum / 8 + 50);
  // Silence for most of the next quantum (the bridge skips the quiet cycles), a short burst of
  // missing loads, then silence across the quantum's end: the policy must toggle exactly there.
  Knobs silent = misses;
  silent.issue_pct = 0;
  env.run(silent, to_boundary() - 2000, 0);
  Knobs burst = misses;
  burst.mix = mix_of({{Pat::Consecutive, 1}}, 0);
  env.run(burst, 300, 2);
  env.run(silent, 4000, 0);
  env.run(gentle, 1000, 10);
  env.drain(50000);
}

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
  EXPECT_GT(rtl.skipped_cycles(), 0u) << "quiet-cycle skipping in the bridge was never exercised";
  std::printf("[%s seed %llu] %llu cycles in lockstep (%.2f s, %.0f cycles/s), %llu loads, %llu line requests, "
              "%llu lanes checked, at most %u request ids in flight, %llu quiet cycles skipped by the bridge\n",
              name, (unsigned long long)seed, (unsigned long long)env.compared(), s, double(env.compared()) / s,
              (unsigned long long)env.loads_issued(), (unsigned long long)env.lines_of_loads(),
              (unsigned long long)env.lanes_checked(), env.max_ids(), (unsigned long long)rtl.skipped_cycles());
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
