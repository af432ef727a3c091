// transpose_shared: the coalesced transpose of CUDA's sample. A 32x32 tile is read row-wise
// (coalesced), written to shared memory tile[ty][tx], the block synchronises, and the tile is
// read back transposed (tile[tx][ty]) and stored row-wise (coalesced). The tile is padded to 33
// columns, so the column read tile[tx][ty] hits bank (tx*33 + ty) % 32 = (tx + ty) % 32: 32
// distinct banks, no conflicts.
#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

constexpr int64_t kTile = 32, kPitch = 33;

struct SharedCode {
  std::shared_ptr<Program> prog;
  int pro_first, pro_last, wide_in, ldg, add_in, add_j, isetp1, sts, add_s, bra1, bar, mid_first, mid_last, lds,
      wide_out, add_l, add_out, add_k, isetp2, stg, bra2, exit;
  SharedCode(int64_t n, int64_t br) : prog(std::make_shared<Program>()) {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                         // SR_CTAID.X
    p.add("S2R", 2, {});                         // SR_TID.X
    p.add("S2R", 3, {});                         // SR_CTAID.Y
    p.add("S2R", 4, {});                         // SR_TID.Y
    p.add("LEA", 5, {0, 2}, 5);                  // x = ctaid.x * 32 + tid.x
    p.add("LEA", 6, {3, 4}, 5);                  // y = ctaid.y * 32 + tid.y
    p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 7, {}, 4);
    p.add("IMAD", 8, {6, 5});                    // in index = y * n + x
    p.add("IMAD", 9, {4, 2}, kPitch);            // tile index = ty * 33 + tx
    p.add("IMAD.SHL.U32", 9, {9}, 4);            // ... in bytes
    pro_last = p.add("MOV", 20, {}, 0);          // j = 0
    wide_in = p.add("IMAD.WIDE", 10, {8, 7});
    ldg = p.add("LDG.E", 12, {10});
    add_in = p.add("IADD3", 8, {8}, br * n);
    add_j = p.add("IADD3", 20, {20}, br);
    isetp1 = p.add("ISETP.LT.AND", kNoReg, {20}, kTile);
    sts = p.add("STS", kNoReg, {9, 12});
    add_s = p.add("IADD3", 9, {9}, br * kPitch * 4);
    bra1 = p.add("BRA", kNoReg, {});
    bar = p.add("BAR.SYNC", kNoReg, {});
    mid_first = p.add("LEA", 13, {3, 2}, 5);     // x' = ctaid.y * 32 + tid.x
    p.add("LEA", 14, {0, 4}, 5);                 // y' = ctaid.x * 32 + tid.y
    p.add("IMAD", 15, {14, 13});                 // out index = y' * n + x'
    p.add("IMAD", 16, {2, 4}, kPitch);           // tile index = tx * 33 + ty
    p.add("IMAD.SHL.U32", 16, {16}, 4);
    mid_last = p.add("MOV", 21, {}, 0);
    lds = p.add("LDS", 17, {16});
    wide_out = p.add("IMAD.WIDE", 18, {15, 7});
    add_l = p.add("IADD3", 16, {16}, br * 4);
    add_out = p.add("IADD3", 15, {15}, br * n);
    add_k = p.add("IADD3", 21, {21}, br);
    isetp2 = p.add("ISETP.LT.AND", kNoReg, {21}, kTile);
    stg = p.add("STG.E", kNoReg, {18, 17});
    bra2 = p.add("BRA", kNoReg, {});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class TransposeShared : public Workload {
 public:
  std::string name() const override { return "transpose_shared"; }
  std::string description() const override {
    return "tiled transpose through a 32x33 padded shared-memory tile (coalesced, conflict-free)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"n", 128, 32, 16384, "matrix edge (multiple of 32)"},
            {"block_rows", 8, 1, 32, "threads in y per 32x32 tile (divides 32)"}};
  }
  static void check(int64_t n, int64_t br) {
    require(n % 32 == 0, "transpose_shared", "n must be a multiple of 32");
    require(32 % br == 0, "transpose_shared", "block_rows must divide 32");
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const int64_t n = param(p, "n"), br = param(p, "block_rows");
    check(n, br);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t in = mem.alloc(uint64_t(n * n) * 4, &app.memcpys);
    const uint64_t out = mem.alloc(uint64_t(n * n) * 4);
    auto code = std::make_shared<const SharedCode>(n, br);
    const Dim3 grid{uint32_t(n / 32), uint32_t(n / 32), 1};
    const uint32_t shmem = uint32_t(kTile * kPitch * 4);
    KernelHeader h =
        make_header("_Z18transposeCoalescedPfPKf", 1, grid, Dim3{32, uint32_t(br), 1}, shmem, *code->prog);
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const SharedCode& k = *code;
      const Dim3 b = Dim3::from_linear(bi, grid);
      warps.resize(size_t(br));
      for (int64_t w = 0; w < br; ++w) {  // warp w is the row ty = w of the block
        WarpStream s(*k.prog, warps[size_t(w)], so);
        const int64_t bx = b.x, by = b.y;
        // Lane values of the registers the kernel computes (indices, addresses, counters); the
        // elements it moves are not known.
        const int pro = k.pro_first;
        s.op(pro, ~0u, [](int) { return kStackPointer; });
        s.op(pro + 1, ~0u, [&](int) { return bx; });
        s.op(pro + 2, ~0u, [](int l) { return l; });
        s.op(pro + 3, ~0u, [&](int) { return by; });
        s.op(pro + 4, ~0u, [&](int) { return w; });
        s.op(pro + 5, ~0u, [&](int l) { return bx * 32 + l; });
        s.op(pro + 6, ~0u, [&](int) { return by * 32 + w; });
        s.op(pro + 7, ~0u);
        s.op(pro + 8, ~0u, [](int) { return 4; });
        s.op(pro + 9, ~0u, [&](int l) { return (by * 32 + w) * n + bx * 32 + l; });
        s.op(pro + 10, ~0u, [&](int l) { return w * kPitch + l; });
        s.op(pro + 11, ~0u, [&](int l) { return (w * kPitch + l) * 4; });
        s.op(k.pro_last, ~0u, [](int) { return 0; });
        for (int64_t j = 0; j < kTile; j += br) {
          auto in_at = [&](int l) { return in + uint64_t((by * 32 + w + j) * n + bx * 32 + l) * 4; };
          s.op(k.wide_in, ~0u, in_at);
          s.mem(k.ldg, ~0u, in_at);
          s.op(k.add_in, ~0u, [&](int l) { return (by * 32 + w + j + br) * n + bx * 32 + l; });
          s.op(k.add_j, ~0u, [&](int) { return j + br; });
          s.op(k.isetp1, ~0u);
          s.mem(k.sts, ~0u, [&](int l) { return uint64_t(((w + j) * kPitch + l) * 4); });
          s.op(k.add_s, ~0u, [&](int l) { return ((w + j + br) * kPitch + l) * 4; });
          s.op(k.bra1, j + br < kTile ? ~0u : 0u);
        }
        s.op(k.bar, ~0u);
        s.op(k.mid_first, ~0u, [&](int l) { return by * 32 + l; });
        s.op(k.mid_first + 1, ~0u, [&](int) { return bx * 32 + w; });
        s.op(k.mid_first + 2, ~0u, [&](int l) { return (bx * 32 + w) * n + by * 32 + l; });
        s.op(k.mid_first + 3, ~0u, [&](int l) { return l * kPitch + w; });
        s.op(k.mid_first + 4, ~0u, [&](int l) { return (l * kPitch + w) * 4; });
        s.op(k.mid_last, ~0u, [](int) { return 0; });
        for (int64_t j = 0; j < kTile; j += br) {
          auto out_at = [&](int l) { return out + uint64_t((bx * 32 + w + j) * n + by * 32 + l) * 4; };
          s.mem(k.lds, ~0u, [&](int l) { return uint64_t((l * kPitch + w + j) * 4); });
          s.op(k.wide_out, ~0u, out_at);
          s.op(k.add_l, ~0u, [&](int l) { return (l * kPitch + w + j + br) * 4; });
          s.op(k.add_out, ~0u, [&](int l) { return (bx * 32 + w + j + br) * n + by * 32 + l; });
          s.op(k.add_k, ~0u, [&](int) { return j + br; });
          s.op(k.isetp2, ~0u);
          s.mem(k.stg, ~0u, out_at);
          s.op(k.bra2, j + br < kTile ? ~0u : 0u);
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
    const uint64_t iters = uint64_t(kTile / br);
    KernelCounts c;
    c.thread_blocks = uint64_t(n / 32) * uint64_t(n / 32);
    c.warps = c.thread_blocks * uint64_t(br);
    // 13 prologue + BAR + 6 between the loops + EXIT, and 8 instructions per iteration of each loop.
    c.warp_instructions = c.warps * (21 + iters * 16);
    c.memory_instructions = c.warps * iters * 4;
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_transpose_shared() { return std::make_unique<TransposeShared>(); }

}  // namespace gpucosim::wl
