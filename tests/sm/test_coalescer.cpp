// Coalescer and shared-memory bank-conflict rules (spec 002 §6.1), tested without a simulation.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <utility>

#include "systemc/sm/coalescer.h"
#include "systemc/sm/shared_memory.h"
#include "sm_harness.h"

namespace gpucosim::test {
namespace {

struct Summary {
  size_t requests = 0, sectors = 0, lines = 0;
  uint32_t bytes = 0;
};

Summary run(CoalescerInterface& c, const LaneAddrs& a, uint32_t width, uint32_t mask = 0xffffffffu) {
  std::vector<CoalescedRequest> out;
  CoalescerInput in;
  in.addrs = &a;
  in.active_mask = mask;
  in.access_bytes = width;
  c.coalesce(in, out);
  Summary s;
  std::set<uint64_t> lines;
  for (const CoalescedRequest& r : out) {
    EXPECT_EQ(r.line_addr % CoalescedRequest::kLineBytes, 0u);
    EXPECT_NE(r.sector_mask, 0);
    s.sectors += size_t(__builtin_popcount(r.sector_mask));
    s.bytes += r.bytes;
    lines.insert(r.line_addr);
  }
  s.requests = out.size();
  s.lines = lines.size();
  return s;
}

constexpr uint64_t kBase = 0x10000;  // 128-byte aligned

TEST(SmCoalescer, FermiConsecutiveWordsAreOneRequestOfFourSectors) {
  auto c = make_baseline_coalescer(13);
  Summary s = run(*c, strided(kBase, 4), 4);
  EXPECT_EQ(s.requests, 1u);
  EXPECT_EQ(s.sectors, 4u);
  EXPECT_EQ(s.lines, 1u);
}

TEST(SmCoalescer, FermiStride128IsThirtyTwoRequests) {
  auto c = make_baseline_coalescer(13);
  Summary s = run(*c, strided(kBase, 128), 4);
  EXPECT_EQ(s.requests, 32u);
  EXPECT_EQ(s.sectors, 32u);
  EXPECT_EQ(s.lines, 32u);
}

TEST(SmCoalescer, VoltaConsecutiveWordsAreFourSectorsInOneLine) {
  auto c = make_baseline_coalescer(70);
  Summary s = run(*c, strided(kBase, 4), 4);
  EXPECT_EQ(s.requests, 4u);  // one per 8-lane sub-warp
  EXPECT_EQ(s.sectors, 4u);
  EXPECT_EQ(s.lines, 1u);
}

TEST(SmCoalescer, VoltaWideAccesses) {
  auto c = make_baseline_coalescer(70);
  Summary s8 = run(*c, strided(kBase, 8), 8);
  EXPECT_EQ(s8.sectors, 8u);
  EXPECT_EQ(s8.lines, 2u);
  Summary s16 = run(*c, strided(kBase, 16), 16);
  EXPECT_EQ(s16.sectors, 16u);
  EXPECT_EQ(s16.lines, 4u);
}

TEST(SmCoalescer, MisalignedByFourBytes) {
  auto volta = make_baseline_coalescer(70);
  Summary v = run(*volta, strided(kBase + 4, 4), 4);
  EXPECT_EQ(v.sectors, 8u);  // every sub-warp straddles two sectors
  EXPECT_EQ(v.lines, 2u);
  auto fermi = make_baseline_coalescer(13);
  Summary f = run(*fermi, strided(kBase + 4, 4), 4);
  EXPECT_EQ(f.sectors, 5u);  // sectors 0-3 of line L and sector 0 of line L+1
  EXPECT_EQ(f.requests, 2u);
  EXPECT_EQ(f.lines, 2u);
}

TEST(SmCoalescer, Stride32AndStride128) {
  auto c = make_baseline_coalescer(70);
  Summary s32 = run(*c, strided(kBase, 32), 4);
  EXPECT_EQ(s32.sectors, 32u);
  EXPECT_EQ(s32.lines, 8u);
  Summary s128 = run(*c, strided(kBase, 128), 4);
  EXPECT_EQ(s128.sectors, 32u);
  EXPECT_EQ(s128.lines, 32u);
  EXPECT_EQ(s128.requests, 32u);
}

TEST(SmCoalescer, BroadcastDiscriminatesSubwarpFromWholeWarp) {
  LaneAddrs same = strided(kBase + 64, 0);
  auto fermi = make_baseline_coalescer(13);
  Summary f = run(*fermi, same, 4);
  EXPECT_EQ(f.requests, 1u);
  EXPECT_EQ(f.sectors, 1u);
  auto volta = make_baseline_coalescer(70);
  Summary v = run(*volta, same, 4);
  EXPECT_EQ(v.requests, 4u);  // four accesses to the same sector, one per sub-warp
  EXPECT_EQ(v.sectors, 4u);
  EXPECT_EQ(v.lines, 1u);
}

TEST(SmCoalescer, InactiveLanesContributeNothing) {
  auto c = make_baseline_coalescer(70);
  Summary none = run(*c, strided(kBase, 128), 4, 0);
  EXPECT_EQ(none.requests, 0u);
  Summary one = run(*c, strided(kBase, 128), 4, 1u << 5);
  EXPECT_EQ(one.requests, 1u);
  EXPECT_EQ(one.sectors, 1u);
  Summary lower_half = run(*c, strided(kBase, 4), 4, 0x0000ffffu);
  EXPECT_EQ(lower_half.requests, 2u);
  EXPECT_EQ(lower_half.sectors, 2u);
}

TEST(SmCoalescer, BytesNeverExceedSectorCapacity) {
  for (uint32_t arch : {13u, 70u}) {
    auto c = make_baseline_coalescer(arch);
    for (uint64_t stride : {0ull, 4ull, 8ull, 12ull, 32ull, 100ull, 128ull}) {
      for (uint32_t width : {4u, 8u, 16u}) {
        Summary s = run(*c, strided(kBase + 4, stride), width);
        EXPECT_LE(s.bytes, 32u * s.sectors) << "stride " << stride << " width " << width;
        if (stride == width) {
          EXPECT_EQ(s.bytes, 32u * width);  // every requested byte counted once
        }
      }
    }
  }
}

// The rule of the baseline coalescer written lane by lane, byte by byte: within a group, each
// active lane's bytes go to the request of their line (made when the group first touches it).
std::vector<CoalescedRequest> reference(const LaneAddrs& a, uint32_t mask, uint32_t width, uint32_t lanes) {
  std::vector<CoalescedRequest> out;
  for (uint32_t g = 0; g < 32; g += lanes) {
    const size_t first = out.size();
    for (uint32_t lane = g; lane < g + lanes; ++lane) {
      if (!((mask >> lane) & 1u)) continue;
      for (uint32_t b = 0; b < width; ++b) {
        const uint64_t addr = a[lane] + b, line = addr & ~uint64_t(127);
        size_t i = first;
        while (i < out.size() && out[i].line_addr != line) ++i;
        if (i == out.size()) out.push_back(CoalescedRequest{line, 0, 0, 0});
        out[i].lane_mask |= 1u << lane;
        out[i].sector_mask = uint8_t(out[i].sector_mask | (1u << ((addr & 127) / 32)));
        out[i].bytes = uint16_t(out[i].bytes + 1);
      }
    }
  }
  for (CoalescedRequest& r : out) r.bytes = uint16_t(std::min<uint32_t>(r.bytes, 32u * uint32_t(__builtin_popcount(r.sector_mask))));
  return out;
}

// The whole-group shortcut (every active lane inside one line) and the lane-by-lane path must
// agree with the reference, including lanes just below the first lane's line, lanes straddling
// a line end, holes in the active mask and duplicate addresses.
TEST(SmCoalescer, MatchesALaneByLaneReferenceOnRandomPatterns) {
  uint64_t x = 88172645463325252ull;
  auto rnd = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (uint32_t lanes : {32u, 8u, 16u, 4u}) {  // Fermi, Volta, and other group sizes
    auto c = std::make_unique<SubwarpCoalescer>(lanes);
    std::vector<CoalescedRequest> out;
    for (int trial = 0; trial < 20000; ++trial) {
      const uint32_t width = std::array<uint32_t, 6>{1, 2, 4, 8, 12, 16}[rnd() % 6];
      const uint64_t base = kBase + (rnd() % 512);
      LaneAddrs a{};
      const int kind = int(rnd() % 4);
      for (uint32_t l = 0; l < 32; ++l) {
        if (kind == 0) a[l] = base + l * width;                  // consecutive
        else if (kind == 1) a[l] = base + rnd() % 160 - 16;      // around one line
        else if (kind == 2) a[l] = base + (rnd() % 4) * width;   // few distinct words
        else a[l] = base + l * (rnd() % 3) * 32;                 // strided, some repeats
      }
      const uint32_t mask = (rnd() % 3) ? ~0u : uint32_t(rnd());
      CoalescerInput in;
      in.addrs = &a;
      in.active_mask = mask;
      in.access_bytes = width;
      c->coalesce(in, out);
      const auto want = reference(a, mask, width, lanes);
      ASSERT_EQ(out.size(), want.size()) << "trial " << trial;
      for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(out[i].line_addr, want[i].line_addr) << "trial " << trial << " request " << i;
        EXPECT_EQ(out[i].lane_mask, want[i].lane_mask) << "trial " << trial << " request " << i;
        EXPECT_EQ(out[i].sector_mask, want[i].sector_mask) << "trial " << trial << " request " << i;
        EXPECT_EQ(out[i].bytes, want[i].bytes) << "trial " << trial << " request " << i;
      }
    }
  }
}

TEST(SmSharedMemory, ConflictDegree) {
  EXPECT_EQ(shmem_conflict_degree(strided(0, 4), ~0u, 4, 32), 1u);     // stride 1 word
  EXPECT_EQ(shmem_conflict_degree(strided(0, 8), ~0u, 4, 32), 2u);     // stride 2 words
  EXPECT_EQ(shmem_conflict_degree(strided(0, 128), ~0u, 4, 32), 32u);  // stride 32 words: one bank
  EXPECT_EQ(shmem_conflict_degree(strided(64, 0), ~0u, 4, 32), 1u);    // broadcast
  EXPECT_EQ(shmem_conflict_degree(strided(0, 12), ~0u, 4, 32), 1u);    // odd stride: conflict free
  EXPECT_EQ(shmem_conflict_degree(strided(0, 128), 0x3u, 4, 32), 2u);  // only active lanes count
  EXPECT_EQ(shmem_conflict_degree(strided(0, 128), 0u, 4, 32), 0u);
  EXPECT_EQ(shmem_conflict_degree(strided(0, 8), ~0u, 8, 32), 2u);     // 64-bit: two passes
}

}  // namespace
}  // namespace gpucosim::test
