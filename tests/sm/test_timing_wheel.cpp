// The SM's timing wheel: events beyond its horizon (a writeback backlog longer than the longest
// latency) wait in an overflow list and still come out at their cycle, in scheduling order.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "systemc/sm/timing_wheel.h"

namespace gpucosim {
namespace {

// Drains cycle by cycle from `from` to `to`, recording (cycle, event) in drain order.
std::vector<std::pair<uint64_t, int>> drain_all(TimingWheel<int>& w, uint64_t from, uint64_t to) {
  std::vector<std::pair<uint64_t, int>> out;
  for (uint64_t c = from; c <= to; ++c) w.drain(c, [&](int v) { out.emplace_back(c, v); });
  return out;
}

TEST(TimingWheel, EventsBeyondTheHorizonComeOutAtTheirCycle) {
  TimingWheel<int> w(8);  // 16 buckets
  w.schedule(0, 5, 1);
  w.schedule(0, 100, 2);   // far beyond the horizon
  w.schedule(0, 1000, 3);
  EXPECT_EQ(w.size(), 3u);
  const auto got = drain_all(w, 0, 1000);
  const std::vector<std::pair<uint64_t, int>> want = {{5, 1}, {100, 2}, {1000, 3}};
  EXPECT_EQ(got, want);
  EXPECT_TRUE(w.empty());
}

TEST(TimingWheel, AnOverflowEventPrecedesLaterEventsForTheSameCycle) {
  TimingWheel<int> w(8);
  w.schedule(0, 40, 1);  // overflow
  // Events for cycle 40 scheduled later, once it is within the horizon, follow it.
  for (uint64_t c = 0; c <= 40; ++c) {
    if (c == 30) w.schedule(c, 40, 2);
    if (c == 35) w.schedule(c, 40, 3);
    std::vector<int> seen;
    w.drain(c, [&](int v) { seen.push_back(v); });
    if (c == 40) EXPECT_EQ(seen, (std::vector<int>{1, 2, 3}));
    else EXPECT_TRUE(seen.empty()) << "cycle " << c;
  }
  EXPECT_TRUE(w.empty());
}

TEST(TimingWheel, MatchesASortedReferenceUnderRandomDelays) {
  TimingWheel<int> w(16);
  std::multimap<uint64_t, int> ref;  // insertion order kept among equal keys
  uint32_t x = 12345;
  int id = 0;
  std::vector<std::pair<uint64_t, int>> got, want;
  for (uint64_t c = 0; c < 3000; ++c) {
    for (int k = 0; k < 3; ++k) {
      x = x * 1103515245u + 12345u;
      const uint64_t delay = (x >> 8) % 90;  // up to ~5x the horizon
      if (c < 2500) {
        w.schedule(c, c + delay, id);
        ref.emplace(c + delay, id);
        ++id;
      }
    }
    w.drain(c, [&](int v) { got.emplace_back(c, v); });
    for (auto it = ref.begin(); it != ref.end() && it->first == c; it = ref.erase(it)) want.emplace_back(c, it->second);
  }
  EXPECT_EQ(got, want);
  EXPECT_TRUE(w.empty());
}

// next_due() names the earliest pending cycle after `now` (overflow events included), so an owner
// may sleep until then: checked against the reference at every cycle, with horizons below and
// above one bitmap word.
TEST(TimingWheel, NextDueIsTheEarliestPendingCycle) {
  for (uint32_t horizon : {8u, 100u, 300u}) {
    TimingWheel<int> w(horizon);
    std::multimap<uint64_t, int> ref;
    uint32_t x = 777;
    EXPECT_EQ(w.next_due(0), TimingWheel<int>::kNever);
    for (uint64_t c = 0; c < 4000; ++c) {
      x = x * 1103515245u + 12345u;
      if (c < 3500 && (x >> 9) % 4 == 0) {
        const uint64_t when = c + 1 + (x >> 12) % (3 * horizon);
        w.schedule(c, when, int(c));
        ref.emplace(when, int(c));
      }
      w.drain(c, [](int) {});
      while (!ref.empty() && ref.begin()->first <= c) ref.erase(ref.begin());
      const uint64_t want = ref.empty() ? TimingWheel<int>::kNever : ref.begin()->first;
      ASSERT_EQ(w.next_due(c), want) << "horizon " << horizon << " cycle " << c;
    }
  }
}

}  // namespace
}  // namespace gpucosim
