// The coalescer as wired into the whole GPU (spec 002 §6.1): for the canonical access patterns
// of one warp's 4-byte load, the L1 sees the expected number of requests and the memory side the
// expected number of 32-byte sectors.
//   Fermi (GTX480, -gpgpu_coalesce_arch 13): one request per distinct 128-byte line of the warp.
//   Volta (QV100, -gpgpu_coalesce_arch 70): 8-lane sub-warps, one request per (sub-warp, line);
//     sectors fetched = distinct 32-byte sectors (a sub-warp asking for a sector already being
//     fetched merges into that MSHR entry, spec item 5).
// Every pattern runs as its own kernel (per-kernel statistics; the L1 is invalidated at launch) of
// 4 warps, each at its own base, on cold caches, so every L1 request misses:
//   L1D_accesses (the cache's own per-request count) = coalescer_load_requests = requests,
//   L1D_total_cache_accesses (Accel-Sim's meaning: one per sector a warp touches, once) = sectors
//     on Volta's sectored L1, = lines on Fermi's non-sectored one,
//   icnt_req_packets = requests that miss without merging (Fermi: lines),
//   icnt_reply_bytes - 8 x icnt_reply_packets = 32 x sectors fetched.
// The unit tests (tests/sm/test_coalescer.cpp) check the coalescer alone; this checks the wiring
// (LSU -> L1 -> miss queue -> crossbar) and the counters.
#include <gtest/gtest.h>

#include <set>

#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

constexpr int kWarps = 4;
constexpr uint64_t kBase = 0x7f4a20000000ull;

struct Pattern {
  const char* name;
  // Byte offset of lane l from the warp's 128-byte aligned base.
  std::function<uint64_t(int lane, int warp)> offset;
  // Expected per warp, from spec 002 §6.1 (-1: computed from the addresses, random pattern).
  int fermi_lines, volta_requests, volta_sectors;
};

uint64_t hash_offset(int lane, int warp) {  // a fixed pseudo-random word in 1 MB
  uint64_t x = uint64_t(lane * 2654435761u) ^ uint64_t(warp * 40503u + 12345u);
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  x ^= x >> 15;
  return (x % (1u << 18)) * 4;
}

const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> p = {
      {"unit_stride", [](int l, int) { return uint64_t(4 * l); }, 1, 4, 4},
      {"stride2", [](int l, int) { return uint64_t(8 * l); }, 2, 4, 8},
      {"stride4", [](int l, int) { return uint64_t(16 * l); }, 4, 4, 16},
      {"stride8", [](int l, int) { return uint64_t(32 * l); }, 8, 8, 32},
      {"stride32", [](int l, int) { return uint64_t(128 * l); }, 32, 32, 32},
      {"broadcast", [](int, int) { return uint64_t(0); }, 1, 4, 1},
      {"misaligned", [](int l, int) { return uint64_t(4 + 4 * l); }, 2, 5, 5},
      {"random", hash_offset, -1, -1, -1},
  };
  return p;
}

uint64_t addr_of(size_t pattern, int warp, int lane) {
  return kBase + uint64_t(pattern) * (64u << 20) + uint64_t(warp) * (2u << 20) + patterns()[pattern].offset(lane, warp);
}

// Expected counts of one warp, by counting distinct lines / (sub-warp, line) / sectors.
struct Counts {
  int lines, requests, sectors;
};
Counts count(size_t pattern, int warp) {
  std::set<uint64_t> lines, sectors;
  std::set<std::pair<int, uint64_t>> reqs;
  for (int l = 0; l < 32; ++l) {
    const uint64_t a = addr_of(pattern, warp, l);
    lines.insert(a >> 7);
    reqs.insert({l / 8, a >> 7});
    sectors.insert(a >> 5);
  }
  return {int(lines.size()), int(reqs.size()), int(sectors.size())};
}

