// vecadd: C[i] = A[i] + B[i], modelled on what nvcc emits for CUDA's vectorAdd at sm_80 (the
// shared fixture accelsim-vectoradd-sm80): a prologue computing the global index, a predicated
// EXIT for threads past n, 64-bit address arithmetic, two coalesced loads, FADD, one store.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct VecaddCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int mov, s2r_ctaid, s2r_tid, imad_gid, isetp, exit_oob, hfma_four, uldc, wide_b, wide_a, ldg_b, ldg_a, wide_c,
      fadd, fadd_rz, stg, exit;
  VecaddCode() {
    Program& p = *prog;
    mov = p.add("MOV", 1, {});                     // R1 = stack pointer (c[0x0][0x28])
    s2r_ctaid = p.add("S2R", 6, {});               // SR_CTAID.X
    s2r_tid = p.add("S2R", 3, {});                 // SR_TID.X
    imad_gid = p.add("IMAD", 6, {6, 3});           // i = ctaid * ntid + tid
    isetp = p.add("ISETP.GE.AND", kNoReg, {6});    // P0 = i >= n
    exit_oob = p.add("EXIT", kNoReg, {});          // @P0 EXIT
    hfma_four = p.add("HFMA2.MMA", 7, {RZ, RZ});   // R7 = 4 (element size)
    uldc = p.add("ULDC.64", kNoReg, {});
    wide_b = p.add("IMAD.WIDE", 4, {6, 7});        // &B[i]
    wide_a = p.add("IMAD.WIDE", 2, {6, 7});        // &A[i]
    ldg_b = p.add("LDG.E", 4, {4});
    ldg_a = p.add("LDG.E", 3, {2});
    wide_c = p.add("IMAD.WIDE", 6, {6, 7});        // &C[i]
    fadd = p.add("FADD", 0, {4, 3});
    fadd_rz = p.add("FADD", 9, {RZ, 0});
    stg = p.add("STG.E", kNoReg, {6, 9});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Vecadd : public Workload {
 public:
  std::string name() const override { return "vecadd"; }
  std::string description() const override {
    return "C = A + B, one thread per element, coalesced (nvcc sm_80 vectorAdd)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 5000, 1, int64_t(1) << 28, "elements"},
            {"block", 256, 1, 1024, "threads per block"}};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), block = param(p, "block");
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t a = mem.alloc(uint64_t(n) * 4, &app.memcpys);
    const uint64_t b = mem.alloc(uint64_t(n) * 4, &app.memcpys);
    const uint64_t c = mem.alloc(uint64_t(n) * 4);
    auto code = std::make_shared<const VecaddCode>();
    const Dim3 grid{uint32_t(ceil_div(uint64_t(n), uint64_t(block))), 1, 1};
    KernelHeader h = make_header("_Z9vectorAddPKfS0_Pfi", 1, grid, Dim3{uint32_t(block), 1, 1}, 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const VecaddCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, block, n);
        const int64_t first = ln.first;
        const uint32_t exist = ln.exist, act = ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (the loaded floats are not known).
        const int64_t tid0 = int64_t(w) * kWarpSize;
        s.op(k.mov, exist, [](int) { return kStackPointer; });
        s.op(k.s2r_ctaid, exist, [bi](int) { return bi; });
        s.op(k.s2r_tid, exist, [tid0](int l) { return tid0 + l; });
        s.op(k.imad_gid, exist, [first](int l) { return first + l; });
        s.op(k.isetp, exist);
        s.op(k.exit_oob, exist & ~act);
        if (!act) continue;
        s.op(k.hfma_four, act, [](int) { return 4; });
        s.op(k.uldc, act);
        auto at = [first](uint64_t base) { return [=](int l) { return base + uint64_t(first + l) * 4; }; };
        s.op(k.wide_b, act, at(b));
        s.op(k.wide_a, act, at(a));
        s.mem(k.ldg_b, act, at(b));
        s.mem(k.ldg_a, act, at(a));
        s.op(k.wide_c, act, at(c));
        for (int site : {k.fadd, k.fadd_rz}) s.op(site, act);
        s.mem(k.stg, act, at(c));
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const Launch1D l = launch_1d(param(p, "n"), param(p, "block"));
    // Warps past n run only the 6-instruction prologue with its predicated EXIT.
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    c.warp_instructions = l.warps * 6 + l.busy_warps * 11;
    c.memory_instructions = l.busy_warps * 3;
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_vecadd() { return std::make_unique<Vecadd>(); }

}  // namespace gpucosim::wl
