// branchy: divergent control flow inside a loop with per-lane trip counts. Each thread loads its
// trip count (1..max_trips, drawn from the seed) and a value, then loops; in every iteration a
// data-dependent condition (drawn per thread and iteration, taken_pct percent true) selects an
// if-path (FMUL/FFMA/MUFU.RCP/FADD) or an else-path (FADD/MUFU.EX2/FMUL). Volta-style
// reconvergence: BSSY before the branch, the if-path runs first with the taken lanes, the
// else-path with the complementary lanes, BSYNC rejoins them; the loop itself has its own
// BSSY/BSYNC, and lanes leave the active mask as their trip counts run out.
#include <algorithm>

#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"
#include "workloads/prng.h"

namespace gpucosim::wl {
namespace {

struct BranchyCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, ldg_trips, ldg_val, mid_last, it_first, to_else, then_first, then_last,
      else_first, else_last, join_first, back, bsync_loop, stg, exit;
  BranchyCode() {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                        // SR_CTAID.X
    p.add("S2R", 2, {});                        // SR_TID.X
    p.add("IMAD", 0, {0, 2});                   // gid
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD.WIDE", 4, {0, 3});              // &trips[gid]
    ldg_trips = p.add("LDG.E", 6, {4});
    p.add("IMAD.WIDE", 8, {0, 3});              // &data[gid] (read, and written at the end)
    ldg_val = p.add("LDG.E", 10, {8});
    p.add("MOV", 11, {}, 0);                    // it = 0
    p.add("CS2R", 12, {});                      // acc = 0
    mid_last = p.add("BSSY", kNoReg, {});       // loop reconvergence
    it_first = p.add("LOP3.LUT", 13, {10, 11}, 0x96);  // condition bits from value and it
    p.add("ISETP.NE.AND", kNoReg, {13});
    p.add("BSSY", kNoReg, {});                  // if/else reconvergence
    to_else = p.add("BRA", kNoReg, {});         // @!P0 BRA else
    then_first = p.add("FMUL", 14, {12, 10});
    p.add("FFMA", 12, {14, 10, 12});
    p.add("MUFU.RCP", 15, {12});
    p.add("FADD", 12, {12, 15});
    then_last = p.add("BRA", kNoReg, {});       // BRA join
    else_first = p.add("FADD", 12, {12, 10});
    p.add("MUFU.EX2", 16, {12});
    else_last = p.add("FMUL", 12, {16, 10});
    join_first = p.add("BSYNC", kNoReg, {});
    p.add("IADD3", 11, {11}, 1);
    p.add("IMAD", 10, {10, 13});                // next value
    p.add("ISETP.LT.AND", kNoReg, {11, 6});
    back = p.add("BRA", kNoReg, {});            // @P0 BRA loop
    bsync_loop = p.add("BSYNC", kNoReg, {});
    stg = p.add("STG.E", kNoReg, {8, 12});
    exit = p.add("EXIT", kNoReg, {});
  }
};

struct BranchyShape {
  int64_t n, block, max_trips, taken_pct;
  uint64_t seed;
  int64_t trips(int64_t gid) const { return 1 + int64_t(draw_below(seed, {0, uint64_t(gid)}, uint64_t(max_trips))); }
  bool taken(int64_t gid, int64_t it) const {
    return int64_t(draw_below(seed, {1, uint64_t(gid), uint64_t(it)}, 100)) < taken_pct;
  }
  // Per warp: lanes still looping at iteration it, and those of them taking the if-path.
  struct WarpTrips {
    Lanes1D ln;
    int64_t trips[kWarpSize] = {};
    int64_t longest = 0;
    uint32_t looping(int64_t it) const {
      uint32_t m = 0;
      for (int l = 0; l < kWarpSize; ++l)
        if (trips[l] > it) m |= 1u << l;
      return m;
    }
  };
  WarpTrips warp(uint64_t bi, uint32_t w) const {
    WarpTrips r;
    r.ln = lanes_1d(bi, w, block, n);
    for (int l = 0; l < kWarpSize; ++l)
      if (r.ln.act >> l & 1u) r.longest = std::max(r.longest, r.trips[l] = trips(r.ln.first + l));
    return r;
  }
  uint32_t then_mask(const WarpTrips& w, int64_t it) const {
    uint32_t m = 0;
    const uint32_t live = w.looping(it);
    for (int l = 0; l < kWarpSize; ++l)
      if ((live >> l & 1u) && taken(w.ln.first + l, it)) m |= 1u << l;
    return m;
  }
};

class Branchy : public Workload {
 public:
  std::string name() const override { return "branchy"; }
  std::string description() const override {
    return "data-dependent if/else inside loops with per-lane trip counts (BSSY/BSYNC reconvergence)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 4096, 1, int64_t(1) << 24, "threads"},
            {"block", 256, 1, 1024, "threads per block"},
            {"max_trips", 8, 1, 100000, "loop trips per thread are uniform in 1..max_trips"},
            {"taken_pct", 50, 0, 100, "percent of iterations taking the if-path"},
            {"seed", 1, 0, int64_t(1) << 62, "trip count and condition seed"}};
  }
  static BranchyShape shape(const ParamValues& p) {
    return {param(p, "n"), param(p, "block"), param(p, "max_trips"), param(p, "taken_pct"), uint64_t(param(p, "seed"))};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const BranchyShape sh = shape(p);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t trips = mem.alloc(uint64_t(sh.n) * 4, &app.memcpys);
    const uint64_t data = mem.alloc(uint64_t(sh.n) * 4, &app.memcpys);
    auto code = std::make_shared<const BranchyCode>();
    const Launch1D launch = launch_1d(sh.n, sh.block);
    KernelHeader h = make_header("_Z7branchyPKiPfi", 1, Dim3{uint32_t(launch.blocks), 1, 1}, Dim3{uint32_t(sh.block), 1, 1},
                                 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const BranchyCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const BranchyShape::WarpTrips lw = sh.warp(bi, w);
        const uint32_t act = lw.ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes and of the trip counts it loads (the
        // generator drew them); the data values and everything derived from them are not known.
        prologue_1d(s, k.pro_first, lw.ln.exist, bi, w, lw.ln.first);
        s.op(k.exit_oob, lw.ln.exist & ~act);
        if (!act) continue;
        auto own = [&](uint64_t base) { return [&lw, base](int l) { return base + uint64_t(lw.ln.first + l) * 4; }; };
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.ldg_trips - 1, act, own(trips));
        s.mem(k.ldg_trips, act, own(trips), [&](int l) { return lw.trips[l]; });
        s.op(k.ldg_val - 1, act, own(data));
        s.mem(k.ldg_val, act, own(data));
        s.op(k.ldg_val + 1, act, [](int) { return 0; });
        s.op(k.ldg_val + 2, act, [](int) { return 0; });
        s.op(k.mid_last, act);
        for (int64_t it = 0; it < lw.longest; ++it) {
          const uint32_t live = lw.looping(it), then = sh.then_mask(lw, it), other = live & ~then;
          for (int site = k.it_first; site < k.to_else; ++site) s.op(site, live);
          s.op(k.to_else, other);
          if (then)
            for (int site = k.then_first; site <= k.then_last; ++site) s.op(site, then);
          if (other)
            for (int site = k.else_first; site <= k.else_last; ++site) s.op(site, other);
          s.op(k.join_first, live);
          s.op(k.join_first + 1, live, [it](int) { return it + 1; });
          s.op(k.join_first + 2, live);
          s.op(k.join_first + 3, live);
          s.op(k.back, lw.looping(it + 1));
        }
        s.op(k.bsync_loop, act);
        s.mem(k.stg, act, own(data));
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const BranchyShape sh = shape(p);
    const Launch1D l = launch_1d(sh.n, sh.block);
    const uint32_t wpb = uint32_t(ceil_div(uint64_t(sh.block), kWarpSize));
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    c.warp_instructions = l.warps * 6 + l.busy_warps * (9 + 3);
    c.memory_instructions = l.busy_warps * 3;
    // Each iteration: 4 to the branch, 5 on the if-path and 3 on the else-path when any lane
    // takes it, 5 to the back edge.
    for (uint64_t b = 0; b < l.blocks; ++b)
      for (uint32_t w = 0; w < wpb; ++w) {
        const BranchyShape::WarpTrips lw = sh.warp(b, w);
        for (int64_t it = 0; it < lw.longest; ++it) {
          const uint32_t live = lw.looping(it), then = sh.then_mask(lw, it);
          c.warp_instructions += 9 + (then ? 5 : 0) + ((live & ~then) ? 3 : 0);
        }
      }
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_branchy() { return std::make_unique<Branchy>(); }

}  // namespace gpucosim::wl