json run_patterns(const std::string& preset_name) {
  const GpuConfig g = preset(preset_name);
  return in_child([&] {
    std::vector<CodeKernel> ks;
    for (size_t p = 0; p < patterns().size(); ++p) {
      CodeKernel k;
      const int ld = k.prog->add("LDG.E", 4, {2});
      const int ex = k.prog->add("EXIT", wl::kNoReg, {});
      k.header = code_header(*k.prog, 1, 32 * kWarps);
      k.fill = [=](uint64_t, std::vector<Warp>& ws) {
        ws.resize(kWarps);
        for (int w = 0; w < kWarps; ++w) {
          wl::WarpStream s(*k.prog, ws[size_t(w)]);
          s.mem(ld, ~0u, [=](int l) { return addr_of(p, w, l); });
          s.op(ex, ~0u);
        }
      };
      ks.push_back(k);
    }
    return simulate(g, code_app(ks));
  });
}

double get(const json& s, const char* k) { return s.at(k).get<double>(); }

TEST(gpu_coalescing, FermiLinesPerPatternGTX480) {
  const json j = run_patterns("GTX480");
  ASSERT_EQ(j["kernels"].size(), patterns().size());
  for (size_t p = 0; p < patterns().size(); ++p) {
    const Pattern& pat = patterns()[p];
    int lines = 0;
    for (int w = 0; w < kWarps; ++w) lines += count(p, w).lines;
    if (pat.fermi_lines >= 0) {
      EXPECT_EQ(lines, kWarps * pat.fermi_lines) << pat.name << ": the test's own count";
    }
    const json& s = j["kernels"][p];
    EXPECT_EQ(get(s, "coalescer_load_requests"), lines) << pat.name;
    EXPECT_EQ(get(s, "L1D_accesses"), lines) << pat.name;
    EXPECT_EQ(get(s, "L1D_total_cache_accesses"), lines) << pat.name;
    EXPECT_EQ(get(s, "L1D_total_cache_misses"), lines) << pat.name;
    EXPECT_EQ(get(s, "icnt_total_pkts_simt_to_mem"), lines) << pat.name << ": Accel-Sim sends a line per fetch";
    EXPECT_EQ(get(s, "icnt_req_packets"), lines) << pat.name << ": one fetch per line";
    // A non-sectored L1 fetches whole lines: 4 sectors each.
    EXPECT_EQ(get(s, "icnt_reply_bytes") - 8 * get(s, "icnt_reply_packets"), 128.0 * lines) << pat.name;
  }
}

TEST(gpu_coalescing, VoltaSectorsPerPatternQV100) {
  const json j = run_patterns("QV100");
  ASSERT_EQ(j["kernels"].size(), patterns().size());
  for (size_t p = 0; p < patterns().size(); ++p) {
    const Pattern& pat = patterns()[p];
    int reqs = 0, sectors = 0;
    for (int w = 0; w < kWarps; ++w) {
      reqs += count(p, w).requests;
      sectors += count(p, w).sectors;
    }
    if (pat.volta_requests >= 0) {
      EXPECT_EQ(reqs, kWarps * pat.volta_requests) << pat.name << ": the test's own count";
      EXPECT_EQ(sectors, kWarps * pat.volta_sectors) << pat.name << ": the test's own count";
    }
    const json& s = j["kernels"][p];
    EXPECT_EQ(get(s, "coalescer_load_requests"), reqs) << pat.name;
    EXPECT_EQ(get(s, "L1D_accesses"), reqs) << pat.name;
    // Accel-Sim counts per warp per sector: a sector two sub-warps ask for is one access.
    EXPECT_EQ(get(s, "L1D_total_cache_accesses"), sectors) << pat.name;
    EXPECT_EQ(get(s, "L1D_total_cache_misses"), sectors) << pat.name << ": cold L1";
    EXPECT_EQ(get(s, "icnt_total_pkts_simt_to_mem"), sectors) << pat.name << ": a packet per sector";
    EXPECT_EQ(get(s, "icnt_reply_bytes") - 8 * get(s, "icnt_reply_packets"), 32.0 * sectors)
        << pat.name << ": sectors fetched";
  }
}

}  // namespace
}  // namespace gpucosim::test
