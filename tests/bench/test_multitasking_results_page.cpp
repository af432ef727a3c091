// The multitasking results page (bench/multitasking_results_page.h) from hand-made runs: every
// verdict follows the figures it is given (a trend holds exactly when the numbers show it), and
// the generator itself (`gpucosim-bench multitasking-results --quick`) writes a page of that shape
// from real runs of tiny mixes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/multitasking_results_page.h"
#include "tests/support/test_paths.h"

namespace gpucosim::bench::multitasking {
namespace {

// A run of a mix whose application i has NTT ntt[i] (solo cycles solo[i]).
MixRun run(const char* policy, const char* mech, std::vector<double> ntt, std::vector<double> solo, double stp,
        double fairness, double sm_pre = 0, double pre_cycles = 0) {
  MixRun r;
  r.policy = policy;
  r.mechanism = mech;
  r.ok = true;
  double sum = 0;
  for (size_t i = 0; i < ntt.size(); ++i) {
    AppResult a;
    a.label = "app" + std::to_string(i);
    a.ntt = ntt[i];
    a.solo = solo[i];
    a.turnaround = ntt[i] * solo[i];
    a.runs = 1;
    r.apps.push_back(a);
    sum += ntt[i];
  }
  r.antt = sum / double(ntt.size());
  r.stp = stp;
  r.fairness = fairness;
  KernelResult k;
  k.name = "victim";
  k.app = 0;
  k.sm_preemptions = sm_pre;
  k.preemption_cycles = pre_cycles;
  k.preemptions = sm_pre * 4;
  k.save_bytes = k.restore_bytes = k.preemptions * 6400;
  r.kernels.push_back(k);
  r.cycles = 100000;
  return r;
}

// A priority mix where every PPQ trend holds: long blocks (draining waits 20000 cycles, a save
// 1000) or big contexts (a save 8000 cycles, draining 500).
Mix priority_mix(Regime regime) {
  Mix m;
  m.regime = regime;
  m.name = regime == Regime::LongBlocks ? "long" : "big";
  m.apps = {"low", "high@priority=1"};
  const std::vector<double> solo = {100000, 10000};
  const bool lb = regime == Regime::LongBlocks;
  m.runs.push_back(run("fcfs", "", {1.1, 8.0}, solo, 1.0, 0.12));
  m.runs.push_back(run("fcfs_sm", "", {1.1, 8.2}, solo, 1.0, 0.12));
  m.runs.push_back(run("npq", "", {1.1, 8.0}, solo, 1.03, 0.12));
  m.runs.push_back(run("ppq", "context_switch", {1.3, lb ? 1.5 : 3.0}, solo, 0.95, 0.4, 4, lb ? 4000 : 32000));
  m.runs.push_back(run("ppq", "drain", {1.2, lb ? 4.0 : 2.0}, solo, 0.90, 0.3, 4, lb ? 80000 : 2000));
  m.runs.push_back(run("ppq_shared", "context_switch", {1.3, lb ? 1.6 : 3.1}, solo, 0.90, 0.4, 4, 4000));
  m.runs.push_back(run("ppq_shared", "drain", {1.2, lb ? 4.1 : 2.1}, solo, 0.85, 0.3, 4, 80000));
  return m;
}

// A DSS mix of n processes (app 0 long, the others short): DSS speeds the short ones up by
// `gain`, slows the long one down, and raises fairness by `fair`.
Mix dss_mix(size_t n, double gain, double fair) {
  Mix m;
  m.name = std::to_string(n) + " processes";
  std::vector<double> solo = {100000}, fc = {1.05}, cs = {1.3}, dr = {1.35};
  for (size_t i = 1; i < n; ++i) {
    solo.push_back(5000);
    fc.push_back(6.0);
    cs.push_back(6.0 / gain);
    dr.push_back(6.0 / gain * 1.1);
  }
  for (size_t i = 0; i < n; ++i) m.apps.push_back("w" + std::to_string(i) + "@repeat=3");
  m.runs.push_back(run("fcfs", "", fc, solo, 1.5, 0.1));
  m.runs.push_back(run("dss", "context_switch", cs, solo, 1.4, 0.1 * fair, 8, 8000));
  m.runs.push_back(run("dss", "drain", dr, solo, 1.3, 0.1 * fair * 0.9, 8, 60000));
  return m;
}

SaveRow save_row() {
  SaveRow r;
  r.workload = "longblock";
  r.kernel = "_Z9longblockPKfPfi";
  r.ok = true;
  r.blocks_per_sm = 16;
  r.context_bytes_per_sm = 16 * 6272;  // 128 threads x 12 registers x 4 B + 4 warps x 32 B
  r.save_us = 16 * 6272 / 52e9 * 1e6;
  r.preemptions = 64;
  r.save_bytes = 64 * 6272;  // 49 whole lines
  r.cs_sm_preemptions = 4;
  r.cs_preemption_cycles = 4 * 1500.0;
  r.drain_sm_preemptions = 4;
  r.drain_preemption_cycles = 4 * 40000.0;
  return r;
}

Input all_hold() {
  Input in;
  in.config = "TANASIC-T51 with 4 SMs";
  in.sms = 4;
  in.clock_mhz = 706;
  in.command = "gpucosim-bench multitasking-results";
  in.priority = {priority_mix(Regime::LongBlocks), priority_mix(Regime::BigContext)};
  in.dss = {dss_mix(2, 1.5, 1.2), dss_mix(4, 2.0, 2.0), dss_mix(6, 3.0, 3.0)};
  in.saves = {save_row()};
  return in;
}

const Check& check(const Summary& s, const std::string& id) {
  for (const Check& c : s.checks)
    if (c.id == id) return c;
  ADD_FAILURE() << "no check " << id;
  static const Check none;
  return none;
}

const std::vector<std::string> kIds = {"a", "b1", "b2", "c1", "c2", "d1", "d2", "d3", "d4", "e1", "e2", "e3", "f1", "f2"};

TEST(MultitaskingResultsPage, EveryTrendHoldsOnFiguresThatShowIt) {
  const Input in = all_hold();
  const Summary s = summarise(in);
  ASSERT_EQ(s.checks.size(), kIds.size());
  for (const std::string& id : kIds) EXPECT_TRUE(check(s, id).holds) << id << ": " << check(s, id).ours;
  EXPECT_EQ(s.held(), int(kIds.size()));
  EXPECT_NEAR(hp_improvement(in.priority[0], in.priority[0].runs[3]), 8.0 / 1.5, 1e-12);
  const std::string page = results_page(in, s);
  EXPECT_NE(page.find("14 of 14 trends hold"), std::string::npos);
  EXPECT_EQ(page.find("does not hold"), std::string::npos);
  for (const char* part : {"## Trends", "## Priority mixes", "## DSS against FCFS", "## Context save", "| PPQ-CS |",
                           "| PPQ-shared-drain |", "| FCFS-SM |", "| DSS-CS |", "5.33x"})
    EXPECT_NE(page.find(part), std::string::npos) << part;
}

TEST(MultitaskingResultsPage, EachTrendFailsWhenItsFiguresDoNotShowIt) {
  Input in = all_hold();
  // (a) draining as quick as context switch for the high-priority application.
  in.priority[0].runs[4].apps[1].ntt = 1.4;
  // (b1, b2) NPQ 1.3x better than FCFS and than FCFS-SM.
  in.priority[1].runs[2].apps[1].ntt = 8.0 / 1.3;
  // (c1, c2) the big-context mix's saves are not longer than its drains.
  in.priority[1].runs[4].kernels[0].preemption_cycles = 4 * 40000.0;
  // (d1, d2, d3) at 4 processes DSS slows the short ones down, speeds the long one up, and
  // lowers fairness; (d4) so the fairness gain falls from 2 to 4 processes.
  for (MixRun& r : in.dss[1].runs)
    if (r.policy == "dss") {
      for (size_t i = 1; i < r.apps.size(); ++i) r.apps[i].ntt = 7.0;
      r.apps[0].ntt = 1.0;
      r.fairness = 0.05;
    }
  // (e1) draining cheaper than context switch; (e2) shared cheaper than exclusive.
  for (Mix& m : in.priority) {
    m.runs[3].stp = 0.8;
    m.runs[4].stp = 0.95;
    m.runs[5].stp = 0.99;
    m.runs[6].stp = 0.99;
  }
  // (e3) DSS-CS costs more STP than DSS-drain.
  for (Mix& m : in.dss) m.runs[1].stp = 1.0;
  // (f1) a context size the model does not give; (f2) a save 10x slower than modelled.
  in.saves[0].save_bytes = 64 * 12800;
  in.saves[0].cs_preemption_cycles = 4 * 16 * 1900.0;
  const Summary s = summarise(in);
  for (const std::string& id : kIds) EXPECT_FALSE(check(s, id).holds) << id << ": " << check(s, id).ours;
  EXPECT_EQ(s.held(), 0);
  const std::string page = results_page(in, s);
  EXPECT_NE(page.find("0 of 14 trends hold"), std::string::npos);
  size_t n = 0;
  for (size_t p = page.find("**does not hold**"); p != std::string::npos; p = page.find("**does not hold**", p + 1)) ++n;
  EXPECT_EQ(n, kIds.size());
  EXPECT_NE(summary_text(s).find("[does not hold] (a)"), std::string::npos);
}

TEST(MultitaskingResultsPage, AFailedRunIsShownAndFailsItsTrends) {
  Input in = all_hold();
  in.priority[0].runs[3].ok = false;  // PPQ-CS of the long-block mix
  const Summary s = summarise(in);
  EXPECT_FALSE(check(s, "a").holds);
  EXPECT_FALSE(check(s, "e1").holds);
  EXPECT_TRUE(check(s, "b1").holds);
  const std::string page = results_page(in, s);
  EXPECT_NE(page.find("| PPQ-CS | failed"), std::string::npos);
}

// The generator from real runs of its --quick mixes (tiny: the whole bench in seconds).
TEST(MultitaskingResultsPage, QuickBenchWritesThePage) {
  const std::string bench = test::binary_dir() + "/bench/gpucosim-bench";
  if (!std::filesystem::exists(bench)) GTEST_SKIP() << "no " << bench;
  const std::string out = test::scratch_dir() + "/multitasking.md";
  const test::CommandResult r = test::run_command(bench + " multitasking-results --quick -j 2 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream f(out);
  std::stringstream text;
  text << f.rdbuf();
  const std::string page = text.str();
  for (const char* part : {"# Multiprogrammed GPU results", "Quick check", "## Trends", "trends hold", "## Priority mixes",
                           "### longblock + vecadd", "### bigctx + vecadd", "## DSS against FCFS", "### 2 processes",
                           "### 4 processes", "## Context save", "| PPQ-CS |", "| NPQ |", "| DSS-drain |"})
    EXPECT_NE(page.find(part), std::string::npos) << part << "\n" << page;
  EXPECT_EQ(page.find("failed"), std::string::npos) << page;
  // One verdict per trend, each "holds" or "does not hold", and the summary counts them.
  size_t verdicts = 0;
  for (const std::string& id : kIds)
    if (page.find("| " + id + " | ") != std::string::npos) ++verdicts;
  EXPECT_EQ(verdicts, kIds.size());
  EXPECT_NE(r.output.find("Multitasking results: "), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gpucosim::bench::multitasking
