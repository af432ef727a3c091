// KernelLedger (systemc/gpu/kernel_ledger.h): exact per-launch attribution of cumulative
// counters, charged() telling whether a launch has anything, and memory bounded by the launches
// with charges (a forgotten launch gets no entry back when the component merely moves on).
#include <gtest/gtest.h>

#include <cstdint>

#include "systemc/gpu/kernel_ledger.h"

namespace gpucosim::test {
namespace {

struct Two {
  uint64_t a = 0, b = 0;
};

TEST(kernel_ledger, LaunchesSumToTheCumulativeCounters) {
  KernelLedger<Two> l;
  Two now;
  l.charge_to(1, now);
  now.a += 3;
  l.charge_to(2, now);
  now.b += 5;
  now.a += 1;
  l.charge_to(1, now);
  now.a += 2;
  const Two one = l.of(1, now), two = l.of(2, now);
  EXPECT_EQ(one.a, 5u);
  EXPECT_EQ(one.b, 0u);
  EXPECT_EQ(two.a, 1u);
  EXPECT_EQ(two.b, 5u);
  EXPECT_EQ(one.a + two.a, now.a);
  EXPECT_EQ(one.b + two.b, now.b);
  EXPECT_TRUE(l.charged(1, now));
  EXPECT_TRUE(l.charged(2, now));
  EXPECT_FALSE(l.charged(3, now));
}

TEST(kernel_ledger, AForgottenLaunchStaysEmptyUntilChargedAgain) {
  KernelLedger<Two> l;
  Two now;
  // Thousands of launches one after the other, each forgotten at its end, the component moving
  // to the next launch with nothing counted in between: entries stay bounded.
  for (uint32_t k = 1; k <= 2000; ++k) {
    l.charge_to(k, now);
    now.a += 1;
    EXPECT_TRUE(l.charged(k, now));
    l.forget(k, now);
    EXPECT_FALSE(l.charged(k, now)) << "launch " << k << " right after forget";
  }
  EXPECT_LE(l.launches_held(), 2u);
  // Work counted for a forgotten launch after its end is charged to it again.
  now.b += 7;
  EXPECT_TRUE(l.charged(2000, now));
  EXPECT_EQ(l.of(2000, now).b, 7u);
  l.charge_to(2001, now);
  EXPECT_TRUE(l.charged(2000, now));
  EXPECT_FALSE(l.charged(2001, now));
}

}  // namespace
}  // namespace gpucosim::test
