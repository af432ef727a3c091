// syrk / syr2k: PolyBench-GPU's symmetric rank-k and rank-2k updates, the SYRK and SYR2K
// kernels of seed 000 (Kloosterman, ch. 3), whose "reuse between warps of a block" -- and SYR2K
// merging more than SYRK -- the WarpPool results page checks.
//
//   syrk:  C := alpha * A * A^T + beta * C                    (_Z11syrk_kernelffPfS_)
//   syr2k: C := alpha * A * B^T + alpha * B * A^T + beta * C  (_Z12syr2k_kernelPfS_S_)
//
// C is n x n, A and B are n x m, row-major floats, all copied in from the host. Block = (32,
// block_y) threads, grid (n/32, n/block_y), as PolyBench's DIM_THREAD_BLOCK_X/Y; thread (x, y)
// computes C[i][j] with j = ctaid.x*32 + tid.x (the lane) and i = ctaid.y*block_y + tid.y (one
// row per warp). It loads C[i][j] once (coalesced), scales it by beta, and for k in 0..m-1:
//  - A[i][k] (and B[i][k]): the same address in every lane, a broadcast;
//  - A[j][k] (syr2k: B[j][k] and A[j][k]): lane l reads row j0+l, a column walk of stride m*4
//    bytes -- 32 different 128-byte lines once m*4 >= 128 -- and every warp of the block reads
//    the same 32 lines for the same k: the inter-warp locality WarpPool merges. syr2k has two
//    such column loads per iteration, on two arrays, so twice the mergeable requests.
// PolyBench accumulates into C[i][j] itself (`c[i*N+j] += ...` inside the k loop) and declares no
// __restrict__, so nvcc may keep C[i][j] in a register but must store it every iteration before
// the next iteration's loads of A (and B), which could alias it: one coalesced STG per k, a store
// every two loads (syrk) or every four (syr2k) -- the consistency limit the seed names for GEMM.
// `store_each_k=0` models the __restrict__ build: C stored once after the loop.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

// What a loop-body site does: plain instruction, or a load of A/B at row i (broadcast) or row j
// (column walk).
enum class Access { None, RowA, ColA, RowB, ColB, StoreC };
// The lane value a body site writes, as far as the generator knows it: the address of such an
// access (IMAD.WIDE), the next row-i / row-j index, the next k; None for loaded data and sums.
enum class Value { None, RowA, ColA, RowB, ColB, RowIndex, ColIndex, Trip };
struct BodySite {
  int site;
  Access access;
  Value value;
};

constexpr uint64_t kPrologue = 19, kEpilogue = 2;  // instructions before / after the k loop

