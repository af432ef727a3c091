// spmv_csr: y = A x with A in CSR, the scalar kernel (one thread per row, as in Parboil/SHOC
// spmv_csr_scalar). Each thread loads row_ptr[row] and row_ptr[row+1], then loops over its
// row: column index, value, and x[col] -- an indirect load whose addresses come from the
// column indices, so a warp's lanes scatter over many lines (seed 000 §2.1: spmv is the
// memory-divergent example). Rows have uneven lengths, so lanes whose rows end drop out of the
// active mask while the warp keeps looping for its longest row.
//
// The matrix is drawn from the seed: row r has row_nnz(r) entries (mean about avg_nnz, every
// ~16th row four times longer), and entry j sits in a column near the diagonal (half the
// entries, within +-64) or uniformly random (the other half).
#include <algorithm>

#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"
#include "workloads/prng.h"

namespace gpucosim::wl {
namespace {

struct SpmvMatrix {
  int64_t rows, avg;
  uint64_t seed;
  int64_t row_nnz(int64_t r) const {
    const uint64_t h = draw(seed, {0, uint64_t(r)});
    int64_t nnz = 1 + int64_t(h % uint64_t(2 * avg - 1));
    if ((h >> 40) % 16 == 0) nnz *= 4;
    return nnz;
  }
  int64_t col(int64_t r, int64_t j) const {
    const uint64_t h = draw(seed, {1, uint64_t(r), uint64_t(j)});
    if (h & 1) return (r + int64_t((h >> 1) % 129) - 64 + rows) % rows;
    return int64_t((h >> 1) % uint64_t(rows));
  }
};

struct SpmvCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, isetp_oob, exit_oob, mid_first, mid_last, skip_bra, loop_first, ldg_col, ldg_val, wide_x, ldg_x,
      loop_last, bsync, wide_y, stg, exit;
  int ldg_rp0, ldg_rp1;
  SpmvCode() {
    Program& p = *prog;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                         // SR_CTAID.X
    p.add("S2R", 2, {});                         // SR_TID.X
    p.add("IMAD", 0, {0, 2});                    // row
    isetp_oob = p.add("ISETP.GE.AND", kNoReg, {0});
    exit_oob = p.add("EXIT", kNoReg, {});
    mid_first = p.add("ULDC.64", kNoReg, {});
    p.add("MOV", 3, {}, 4);
    p.add("IMAD.WIDE", 4, {0, 3});               // &row_ptr[row]
    ldg_rp0 = p.add("LDG.E", 6, {4});            // j = row_ptr[row]
    ldg_rp1 = p.add("LDG.E", 7, {4}, 4);         // end = row_ptr[row + 1]
    p.add("CS2R", 8, {});                        // sum = 0
    p.add("ISETP.GE.AND", kNoReg, {6, 7});       // empty row?
    mid_last = p.add("BSSY", kNoReg, {});        // reconvergence point after the loop
    skip_bra = p.add("BRA", kNoReg, {});         // @P0 BRA past the loop
    loop_first = p.add("IMAD.WIDE", 10, {6, 3}); // &col_idx[j]
    p.add("IMAD.WIDE", 12, {6, 3});              // &val[j]
    ldg_col = p.add("LDG.E", 14, {10});
    ldg_val = p.add("LDG.E", 15, {12});
    wide_x = p.add("IMAD.WIDE", 16, {14, 3});    // &x[col]
    ldg_x = p.add("LDG.E", 18, {16});
    p.add("IADD3", 6, {6}, 1);
    p.add("ISETP.LT.AND", kNoReg, {6, 7});
    p.add("FFMA", 8, {15, 18, 8});
    loop_last = p.add("BRA", kNoReg, {});        // @P0 BRA loop
    bsync = p.add("BSYNC", kNoReg, {});
    wide_y = p.add("IMAD.WIDE", 20, {0, 3});
    stg = p.add("STG.E", kNoReg, {20, 8});
    exit = p.add("EXIT", kNoReg, {});
  }
};

class SpmvCsr : public Workload {
 public:
  std::string name() const override { return "spmv_csr"; }
  std::string description() const override {
    return "scalar CSR sparse matrix-vector product: indirect x loads, uneven rows (divergent loop)";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"rows", 2048, 1, int64_t(1) << 24, "rows = columns of the square matrix"},
            {"avg_nnz", 8, 1, 256, "mean non-zeros per row (before the long rows)"},
            {"block", 128, 1, 1024, "threads per block"},
            {"seed", 1, 0, int64_t(1) << 62, "matrix structure seed"}};
  }
  static SpmvMatrix matrix(const ParamValues& p) {
    return SpmvMatrix{param(p, "rows"), param(p, "avg_nnz"), uint64_t(param(p, "seed"))};
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const SpmvMatrix mx = matrix(p);
    const int64_t rows = mx.rows, block = param(p, "block");
    const uint64_t blocks = ceil_div(uint64_t(rows), uint64_t(block));
    // Offset of each block's first non-zero: one pass over the rows, O(blocks) memory, so any
    // block can then be generated alone.
    auto block_start = std::make_shared<std::vector<int64_t>>(blocks + 1, 0);
    for (int64_t r = 0; r < rows; ++r) (*block_start)[uint64_t(r / block) + 1] += mx.row_nnz(r);
    for (uint64_t b = 0; b < blocks; ++b) (*block_start)[b + 1] += (*block_start)[b];
    const uint64_t nnz = uint64_t(block_start->back());

    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t rp = mem.alloc(uint64_t(rows + 1) * 4, &app.memcpys);
    const uint64_t ci = mem.alloc(nnz * 4, &app.memcpys);
    const uint64_t va = mem.alloc(nnz * 4, &app.memcpys);
    const uint64_t x = mem.alloc(uint64_t(rows) * 4, &app.memcpys);
    const uint64_t y = mem.alloc(uint64_t(rows) * 4);
    auto code = std::make_shared<const SpmvCode>();
    KernelHeader h = make_header("_Z15spmv_csr_scalariPKiS0_PKfS2_Pf", 1, Dim3{uint32_t(blocks), 1, 1},
                                 Dim3{uint32_t(block), 1, 1}, 0, *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const SpmvCode& k = *code;
      warps.resize(wpb);
      int64_t start = (*block_start)[bi];  // first non-zero of the current warp's lane 0
      for (uint32_t w = 0; w < wpb; ++w) {
        const int64_t row0 = int64_t(bi) * block + int64_t(w) * kWarpSize;
        const uint32_t exist = first_lanes(block - int64_t(w) * kWarpSize);
        const uint32_t act = exist & first_lanes(rows - row0);
        WarpStream s(*k.prog, warps[w], so);
        // Lane values of the registers the kernel computes, and of the CSR structure it loads
        // (row pointers, column indices: the generator drew them); matrix values, x and the
        // sums are not known.
        prologue_1d(s, k.pro_first, exist, bi, w, row0);
        s.op(k.exit_oob, exist & ~act);
        if (!act) continue;
        int64_t nnz_of[kWarpSize] = {}, first[kWarpSize] = {}, longest = 0;
        for (int l = 0; l < kWarpSize; ++l)
          if (act >> l & 1u) {
            nnz_of[l] = mx.row_nnz(row0 + l);
            first[l] = start;
            start += nnz_of[l];
            longest = std::max(longest, nnz_of[l]);
          }
        auto live = [&](int64_t t) {  // lanes whose row has more than t entries
          uint32_t m = 0;
          for (int l = 0; l < kWarpSize; ++l)
            if (nnz_of[l] > t) m |= 1u << l;
          return m;
        };
        auto rp_at = [&](int l) { return rp + uint64_t(row0 + l) * 4; };
        s.op(k.mid_first, act);
        s.op(k.mid_first + 1, act, [](int) { return 4; });
        s.op(k.mid_first + 2, act, rp_at);
        s.mem(k.ldg_rp0, act, rp_at, [&](int l) { return first[l]; });
        s.mem(k.ldg_rp1, act, [&](int l) { return rp_at(l) + 4; }, [&](int l) { return first[l] + nnz_of[l]; });
        s.op(k.ldg_rp1 + 1, act, [](int) { return 0; });
        for (int site = k.ldg_rp1 + 2; site <= k.mid_last; ++site) s.op(site, act);
        s.op(k.skip_bra, act & ~live(0));
        for (int64_t t = 0; t < longest; ++t) {
          const uint32_t m = live(t);
          auto ci_at = [&](int l) { return ci + uint64_t(first[l] + t) * 4; };
          auto va_at = [&](int l) { return va + uint64_t(first[l] + t) * 4; };
          auto col = [&](int l) { return mx.col(row0 + l, t); };
          auto x_at = [&](int l) { return x + uint64_t(col(l)) * 4; };
          s.op(k.loop_first, m, ci_at);
          s.op(k.loop_first + 1, m, va_at);
          s.mem(k.ldg_col, m, ci_at, col);
          s.mem(k.ldg_val, m, va_at);
          s.op(k.wide_x, m, x_at);
          s.mem(k.ldg_x, m, x_at);
          s.op(k.ldg_x + 1, m, [&](int l) { return first[l] + t + 1; });
          s.op(k.ldg_x + 2, m);
          s.op(k.ldg_x + 3, m);
          s.op(k.loop_last, live(t + 1));
        }
        auto y_at = [&](int l) { return y + uint64_t(row0 + l) * 4; };
        s.op(k.bsync, act);
        s.op(k.wide_y, act, y_at);
        s.mem(k.stg, act, y_at);
        s.op(k.exit, act);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const SpmvMatrix mx = matrix(p);
    const int64_t rows = mx.rows, block = param(p, "block");
    const uint64_t blocks = ceil_div(uint64_t(rows), uint64_t(block)), wpb = ceil_div(uint64_t(block), kWarpSize);
    KernelCounts c;
    c.thread_blocks = blocks;
    c.warps = blocks * wpb;
    c.warp_instructions = c.warps * 6;  // every warp runs the prologue up to the predicated EXIT
    // A warp with rows runs 9 more before the loop, 10 per trip of its longest row, 4 after.
    for (uint64_t b = 0; b < blocks; ++b)
      for (uint64_t w = 0; w < wpb; ++w) {
        const int64_t row0 = int64_t(b) * block + int64_t(w) * kWarpSize;
        const int64_t lanes = std::min<int64_t>({kWarpSize, block - int64_t(w) * kWarpSize, rows - row0});
        if (lanes <= 0) continue;
        int64_t longest = 0;
        for (int64_t l = 0; l < lanes; ++l) longest = std::max(longest, mx.row_nnz(row0 + l));
        c.warp_instructions += 13 + uint64_t(longest) * 10;
        c.memory_instructions += 3 + uint64_t(longest) * 3;
      }
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_spmv_csr() { return std::make_unique<SpmvCsr>(); }

}  // namespace gpucosim::wl
