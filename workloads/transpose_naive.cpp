// transpose_naive: out = in^T for an n x n float matrix without shared memory, reading columns
// (seed 000 §3.4.3, "column-wise global loads"): lane l of a warp loads in[x_l][y] with x_l
// consecutive, so its 32 lanes touch 32 different 128-byte lines (stride n*4), while the
// warps of a block (consecutive y) touch neighbouring words of the same lines -- the inter-warp
// locality WarpPool merges. Stores are row-wise and coalesced. Block = (32, block_rows) as in
// CUDA's transpose sample; each thread handles 32/block_rows rows of a 32x32 tile.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct NaiveCode {
  std::shared_ptr<Program> prog;
  int prologue_first, prologue_last, wide_in, ldg, wide_out, add_in, add_out, add_j, isetp, stg, bra, exit;
  NaiveCode(int64_t n, int64_t br) : prog(std::make_shared<Program>()) {
    Program& p = *prog;
    prologue_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                       // SR_CTAID.X
    p.add("S2R", 2, {});                       // SR_TID.X
    p.add("S2R", 3, {});                       // SR_CTAID.Y
    p.add("S2R", 4, {});                       // SR_TID.Y
    p.add("LEA", 0, {0, 2}, 5);                // x = ctaid.x * 32 + tid.x
    p.add("LEA", 3, {3, 4}, 5);                // y = ctaid.y * 32 + tid.y
    p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 5, {}, 4);                    // element size
    p.add("IMAD", 6, {0, 3});                  // in index  = x * n + y  (column walk)
    p.add("IMAD", 7, {3, 0});                  // out index = y * n + x
    prologue_last = p.add("MOV", 12, {}, 0);   // j = 0
    wide_in = p.add("IMAD.WIDE", 8, {6, 5});
    ldg = p.add("LDG.E", 9, {8});
    wide_out = p.add("IMAD.WIDE", 10, {7, 5});
    add_in = p.add("IADD3", 6, {6}, br);       // next row of the tile: in index + block_rows
    add_out = p.add("IADD3", 7, {7}, br * n);  // out index + block_rows * n
    add_j = p.add("IADD3", 12, {12}, br);
    isetp = p.add("ISETP.LT.AND", kNoReg, {12}, 32);
    stg = p.add("STG.E", kNoReg, {10, 9});
    bra = p.add("BRA", kNoReg, {});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class TransposeNaive : public Workload {
 public:
  std::string name() const override { return "transpose_naive"; }
  std::string description() const override {
    return "naive matrix transpose with column-wise (fully divergent) loads, coalesced stores";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 128, 32, 16384, "matrix edge (multiple of 32)"},
            {"block_rows", 8, 1, 32, "threads in y per 32x32 tile (divides 32)"}};
  }
  static void check(int64_t n, int64_t br) {
    require(n % 32 == 0, "transpose_naive", "n must be a multiple of 32");
    require(32 % br == 0, "transpose_naive", "block_rows must divide 32");
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), br = param(p, "block_rows");
    check(n, br);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t in = mem.alloc(uint64_t(n * n) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(n * n) * 4);
    auto code = std::make_shared<const NaiveCode>(n, br);
    const Dim3 grid{uint32_t(n / 32), uint32_t(n / 32), 1};
    KernelHeader h = make_header("_Z14transposeNaivePfPKf", 1, grid, Dim3{32, uint32_t(br), 1}, 0, *code->prog);
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const NaiveCode& k = *code;
      const Dim3 b = Dim3::from_linear(bi, grid);
      warps.resize(size_t(br));
      for (int64_t w = 0; w < br; ++w) {
        WarpStream s(*k.prog, warps[size_t(w)], so);
        const int64_t x0 = int64_t(b.x) * 32, y = int64_t(b.y) * 32 + w;
        // Lane values of the registers the kernel computes (the loaded elements are not known).
        const int pro = k.prologue_first;
        s.op(pro, ~0u, [](int) { return kStackPointer; });
        s.op(pro + 1, ~0u, [&](int) { return b.x; });
        s.op(pro + 2, ~0u, [](int l) { return l; });
        s.op(pro + 3, ~0u, [&](int) { return b.y; });
        s.op(pro + 4, ~0u, [&](int) { return w; });
        s.op(pro + 5, ~0u, [&](int l) { return x0 + l; });
        s.op(pro + 6, ~0u, [&](int) { return y; });
        s.op(pro + 7, ~0u);
        s.op(pro + 8, ~0u, [](int) { return 4; });
        s.op(pro + 9, ~0u, [&](int l) { return (x0 + l) * n + y; });
        s.op(pro + 10, ~0u, [&](int l) { return y * n + x0 + l; });
        s.op(k.prologue_last, ~0u, [](int) { return 0; });
        for (int64_t j = 0; j < 32; j += br) {
          auto in_at = [&](int l) { return in + uint64_t((x0 + l) * n + y + j) * 4; };
          auto out_at = [&](int l) { return out + uint64_t((y + j) * n + x0 + l) * 4; };
          s.op(k.wide_in, ~0u, in_at);
          s.mem(k.ldg, ~0u, in_at);
          s.op(k.wide_out, ~0u, out_at);
          s.op(k.add_in, ~0u, [&](int l) { return (x0 + l) * n + y + j + br; });
          s.op(k.add_out, ~0u, [&](int l) { return (y + j + br) * n + x0 + l; });
          s.op(k.add_j, ~0u, [&](int) { return j + br; });
          s.op(k.isetp, ~0u);
          s.mem(k.stg, ~0u, out_at);
          s.op(k.bra, j + br < 32 ? ~0u : 0u);
        }
        s.op(k.exit, ~0u);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), br = param(p, "block_rows");
    check(n, br);
    const uint64_t iters = uint64_t(32 / br);
    KernelCounts c;
    c.thread_blocks = uint64_t(n / 32) * uint64_t(n / 32);
    c.warps = c.thread_blocks * uint64_t(br);
    c.warp_instructions = c.warps * (12 + iters * 9 + 1);
    c.memory_instructions = c.warps * iters * 2;
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_transpose_naive() { return std::make_unique<TransposeNaive>(); }

}  // namespace gpucosim::wl
