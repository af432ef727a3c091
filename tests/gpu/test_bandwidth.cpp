// Bandwidth (spec 002 §6.5 item 26, §6.2 item 15): a streaming kernel with enough warps reaches
// at least 80 % of the configured DRAM peak, and a kernel reading an L2-resident buffer at least
// 80 % of the configured L2 peak.
//   DRAM peak = channels x chips x bus width x data rate x DRAM clock (dram_peak_bytes_per_s)
//   L2 peak   = slices x data port bytes x L2 clock            (l2_peak_bytes_per_s, systemc/memory/peak.h)
// Achieved = bytes the DRAM channels read (dram[c].bytes_read) or the L2 slices returned
// (L2.slice_reply_data_bytes) over the kernel's simulated time. Each warp issues independent
// 16-byte-per-lane loads (LDG.E.128, 512 B per warp instruction) over addresses interleaved
// across warps, so concurrently running warps read neighbouring lines (DRAM row locality).
// Load i of warp g reads 512-byte chunk i * W + (g + i) mod W (W warps in the grid): the
// "+ i" skew moves a warp's successive loads to the next chunk, so the up to 8 loads a warp has
// in flight (GTO issues them back to back) go to different partitions. Without it the stride
// W x 512 B is a multiple of the GTX480's linear 12-slice interleave (6 channels x 2 slices x
// 256 B = 3 KB; W = 120 x blocks per SM there) and all 8 loads of a warp go to the same 2 of the
// 12 slices: the SMs' in-order request queues then fill with requests for half of the slices
// while the other half idle for thousands of cycles (partition camping, a property of the
// linear map that a bandwidth microbenchmark avoids): GTX480 DRAM 64.5 % and L2 47.7 % of peak
// before, 98 % and 91 % with the skew. QV100 (IPOLY hashing) is indifferent to it.
// Global loads bypass the L1 (-gpgpu_gmem_skip_L1D 1, as on the GTX 980): the L1's 32 MSHRs per
// SM would otherwise bound the bytes in flight below what the memory side can deliver
// (Little's law), which is an L1 limit, not the memory bandwidth under test.
#include <gtest/gtest.h>

#include <cstdlib>

#include "systemc/memory/peak.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

constexpr double kMinFraction = 0.80;
constexpr uint32_t kWarpsPerBlock = 8;
constexpr uint64_t kBase = 0x7f4a20000000ull;

// `blocks` x 256 threads; warp g's load k reads 512 B at base + ((k * warps + (g + k) % warps) % span_chunks) * 512.
CodeKernel stream_kernel(uint32_t blocks, uint32_t loads_per_warp, uint64_t span_chunks) {
  CodeKernel k;
  std::vector<int> ld;
  for (int r = 0; r < 8; ++r) ld.push_back(k.prog->add("LDG.E.128", 8 + 4 * r, {2}));  // 8 loads in flight per warp
  const int ex = k.prog->add("EXIT", wl::kNoReg, {});
  k.header = code_header(*k.prog, blocks, 32 * kWarpsPerBlock);
  const uint64_t warps = uint64_t(blocks) * kWarpsPerBlock;
  k.fill = [=](uint64_t b, std::vector<Warp>& ws) {
    ws.resize(kWarpsPerBlock);
    for (uint32_t w = 0; w < kWarpsPerBlock; ++w) {
      wl::WarpStream s(*k.prog, ws[w]);
      const uint64_t g = b * kWarpsPerBlock + w;
      for (uint32_t i = 0; i < loads_per_warp; ++i) {
        const uint64_t chunk = (uint64_t(i) * warps + (g + i) % warps) % span_chunks;
        s.mem(ld[i % ld.size()], ~0u, [=](int l) { return kBase + chunk * 512 + uint64_t(l) * 16; });
      }
      s.op(ex, ~0u);
    }
  };
  return k;
}

// GPUCOSIM_TEST_SET="key=value;key=value" adds configuration overrides (to find a bottleneck).
std::vector<std::string> sets() {
  std::vector<std::string> v{"gpgpu_gmem_skip_L1D=1"};
  if (const char* e = std::getenv("GPUCOSIM_TEST_SET")) {
    std::string s(e);
    for (size_t b = 0; b < s.size();) {
      const size_t c = std::min(s.find(';', b), s.size());
      if (c > b) v.push_back(s.substr(b, c - b));
      b = c + 1;
    }
  }
  return v;
}

