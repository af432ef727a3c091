// gemm_naive: C = A * B (m x k times k x n, row-major), one thread per element of C, no shared
// memory. In the k loop a warp (32 consecutive columns of one row) loads A[row][kk] -- the same
// address in every lane, a broadcast -- and B[kk][col], coalesced, then FFMAs into a register.
//
// `store_every` reproduces PolyBench's 2MM/3MM kernels that accumulate into memory: 0 stores C
// once after the loop; s > 0 stores C after every s loads (s/2 iterations, each loads A and B),
// which is the "store for every two loads" pattern limiting WarpPool's window (seed 000 §2.1).
// The loop body is unrolled s/2 times, as nvcc does for a store every other iteration.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct GemmCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, pro_last, exit_oob;
  std::vector<int> body;  // unrolled copies of (IMAD.WIDE, IMAD.WIDE, LDG, LDG, IADD3, IADD3, FFMA)
  int stg_in_loop = -1, add_kk, isetp, bra, stg_after = -1, exit;
  GemmCode(int64_t n, int64_t k, int64_t unroll, bool store_in_loop) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                      // SR_CTAID.X
    p.add("S2R", 2, {});                      // SR_TID.X
    p.add("S2R", 3, {});                      // SR_CTAID.Y
    p.add("S2R", 4, {});                      // SR_TID.Y
    p.add("LEA", 0, {0, 2}, 5);               // col = ctaid.x * 32 + tid.x
    p.add("IMAD", 3, {3, 4});                 // row = ctaid.y * ntid.y + tid.y
    p.add("ISETP.GE.AND", kNoReg, {3});       // row >= m
    p.add("ISETP.GE.OR", kNoReg, {0});        // || col >= n
    exit_oob = p.add("EXIT", kNoReg, {});     // @P0 EXIT (the grid fits the matrix: never taken)
    p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 5, {}, 4);
    p.add("IMAD", 6, {3}, k);                 // A index = row * k
    p.add("MOV", 7, {0});                     // B index = col
    p.add("IMAD", 16, {3, 0});                // C index = row * n + col
    p.add("IMAD.WIDE", 18, {16, 5});          // &C[row][col]
    p.add("CS2R", 8, {});                     // acc = 0
    pro_last = p.add("MOV", 9, {}, 0);        // kk = 0
    for (int64_t q = 0; q < unroll; ++q) {
      body.push_back(p.add("IMAD.WIDE", 10, {6, 5}));
      body.push_back(p.add("IMAD.WIDE", 12, {7, 5}));
      body.push_back(p.add("LDG.E", 14, {10}));
      body.push_back(p.add("LDG.E", 15, {12}));
      body.push_back(p.add("IADD3", 6, {6}, 1));
      body.push_back(p.add("IADD3", 7, {7}, n));
      body.push_back(p.add("FFMA", 8, {14, 15, 8}));
    }
    if (store_in_loop) stg_in_loop = p.add("STG.E", kNoReg, {18, 8});
    add_kk = p.add("IADD3", 9, {9}, unroll);
    isetp = p.add("ISETP.LT.AND", kNoReg, {9}, k);
    bra = p.add("BRA", kNoReg, {});
    if (!store_in_loop) stg_after = p.add("STG.E", kNoReg, {18, 8});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class GemmNaive : public Workload {
 public:
  GemmNaive(std::string name, int64_t default_store_every) : name_(std::move(name)), store_default_(default_store_every) {}

  std::string name() const override { return name_; }
  std::string description() const override {
    return store_default_ == 0 ? "naive GEMM, one thread per C element, C stored once"
                               : "naive GEMM accumulating into memory: a store after every two loads (2MM/3MM)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"m", 64, 1, 16384, "rows of A and C (multiple of block_y)"},
            {"n", 64, 32, 16384, "columns of B and C (multiple of 32)"},
            {"k", 32, 1, 16384, "columns of A, rows of B"},
            {"block_y", 4, 1, 32, "warps per block (block = 32 x block_y)"},
            {"store_every", store_default_, 0, 64, "store C after every this many loads (even; 0 = once at the end)"}};
  }

  struct Shape {
    int64_t m, n, k, by, se, unroll, trips;
  };
  Shape shape(const ParamValues& p) const {
    Shape s{param(p, "m"), param(p, "n"), param(p, "k"), param(p, "block_y"), param(p, "store_every"), 1, 0};
    require(s.n % 32 == 0, name_, "n must be a multiple of 32");
    require(s.m % s.by == 0, name_, "m must be a multiple of block_y");
    require(s.se % 2 == 0, name_, "store_every must be even (each iteration loads A and B)");
    if (s.se > 0) s.unroll = s.se / 2;
    require(s.k % s.unroll == 0, name_, "k must be a multiple of store_every / 2");
    s.trips = s.k / s.unroll;
    return s;
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const Shape sh = shape(p);
    const int64_t m = sh.m, n = sh.n, k = sh.k;
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t a = mem.alloc(uint64_t(m * k) * 4, &app.memcpys);
    const uint64_t b = mem.alloc(uint64_t(k * n) * 4, &app.memcpys);
    const uint64_t c = mem.alloc(uint64_t(m * n) * 4, sh.se > 0 ? &app.memcpys : nullptr);
    auto code = std::make_shared<const GemmCode>(n, k, sh.unroll, sh.se > 0);
    const Dim3 grid{uint32_t(n / 32), uint32_t(m / sh.by), 1};
    KernelHeader h = make_header(sh.se > 0 ? "_Z11mm2_kernel1PfS_S_" : "_Z11gemm_kernelPfS_S_", 1, grid,
                                 Dim3{32, uint32_t(sh.by), 1}, 0, *code->prog);
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const GemmCode& g = *code;
      const Dim3 blk = Dim3::from_linear(bi, grid);
      warps.resize(size_t(sh.by));
      for (int64_t w = 0; w < sh.by; ++w) {
        WarpStream s(*g.prog, warps[size_t(w)], so);
        const int64_t row = int64_t(blk.y) * sh.by + w, col0 = int64_t(blk.x) * 32;
        auto c_addr = [&](int l) { return c + uint64_t(row * n + col0 + l) * 4; };
        // Lane values of the registers the kernel computes (indices, addresses, the trip
        // counter, the zeroed accumulator); the loaded matrix elements are not known.
        const int pro = g.pro_first;
        auto col = [&](int l) { return col0 + l; };
        s.op(pro, ~0u, [](int) { return kStackPointer; });
        s.op(pro + 1, ~0u, [&](int) { return blk.x; });
        s.op(pro + 2, ~0u, [](int l) { return l; });
        s.op(pro + 3, ~0u, [&](int) { return blk.y; });
        s.op(pro + 4, ~0u, [&](int) { return w; });
        s.op(pro + 5, ~0u, col);
        s.op(pro + 6, ~0u, [&](int) { return row; });
        for (int site = pro + 7; site <= pro + 10; ++site) s.op(site, site == g.exit_oob ? 0u : ~0u);
        s.op(pro + 11, ~0u, [](int) { return 4; });
        s.op(pro + 12, ~0u, [&](int) { return row * k; });
        s.op(pro + 13, ~0u, col);
        s.op(pro + 14, ~0u, [&](int l) { return row * n + col(l); });
        s.op(pro + 15, ~0u, c_addr);
        s.op(pro + 16, ~0u, [](int) { return 0; });
        s.op(g.pro_last, ~0u, [](int) { return 0; });
        for (int64_t t = 0; t < sh.trips; ++t) {
          for (int64_t q = 0; q < sh.unroll; ++q) {
            const int64_t kk = t * sh.unroll + q;
            const int* site = &g.body[size_t(q * 7)];
            auto a_addr = [&](int) { return a + uint64_t(row * k + kk) * 4; };
            auto b_addr = [&](int l) { return b + uint64_t(kk * n + col(l)) * 4; };
            s.op(site[0], ~0u, a_addr);
            s.op(site[1], ~0u, b_addr);
            s.mem(site[2], ~0u, a_addr);
            s.mem(site[3], ~0u, b_addr);
            s.op(site[4], ~0u, [&](int) { return row * k + kk + 1; });
            s.op(site[5], ~0u, [&](int l) { return (kk + 1) * n + col(l); });
            s.op(site[6], ~0u);
          }
          if (g.stg_in_loop >= 0) s.mem(g.stg_in_loop, ~0u, c_addr);
          s.op(g.add_kk, ~0u, [&](int) { return (t + 1) * sh.unroll; });
          s.op(g.isetp, ~0u);
          s.op(g.bra, t + 1 < sh.trips ? ~0u : 0u);
        }
        if (g.stg_after >= 0) s.mem(g.stg_after, ~0u, c_addr);
        s.op(g.exit, ~0u);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const Shape s = shape(p);
    const uint64_t in_loop = s.se > 0 ? 1 : 0;
    KernelCounts c;
    c.thread_blocks = uint64_t(s.n / 32) * uint64_t(s.m / s.by);
    c.warps = c.thread_blocks * uint64_t(s.by);
    const uint64_t per_trip = uint64_t(7 * s.unroll + 3) + in_loop;
    c.warp_instructions = c.warps * (18 + uint64_t(s.trips) * per_trip + (1 - in_loop) + 1);
    c.memory_instructions = c.warps * (uint64_t(s.trips) * (uint64_t(2 * s.unroll) + in_loop) + (1 - in_loop));
    return {c};
  }

 private:
  std::string name_;
  int64_t store_default_;
};

}  // namespace

std::unique_ptr<Workload> make_gemm_naive() { return std::make_unique<GemmNaive>("gemm_naive", 0); }
std::unique_ptr<Workload> make_gemm_store2() { return std::make_unique<GemmNaive>("gemm_store2", 2); }

}  // namespace gpucosim::wl
