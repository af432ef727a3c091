// reduction: per-block sum in shared memory (CUDA's classic reduction, sequential addressing
// with `if (tid < s)`, run all the way down to s = 1 in shared memory). Each thread loads one
// element and stores it to sdata[tid]; then for s = block/2 ... 1 the threads with tid < s add
// sdata[tid + s], with a barrier per step. Above s = 32 whole warps drop out; below, the active
// mask of warp 0 shrinks 32 -> 16 -> ... -> 1 lanes (intra-warp divergence). Thread 0 writes
// the block's sum.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct ReduceCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, ldg, sts0, pro_last, step_first, skip, body_first, lds_hi, lds_lo, sts, bsync, step_last, isetp0,
      exit0, lds_sum, wide_out, stg, exit;
  explicit ReduceCode(int64_t block) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                        // SR_CTAID.X
    p.add("S2R", 2, {});                        // SR_TID.X
    p.add("IMAD", 3, {0, 2});                   // i = ctaid * ntid + tid
    p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 4, {}, 4);
    p.add("IMAD.WIDE", 6, {3, 4});              // &in[i]
    ldg = p.add("LDG.E", 8, {6});
    p.add("IMAD.SHL.U32", 9, {2}, 4);           // &sdata[tid]
    sts0 = p.add("STS", kNoReg, {9, 8});
    p.add("BAR.SYNC", kNoReg, {});
    pro_last = p.add("MOV", 5, {}, block / 2);  // s
    step_first = p.add("ISETP.GE.AND", kNoReg, {2, 5});  // tid >= s
    p.add("BSSY", kNoReg, {});
    skip = p.add("BRA", kNoReg, {});            // @P0 BRA past the add
    body_first = p.add("IADD3", 10, {2, 5});    // tid + s
    p.add("IMAD.SHL.U32", 10, {10}, 4);
    lds_hi = p.add("LDS", 11, {10});            // sdata[tid + s]
    lds_lo = p.add("LDS", 12, {9});             // sdata[tid]
    p.add("FADD", 12, {12, 11});
    sts = p.add("STS", kNoReg, {9, 12});
    bsync = p.add("BSYNC", kNoReg, {});
    p.add("BAR.SYNC", kNoReg, {});
    p.add("SHF.R.S32.HI", 5, {RZ, 5}, 1);       // s >>= 1
    p.add("ISETP.GT.AND", kNoReg, {5});
    step_last = p.add("BRA", kNoReg, {});       // @P0 BRA next step
    isetp0 = p.add("ISETP.NE.AND", kNoReg, {2});
    exit0 = p.add("EXIT", kNoReg, {});          // @P0 EXIT: all but thread 0
    lds_sum = p.add("LDS", 13, {RZ});           // sdata[0]
    wide_out = p.add("IMAD.WIDE", 14, {0, 4});  // &out[ctaid]
    stg = p.add("STG.E", kNoReg, {14, 13});
    exit = p.add("EXIT", kNoReg, {});
  }
};

int log2_exact(int64_t v) {
  int e = 0;
  while ((int64_t(1) << e) < v) ++e;
  return e;
}