struct Bw {
  double bytes, cycles;
};

Bw measure(const GpuConfig& g, const CodeKernel& k, std::vector<Command> copies, const char* prefix,
           const char* suffix) {
  json j = in_child([&] { return simulate(g, code_app({k}, copies)); });
  if (j.is_null()) return {0, 1};
  const json& s = j["kernels"][0];
  // GPUCOSIM_TEST_DUMP=1 prints the kernel's statistics (to find the bottleneck of a failure).
  if (std::getenv("GPUCOSIM_TEST_DUMP")) std::printf("%s\n", s.dump(1).c_str());
  EXPECT_EQ(j["end"], "completed");
  return {sum_stats(s, prefix, suffix), s["gpu_sim_cycle"].get<double>()};
}

void check_dram(const std::string& name, uint32_t blocks_per_sm, uint32_t loads) {
  const GpuConfig g = preset(name, sets());
  const uint32_t blocks = g.core.n_sms() * blocks_per_sm;
  const uint64_t chunks = uint64_t(blocks) * kWarpsPerBlock * loads;  // every chunk read once: all misses
  const Bw bw = measure(g, stream_kernel(blocks, loads, chunks), {}, "dram[", "].bytes_read");
  EXPECT_EQ(bw.bytes, double(chunks) * 512) << "every byte comes from DRAM once";
  const double peak = dram_peak_bytes_per_s(g.mem, g.clock) / (g.clock.core_mhz * 1e6);  // bytes per core cycle
  const double achieved = bw.bytes / bw.cycles;
  std::printf("[measure] %s DRAM: %.1f B/cycle of %.1f peak = %.1f %% (%.0f cycles)\n", name.c_str(), achieved,
              peak, 100 * achieved / peak, bw.cycles);
  EXPECT_GE(achieved, kMinFraction * peak) << name;
  EXPECT_LE(achieved, peak * 1.0001) << name << ": faster than the configured peak";
}

void check_l2(const std::string& name, uint32_t blocks_per_sm, uint32_t loads) {
  const GpuConfig g = preset(name, sets());
  const uint32_t blocks = g.core.n_sms() * blocks_per_sm;
  // Half of the L2, copied in by the host (the copy engine installs it): every read hits.
  const uint64_t bytes = g.mem.n_partitions() * g.mem.l2.size_bytes() / 2;
  const Bw bw = measure(g, stream_kernel(blocks, loads, bytes / 512), {Command{Command::Kind::MemcpyHtoD, kBase, bytes, ""}},
                        "L2.slice_reply_data_bytes", "");
  EXPECT_EQ(bw.bytes, double(blocks) * kWarpsPerBlock * loads * 512) << "every read answered by the L2";
  const double peak = l2_peak_bytes_per_s(g.mem, g.clock) / (g.clock.core_mhz * 1e6);
  const double achieved = bw.bytes / bw.cycles;
  std::printf("[measure] %s L2: %.1f B/cycle of %.1f peak = %.1f %% (%.0f cycles)\n", name.c_str(), achieved, peak,
              100 * achieved / peak, bw.cycles);
  EXPECT_GE(achieved, kMinFraction * peak) << name;
  EXPECT_LE(achieved, peak * 1.0001) << name << ": faster than the configured peak";
}

TEST(gpu_bandwidth, DramStreamQV100) { check_dram("QV100", 4, 16); }

// The L2 tests need the crossbar to carry a 128-byte reply as 4 flits of 32 B (the default
// gpucosim_icnt_header_sideband=1, systemc/memory/crossbar.h): with the 8-byte header in the
// flits (5 flits) a port carries at most 80 % of its flit bandwidth as data, and the crossbar's
// ports run at the L2 clock with 32-byte flits, exactly the L2 data ports' peak: measured
// GTX480 L2 74 %, QV100 L2 71 % with the header in the flits.
TEST(gpu_bandwidth, DramStreamGTX480) { check_dram("GTX480", 6, 24); }
TEST(gpu_bandwidth, L2ResidentGTX480) { check_l2("GTX480", 6, 24); }
TEST(gpu_bandwidth, L2ResidentQV100) { check_l2("QV100", 4, 16); }

}  // namespace
}  // namespace gpucosim::test
