// The results page (bench/warppool_results_page.h) from hand-made rows: its figures are the
// arithmetic they claim, and a target is reported as held exactly when the figure meets it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bench/warppool_results_page.h"

namespace gpucosim::bench {
namespace {

Row row(const std::string& name, double base, double wp, double lpr, bool inter_warp, double mem_stall) {
  Row r;
  r.workload = name;
  r.ok = true;
  r.base_cycles = base;
  r.wp_cycles = wp;
  r.loads_per_request = lpr;
  r.inter_warp = inter_warp;
  r.line_share = inter_warp ? 0.5 : 0.1;
  r.mem_stall_share = mem_stall;
  r.base_mpki = 100;
  r.wp_mpki = 80;
  r.sms = 10;
  return r;
}

Thrash thrash(double switches, double base_mpki, double wp_mpki) {
  Thrash t;
  t.spec = "rowwalk:test";
  t.ok = true;
  t.base_cycles = 1000;
  t.wp_cycles = 900;
  t.base_mpki = base_mpki;
  t.wp_mpki = wp_mpki;
  t.wp_switches = switches;
  return t;
}

const Summary::Check& check(const Summary& s, const std::string& prefix) {
  for (const auto& c : s.checks)
    if (c.what.rfind(prefix, 0) == 0) return c;
  ADD_FAILURE() << "no check starting with " << prefix;
  return s.checks.front();
}

std::vector<Row> base_rows(double transpose_wp_cycles) {
  Row tn = row("transpose_naive", 100000, transpose_wp_cycles, 1.10, true, 0.9);
  tn.wp_writebacks = 600000;  // 60,000 per SM: floor 0.60x of the baseline
  tn.wp_l1_reject_share = 0.25;
  tn.wp_tag_stall_share = 0.3;
  return {row("vecadd", 1000, 1010, 1.0, false, 0.7), tn, row("transpose_shared", 50000, 49000, 1.0, false, 0.2),
          row("gemm_naive", 1000, 1000, 1.05, true, 0.1), row("gemm_store2", 1000, 1000, 1.01, true, 0.1),
          row("spmv_csr", 1000, 2000, 1.5, false, 0.8)};
}

TEST(benchResultsPage, TransposeStudyIsTheRowsArithmetic) {
  const std::vector<Row> rows = base_rows(80000);
  const TransposeStudy t = transpose_study(rows[1], rows[2]);
  ASSERT_TRUE(t.ok);
  EXPECT_DOUBLE_EQ(t.base_cycles, 100000);
  EXPECT_DOUBLE_EQ(t.loads_per_request, 1.10);
  EXPECT_DOUBLE_EQ(t.shared_vs_naive, 0.5);
  EXPECT_DOUBLE_EQ(t.wp_vs_naive, 0.8);
  EXPECT_DOUBLE_EQ(t.wb_per_sm, 60000);
  EXPECT_DOUBLE_EQ(t.wb_floor_vs_naive, 0.6);
  EXPECT_DOUBLE_EQ(t.wb_busy, 0.75);
  EXPECT_DOUBLE_EQ(t.l1_reject_share, 0.25);
  EXPECT_DOUBLE_EQ(t.tag_stall_share, 0.3);
  Row failed = rows[2];
  failed.ok = false;
  EXPECT_FALSE(transpose_study(rows[1], failed).ok);
}

TEST(benchResultsPage, CaseStudySizeIsTheOneNearestTheSeedsBaselineRatio) {
  auto study = [](double shared_vs_naive, bool ok = true) {
    TransposeStudy t;
    t.ok = ok;
    t.shared_vs_naive = shared_vs_naive;
    return t;
  };
  EXPECT_EQ(case_study_index({study(0.65), study(0.35), study(0.13)}), 1u);
  // Distance of logarithms: 0.19 (half of 0.38) is nearer than 0.80 (2.1x of it).
  EXPECT_EQ(case_study_index({study(0.80), study(0.19)}), 1u);
  EXPECT_EQ(case_study_index({study(0.80), study(0.38, false)}), 0u);  // a failed size never wins
  EXPECT_EQ(case_study_index({study(0.38, false)}), 1u);               // none: sweep.size()
  EXPECT_EQ(case_study_index({}), 0u);
}

TEST(benchResultsPage, AlternativeSizeIsNotedOnEveryFigureItChanges) {
  Summary s = summarise(base_rows(60000), thrash(3, 100, 90));
  std::vector<Row> alt_rows = base_rows(80000);
  alt_rows[1].loads_per_request = 1.0;  // the other size also merges differently
  const Summary alt = summarise(alt_rows, thrash(3, 100, 90));
  const Summary plain = s;
  note_alternative(s, alt, "n=1024");
  EXPECT_EQ(s.checks[0].ours, "0.60x (n=1024: 0.80x)");
  // Changed by the transpose row: time ratio, both loads-per-request means, the geomean speedup.
  for (const char* what : {"loads per L1 request, inter-warp", "loads per L1 request, all", "geomean speedup"}) {
    const Summary::Check& c = check(s, what);
    EXPECT_EQ(c.ours, check(plain, what).ours + " (n=1024: " + check(alt, what).ours + ")") << what;
  }
  // Not changed by it: no note.
  for (const char* what : {"vecadd loads", "vecadd time", "thrashing kernel MPKI", "geomean MPKI"})
    EXPECT_EQ(check(s, what).ours, check(plain, what).ours) << what;
  EXPECT_TRUE(s.checks[0].holds);  // the verdict is the chosen size's ...
  // ... and the other size's verdict is kept beside it: 0.80x misses the 0.67x target.
  ASSERT_EQ(s.checks[0].other_sizes.size(), 1u);
  EXPECT_EQ(s.checks[0].other_sizes[0], std::make_pair(std::string("n=1024"), false));
  // A row without a target gets no verdict at the other size either.
  EXPECT_TRUE(check(s, "geomean speedup").other_sizes.empty());
  // At n=1024 the transpose and the inter-warp mean (its row merges less there) miss.
  EXPECT_EQ(check(s, "loads per L1 request, inter-warp").other_sizes[0].second, false);
  EXPECT_EQ(s.held_at("n=1024"), s.held() - 2);
}

// Only rows that can fail are targets: the all-kernel mean and the geomeans report the
// measurement, the SYR2K row is a target (the seed's direction) and says when it contradicts the
// seed, and the summary counts targets only.
TEST(benchResultsPage, OnlyTargetsThatCanFailAreCounted) {
  std::vector<Row> rows = base_rows(60000);
  // Not marked inter-warp here, so they leave the inter-warp mean alone.
  rows.push_back(row("syrk", 1000, 900, 1.066, false, 0.9));
  rows.push_back(row("syr2k", 1000, 900, 1.015, false, 0.9));
  const Summary s = summarise(rows, thrash(3, 100, 90));
  for (const char* what : {"loads per L1 request, all", "geomean speedup", "geomean MPKI"}) {
    EXPECT_FALSE(check(s, what).has_target) << what;
    EXPECT_EQ(check(s, what).target, "-") << what;
  }
  const Summary::Check& syr2k = check(s, "loads per request: syr2k vs syrk");
  EXPECT_TRUE(syr2k.has_target);
  EXPECT_FALSE(syr2k.holds);  // 1.015 is lower than 1.066: the opposite of the seed
  EXPECT_TRUE(syr2k.contradicts_seed);
  int targets = 0, held = 0;
  for (const auto& c : s.checks) {
    targets += c.has_target;
    held += c.has_target && c.holds;
  }
  EXPECT_EQ(s.targets(), targets);
  EXPECT_EQ(s.targets(), int(s.checks.size()) - 3);
  EXPECT_EQ(s.held(), held);
  const std::string text = summary_text(s);
  EXPECT_NE(text.find(std::to_string(held) + " of " + std::to_string(targets) + " targets hold"), std::string::npos) << text;
  EXPECT_NE(text.find("MISSES   loads per request: syr2k vs syrk"), std::string::npos) << text;
  EXPECT_NE(text.find("contradicts the seed"), std::string::npos) << text;
  EXPECT_NE(text.find("report   geomean speedup"), std::string::npos) << text;

  std::vector<Row> higher = rows;
  higher.back().loads_per_request = 1.10;
  const Summary h = summarise(higher, thrash(3, 100, 90));
  EXPECT_TRUE(check(h, "loads per request: syr2k vs syrk").holds);
  EXPECT_FALSE(check(h, "loads per request: syr2k vs syrk").contradicts_seed);
  EXPECT_EQ(h.held(), s.held() + 1);

  // A geomean going the other way than the seed's is said, still without a verdict.
  std::vector<Row> slower = rows;
  for (Row& r : slower) r.wp_cycles = r.base_cycles * 1.2;
  EXPECT_TRUE(check(summarise(slower, thrash(3, 100, 90)), "geomean speedup").contradicts_seed);
}

TEST(benchResultsPage, TargetsHoldExactlyWhenTheFiguresMeetThem) {
  const Summary miss = summarise(base_rows(80000), thrash(3, 100, 90));
  EXPECT_DOUBLE_EQ(miss.transpose_ratio, 0.8);
  EXPECT_FALSE(check(miss, "transpose_naive time").holds);
  const Summary hit = summarise(base_rows(60000), thrash(3, 100, 90));
  EXPECT_TRUE(check(hit, "transpose_naive time").holds);

  // Inter-warp mean over the inter-warp rows only (1.10, 1.05, 1.01); all rows with loads in the other.
  EXPECT_NEAR(miss.inter_warp_lpr, (1.10 + 1.05 + 1.01) / 3, 1e-12);
  EXPECT_TRUE(check(miss, "loads per L1 request, inter-warp").holds);
  EXPECT_NEAR(miss.all_lpr, (1.0 + 1.10 + 1.0 + 1.05 + 1.01 + 1.5) / 6, 1e-12);
  std::vector<Row> low = base_rows(80000);
  low[1].loads_per_request = 1.09;  // mean exactly 1.05: the target is "above 1.05"
  EXPECT_FALSE(check(summarise(low, thrash(3, 100, 90)), "loads per L1 request, inter-warp").holds);

  // vecadd costs 1.0% here (holds); 3% would not.
  EXPECT_TRUE(check(miss, "vecadd time").holds);
  std::vector<Row> slow = base_rows(80000);
  slow[0].wp_cycles = 1030;
  EXPECT_FALSE(check(summarise(slow, thrash(3, 100, 90)), "vecadd time").holds);

  EXPECT_TRUE(check(miss, "loads per request: gemm_store2").holds);  // 1.01 < 1.05
  std::vector<Row> flipped = base_rows(80000);
  flipped[4].loads_per_request = 1.05;  // equal is not lower
  EXPECT_FALSE(check(summarise(flipped, thrash(3, 100, 90)), "loads per request: gemm_store2").holds);

  EXPECT_TRUE(check(miss, "thrashing kernel switches").holds);
  EXPECT_FALSE(check(summarise(base_rows(80000), thrash(0, 100, 90)), "thrashing kernel switches").holds);
  EXPECT_FALSE(check(summarise(base_rows(80000), thrash(3, 100, 100)), "thrashing kernel MPKI").holds);
}

TEST(benchResultsPage, GeomeansCoverTheMemoryLimitedRowsOnly) {
  const Summary s = summarise(base_rows(80000), thrash(3, 100, 90));
  // mem stall >= 50%: vecadd (1000/1010), transpose_naive (1.25x), spmv_csr (0.5x).
  EXPECT_EQ(s.mem_limited, (std::vector<std::string>{"vecadd", "transpose_naive", "spmv_csr"}));
  EXPECT_NEAR(s.mem_geomean_speedup, std::cbrt((1000.0 / 1010) * 1.25 * 0.5), 1e-12);
  EXPECT_NEAR(s.mem_geomean_mpki_ratio, 0.8, 1e-12);
}

TEST(benchResultsPage, PageTabulatesEverySizeAndNamesTheCaseStudy) {
  std::vector<Row> rows = base_rows(80000);
  rows[1].params = "n=1024";
  Row big = rows[1], big_shared = rows[2];
  big.params = "n=2048";
  big.base_cycles = 125000;  // shared/naive 0.40: nearer the seed's 0.38 than 0.50
  big.wp_cycles = 70000;
  const std::vector<TransposeStudy> sweep = {transpose_study(rows[1], rows[2]), transpose_study(big, big_shared)};
  ASSERT_EQ(case_study_index(sweep), 1u);
  const Thrash t = thrash(3, 100, 90);
  const std::string page = results_page(rows, t, summarise(rows, t), sweep, 1, false);
  EXPECT_NE(page.find("(n=2048); the headline"), std::string::npos);
  // The transpose's verdict at every size measured.
  EXPECT_NE(page.find("| n=1024 | 100000 | 0.50x | 0.80x | **no** | 1.100 | 0.60x | 75% | 25% | 30% |"), std::string::npos)
      << page;
  EXPECT_NE(page.find("| n=2048 (case study) | 125000 | 0.40x | 0.56x | yes | 1.100 | 0.48x | 86% | 25% | 30% |"),
            std::string::npos);
  EXPECT_NE(page.find("| transpose_naive time, WarpPool / baseline | 0.80x | 0.50x | <= 0.67x | **no** |"),
            std::string::npos);
  // Rows without a target: no verdict; the summary line counts the targets.
  EXPECT_NE(page.find("| loads per L1 request, all kernels with global loads (mean) | 1.110 | 1.08 | - | - |"),
            std::string::npos)
      << page;
  const Summary sum = summarise(rows, t);
  EXPECT_NE(page.find("**" + std::to_string(sum.held()) + " of " + std::to_string(sum.targets()) + " targets hold**"),
            std::string::npos);
}

// The headline row of a figure the transpose's size changes shows the verdict at each size.
TEST(benchResultsPage, HeadlineRowsShowTheVerdictAtTheOtherSize) {
  Summary s = summarise(base_rows(60000), thrash(3, 100, 90));
  note_alternative(s, summarise(base_rows(80000), thrash(3, 100, 90)), "n=1024");
  std::vector<Row> rows = base_rows(60000);
  const std::string page = results_page(rows, thrash(3, 100, 90), s, {}, 0, false);
  EXPECT_NE(page.find("| transpose_naive time, WarpPool / baseline | 0.60x (n=1024: 0.80x) | 0.50x | <= 0.67x | yes "
                      "(n=1024: **no**) |"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("; " + std::to_string(s.held_at("n=1024")) + " of " + std::to_string(s.targets()) +
                      " with the transpose at n=1024"),
            std::string::npos)
      << page;
}

}  // namespace
}  // namespace gpucosim::bench