class Reduction : public Workload {
 public:
  std::string name() const override { return "reduction"; }
  std::string description() const override {
    return "shared-memory tree reduction: barriers per step, active lanes halve down to one";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"blocks", 16, 1, int64_t(1) << 20, "thread blocks (each reduces `block` elements)"},
            {"block", 256, 32, 1024, "threads per block (power of two)"}};
  }
  static void check(int64_t block) {
    require((block & (block - 1)) == 0, "reduction", "block must be a power of two");
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t blocks = param(p, "blocks"), block = param(p, "block");
    check(block);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t in = mem.alloc(uint64_t(blocks * block) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(blocks) * 4);
    auto code = std::make_shared<const ReduceCode>(block);
    KernelHeader h = make_header("_Z7reducePfS_j", 1, Dim3{uint32_t(blocks), 1, 1}, Dim3{uint32_t(block), 1, 1},
                                 uint32_t(block * 4), *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const ReduceCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        WarpStream s(*k.prog, warps[w], so);
        const int64_t tid0 = int64_t(w) * kWarpSize;
        // Lane values of the registers the kernel computes (the loaded and summed floats are
        // not known).
        const int pro = k.pro_first;
        auto in_at = [&](int l) { return in + uint64_t(int64_t(bi) * block + tid0 + l) * 4; };
        auto own = [&](int l) { return uint64_t(tid0 + l) * 4; };
        s.op(pro, ~0u, [](int) { return kStackPointer; });
        s.op(pro + 1, ~0u, [&](int) { return bi; });
        s.op(pro + 2, ~0u, [&](int l) { return tid0 + l; });
        s.op(pro + 3, ~0u, [&](int l) { return int64_t(bi) * block + tid0 + l; });
        s.op(pro + 4, ~0u);
        s.op(pro + 5, ~0u, [](int) { return 4; });
        s.op(pro + 6, ~0u, in_at);
        s.mem(k.ldg, ~0u, in_at);
        s.op(k.ldg + 1, ~0u, own);
        s.mem(k.sts0, ~0u, own);
        s.op(k.sts0 + 1, ~0u);
        s.op(k.pro_last, ~0u, [&](int) { return block / 2; });
        for (int64_t st = block / 2; st >= 1; st /= 2) {
          const uint32_t adding = first_lanes(st - tid0);  // lanes with tid < s
          s.op(k.step_first, ~0u);
          s.op(k.step_first + 1, ~0u);
          s.op(k.skip, ~adding);
          if (adding) {
            s.op(k.body_first, adding, [&](int l) { return tid0 + l + st; });
            s.op(k.body_first + 1, adding, [&](int l) { return (tid0 + l + st) * 4; });
            s.mem(k.lds_hi, adding, [&](int l) { return uint64_t(tid0 + l + st) * 4; });
            s.mem(k.lds_lo, adding, own);
            s.op(k.lds_lo + 1, adding);
            s.mem(k.sts, adding, own);
          }
          s.op(k.bsync, ~0u);
          s.op(k.bsync + 1, ~0u);
          s.op(k.bsync + 2, ~0u, [&](int) { return st / 2; });  // s >>= 1
          s.op(k.bsync + 3, ~0u);
          s.op(k.step_last, st > 1 ? ~0u : 0u);
        }
        s.op(k.isetp0, ~0u);
        s.op(k.exit0, w == 0 ? ~1u : ~0u);
        if (w != 0) continue;
        s.mem(k.lds_sum, 1u, [](int) { return uint64_t(0); });
        s.op(k.wide_out, 1u, [&](int) { return out + bi * 4; });
        s.mem(k.stg, 1u, [&](int) { return out + bi * 4; });
        s.op(k.exit, 1u);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t blocks = param(p, "blocks"), block = param(p, "block");
    check(block);
    const uint64_t wpb = uint64_t(block) / kWarpSize, steps = uint64_t(log2_exact(block));
    // Warps that add at step s: those holding a tid < s, i.e. ceil(s / 32).
    uint64_t adds = 0;
    for (int64_t st = block / 2; st >= 1; st /= 2) adds += ceil_div(uint64_t(st), kWarpSize);
    KernelCounts c;
    c.thread_blocks = uint64_t(blocks);
    c.warps = c.thread_blocks * wpb;
    // Per warp: 12 prologue, 8 per step, 2 at the end; 6 per adding step; warp 0 adds 4.
    const uint64_t per_block = wpb * (12 + steps * 8 + 2) + adds * 6 + 4;
    c.warp_instructions = c.thread_blocks * per_block;
    c.memory_instructions = c.thread_blocks * (wpb * 2 + adds * 3 + 2);
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_reduction() { return std::make_unique<Reduction>(); }

}  // namespace gpucosim::wl
