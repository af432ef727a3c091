// longblock and compute: a thread loads one value, runs `iters` iterations of 8 FFMAs spread over
// `ilp` independent accumulator chains, sums the chains and stores the result. Almost no memory
// traffic and few registers, so the kernel is compute-bound and its context is small.
//  - longblock: few blocks, each running long (one dependent chain, many iterations): the
//    "long thread blocks, small context" kernel of seed 003's mixes (spec 003 §2.4-2.5: context
//    switch preempts it in a save time far shorter than draining's wait for its blocks).
//  - compute: many shorter blocks with independent chains: a compute-bound co-runner.
// `regs` raises the registers per thread the header reports (a bigger context, same code).
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

constexpr int kAcc = 8;      // first accumulator register
constexpr int kUnroll = 8;   // FFMAs per iteration

struct LoopCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, loop_first, back, tail_first, stg, exit;
  LoopCode(int64_t ilp, int64_t iters) {
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
    p.add("LDG.E", 6, {4});
    for (int j = 0; j < int(ilp); ++j) p.add("MOV", kAcc + j, {6});  // acc_j = x
    p.add("MOV", 7, {}, 0);                    // iteration = 0
    loop_first = p.next_site();
    for (int q = 0; q < kUnroll; ++q) {
      const int acc = kAcc + q % int(ilp);
      p.add("FFMA", acc, {acc, 6, acc});
    }
    p.add("IADD3", 7, {7}, 1);
    p.add("ISETP.LT.AND", kNoReg, {7}, iters);
    back = p.add("BRA", kNoReg, {});
    tail_first = p.next_site();
    for (int j = 1; j < int(ilp); ++j) p.add("FADD", kAcc, {kAcc, kAcc + j});
    p.add("IMAD.WIDE", 4, {0, 3});             // &out[i]
    stg = p.add("STG.E", kNoReg, {4, kAcc});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class FfmaLoop : public Workload {
 public:
  struct Defaults {
    const char* name;
    const char* description;
    int64_t n, block, iters, ilp;
  };
  explicit FfmaLoop(Defaults d) : d_(d) {}

  std::string name() const override { return d_.name; }
  std::string description() const override { return d_.description; }
  std::vector<WorkloadParam> params() const override {
    return {{"n", d_.n, 1, int64_t(1) << 24, "threads"},
            {"block", d_.block, 1, 1024, "threads per block"},
            {"iters", d_.iters, 1, 1 << 20, "loop iterations (8 FFMAs each) per thread"},
            {"ilp", d_.ilp, 1, 8, "independent FFMA chains per thread"},
            {"regs", 0, 0, 255, "registers per thread to report at least (0: what the code names)"}};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), block = param(p, "block"), iters = param(p, "iters"), ilp = param(p, "ilp");
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t in = mem.alloc(uint64_t(n) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(n) * 4);
    auto code = std::make_shared<const LoopCode>(ilp, iters);
    const Launch1D launch = launch_1d(n, block);
    KernelHeader h = make_header(std::string("_Z") + std::to_string(std::string(d_.name).size()) + d_.name + "PKfPfi",
                                 1, Dim3{uint32_t(launch.blocks), 1, 1}, Dim3{uint32_t(block), 1, 1}, 0, *code->prog,
                                 uint32_t(param(p, "regs")));
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const LoopCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, block, n);
        const uint32_t act = ln.act;
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (index, addresses, the iteration
        // counter); the loaded value and the FFMA chains are not known.
        auto in_at = [&](int l) { return in + uint64_t(ln.first + l) * 4; };
        auto out_at = [&](int l) { return out + uint64_t(ln.first + l) * 4; };
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, in_at);
        s.mem(k.mid_first + 3, act, in_at);
        for (int site = k.mid_first + 4; site + 1 < k.loop_first; ++site) s.op(site, act);  // acc_j = x
        s.op(k.loop_first - 1, act, [](int) { return 0; });
        for (int64_t it = 0; it < iters; ++it) {
          for (int site = k.loop_first; site < k.loop_first + kUnroll; ++site) s.op(site, act);
          s.op(k.loop_first + kUnroll, act, [it](int) { return it + 1; });
          s.op(k.loop_first + kUnroll + 1, act);
          s.op(k.back, it + 1 < iters ? act : 0u);
        }
        for (int site = k.tail_first; site + 1 < k.stg; ++site) s.op(site, act);
        s.op(k.stg - 1, act, out_at);
        s.mem(k.stg, act, out_at);
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), block = param(p, "block"), iters = param(p, "iters"), ilp = param(p, "ilp");
    const Launch1D l = launch_1d(n, block);
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // Every warp: 6 prologue instructions. Busy warps: 5 + ilp before the loop, 11 per
    // iteration, ilp - 1 FADDs, IMAD.WIDE, STG and EXIT after it.
    c.warp_instructions =
        l.warps * 6 + l.busy_warps * (uint64_t(5 + ilp) + uint64_t(iters) * (kUnroll + 3) + uint64_t(ilp - 1) + 3);
    c.memory_instructions = l.busy_warps * 2;
    return {c};
  }

 private:
  Defaults d_;
};

}  // namespace

std::unique_ptr<Workload> make_longblock() {
  return std::make_unique<FfmaLoop>(FfmaLoop::Defaults{
      "longblock", "few long-running thread blocks with a small context (one dependent FFMA chain per thread)", 2048,
      128, 512, 1});
}

std::unique_ptr<Workload> make_compute() {
  return std::make_unique<FfmaLoop>(FfmaLoop::Defaults{
      "compute", "compute-bound: many thread blocks of independent FFMA chains, one load and one store per thread",
      16384, 256, 16, 4});
}

}  // namespace gpucosim::wl
