// regheavy: a register-pressure kernel for register-file studies (RegLess, FineReg). Each round
// a thread issues `loads` independent loads into distinct registers, then a chain of `chain`
// FFMAs that consumes them; the last `loads` FFMAs read each loaded register once more, so all
// of them stay live across the long-latency loads and most of the chain. Address registers are
// separate 64-bit pairs, as nvcc allocates them when it hoists all loads. Loads are coalesced.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

constexpr int kData = 16;  // first data register

struct RegCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, round_first, chain_first, tail_first, back, wide_out, stg, exit;
  RegCode(int64_t n, int64_t loads, int64_t chain, int64_t rounds) {
    Program& p = *prog;
    const int addr0 = kData + int(loads);  // address pairs follow the data registers
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                       // SR_CTAID.X
    p.add("S2R", 2, {});                       // SR_TID.X
    p.add("IMAD", 0, {0, 2});                  // i
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("CS2R", 4, {});                      // acc = 0
    p.add("MOV", 5, {0});                      // element index of this round
    p.add("MOV", 6, {}, 0);                    // round = 0
    round_first = p.next_site();
    for (int j = 0; j < int(loads); ++j) {     // (IMAD.WIDE, LDG) pairs
      p.add("IMAD.WIDE", addr0 + 2 * j, {5, 3});
      p.add("LDG.E", kData + j, {addr0 + 2 * j});
    }
    chain_first = p.next_site();
    for (int64_t q = 0; q < chain; ++q) {
      const int64_t tail = q - (chain - loads);  // >= 0: the final use of register tail
      const int a = kData + int(tail >= 0 ? tail : q % loads);
      const int b = kData + int(tail >= 0 ? tail : (q + 1) % loads);
      p.add("FFMA", 4, {a, b, 4});
    }
    tail_first = p.add("IADD3", 5, {5}, n);
    p.add("IADD3", 6, {6}, 1);
    p.add("ISETP.LT.AND", kNoReg, {6}, rounds);
    back = p.add("BRA", kNoReg, {});
    wide_out = p.add("IMAD.WIDE", 7, {0, 3});
    stg = p.add("STG.E", kNoReg, {7, 4});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Regheavy : public Workload {
 public:
  std::string name() const override { return "regheavy"; }
  std::string description() const override {
    return "many registers live across long-latency loads, then a long FFMA chain (register-file pressure)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 4096, 1, int64_t(1) << 24, "threads"},
            {"block", 256, 1, 1024, "threads per block"},
            {"loads", 24, 1, 64, "independent loads per round (live registers)"},
            {"chain", 48, 1, 4096, "FFMAs per round (at least `loads`)"},
            {"rounds", 4, 1, 1024, "rounds of loads and FFMAs"}};
  }
  struct Shape {
    int64_t n, block, loads, chain, rounds;
  };
  static Shape shape(const ParamValues& p) {
    Shape s{param(p, "n"), param(p, "block"), param(p, "loads"), param(p, "chain"), param(p, "rounds")};
    require(s.chain >= s.loads, "regheavy", "chain must be at least loads (each loaded value is consumed)");
    return s;
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const Shape sh = shape(p);
    GeneratedApp app;
    DeviceLayout mem;
    // loads x rounds slices of n floats; slice (j, r) feeds load j of round r.
    const uint64_t in = mem.alloc(uint64_t(sh.loads * sh.rounds * sh.n) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(sh.n) * 4);
    auto code = std::make_shared<const RegCode>(sh.n, sh.loads, sh.chain, sh.rounds);
    const Launch1D launch = launch_1d(sh.n, sh.block);
    KernelHeader h = make_header("_Z8regheavyPKfPfi", 1, Dim3{uint32_t(launch.blocks), 1, 1},
                                 Dim3{uint32_t(sh.block), 1, 1}, 0, *code->prog, 64);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const RegCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, sh.block, sh.n);
        const uint32_t act = ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (index, addresses, counters, the
        // zeroed accumulator); the loaded values and the FFMA chain are not known.
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, [](int) { return 0; });
        s.op(k.mid_first + 3, act, [&](int l) { return ln.first + l; });
        s.op(k.mid_first + 4, act, [](int) { return 0; });
        for (int64_t r = 0; r < sh.rounds; ++r) {
          for (int64_t j = 0; j < sh.loads; ++j) {
            const uint64_t slice = in + uint64_t((j * sh.rounds + r) * sh.n) * 4;
            auto at = [&](int l) { return slice + uint64_t(ln.first + l) * 4; };
            s.op(k.round_first + int(2 * j), act, at);
            s.mem(k.round_first + int(2 * j + 1), act, at);
          }
          for (int site = k.chain_first; site < k.tail_first; ++site) s.op(site, act);
          s.op(k.tail_first, act, [&](int l) { return ln.first + l + (r + 1) * sh.n; });
          s.op(k.tail_first + 1, act, [r](int) { return r + 1; });
          s.op(k.tail_first + 2, act);
          s.op(k.back, r + 1 < sh.rounds ? act : 0u);
        }
        auto out_at = [&](int l) { return out + uint64_t(ln.first + l) * 4; };
        s.op(k.wide_out, act, out_at);
        s.mem(k.stg, act, out_at);
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const Shape sh = shape(p);
    const Launch1D l = launch_1d(sh.n, sh.block);
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // Busy warps: 5 setup, per round 2 per load + the chain + 4 loop instructions, 3 at the end.
    c.warp_instructions = l.warps * 6 + l.busy_warps * (5 + uint64_t(sh.rounds) * uint64_t(2 * sh.loads + sh.chain + 4) + 3);
    c.memory_instructions = l.busy_warps * (uint64_t(sh.rounds * sh.loads) + 1);
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_regheavy() { return std::make_unique<Regheavy>(); }

}  // namespace gpucosim::wl
