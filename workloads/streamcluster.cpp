// streamcluster: Rodinia's pgain kernel, reduced to its memory behaviour. Each thread owns a
// point and, for each of a few candidate centres, computes the squared distance from its point
// to the centre: coordinates are column-major (coord[f * points + p]), so its own coordinate
// loads are coalesced, while the centre's coordinates are the same address in every lane of
// every warp of every block -- the inter-warp locality of seed 000 §2.1 ("same accesses in
// inner loop across all threads"). A point whose cost would drop (drawn from the seed) marks
// itself, a divergent store.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"
#include "workloads/prng.h"

namespace gpucosim::wl {
namespace {

struct ScCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, ldg_w, ldg_cost, mid_last, c_first, ldg_cidx, c_last, f_first, ldg_own,
      ldg_ctr, f_last, t_first, skip, low_first, stg_switch, bsync, back, wide_out, stg, exit;
  ScCode(int64_t points, int64_t dim, int64_t centers) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                          // SR_CTAID.X
    p.add("S2R", 2, {});                          // SR_TID.X
    p.add("IMAD", 0, {0, 2});                     // point p
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD.WIDE", 4, {0, 3});                // &weight[p]
    ldg_w = p.add("LDG.E", 6, {4});
    p.add("IMAD.WIDE", 8, {0, 3});                // &cost[p]
    ldg_cost = p.add("LDG.E", 10, {8});
    p.add("CS2R", 11, {});                        // gain = 0
    mid_last = p.add("MOV", 12, {}, 0);           // c = 0
    c_first = p.add("IMAD.WIDE", 14, {12, 3});    // &center_table[c]
    ldg_cidx = p.add("LDG.E", 13, {14});          // x = centre's point index
    p.add("MOV", 16, {0});                        // own coordinate index
    p.add("MOV", 17, {13});                       // centre coordinate index
    p.add("CS2R", 18, {});                        // dist = 0
    c_last = p.add("MOV", 19, {}, 0);             // f = 0
    f_first = p.add("IMAD.WIDE", 20, {16, 3});
    p.add("IMAD.WIDE", 22, {17, 3});
    ldg_own = p.add("LDG.E", 24, {20});           // coord[f * points + p]
    ldg_ctr = p.add("LDG.E", 25, {22});           // coord[f * points + x]
    p.add("FADD", 26, {24, 25});
    p.add("FFMA", 18, {26, 26, 18});
    p.add("IADD3", 16, {16}, points);
    p.add("IADD3", 17, {17}, points);
    p.add("IADD3", 19, {19}, 1);
    p.add("ISETP.LT.AND", kNoReg, {19}, dim);
    f_last = p.add("BRA", kNoReg, {});
    t_first = p.add("FMUL", 27, {18, 6});         // x_cost = dist * weight
    p.add("FSETP.GT.AND", kNoReg, {10, 27});      // lower = cost > x_cost
    p.add("BSSY", kNoReg, {});
    skip = p.add("BRA", kNoReg, {});              // @!P0 BRA
    low_first = p.add("FADD", 28, {10, 27});
    p.add("FADD", 11, {11, 28});                  // gain += cost - x_cost
    p.add("IMAD.WIDE", 30, {0, 3});               // &switch_membership[p]
    p.add("MOV", 29, {}, 1);
    stg_switch = p.add("STG.E", kNoReg, {30, 29});
    bsync = p.add("BSYNC", kNoReg, {});
    p.add("IADD3", 12, {12}, 1);
    p.add("ISETP.LT.AND", kNoReg, {12}, centers);
    back = p.add("BRA", kNoReg, {});
    wide_out = p.add("IMAD.WIDE", 32, {0, 3});
    stg = p.add("STG.E", kNoReg, {32, 11});
    exit = p.add("EXIT", kNoReg, {});
  }
};

struct ScShape {
  int64_t points, dim, centers, block;
  uint64_t seed;
  int64_t center_point(int64_t c) const { return int64_t(draw_below(seed, {1, uint64_t(c)}, uint64_t(points))); }
  bool lower(int64_t c, int64_t pt) const { return draw_below(seed, {2, uint64_t(c), uint64_t(pt)}, 3) == 0; }
  uint32_t lower_mask(const Lanes1D& ln, int64_t c) const {
    uint32_t m = 0;
    for (int l = 0; l < kWarpSize; ++l)
      if ((ln.act >> l & 1u) && lower(c, ln.first + l)) m |= 1u << l;
    return m;
  }
};

