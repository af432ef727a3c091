// Pointer-chase latency (spec 002 §6.6 item 29): one thread issues a chain of dependent loads
// (LDG R2, [R2]); the issue-to-issue distance of consecutive loads is the load-to-use latency of
// the level that serves them. It must equal the path the configuration implies:
//
//   L1 hit   = kSmPipeline + gpgpu_l1_latency                                     (core cycles)
//   L2 hit   = kSmPipeline + icnt(request) + rop_latency * core/L2 + icnt(reply) + kHops
//   DRAM     = L2 hit + (1 + tRCD + CL + data cycles + pipeline) * core/DRAM + kDramHops
//   pipeline = dram_latency core cycles in DRAM cycles, rounded up (dram_pipeline_cycles: GPGPU-Sim
//              counts dram_latency with gpu_sim_cycle, the core clock)
//   icnt(p)  = (gpucosim_icnt_latency + flits of p) * core/icnt, flits = ceil(bytes / icnt_flit_size)
//              (at least 1), request = 8-byte header, reply = header + the sectors the L1 fetches,
//              the header not counted with gpucosim_icnt_header_sideband=1 (the default)
//
// with the documented constants (docs/architecture.md, "Validation"):
//   kSmPipeline = 2 core cycles: operand read, then the LSU's dispatch register (systemc/sm/sm.h);
//                 exact (the L1 hit and shared-memory tests allow no slack);
//   kHops       = 3 core cycles: the hand-offs SM -> crossbar, crossbar -> L2 slice and slice ->
//                 crossbar each take one cycle of the receiving clock (the ROP and crossbar
//                 latencies start on the cycle after arrival); +-1 cycle for clock-edge phase;
//   kDramHops   = 0..3 DRAM cycles: L2 miss queue -> channel scheduler queue at the next DRAM edge
//                 and the return -> slice fill at the next L2 edge; +-1 core cycle for phase.
// The DRAM chase visits a different, never-opened bank on every load (closed bank: ACT, then the
// column command; no precharge), chosen through the model's own address map; the L2 chase reads
// lines the host copy put in the L2 (copy engine), so every load misses the L1 and hits the L2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "systemc/memory/address_map.h"
#include "systemc/memory/dram_channel.h"
#include "systemc/memory/peak.h"
#include "tests/gpu/gpu_test_util.h"

namespace gpucosim::test {
namespace {

constexpr double kSmPipeline = 2;    // core cycles, see the header comment
constexpr double kHops = 3;          // core cycles
constexpr double kDramHopsMax = 3;   // DRAM cycles
constexpr double kPhase = 1;         // core cycles of clock-edge phase either way

// Records the issue cycle of every load of the chase (one warp, so one SM).
class LoadTimes : public IssueObserver {
 public:
  explicit LoadTimes(uint32_t pc) : pc_(pc) {}
  std::vector<uint64_t> cycles;
  void issued(uint64_t cycle, uint32_t, uint32_t, const Instruction& in) override {
    if (in.pc == pc_) cycles.push_back(cycle);
  }

