// add_stats_exactly: statistics collected in parts (the SMs' and the other components' in maps of
// their own) are summed only where the sum cannot depend on the order of addition
// (GpuModel::collect_grouped).
#include <gtest/gtest.h>

#include "systemc/gpu/stats.h"

namespace gpucosim {
namespace {

TEST(StatsMerge, AddsSharedIntegerCountersAndTakesTheOthers) {
  StatsMap to{{"a", 3}, {"c", 5}};
  const StatsMap from{{"a", 4}, {"b", 1}, {"d", 2.5}};
  ASSERT_TRUE(add_stats_exactly(to, from));
  const StatsMap want{{"a", 7}, {"b", 1}, {"c", 5}, {"d", 2.5}};  // d: held by one part only
  EXPECT_EQ(to, want);
}

// A fraction in a counter both parts hold: (x + y) + z need not equal x + (y + z) in the last
// bit, so nothing is added and the caller collects in order instead.
TEST(StatsMerge, RefusesASharedCounterWithAFraction) {
  const StatsMap before{{"a", 3}, {"bw", 0.1}};
  StatsMap to = before;
  EXPECT_FALSE(add_stats_exactly(to, StatsMap{{"a", 1}, {"bw", 0.2}}));
  EXPECT_EQ(to, before) << "unchanged";
  EXPECT_FALSE(add_stats_exactly(to, StatsMap{{"bw", 1}})) << "the fraction on either side";
  EXPECT_EQ(to, before);
}

TEST(StatsMerge, IntegersBeyondADoublesExactRangeAreNotExact) {
  EXPECT_TRUE(exact_integer(9007199254740991.0));   // 2^53 - 1
  EXPECT_FALSE(exact_integer(9007199254740992.0));  // 2^53: 2^53 + 1 rounds to it
  EXPECT_FALSE(exact_integer(0.5));
  EXPECT_TRUE(exact_integer(-42.0));
}

}  // namespace
}  // namespace gpucosim