struct SyrkCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, exit_oob, ld_c, pro_last, stg = -1, exit;
  std::vector<BodySite> body;  // one k iteration, closed by IADD3 / ISETP / BRA
  int bra;
  SyrkCode(int64_t n, int64_t m, bool two, bool store_each_k) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                      // SR_CTAID.X
    p.add("S2R", 2, {});                      // SR_TID.X
    p.add("S2R", 3, {});                      // SR_CTAID.Y
    p.add("S2R", 4, {});                      // SR_TID.Y
    p.add("LEA", 0, {0, 2}, 5);               // j = ctaid.x * 32 + tid.x
    p.add("IMAD", 3, {3, 4});                 // i = ctaid.y * ntid.y + tid.y
    p.add("ISETP.GE.AND", kNoReg, {3}, n);    // i >= n
    p.add("ISETP.GE.OR", kNoReg, {0}, n);     // || j >= n
    exit_oob = p.add("EXIT", kNoReg, {});     // @P0 EXIT (the grid fits the matrix: never taken)
    p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 5, {}, 4);                   // element size
    p.add("IMAD", 16, {3, 0}, n);             // C index = i * n + j
    p.add("IMAD.WIDE", 18, {16, 5});          // &C[i][j]
    ld_c = p.add("LDG.E", 8, {18});           // acc = C[i][j]
    p.add("IMAD", 6, {3}, m);                 // row-i index = i * m
    p.add("IMAD", 7, {0}, m);                 // row-j index = j * m
    p.add("FMUL", 8, {8});                    // acc *= beta (c[0x0][...])
    pro_last = p.add("MOV", 9, {}, 0);        // k = 0
    auto op = [&](const char* o, int d, std::initializer_list<int> s, int64_t imm = 0, Value v = Value::None) {
      body.push_back({p.add(o, d, s, imm), Access::None, v});
    };
    auto ld = [&](int d, int addr, Access a) { body.push_back({p.add("LDG.E", d, {addr}), a, Value::None}); };
    op("IMAD.WIDE", 10, {6, 5}, 0, Value::RowA);  // &A[i][k]
    op("IMAD.WIDE", 12, {7, 5}, 0, two ? Value::ColB : Value::ColA);  // syrk: &A[j][k]; syr2k: &B[j][k]
    if (two) {
      op("IMAD.WIDE", 20, {6, 5}, 0, Value::RowB);  // &B[i][k]
      op("IMAD.WIDE", 22, {7, 5}, 0, Value::ColA);  // &A[j][k]
    }
    ld(14, 10, Access::RowA);
    ld(15, 12, two ? Access::ColB : Access::ColA);
    if (two) {
      ld(24, 20, Access::RowB);
      ld(25, 22, Access::ColA);
    }
    op("IADD3", 6, {6}, 1, Value::RowIndex);
    op("IADD3", 7, {7}, 1, Value::ColIndex);
    op("FMUL", 17, {14});                     // alpha * A[i][k]
    op("FFMA", 8, {17, 15, 8});               // acc += ... * (A or B)[j][k]
    if (two) {
      op("FMUL", 26, {24});                   // alpha * B[i][k]
      op("FFMA", 8, {26, 25, 8});             // acc += ... * A[j][k]
    }
    if (store_each_k) body.push_back({p.add("STG.E", kNoReg, {18, 8}), Access::StoreC, Value::None});  // C[i][j] = acc
    op("IADD3", 9, {9}, 1, Value::Trip);
    op("ISETP.LT.AND", kNoReg, {9}, m);
    bra = p.add("BRA", kNoReg, {});
    if (!store_each_k) stg = p.add("STG.E", kNoReg, {18, 8});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class Syrk : public Workload {
 public:
  Syrk(std::string name, bool two) : name_(std::move(name)), two_(two) {}

  std::string name() const override { return name_; }
  std::string description() const override {
    return two_ ? "PolyBench SYR2K, C = a*A*B^T + a*B*A^T + b*C: two column-walk loads per k shared by a block's warps"
                : "PolyBench SYRK, C = a*A*A^T + b*C: broadcast A[i][k], column-walk A[j][k] shared by a block's warps";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 64, 32, 16384, "rows and columns of C, rows of A (multiple of 32 and of block_y)"},
            {"m", 32, 1, 16384, "columns of A (and B)"},
            {"block_y", 8, 1, 32, "warps per block (block = 32 x block_y)"},
            {"store_each_k", 1, 0, 1, "1: store C[i][j] every k (PolyBench without __restrict__); 0: once after the loop"}};
  }

  struct Shape {
    int64_t n, m, by;
    bool store_each_k;
  };
  Shape shape(const ParamValues& p) const {
    const Shape s{param(p, "n"), param(p, "m"), param(p, "block_y"), param(p, "store_each_k") != 0};
    require(s.n % 32 == 0, name_, "n must be a multiple of 32");
    require(s.n % s.by == 0, name_, "block_y must divide n");
    return s;
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const Shape sh = shape(p);
    const int64_t n = sh.n, m = sh.m;
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t a = mem.alloc(uint64_t(n * m) * 4, &app.memcpys);
    const uint64_t b = two_ ? mem.alloc(uint64_t(n * m) * 4, &app.memcpys) : a;
    const uint64_t c = mem.alloc(uint64_t(n * n) * 4, &app.memcpys);
    auto code = std::make_shared<const SyrkCode>(n, m, two_, sh.store_each_k);
    const Dim3 grid{uint32_t(n / 32), uint32_t(n / sh.by), 1};
    KernelHeader h = make_header(two_ ? "_Z12syr2k_kernelPfS_S_" : "_Z11syrk_kernelffPfS_", 1, grid,
                                 Dim3{32, uint32_t(sh.by), 1}, 0, *code->prog);
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const SyrkCode& g = *code;
      const Dim3 blk = Dim3::from_linear(bi, grid);
      warps.resize(size_t(sh.by));
      for (int64_t w = 0; w < sh.by; ++w) {
        WarpStream s(*g.prog, warps[size_t(w)], so);
        const int64_t i = int64_t(blk.y) * sh.by + w, j0 = int64_t(blk.x) * 32;
        auto c_addr = [&](int l) { return c + uint64_t(i * n + j0 + l) * 4; };
        // Lane values of the registers the kernel computes (indices, addresses, the k counter);
        // the loaded elements and the accumulator are not known.
        const int pro = g.pro_first;
        auto j = [&](int l) { return j0 + l; };
        s.op(pro, ~0u, [](int) { return kStackPointer; });
        s.op(pro + 1, ~0u, [&](int) { return blk.x; });
        s.op(pro + 2, ~0u, [](int l) { return l; });
        s.op(pro + 3, ~0u, [&](int) { return blk.y; });
        s.op(pro + 4, ~0u, [&](int) { return w; });
        s.op(pro + 5, ~0u, j);
        s.op(pro + 6, ~0u, [&](int) { return i; });
        for (int site = pro + 7; site <= pro + 10; ++site) s.op(site, site == g.exit_oob ? 0u : ~0u);
        s.op(pro + 11, ~0u, [](int) { return 4; });
        s.op(pro + 12, ~0u, [&](int l) { return i * n + j(l); });
        s.op(pro + 13, ~0u, c_addr);
        s.mem(g.ld_c, ~0u, c_addr);
        s.op(g.ld_c + 1, ~0u, [&](int) { return i * m; });
        s.op(g.ld_c + 2, ~0u, [&](int l) { return j(l) * m; });
        s.op(g.ld_c + 3, ~0u);
        s.op(g.pro_last, ~0u, [](int) { return 0; });
        for (int64_t k = 0; k < m; ++k) {
          auto row_a = [&](int) { return a + uint64_t(i * m + k) * 4; };
          auto row_b = [&](int) { return b + uint64_t(i * m + k) * 4; };
          auto col_a = [&](int l) { return a + uint64_t((j0 + l) * m + k) * 4; };
          auto col_b = [&](int l) { return b + uint64_t((j0 + l) * m + k) * 4; };
          for (const BodySite& bs : g.body) {
            const int site = bs.site;
            switch (bs.access) {
              case Access::None: break;
              case Access::RowA: s.mem(site, ~0u, row_a); continue;
              case Access::RowB: s.mem(site, ~0u, row_b); continue;
              case Access::ColA: s.mem(site, ~0u, col_a); continue;
              case Access::ColB: s.mem(site, ~0u, col_b); continue;
              case Access::StoreC: s.mem(site, ~0u, c_addr); continue;
            }
            switch (bs.value) {
              case Value::None: s.op(site, ~0u); break;
              case Value::RowA: s.op(site, ~0u, row_a); break;
              case Value::RowB: s.op(site, ~0u, row_b); break;
              case Value::ColA: s.op(site, ~0u, col_a); break;
              case Value::ColB: s.op(site, ~0u, col_b); break;
              case Value::RowIndex: s.op(site, ~0u, [&](int) { return i * m + k + 1; }); break;
              case Value::ColIndex: s.op(site, ~0u, [&](int l) { return j(l) * m + k + 1; }); break;
              case Value::Trip: s.op(site, ~0u, [k](int) { return k + 1; }); break;
            }
          }
          s.op(g.bra, k + 1 < m ? ~0u : 0u);
        }
        if (g.stg >= 0) s.mem(g.stg, ~0u, c_addr);
        s.op(g.exit, ~0u);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const Shape s = shape(p);
    // Per k: syrk 2 addresses + 2 loads + 2 index adds + FMUL + FFMA + k add, ISETP, BRA = 11;
    // syr2k doubles the addresses, loads, FMUL and FFMA: 17. The C store sits in the loop (one
    // more per k) or after it (one more per warp).
    const uint64_t sk = s.store_each_k ? 1 : 0;
    const uint64_t per_k = (two_ ? 17 : 11) + sk, mem_per_k = (two_ ? 4 : 2) + sk;
    KernelCounts c;
    c.thread_blocks = uint64_t(s.n / 32) * uint64_t(s.n / s.by);
    c.warps = c.thread_blocks * uint64_t(s.by);
    c.warp_instructions = c.warps * (kPrologue + uint64_t(s.m) * per_k + kEpilogue - sk);
    c.memory_instructions = c.warps * (1 + uint64_t(s.m) * mem_per_k + 1 - sk);  // C load, loop, (C store)
    return {c};
  }

 private:
  std::string name_;
  bool two_;
};

}  // namespace

std::unique_ptr<Workload> make_syrk() { return std::make_unique<Syrk>("syrk", false); }
std::unique_ptr<Workload> make_syr2k() { return std::make_unique<Syrk>("syr2k", true); }

}  // namespace gpucosim::wl
