// bigctx: short thread blocks with a big context. A thread loads one value, writes it to shared
// memory, the block synchronises, and each thread adds its right neighbour's value (cyclically)
// and stores the sum: about twenty instructions per warp. The block declares `shmem` bytes of
// shared memory and the header `regs` registers per thread, so its context (registers x 4 B +
// shared memory) is large while its run is short: seed 003's case where draining an SM beats
// saving its context (spec 003 §2.4-2.5), and the co-runner whose save time dominates.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct BigCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, ldg, shl, sts, bar, nb, lds, fadd, wide_out, stg, exit;
  BigCode() {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                       // SR_CTAID.X
    p.add("S2R", 2, {});                       // SR_TID.X
    p.add("IMAD", 0, {0, 2});                  // i
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD.WIDE", 4, {0, 3});             // &in[i]
    ldg = p.add("LDG.E", 6, {4});
    shl = p.add("IMAD.SHL.U32", 7, {2}, 4);    // tid * 4
    sts = p.add("STS", kNoReg, {7, 6});
    bar = p.add("BAR.SYNC", kNoReg, {});
    nb = p.add("IADD3", 8, {7}, 4);            // (tid + 1) mod block, in bytes
    lds = p.add("LDS", 9, {8});
    fadd = p.add("FADD", 10, {6, 9});
    wide_out = p.add("IMAD.WIDE", 12, {0, 3});  // &out[i]
    stg = p.add("STG.E", kNoReg, {12, 10});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class BigContext : public Workload {
 public:
  std::string name() const override { return "bigctx"; }
  std::string description() const override {
    return "short thread blocks with a big context: many registers and a large shared-memory partition";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 16384, 32, int64_t(1) << 24, "threads (a multiple of block)"},
            {"block", 256, 32, 1024, "threads per block (a multiple of 32)"},
            {"regs", 64, 16, 255, "registers per thread the header reports"},
            {"shmem", 8192, 128, 49152, "shared memory per block in bytes (at least block x 4)"}};
  }
  struct Shape {
    int64_t n, block, regs, shmem;
  };
  static Shape shape(const ParamValues& p) {
    Shape s{param(p, "n"), param(p, "block"), param(p, "regs"), param(p, "shmem")};
    require(s.block % 32 == 0, "bigctx", "block must be a multiple of 32");
    require(s.n % s.block == 0, "bigctx", "n must be a multiple of block (every thread reaches the barrier)");
    require(s.shmem >= s.block * 4, "bigctx", "shmem must hold one word per thread (at least block x 4 bytes)");
    return s;
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const Shape sh = shape(p);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t in = mem.alloc(uint64_t(sh.n) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(sh.n) * 4);
    auto code = std::make_shared<const BigCode>();
    const uint64_t blocks = uint64_t(sh.n / sh.block);
    KernelHeader h = make_header("_Z6bigctxPKfPf", 1, Dim3{uint32_t(blocks), 1, 1}, Dim3{uint32_t(sh.block), 1, 1},
                                 uint32_t(sh.shmem), *code->prog, uint32_t(sh.regs));
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const BigCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const int64_t first = int64_t(bi) * sh.block + int64_t(w) * kWarpSize;  // global index of lane 0
        const int64_t tid0 = int64_t(w) * kWarpSize;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (the loaded and added floats are
        // not known).
        auto in_at = [&](int l) { return in + uint64_t(first + l) * 4; };
        auto out_at = [&](int l) { return out + uint64_t(first + l) * 4; };
        auto nb_at = [&](int l) { return uint64_t((tid0 + l + 1) % sh.block) * 4; };
        prologue_1d(s, k.pro_first, ~0u, bi, w, first);
        s.op(k.exit_oob, 0u);  // every thread is in range
        s.op(k.mid_first, ~0u);
        s.op(k.mid_first + 1, ~0u, [](int) { return 4; });
        s.op(k.mid_first + 2, ~0u, in_at);
        s.mem(k.ldg, ~0u, in_at);
        s.op(k.shl, ~0u, [&](int l) { return (tid0 + l) * 4; });
        s.mem(k.sts, ~0u, [&](int l) { return uint64_t(tid0 + l) * 4; });
        s.op(k.bar, ~0u);
        s.op(k.nb, ~0u, nb_at);
        s.mem(k.lds, ~0u, nb_at);
        s.op(k.fadd, ~0u);
        s.op(k.wide_out, ~0u, out_at);
        s.mem(k.stg, ~0u, out_at);
        s.op(k.exit, ~0u);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const Shape sh = shape(p);
    KernelCounts c;
    c.thread_blocks = uint64_t(sh.n / sh.block);
    c.warps = c.thread_blocks * uint64_t(sh.block / 32);
    c.warp_instructions = c.warps * 19;   // 6 prologue + 13 (LDG, STS, BAR, LDS, STG and their setup)
    c.memory_instructions = c.warps * 4;  // LDG, STS, LDS, STG
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_bigctx() { return std::make_unique<BigContext>(); }

}  // namespace gpucosim::wl
