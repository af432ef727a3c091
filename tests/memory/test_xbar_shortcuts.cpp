// The crossbar network's shortcuts (an input keeps its offer from cycle to cycle while nothing it
// depends on changes; an input with nothing to offer sleeps until an output it waited on is free or
// popped, its first waiting packet arrives or a packet joins it) are an optimisation only: with
// them on and off, a random stream of packets must leave the network on the same cycles, in the
// same order, with the same conflict count.
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

struct Shape {
  uint32_t n_in, n_out, in_cap, out_cap, max_flits;
  uint32_t per_cycle;  // packets offered for injection per cycle
  uint32_t drain;      // an arrived packet is taken with probability (drain-1)/drain
};

Out run(bool shortcuts, uint32_t seed, const Shape& s) {
  XbarNet net(s.n_in, s.n_out, s.in_cap, s.out_cap, 3);
  net.set_shortcuts(shortcuts);
  uint32_t x = seed;
  auto rnd = [&] { return (x = x * 1103515245u + 12345u) >> 8; };
  Out out;
  uintptr_t id = 1;
  for (uint64_t c = 1; c < 12000; ++c) {
    for (uint32_t o = 0; o < s.n_out; ++o)
      if (rnd() % s.drain != 0)
        if (tlm::tlm_generic_payload* p = net.output(o, c)) {
          out.arrivals.emplace_back(c, o, uintptr_t(p));
          net.pop_output(o);
        }
    net.arbitrate(c);
    if (c < 5000)
      for (uint32_t k = 0; k < s.per_cycle; ++k) {
        const uint32_t in = rnd() % s.n_in, flits = 1 + rnd() % s.max_flits;
        if (!net.can_inject(in, flits)) continue;
        // Fake, distinct payload pointers (never dereferenced); some packets arrive late.
        auto* p = reinterpret_cast<tlm::tlm_generic_payload*>(id++ * 64);
        // Hot outputs now and then (one output wanted by many inputs: conflicts every cycle).
        const uint32_t dest = (c / 400) % 2 && rnd() % 4 == 0 ? rnd() % 3 : rnd() % s.n_out;
        net.inject(in, p, dest, flits, c + (rnd() % 4 == 0 ? rnd() % 20 : 0));
      }
  }
  out.conflicts = net.conflicts();
  EXPECT_TRUE(net.empty());
  return out;
}

void check(const Shape& s) {
  for (uint32_t seed : {1u, 99u, 4242u}) {
    const Out a = run(true, seed, s), b = run(false, seed, s);
    EXPECT_GT(a.arrivals.size(), 1000u);
    EXPECT_GT(a.conflicts, 100u);
    EXPECT_EQ(a.arrivals, b.arrivals) << "seed " << seed;
    EXPECT_EQ(a.conflicts, b.conflicts) << "seed " << seed;
  }
}

// Few outputs for many inputs, multi-flit packets, small output buffers that fill (full outputs)
// and outputs drained only now and then, so inputs block on busy and on full outputs alike.
TEST(memory_xbar_shortcuts, MultiFlitFullOutputs) { check({70, 5, 12, 4, 4, 6, 3}); }
TEST(memory_xbar_shortcuts, MultiFlitRoomyOutputs) { check({70, 5, 12, 64, 4, 6, 3}); }
// One-flit packets, as on Volta's 40-byte flits: losers keep their offers across cycles.
TEST(memory_xbar_shortcuts, OneFlitManyPorts) { check({80, 64, 512, 512, 1, 24, 8}); }
// One-flit packets into outputs that are nearly full (the losers' room runs out).
TEST(memory_xbar_shortcuts, OneFlitTightOutputs) { check({80, 24, 8, 3, 1, 30, 2}); }
// Mostly one flit, some two (a two-flit grant makes the output busy for the others).
TEST(memory_xbar_shortcuts, MixedFlits) { check({66, 40, 16, 6, 2, 30, 3}); }

}  // namespace
}  // namespace gpucosim