 private:
  uint32_t pc_;
};

// Issue-to-issue distances of the chase over `addrs` (lane 0 only, so one request per load).
std::vector<double> chase(const GpuConfig& cfg, const std::vector<uint64_t>& addrs, std::vector<Command> memcpys) {
  json j = in_child([&] {
    CodeKernel k;
    const int ld = k.prog->add("LDG.E", 2, {2});
    const int ex = k.prog->add("EXIT", wl::kNoReg, {});
    k.header = code_header(*k.prog, 1, 32);
    k.fill = [=](uint64_t, std::vector<Warp>& warps) {
      warps.resize(1);
      wl::WarpStream s(*k.prog, warps[0]);
      for (uint64_t a : addrs) s.mem(ld, 1u, [a](int) { return a; });
      s.op(ex, 1u);
    };
    const uint32_t pc = k.prog->site(ld).pc;
    Application app = code_app({k}, memcpys);
    GpuModel gpu("gpu", cfg);
    std::vector<std::unique_ptr<LoadTimes>> obs;
    for (uint32_t i = 0; i < gpu.n_sms(); ++i) {
      obs.push_back(std::make_unique<LoadTimes>(pc));
      gpu.sm(i).set_issue_observer(obs.back().get());
    }
    const RunReport r = gpu.run(app);
    EXPECT_EQ(r.end, RunEnd::Completed);
    json d = json::array();
    for (auto& o : obs)
      for (size_t i = 1; i < o->cycles.size(); ++i) d.push_back(double(o->cycles[i] - o->cycles[i - 1]));
    return d;
  });
  return j.is_array() ? j.get<std::vector<double>>() : std::vector<double>{};
}

double mean(const std::vector<double>& v, size_t from) {
  double s = 0;
  for (size_t i = from; i < v.size(); ++i) s += v[i];
  return v.size() > from ? s / double(v.size() - from) : 0;
}

// Flits of a packet of `bytes` (8-byte header included), as systemc/memory/crossbar.h counts them.
uint32_t flits(uint32_t bytes, const GpuConfig& g) {
  const uint32_t wire = g.icnt.header_sideband ? bytes - 8 : bytes;
  return wire == 0 ? 1 : (wire + g.icnt.flit_bytes - 1) / g.icnt.flit_bytes;
}

// Sectors an L1 miss of one 4-byte lane fetches: the sector on a sectored L1, else the line.
uint32_t fetch_sectors(const GpuConfig& g) { return g.core.l1d.sectored ? 1 : 4; }

double l1_hit_expected(const GpuConfig& g) { return kSmPipeline + g.core.l1_latency; }

// L2 hit without the hop constant.
double l2_hit_configured(const GpuConfig& g) {
  const uint32_t req_flits = flits(8, g);                             // read request: header only
  const uint32_t reply_flits = flits(8 + 32 * fetch_sectors(g), g);  // header + data
  return kSmPipeline + (g.icnt.latency + req_flits) * core_per_icnt(g) + g.mem.rop_latency * core_per_l2(g) +
         (g.icnt.latency + reply_flits) * core_per_icnt(g);
}

// DRAM part of a closed-bank read, DRAM cycles (dram_channel.h): ACT on the tick after the push,
// tRCD, CL, the data bursts (one every max(tCCD, burst) cycles), then the fixed pipeline
// (dram_latency core cycles, counted in DRAM cycles).
double dram_configured_cycles(const GpuConfig& g) {
  const MemoryConfig& m = g.mem;
  // The L2 fetches what it misses: the sector on a sectored L2, else the whole line.
  const uint32_t bytes = (m.l2.sectored ? fetch_sectors(g) : 4) * 32;
  const uint32_t bursts = (bytes + dram_access_bytes(m) - 1) / dram_access_bytes(m);
  const uint32_t burst = dram_burst_cycles(m);
  const uint32_t data = (bursts - 1) * std::max(burst, m.timing.tCCD) + burst;
  return 1 + m.timing.tRCD + m.timing.CL + data + dram_pipeline_cycles(m, g.clock);
}

// Lines to chase through: distinct 128-byte lines from a base that nothing else uses.
constexpr uint64_t kBase = 0x7f4a30000000ull;

// One line per (channel, bank) pair that no earlier line of the list opened, so every access of
// the chase finds its bank closed.
std::vector<uint64_t> fresh_bank_lines(const GpuConfig& g, size_t n) {
  AddressMap map(g.mem);
  std::set<std::pair<uint32_t, uint32_t>> used;
  std::vector<uint64_t> out;
  for (uint64_t a = kBase; out.size() < n && a < kBase + (uint64_t(1) << 32); a += 128) {
    const DecodedAddress d = map.decode(a);
    if (used.insert({d.channel, d.dram.bank}).second) out.push_back(a);
  }
  return out;
}

void check_l1(const std::string& name) {
  const GpuConfig g = preset(name);
  // First load misses; the other 15 hit the line it brought in.
  const auto d = chase(g, std::vector<uint64_t>(16, kBase), {});
  ASSERT_EQ(d.size(), 15u);
  for (size_t i = 1; i < d.size(); ++i) EXPECT_EQ(d[i], l1_hit_expected(g)) << name << " load " << i;
  std::printf("[measure] %s L1 hit: %.1f cycles (expected %.1f)\n", name.c_str(), mean(d, 1), l1_hit_expected(g));
}

void check_l2(const std::string& name) {
  const GpuConfig g = preset(name);
  std::vector<uint64_t> lines;
  for (int i = 0; i < 16; ++i) lines.push_back(kBase + uint64_t(i) * 4096 + uint64_t(i) * 128);
  // The host-to-device copy warms the L2 (copy engine), so every load misses the L1, hits the L2.
  std::vector<Command> copies;
  for (uint64_t a : lines) copies.push_back(Command{Command::Kind::MemcpyHtoD, a, 128, ""});
  const auto d = chase(g, lines, copies);
  ASSERT_EQ(d.size(), 15u);
  const double base = l2_hit_configured(g), m = mean(d, 0);
  std::printf("[measure] %s L2 hit: %.2f cycles (configured %.2f + %.0f)\n", name.c_str(), m, base, kHops);
  for (double x : d) EXPECT_NEAR(x, base + kHops, kPhase) << name;
}

void check_dram(const std::string& name) {
  const GpuConfig g = preset(name);
  const auto lines = fresh_bank_lines(g, 16);
  ASSERT_EQ(lines.size(), 16u);
  const auto d = chase(g, lines, {});
  ASSERT_EQ(d.size(), 15u);
  const double base = l2_hit_configured(g) + kHops + dram_configured_cycles(g) * core_per_dram(g), m = mean(d, 0);
  std::printf("[measure] %s DRAM: %.2f cycles (configured %.2f + constants)\n", name.c_str(), m, base);
  for (double x : d) {
    EXPECT_GE(x, base - kPhase) << name;
    EXPECT_LE(x, base + kDramHopsMax * core_per_dram(g) + kPhase) << name;
  }
}

TEST(gpu_latency, L1HitGTX480) { check_l1("GTX480"); }
TEST(gpu_latency, L1HitQV100) { check_l1("QV100"); }
TEST(gpu_latency, L2HitGTX480) { check_l2("GTX480"); }
TEST(gpu_latency, L2HitQV100) { check_l2("QV100"); }
TEST(gpu_latency, DramGTX480) { check_dram("GTX480"); }
TEST(gpu_latency, DramQV100) { check_dram("QV100"); }

}  // namespace
}  // namespace gpucosim::test
