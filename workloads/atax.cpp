// atax: y = A^T (A x) for an nx x ny row-major matrix, PolyBench/GPU's two kernels.
//   kernel 1 (ATAX_1): thread i computes tmp[i] = sum_j A[i][j] * x[j]. Lane l walks row i0+l,
//     so one load instruction touches A[i0..i0+31][j]: stride ny*4 between lanes, 32 different
//     lines -- the fully divergent kernel (seed 000 §2.1: up to 32 cycles per warp load for
//     ATAX-1). x[j] is the same address in every lane (broadcast).
//   kernel 2 (ATAX_2): thread j computes y[j] = sum_i A[i][j] * tmp[i]. Lanes read consecutive
//     columns of row i (coalesced) and broadcast tmp[i].
// Both kernels have the same code shape; only the strides and the trip count differ.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct AtaxCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, mid_last, wide_a, wide_v, ldg_a, ldg_v, loop_last, wide_out, stg, exit;
  // a_first: A index of thread t at trip 0 is t * a_first; a_step per trip; trips of the loop.
  AtaxCode(int64_t a_first, int64_t a_step, int64_t trips) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                          // SR_CTAID.X
    p.add("S2R", 2, {});                          // SR_TID.X
    p.add("IMAD", 0, {0, 2});                     // t = ctaid * ntid + tid
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD", 4, {0}, a_first);               // A index of trip 0
    p.add("MOV", 5, {}, 0);                       // vector index (x[j] or tmp[i])
    mid_last = p.add("CS2R", 6, {});              // acc = 0
    wide_a = p.add("IMAD.WIDE", 8, {4, 3});
    wide_v = p.add("IMAD.WIDE", 10, {5, 3});
    ldg_a = p.add("LDG.E", 12, {8});
    ldg_v = p.add("LDG.E", 13, {10});
    p.add("IADD3", 4, {4}, a_step);
    p.add("IADD3", 5, {5}, 1);
    p.add("ISETP.LT.AND", kNoReg, {5}, trips);
    p.add("FFMA", 6, {12, 13, 6});
    loop_last = p.add("BRA", kNoReg, {});
    wide_out = p.add("IMAD.WIDE", 14, {0, 3});
    stg = p.add("STG.E", kNoReg, {14, 6});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Atax : public Workload {
 public:
  std::string name() const override { return "atax"; }
  std::string description() const override {
    return "y = A^T (A x) (PolyBench ATAX): kernel 1 row walks (fully divergent), kernel 2 column walks (coalesced)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"nx", 256, 1, 65536, "rows of A"},
            {"ny", 256, 1, 65536, "columns of A"},
            {"block", 128, 1, 1024, "threads per block"}};
  }

  // One kernel: `threads` threads; thread t reads A[t*a_first + trip*a_step] and v[trip].
  static std::unique_ptr<KernelSource> kernel(const char* mangled, uint32_t id, int64_t threads, int64_t block,
                                              int64_t a_first, int64_t a_step, int64_t trips, uint64_t a,
                                              uint64_t v, uint64_t out) {
    auto code = std::make_shared<const AtaxCode>(a_first, a_step, trips);
    const Launch1D l = launch_1d(threads, block);
    KernelHeader h = make_header(mangled, id, Dim3{uint32_t(l.blocks), 1, 1}, Dim3{uint32_t(block), 1, 1}, 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const AtaxCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, block, threads);
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (indices, addresses, the trip
        // counter, the zeroed accumulator); the loaded elements and the sum are not known.
        const uint32_t act = ln.act;
        auto a_index = [&](int lane, int64_t t) { return (ln.first + lane) * a_first + t * a_step; };
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, [&](int lane) { return a_index(lane, 0); });
        s.op(k.mid_first + 3, act, [](int) { return 0; });
        s.op(k.mid_last, act, [](int) { return 0; });
        for (int64_t t = 0; t < trips; ++t) {
          auto a_at = [&](int lane) { return a + uint64_t(a_index(lane, t)) * 4; };
          auto v_at = [&](int) { return v + uint64_t(t) * 4; };
          s.op(k.wide_a, act, a_at);
          s.op(k.wide_v, act, v_at);
          s.mem(k.ldg_a, act, a_at);
          s.mem(k.ldg_v, act, v_at);
          s.op(k.ldg_v + 1, act, [&](int lane) { return a_index(lane, t + 1); });
          s.op(k.ldg_v + 2, act, [t](int) { return t + 1; });
          s.op(k.ldg_v + 3, act);
          s.op(k.ldg_v + 4, act);
          s.op(k.loop_last, t + 1 < trips ? act : 0u);
        }
        auto out_at = [&](int lane) { return out + uint64_t(ln.first + lane) * 4; };
        s.op(k.wide_out, act, out_at);
        s.mem(k.stg, act, out_at);
        s.op(k.exit, ln.act);
      }
    };
    return std::make_unique<GeneratedKernel>(h, code->prog, fn);
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t nx = param(p, "nx"), ny = param(p, "ny"), block = param(p, "block");
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t a = mem.alloc(uint64_t(nx * ny) * 4, &app.memcpys);
    const uint64_t x = mem.alloc(uint64_t(ny) * 4, &app.memcpys);
    const uint64_t tmp = mem.alloc(uint64_t(nx) * 4);
    const uint64_t y = mem.alloc(uint64_t(ny) * 4);
    app.kernels.push_back(kernel("_Z12atax_kernel1PfS_S_", 1, nx, block, ny, 1, ny, a, x, tmp));
    app.kernels.push_back(kernel("_Z12atax_kernel2PfS_S_", 2, ny, block, 1, ny, nx, a, tmp, y));
    return app;
  }

  static KernelCounts counts(int64_t threads, int64_t block, int64_t trips) {
    const Launch1D l = launch_1d(threads, block);
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // 6 up to the predicated EXIT; busy warps add 5 before the loop, 9 per trip, 3 after.
    c.warp_instructions = l.warps * 6 + l.busy_warps * (8 + uint64_t(trips) * 9);
    c.memory_instructions = l.busy_warps * (1 + uint64_t(trips) * 2);
    return c;
  }
  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t nx = param(p, "nx"), ny = param(p, "ny"), block = param(p, "block");
    return {counts(nx, block, ny), counts(ny, block, nx)};
  }
};

}  // namespace

std::unique_ptr<Workload> make_atax() { return std::make_unique<Atax>(); }

}  // namespace gpucosim::wl
