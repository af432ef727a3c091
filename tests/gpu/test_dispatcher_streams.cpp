// Command buffers of the dispatcher (systemc/gpu/dispatcher.h): a kernel starts only after every
// earlier kernel of its stream has finished, kernels start in command-list order, a kernel with
// no thread blocks finishes as it starts and lets the next one of its stream start on the same
// cycle, and quiet_until() names the cycle of the next start while nothing runs (the GPU model
// skips the idle cycles before it). Driven by a fake GPU whose SMs take any block and complete it
// on the next cycle.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "systemc/gpu/dispatcher.h"
#include "tests/gpu/fake_kernel_source.h"

namespace gpucosim::test {
namespace {

struct Dispatched {
  std::map<uint32_t, uint64_t> start, end;
  std::vector<uint32_t> start_order;
  std::vector<std::pair<uint64_t, uint64_t>> quiet;  // (cycle, quiet_until) whenever nothing ran
};

// kernels: (stream, blocks); latency: the kernel launch latency.
Dispatched run(const std::vector<std::pair<uint64_t, uint32_t>>& kernels, uint32_t latency) {
  Dispatched r;
  struct Issued {
    uint32_t sm, launch;
    uint64_t seq;
  };
  std::vector<Issued> resident;  // issued this cycle
  LimitsConfig lim;
  lim.kernel_launch_latency = latency;
  lim.max_concurrent_kernels = 8;
  DispatchHooks h;
  h.can_launch = [](uint32_t, const KernelHeader&) { return true; };
  h.launch_block = [&](uint32_t sm, uint32_t id, const KernelHeader&, const OpcodeTable&, BlockContext&& bc) {
    resident.push_back({sm, id, bc.seq});
  };
  uint64_t now = 0;
  h.kernel_started = [&](uint32_t id, const KernelHeader&, uint64_t c) {
    r.start[id] = c;
    r.start_order.push_back(id);
  };
  h.kernel_finished = [&](uint32_t id, const KernelHeader&, uint64_t c) { r.end[id] = c; };
  Dispatcher d(lim, 4, std::move(h), 1);
  for (const auto& [stream, blocks] : kernels) {
    const uint32_t n = blocks;
    d.add_kernel([n] { return std::make_unique<FakeKernelSource>("k", n); }, stream);
  }
  for (now = 0; now < 100000 && !d.all_done(); ++now) {
    std::vector<Issued> done;
    done.swap(resident);
    for (const Issued& b : done) d.block_completed(b.sm, b.launch, b.seq, now);
    d.tick(now);
    if (resident.empty() && done.empty()) r.quiet.push_back({now, d.quiet_until(now)});
  }
  EXPECT_TRUE(d.all_done());
  return r;
}

TEST(dispatcher_streams, KernelsWaitForTheirStreamAndStartInListOrder) {
  // Stream 1: kernels 1, 3 (no blocks), 5; stream 2: kernels 2, 4.
  const Dispatched r = run({{1, 3}, {2, 2}, {1, 0}, {2, 5}, {1, 1}}, 0);
  ASSERT_EQ(r.start.size(), 5u);
  EXPECT_EQ(r.start.at(1), r.start.at(2)) << "different streams start together";
  EXPECT_GE(r.start.at(3), r.end.at(1));
  EXPECT_GE(r.start.at(4), r.end.at(2));
  EXPECT_GE(r.start.at(5), r.end.at(3));
  // Kernel 3 has no block: it ends as it starts and kernel 5 starts on that very cycle.
  EXPECT_EQ(r.end.at(3), r.start.at(3));
  EXPECT_EQ(r.start.at(5), r.start.at(3));
  // Same-cycle starts are in command-list order.
  for (size_t i = 1; i < r.start_order.size(); ++i) {
    const uint32_t a = r.start_order[i - 1], b = r.start_order[i];
    if (r.start.at(a) == r.start.at(b)) {
      EXPECT_LT(a, b);
    }
  }
}

TEST(dispatcher_streams, QuietUntilNamesTheNextStart) {
  const Dispatched r = run({{0, 2}, {0, 2}, {0, 1}}, 40);
  ASSERT_EQ(r.start.size(), 3u);
  size_t checked = 0;
  for (const auto& [cycle, until] : r.quiet) {
    // The next start after this idle cycle, if the dispatcher is waiting on a launch latency.
    uint64_t next = ~uint64_t(0);
    for (const auto& [id, s] : r.start)
      if (s > cycle) next = std::min(next, s);
    if (until > cycle + 1) {
      EXPECT_EQ(until, next) << "at cycle " << cycle;
      ++checked;
    } else {
      EXPECT_EQ(until, cycle + 1);
    }
  }
  EXPECT_GT(checked, 3 * 30u) << "most cycles of the three latencies are quiet";
}

}  // namespace
}  // namespace gpucosim::test
