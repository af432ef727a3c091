// kmeans: Rodinia's kmeansPoint (membership assignment). Each thread owns a point and loops
// over the clusters and, inside, over the features: the point's feature is column-major as in
// Rodinia (feature[f * points + p], coalesced across the warp), the cluster centre's feature
// (clusters[i * features + f]) is the same address in every lane and every warp (a broadcast
// Rodinia serves from constant memory; here a global load, as on the WarpPool baseline). The
// running minimum is tracked branch-free with FSETP/FSEL/SEL, then the membership is stored.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct KmCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, c_first, f_first, ldg_feat, ldg_ctr, f_last, t_first, back, wide_out, stg, exit;
  KmCode(int64_t points, int64_t features, int64_t clusters) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                          // SR_CTAID.X
    p.add("S2R", 2, {});                          // SR_TID.X
    p.add("IMAD", 0, {0, 2});                     // point p
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("MOV", 4, {}, 0x7f7fffff);              // min_dist = FLT_MAX
    p.add("MOV", 5, {}, 0);                       // index = 0
    p.add("MOV", 6, {}, 0);                       // i = 0
    p.add("MOV", 7, {}, 0);                       // i * features
    c_first = p.add("CS2R", 8, {});               // dist = 0
    p.add("MOV", 9, {0});                         // feature index f * points + p
    p.add("MOV", 10, {7});                        // centre index i * features + f
    p.add("MOV", 11, {}, 0);                      // f = 0
    f_first = p.add("IMAD.WIDE", 12, {9, 3});
    p.add("IMAD.WIDE", 14, {10, 3});
    ldg_feat = p.add("LDG.E", 16, {12});
    ldg_ctr = p.add("LDG.E", 17, {14});
    p.add("FADD", 18, {16, 17});                  // diff
    p.add("FFMA", 8, {18, 18, 8});                // dist += diff * diff
    p.add("IADD3", 9, {9}, points);
    p.add("IADD3", 10, {10}, 1);
    p.add("IADD3", 11, {11}, 1);
    p.add("ISETP.LT.AND", kNoReg, {11}, features);
    f_last = p.add("BRA", kNoReg, {});
    t_first = p.add("FSETP.GT.AND", kNoReg, {4, 8});  // dist < min_dist
    p.add("FSEL", 4, {8, 4});
    p.add("SEL", 5, {6, 5});
    p.add("IADD3", 6, {6}, 1);
    p.add("IADD3", 7, {7}, features);
    p.add("ISETP.LT.AND", kNoReg, {6}, clusters);
    back = p.add("BRA", kNoReg, {});
    wide_out = p.add("IMAD.WIDE", 20, {0, 3});    // &membership[p]
    stg = p.add("STG.E", kNoReg, {20, 5});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Kmeans : public Workload {
 public:
  std::string name() const override { return "kmeans"; }
  std::string description() const override {
    return "kmeans membership: column-major point features, broadcast cluster centres, FSEL min tracking";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"points", 2048, 1, int64_t(1) << 24, "points (one thread each)"},
            {"features", 8, 1, 1024, "features per point"},
            {"clusters", 5, 1, 1024, "cluster centres"},
            {"block", 256, 1, 1024, "threads per block"}};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t points = param(p, "points"), nf = param(p, "features"), nc = param(p, "clusters");
    const int64_t block = param(p, "block");
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t feat = mem.alloc(uint64_t(points * nf) * 4, &app.memcpys);
    const uint64_t ctr = mem.alloc(uint64_t(nc * nf) * 4, &app.memcpys);
    const uint64_t member = mem.alloc(uint64_t(points) * 4);
    auto code = std::make_shared<const KmCode>(points, nf, nc);
    const Launch1D launch = launch_1d(points, block);
    KernelHeader h = make_header("_Z11kmeansPointPfiiiPiS_S_S0_", 1, Dim3{uint32_t(launch.blocks), 1, 1},
                                 Dim3{uint32_t(block), 1, 1}, 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const KmCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, block, points);
        const uint32_t act = ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (indices, addresses, counters,
        // constants); the features, distances and the chosen cluster depend on the data: not known.
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        auto zero = [](int) { return 0; };
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, [](int) { return 0x7f7fffff; });
        for (int site = k.mid_first + 3; site < k.c_first; ++site) s.op(site, act, zero);
        for (int64_t i = 0; i < nc; ++i) {
          s.op(k.c_first, act, zero);
          s.op(k.c_first + 1, act, [&](int l) { return ln.first + l; });
          s.op(k.c_first + 2, act, [&](int) { return i * nf; });
          s.op(k.c_first + 3, act, zero);
          for (int64_t f = 0; f < nf; ++f) {
            auto feat_at = [&](int l) { return feat + uint64_t(f * points + ln.first + l) * 4; };
            auto ctr_at = [&](int) { return ctr + uint64_t(i * nf + f) * 4; };
            s.op(k.f_first, act, feat_at);
            s.op(k.f_first + 1, act, ctr_at);
            s.mem(k.ldg_feat, act, feat_at);
            s.mem(k.ldg_ctr, act, ctr_at);
            s.op(k.ldg_ctr + 1, act);
            s.op(k.ldg_ctr + 2, act);
            s.op(k.ldg_ctr + 3, act, [&](int l) { return (f + 1) * points + ln.first + l; });
            s.op(k.ldg_ctr + 4, act, [&](int) { return i * nf + f + 1; });
            s.op(k.ldg_ctr + 5, act, [f](int) { return f + 1; });
            s.op(k.ldg_ctr + 6, act);
            s.op(k.f_last, f + 1 < nf ? act : 0u);
          }
          s.op(k.t_first, act);
          s.op(k.t_first + 1, act);
          s.op(k.t_first + 2, act);
          s.op(k.t_first + 3, act, [i](int) { return i + 1; });
          s.op(k.t_first + 4, act, [&](int) { return (i + 1) * nf; });
          s.op(k.t_first + 5, act);
          s.op(k.back, i + 1 < nc ? act : 0u);
        }
        auto out_at = [&](int l) { return member + uint64_t(ln.first + l) * 4; };
        s.op(k.wide_out, act, out_at);
        s.mem(k.stg, act, out_at);
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t points = param(p, "points"), nf = param(p, "features"), nc = param(p, "clusters");
    const Launch1D l = launch_1d(points, param(p, "block"));
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // Busy warps: 6 before the cluster loop, per cluster 4 + 11 per feature + 7, and 3 at the end.
    c.warp_instructions = l.warps * 6 + l.busy_warps * (6 + uint64_t(nc) * (11 + uint64_t(nf) * 11) + 3);
    c.memory_instructions = l.busy_warps * (uint64_t(nc * nf) * 2 + 1);
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_kmeans() { return std::make_unique<Kmeans>(); }

}  // namespace gpucosim::wl
