// The crossbar network's input sleep (an input that found nothing to offer looks again only when an
// output it waited on is free, its first waiting packet arrives or a packet joins it) is an
// optimisation only: with it on and off, a random stream of packets must leave the network on the
// same cycles, in the same order, with the same conflict count.
#include <gtest/gtest.h>

#include <cstdint>
#include <tuple>
#include <vector>

#include "systemc/memory/xbar_net.h"

namespace gpucosim {
namespace {

struct Out {
  std::vector<std::tuple<uint64_t, uint32_t, uintptr_t>> arrivals;  // (cycle, output, packet)
  uint64_t conflicts = 0;
};

// Few outputs for many inputs, multi-flit packets, small output buffers that fill (full outputs)
// and outputs drained only now and then, so inputs block on busy and on full outputs alike.
Out run(bool sleep, uint32_t seed, uint32_t out_cap) {
  const uint32_t n_in = 70, n_out = 5;
  XbarNet net(n_in, n_out, 12, out_cap, 3);
  net.set_input_sleep(sleep);
  uint32_t x = seed;
  auto rnd = [&] { return (x = x * 1103515245u + 12345u) >> 8; };
  Out out;
  uintptr_t id = 1;
  for (uint64_t c = 1; c < 6000; ++c) {
    for (uint32_t o = 0; o < n_out; ++o)
      if (rnd() % 3 != 0)
        if (tlm::tlm_generic_payload* p = net.output(o, c)) {
          out.arrivals.emplace_back(c, o, uintptr_t(p));
          net.pop_output(o);
        }
    net.arbitrate(c);
    if (c < 5000)
      for (uint32_t k = 0; k < 6; ++k) {
        const uint32_t in = rnd() % n_in, flits = 1 + rnd() % 4;
        if (!net.can_inject(in, flits)) continue;
        // Fake, distinct payload pointers (never dereferenced); some packets arrive late.
        auto* p = reinterpret_cast<tlm::tlm_generic_payload*>(id++ * 64);
        net.inject(in, p, rnd() % n_out, flits, c + (rnd() % 4 == 0 ? rnd() % 20 : 0));
      }
  }
  out.conflicts = net.conflicts();
  EXPECT_TRUE(net.empty());
  return out;
}

TEST(memory_xbar_input_sleep, IdenticalGrants) {
  for (uint32_t seed : {1u, 99u, 4242u})
    for (uint32_t cap : {4u, 64u}) {
      const Out a = run(true, seed, cap), b = run(false, seed, cap);
      EXPECT_GT(a.arrivals.size(), 1000u);
      EXPECT_EQ(a.arrivals, b.arrivals) << "seed " << seed << " cap " << cap;
      EXPECT_EQ(a.conflicts, b.conflicts) << "seed " << seed << " cap " << cap;
    }
}

}  // namespace
}  // namespace gpucosim
