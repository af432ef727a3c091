// WarpScheduler's walk in index space (walk_mask / walk_slot), which the SM uses to visit only
// the warps whose answer it cannot know, must place every warp exactly where for_each_candidate
// visits it, after any sequence of arrivals, departures and issues.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "systemc/sm/warp_scheduler.h"

namespace gpucosim {
namespace {

std::vector<uint32_t> full_walk(WarpScheduler& s) {
  std::vector<uint32_t> order;
  s.for_each_candidate([&](uint32_t w) {
    order.push_back(w);
    return false;
  });
  return order;
}

void expect_walk_matches(WarpScheduler& s, std::mt19937_64& rng) {
  const std::vector<uint32_t> order = full_walk(s);
  ASSERT_EQ(order.size(), s.size());
  uint64_t members = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    EXPECT_EQ(s.walk_slot(uint32_t(k)), order[k]) << "index " << k;
    members |= uint64_t(1) << order[k];
  }
  EXPECT_EQ(s.members(), members);
  // Any subset lands on the indices at which the full walk visits its warps.
  for (int t = 0; t < 8; ++t) {
    const uint64_t subset = members & rng();
    uint64_t expected = 0;
    for (size_t k = 0; k < order.size(); ++k)
      if ((subset >> order[k]) & 1u) expected |= uint64_t(1) << k;
    EXPECT_EQ(s.walk_mask(subset), expected);
  }
}

void exercise(SchedulerPolicy p, uint32_t max_slot, uint64_t seed) {
  std::mt19937_64 rng(seed);
  WarpScheduler s(0, p, 4);
  uint64_t in = 0;
  uint64_t age = 0;
  for (int step = 0; step < 2000; ++step) {
    const uint32_t slot = uint32_t(rng() % max_slot);
    const int what = int(rng() % 3);
    if (what == 0 && !((in >> slot) & 1u)) {
      s.add_warp(slot, ++age);
      in |= uint64_t(1) << slot;
    } else if (what == 1 && ((in >> slot) & 1u)) {
      s.remove_warp(slot);
      in &= ~(uint64_t(1) << slot);
    } else if (what == 2 && ((in >> slot) & 1u)) {
      s.issued(slot);
    }
    expect_walk_matches(s, rng);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(WarpScheduler, WalkMaskPlacesWarpsWhereTheLrrWalkVisitsThem) {
  exercise(SchedulerPolicy::LRR, 64, 1);
  exercise(SchedulerPolicy::LRR, 16, 2);
}

TEST(WarpScheduler, WalkMaskPlacesWarpsWhereTheGtoWalkVisitsThem) {
  exercise(SchedulerPolicy::GTO, 64, 3);
  exercise(SchedulerPolicy::GTO, 16, 4);
}

}  // namespace
}  // namespace gpucosim
