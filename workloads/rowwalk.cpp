// rowwalk: thread i sums row i of a rows x cols row-major matrix, reading every `stride`-th word,
// and repeats the walk `sweeps` times: out[i] = sum_s sum_j A[i][j * stride].
//   This is the access pattern of PolyBench's row-walk kernels (ATAX_1, MVT_1, BICG_2: a thread
//   per row), with the step between a lane's consecutive loads and the reuse made tunable. Lane l
//   of a warp reads row i0+l, so every load instruction touches 32 lines (fully divergent). With
//   stride >= 32 words (one 128-byte line) a warp's consecutive loads share no line, so without
//   reuse across sweeps every load misses; across sweeps a warp re-reads its own footprint of
//   32 rows x ceil(cols*4/128) lines (64 lines at cols=64), which fits a 16 KB L1 for a few warps
//   at a time but not for 48. This is the case the seed's warp-ID policy is for: run the
//   lowest-numbered warps first and their footprints hit.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct RowwalkCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, mid_first, mid_last, outer_first, outer_last_pre, wide_a, ldg_a, inner_bra, sweep_first,
      outer_bra, wide_out, stg, exit;
  RowwalkCode(int64_t cols, int64_t stride, int64_t steps, int64_t sweeps) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                          // SR_CTAID.X
    p.add("S2R", 2, {});                          // SR_TID.X
    p.add("IMAD", 0, {0, 2});                     // t = ctaid * ntid + tid
    p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD", 4, {0}, cols);                  // row base index t * cols
    p.add("MOV", 7, {}, 0);                       // sweep counter
    mid_last = p.add("CS2R", 6, {});              // acc = 0
    outer_first = p.add("MOV", 5, {4});           // index = row base
    outer_last_pre = p.add("MOV", 9, {}, 0);      // step counter
    wide_a = p.add("IMAD.WIDE", 10, {5, 3});
    ldg_a = p.add("LDG.E", 12, {10});
    p.add("IADD3", 5, {5}, stride);
    p.add("IADD3", 9, {9}, 1);
    p.add("ISETP.LT.AND", kNoReg, {9}, steps);
    p.add("FADD", 6, {6, 12});
    inner_bra = p.add("BRA", kNoReg, {});
    sweep_first = p.add("IADD3", 7, {7}, 1);
    p.add("ISETP.LT.AND", kNoReg, {7}, sweeps);
    outer_bra = p.add("BRA", kNoReg, {});
    wide_out = p.add("IMAD.WIDE", 14, {0, 3});
    stg = p.add("STG.E", kNoReg, {14, 6});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Rowwalk : public Workload {
 public:
  std::string name() const override { return "rowwalk"; }
  std::string description() const override {
    return "thread i sums every stride-th word of row i, sweeps times (ATAX_1/MVT_1/BICG_2-style row walks, "
           "tunable stride and reuse): fully divergent loads, each warp re-reads its own footprint per sweep";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"rows", 1536, 1, 1 << 22, "rows of A (one thread each)"},
            {"cols", 64, 1, 65536, "words per row"},
            {"stride", 32, 1, 65536, "words between a thread's consecutive loads (32 = one 128-byte line)"},
            {"sweeps", 2, 1, 4096, "passes over the row"},
            {"block", 192, 1, 1024, "threads per block"}};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t rows = param(p, "rows"), cols = param(p, "cols"), stride = param(p, "stride");
    const int64_t sweeps = param(p, "sweeps"), block = param(p, "block");
    require(uint64_t(rows) * uint64_t(cols) <= (uint64_t(1) << 32), "rowwalk", "rows x cols at most 2^32 words");
    const int64_t steps = int64_t(ceil_div(uint64_t(cols), uint64_t(stride)));
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t a = mem.alloc(uint64_t(rows) * uint64_t(cols) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(rows) * 4);

    auto code = std::make_shared<const RowwalkCode>(cols, stride, steps, sweeps);
    const Launch1D l = launch_1d(rows, block);
    KernelHeader h = make_header("_Z7rowwalkPfS_", 1, Dim3{uint32_t(l.blocks), 1, 1}, Dim3{uint32_t(block), 1, 1}, 0,
                                 *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const RowwalkCode& k = *code;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        const Lanes1D ln = lanes_1d(bi, w, block, rows);
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes (indices, addresses, counters, the
        // zeroed accumulator); the loaded words and their sum are not known.
        const uint32_t act = ln.act;
        auto row_base = [&](int lane) { return (ln.first + lane) * cols; };
        prologue_1d(s, k.pro_first, ln.exist, bi, w, ln.first);
        s.op(k.exit_oob, ln.exist & ~act);
        if (!act) continue;
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, row_base);
        s.op(k.mid_first + 3, act, [](int) { return 0; });
        s.op(k.mid_last, act, [](int) { return 0; });
        for (int64_t sw = 0; sw < sweeps; ++sw) {
          s.op(k.outer_first, act, row_base);
          s.op(k.outer_last_pre, act, [](int) { return 0; });
          for (int64_t j = 0; j < steps; ++j) {
            auto at = [&](int lane) { return a + (uint64_t(ln.first + lane) * uint64_t(cols) + uint64_t(j * stride)) * 4; };
            s.op(k.wide_a, act, at);
            s.mem(k.ldg_a, act, at);
            s.op(k.ldg_a + 1, act, [&](int lane) { return row_base(lane) + (j + 1) * stride; });
            s.op(k.ldg_a + 2, act, [j](int) { return j + 1; });
            s.op(k.ldg_a + 3, act);
            s.op(k.ldg_a + 4, act);
            s.op(k.inner_bra, j + 1 < steps ? act : 0u);
          }
          s.op(k.sweep_first, act, [sw](int) { return sw + 1; });
          s.op(k.sweep_first + 1, act);
          s.op(k.outer_bra, sw + 1 < sweeps ? act : 0u);
        }
        auto out_at = [&](int lane) { return out + uint64_t(ln.first + lane) * 4; };
        s.op(k.wide_out, act, out_at);
        s.mem(k.stg, act, out_at);
        s.op(k.exit, ln.act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t rows = param(p, "rows"), cols = param(p, "cols"), stride = param(p, "stride");
    const uint64_t sweeps = uint64_t(param(p, "sweeps")), block = uint64_t(param(p, "block"));
    const uint64_t steps = ceil_div(uint64_t(cols), uint64_t(stride));
    const Launch1D l = launch_1d(rows, int64_t(block));
    KernelCounts c;
    c.thread_blocks = l.blocks;
    c.warps = l.warps;
    // 6 up to the predicated EXIT; busy warps add 5 before the loops, per sweep 2 + 7 per step
    // + 3, and 3 after.
    c.warp_instructions = l.warps * 6 + l.busy_warps * (8 + sweeps * (5 + steps * 7));
    c.memory_instructions = l.busy_warps * (1 + sweeps * steps);
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_rowwalk() { return std::make_unique<Rowwalk>(); }

}  // namespace gpucosim::wl