class Streamcluster : public Workload {
 public:
  std::string name() const override { return "streamcluster"; }
  std::string description() const override {
    return "streamcluster pgain: every warp re-reads the same centre coordinates (inter-warp locality)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"points", 2048, 1, int64_t(1) << 24, "points (one thread each)"},
            {"dim", 16, 1, 1024, "coordinates per point"},
            {"centers", 4, 1, 1024, "candidate centres evaluated"},
            {"block", 256, 1, 1024, "threads per block"},
            {"seed", 1, 0, int64_t(1) << 62, "centre choice and cost outcome seed"}};
  }
  static ScShape shape(const ParamValues& p) {
    return {param(p, "points"), param(p, "dim"), param(p, "centers"), param(p, "block"), uint64_t(param(p, "seed"))};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const ScShape sh = shape(p);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t coord = mem.alloc(uint64_t(sh.points * sh.dim) * 4, &app.memcpys);
    const uint64_t weight = mem.alloc(uint64_t(sh.points) * 4, &app.memcpys);
    const uint64_t cost = mem.alloc(uint64_t(sh.points) * 4, &app.memcpys);
    const uint64_t table = mem.alloc(uint64_t(sh.centers) * 4, &app.memcpys);
    const uint64_t sw = mem.alloc(uint64_t(sh.points) * 4);
    const uint64_t work = mem.alloc(uint64_t(sh.points) * 4);
    auto code = std::make_shared<const ScCode>(sh.points, sh.dim, sh.centers);
    const Launch1D launch = launch_1d(sh.points, sh.block);
    KernelHeader h = make_header("_Z19kernel_compute_costiilP5PointiiPfS1_PiS1_PbS1_", 1, Dim3{uint32_t(launch.blocks), 1, 1},
                                 Dim3{uint32_t(sh.block), 1, 1}, 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const ScCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, sh.block, sh.points);
        const uint32_t act = ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes and of the centre table it loads
        // (the generator drew the centres); coordinates, weights, costs and gains are not known.
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        auto own = [&](uint64_t base) { return [&ln, base](int l) { return base + uint64_t(ln.first + l) * 4; }; };
        auto zero = [](int) { return 0; };
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.ldg_w - 1, act, own(weight));
        s.mem(k.ldg_w, act, own(weight));
        s.op(k.ldg_cost - 1, act, own(cost));
        s.mem(k.ldg_cost, act, own(cost));
        s.op(k.ldg_cost + 1, act, zero);
        s.op(k.mid_last, act, zero);
        for (int64_t c = 0; c < sh.centers; ++c) {
          const int64_t x = sh.center_point(c);
          auto entry = [&](int) { return table + uint64_t(c) * 4; };
          s.op(k.c_first, act, entry);
          s.mem(k.ldg_cidx, act, entry, [x](int) { return x; });
          s.op(k.ldg_cidx + 1, act, [&](int l) { return ln.first + l; });
          s.op(k.ldg_cidx + 2, act, [x](int) { return x; });
          s.op(k.ldg_cidx + 3, act, zero);
          s.op(k.c_last, act, zero);
          for (int64_t f = 0; f < sh.dim; ++f) {
            auto own_at = own(coord + uint64_t(f * sh.points) * 4);
            auto ctr_at = [&](int) { return coord + uint64_t(f * sh.points + x) * 4; };
            s.op(k.f_first, act, own_at);
            s.op(k.f_first + 1, act, ctr_at);
            s.mem(k.ldg_own, act, own_at);
            s.mem(k.ldg_ctr, act, ctr_at);
            s.op(k.ldg_ctr + 1, act);
            s.op(k.ldg_ctr + 2, act);
            s.op(k.ldg_ctr + 3, act, [&](int l) { return (f + 1) * sh.points + ln.first + l; });
            s.op(k.ldg_ctr + 4, act, [&](int) { return (f + 1) * sh.points + x; });
            s.op(k.ldg_ctr + 5, act, [f](int) { return f + 1; });
            s.op(k.ldg_ctr + 6, act);
            s.op(k.f_last, f + 1 < sh.dim ? act : 0u);
          }
          const uint32_t low = sh.lower_mask(ln, c);
          for (int site = k.t_first; site < k.skip; ++site) s.op(site, act);
          s.op(k.skip, act & ~low);
          if (low) {
            s.op(k.low_first, low);
            s.op(k.low_first + 1, low);
            s.op(k.low_first + 2, low, own(sw));
            s.op(k.low_first + 3, low, [](int) { return 1; });
            s.mem(k.stg_switch, low, own(sw));
          }
          s.op(k.bsync, act);
          s.op(k.bsync + 1, act, [c](int) { return c + 1; });
          s.op(k.bsync + 2, act);
          s.op(k.back, c + 1 < sh.centers ? act : 0u);
        }
        s.op(k.wide_out, act, own(work));
        s.mem(k.stg, act, own(work));
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const ScShape sh = shape(p);
    const Launch1D l = launch_1d(sh.points, sh.block);
    const uint64_t wpb = ceil_div(uint64_t(sh.block), kWarpSize);
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // Busy warps: 8 before the centre loop, per centre 6 + 11 per coordinate + 8, and 3 at the end.
    const uint64_t per_centre = 6 + uint64_t(sh.dim) * 11 + 8;
    c.warp_instructions = l.warps * 6 + l.busy_warps * (8 + uint64_t(sh.centers) * per_centre + 3);
    c.memory_instructions = l.busy_warps * (2 + uint64_t(sh.centers) * (1 + uint64_t(sh.dim) * 2) + 1);
    // Plus 5 (one store) for each (warp, centre) with at least one point that improves.
    for (uint64_t b = 0; b < l.blocks; ++b)
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(b, w, sh.block, sh.points);
        if (!ln.act) continue;
        for (int64_t cc = 0; cc < sh.centers; ++cc)
          if (sh.lower_mask(ln, cc)) c.warp_instructions += 5, c.memory_instructions += 1;
      }
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_streamcluster() { return std::make_unique<Streamcluster>(); }

}  // namespace gpucosim::wl
