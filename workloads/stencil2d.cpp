// stencil2d: Rodinia hotspot's calculate_temp. A bs x bs block loads a tile with a halo of
// `iters` cells (temperature and power, predicated on the cell being inside the grid) into
// shared memory, synchronises, and runs `iters` 5-point stencil steps in shared memory. In step
// i only the cells at least i+1 from the tile edge (and inside the grid) compute -- the pyramid
// that shrinks the active masks -- each reading its clamped N/S/E/W neighbours. The cells still
// valid after the last step store their result. Shared layout (window offsets from 0):
// temp[bs][bs] at 0, power[bs][bs] after it, temp_t[bs][bs] after that.
#include <algorithm>

#include "workloads/builtin.h"
#include "workloads/generated_kernel.h"

namespace gpucosim::wl {
namespace {

struct StencilCode {
  std::shared_ptr<Program> prog = std::make_shared<Program>();
  int pro_first, pro_last, ld_skip, ld_first, ldg_t, ldg_p, sts_t, sts_p, ld_last, nb_first, nb_last, it_first,
      it_skip, body_first, body_last, it_sync_first, brk, cp_bssy, cp_skip, cp_lds, cp_sts, cp_tail_first, back,
      exit_idle, lds_out, wide_out, stg, exit;
  std::vector<int> lds;  // c, power, N, S, W, E
  StencilCode(int64_t bs, int64_t small, int64_t cols, int64_t halo) {
    Program& p = *prog;
    const int64_t plane = bs * bs * 4;
    pro_first = p.add("MOV", 1, {});
    p.add("S2R", 0, {});                           // SR_CTAID.X
    p.add("S2R", 2, {});                           // SR_TID.X
    p.add("S2R", 3, {});                           // SR_CTAID.Y
    p.add("S2R", 4, {});                           // SR_TID.Y
    p.add("ULDC.64", kNoReg, {});
    p.add("IMAD", 5, {0}, small);
    p.add("IADD3", 5, {5, 2}, -halo);              // gx
    p.add("IMAD", 6, {3}, small);
    p.add("IADD3", 6, {6, 4}, -halo);              // gy
    p.add("IMAD", 7, {6, 5}, cols);                // index = gy * cols + gx
    p.add("IMAD", 8, {4, 2}, bs);                  // ty * bs + tx
    p.add("IMAD.SHL.U32", 8, {8}, 4);              // ... bytes
    p.add("MOV", 9, {}, 4);
    p.add("ISETP.GE.AND", kNoReg, {5});            // gx in range
    p.add("ISETP.GE.AND", kNoReg, {6});            // gy in range
    pro_last = p.add("BSSY", kNoReg, {});
    ld_skip = p.add("BRA", kNoReg, {});            // @!P0 BRA past the loads
    ld_first = p.add("IMAD.WIDE", 10, {7, 9});     // &temp_src[index]
    p.add("IMAD.WIDE", 12, {7, 9});                // &power[index]
    ldg_t = p.add("LDG.E", 14, {10});
    ldg_p = p.add("LDG.E", 15, {12});
    sts_t = p.add("STS", kNoReg, {8, 14});
    sts_p = ld_last = p.add("STS", kNoReg, {8, 15}, plane);
    nb_first = p.add("BSYNC", kNoReg, {});
    p.add("BAR.SYNC", kNoReg, {});
    p.add("IMNMX", 16, {4}, 1);                    // clamped N row
    p.add("LEA", 16, {16, 8});
    p.add("IMNMX", 17, {4}, 1);                    // clamped S row
    p.add("LEA", 17, {17, 8});
    p.add("IMNMX", 18, {2}, 1);                    // clamped W column
    p.add("LEA", 18, {18, 8});
    p.add("IMNMX", 19, {2}, 1);                    // clamped E column
    p.add("LEA", 19, {19, 8});
    nb_last = p.add("MOV", 20, {}, 0);             // i = 0
    it_first = p.add("ISETP.GE.AND", kNoReg, {2, 20});
    p.add("ISETP.GE.AND", kNoReg, {4, 20});
    p.add("BSSY", kNoReg, {});
    it_skip = p.add("BRA", kNoReg, {});            // @!P0 BRA: this cell does not compute
    body_first = p.next_site();
    lds.push_back(p.add("LDS", 21, {8}));          // temp[ty][tx]
    lds.push_back(p.add("LDS", 22, {8}, plane));   // power[ty][tx]
    lds.push_back(p.add("LDS", 23, {16}));         // N
    lds.push_back(p.add("LDS", 24, {17}));         // S
    lds.push_back(p.add("LDS", 25, {18}));         // W
    lds.push_back(p.add("LDS", 26, {19}));         // E
    p.add("FADD", 23, {23, 24});
    p.add("FFMA", 23, {21, 23}, -2);               // N + S - 2c
    p.add("FADD", 25, {25, 26});
    p.add("FFMA", 25, {21, 25}, -2);               // E + W - 2c
    p.add("FMUL", 25, {25});                       // * Rx_1
    p.add("FFMA", 23, {23, 25});                   // * Ry_1 + ...
    p.add("FADD", 27, {21});                       // amb - c
    p.add("FFMA", 23, {27, 23});                   // * Rz_1 + ...
    p.add("FADD", 23, {22, 23});                   // + power
    p.add("FFMA", 21, {23, 21});                   // c + step/Cap * (...)
    body_last = p.add("STS", kNoReg, {8, 21}, 2 * plane);  // temp_t[ty][tx]
    it_sync_first = p.add("BSYNC", kNoReg, {});
    p.add("BAR.SYNC", kNoReg, {});
    p.add("ISETP.NE.AND", kNoReg, {20}, 0);        // i == iters - 1 ?
    brk = p.add("BRA", kNoReg, {});                // @!P0 BRA out of the loop
    cp_bssy = p.add("BSSY", kNoReg, {});
    cp_skip = p.add("BRA", kNoReg, {});
    cp_lds = p.add("LDS", 28, {8}, 2 * plane);     // temp_t[ty][tx]
    cp_sts = p.add("STS", kNoReg, {8, 28});        // -> temp[ty][tx]
    cp_tail_first = p.add("BSYNC", kNoReg, {});
    p.add("BAR.SYNC", kNoReg, {});
    p.add("IADD3", 20, {20}, 1);
    back = p.add("BRA", kNoReg, {});
    exit_idle = p.add("EXIT", kNoReg, {});         // @!P0 EXIT: cells that did not compute
    lds_out = p.add("LDS", 29, {8}, 2 * plane);
    wide_out = p.add("IMAD.WIDE", 30, {7, 9});
    stg = p.add("STG.E", kNoReg, {30, 29});
    exit = p.add("EXIT", kNoReg, {});
  }
};

// Which lanes of warp w of block (bx, by) do what.
struct StencilShape {
  int64_t rows, cols, bs, iters, small;
  struct Lane {
    int64_t tx, ty, gx, gy;
  };
  Lane lane(int64_t bx, int64_t by, int64_t w, int l) const {
    const int64_t t = w * kWarpSize + l;
    Lane r{t % bs, t / bs, 0, 0};
    r.gx = bx * small + r.tx - iters;
    r.gy = by * small + r.ty - iters;
    return r;
  }
  uint32_t exist(int64_t w) const { return first_lanes(bs * bs - w * kWarpSize); }
  bool in_grid(const Lane& c) const { return c.gx >= 0 && c.gx < cols && c.gy >= 0 && c.gy < rows; }
  // A cell computes in step i when it is i+1 away from the tile edge and inside the grid.
  bool computes(const Lane& c, int64_t i) const {
    return c.tx >= i + 1 && c.tx <= bs - i - 2 && c.ty >= i + 1 && c.ty <= bs - i - 2 && in_grid(c);
  }
  uint32_t mask(int64_t bx, int64_t by, int64_t w, int64_t step) const {  // step -1: in the grid
    uint32_t m = 0, e = exist(w);
    for (int l = 0; l < kWarpSize; ++l) {
      if (!(e >> l & 1u)) continue;
      const Lane c = lane(bx, by, w, l);
      if (step < 0 ? in_grid(c) : computes(c, step)) m |= 1u << l;
    }
    return m;
  }
  // Clamped neighbour inside the valid (in-grid) part of the tile.
  int64_t clamp_x(int64_t bx, int64_t x) const {
    const int64_t lo = std::max<int64_t>(0, iters - bx * small), hi = std::min(bs - 1, cols - 1 - (bx * small - iters));
    return std::clamp(x, lo, hi);
  }
  int64_t clamp_y(int64_t by, int64_t y) const {
    const int64_t lo = std::max<int64_t>(0, iters - by * small), hi = std::min(bs - 1, rows - 1 - (by * small - iters));
    return std::clamp(y, lo, hi);
  }
};

class Stencil2d : public Workload {
 public:
  std::string name() const override { return "stencil2d"; }
  std::string description() const override {
    return "hotspot-like 5-point stencil: halo tile in shared memory, barriers, shrinking pyramid of active cells";
  }
  std::vector<WorkloadParam> params() const override {
    return {{"rows", 64, 1, 65536, "grid rows"},
            {"cols", 64, 1, 65536, "grid columns"},
            {"block", 16, 4, 32, "block edge (block = edge x edge threads)"},
            {"iters", 2, 1, 15, "stencil steps per launch (halo width)"}};
  }
  static StencilShape shape(const ParamValues& p) {
    StencilShape s{param(p, "rows"), param(p, "cols"), param(p, "block"), param(p, "iters"), 0};
    s.small = s.bs - 2 * s.iters;
    require(s.small >= 1, "stencil2d", "block must exceed 2 * iters");
    return s;
  }

  GeneratedApp generate(const ParamValues& p) const override {
    const StencilShape sh = shape(p);
    GeneratedApp app;
    DeviceLayout mem;
    const uint64_t power = mem.alloc(uint64_t(sh.rows * sh.cols) * 4, &app.memcpys);
    const uint64_t src = mem.alloc(uint64_t(sh.rows * sh.cols) * 4, &app.memcpys);
    const uint64_t dst = mem.alloc(uint64_t(sh.rows * sh.cols) * 4);
    auto code = std::make_shared<const StencilCode>(sh.bs, sh.small, sh.cols, sh.iters);
    const Dim3 grid{uint32_t(ceil_div(uint64_t(sh.cols), uint64_t(sh.small))),
                    uint32_t(ceil_div(uint64_t(sh.rows), uint64_t(sh.small))), 1};
    KernelHeader h = make_header("_Z14calculate_tempiPfS_S_iiiiffffff", 1, grid, Dim3{uint32_t(sh.bs), uint32_t(sh.bs), 1},
                                 uint32_t(3 * sh.bs * sh.bs * 4), *code->prog);
    const uint32_t wpb = h.warps_per_block();
    auto fn = [=](uint64_t bi, std::vector<Warp>& warps, const StreamOptions& so) {
      const StencilCode& k = *code;
      const Dim3 b = Dim3::from_linear(bi, grid);
      const int64_t bx = b.x, by = b.y, bs = sh.bs, plane = bs * bs * 4;
      warps.resize(wpb);
      for (uint32_t w = 0; w < wpb; ++w) {
        WarpStream s(*k.prog, warps[w], so);
        const uint32_t all = sh.exist(w), loads = sh.mask(bx, by, w, -1);
        auto lane = [&](int l) { return sh.lane(bx, by, w, l); };
        auto sh_at = [&](int64_t base, int64_t x, int64_t y) { return uint64_t(base + (y * bs + x) * 4); };
        auto glob = [&](uint64_t base) {
          return [&, base](int l) { const auto c = lane(l); return base + uint64_t(c.gy * sh.cols + c.gx) * 4; };
        };
        auto own = [&](int64_t base) { return [&, base](int l) { const auto c = lane(l); return sh_at(base, c.tx, c.ty); }; };
        // Lane values of the registers the kernel computes (indices, addresses, the loop
        // counter); the temperatures and powers it loads and combines are not known.
        const int pro = k.pro_first;
        auto index = [&](int l) { const auto c = lane(l); return c.gy * sh.cols + c.gx; };
        s.op(pro, all, [](int) { return kStackPointer; });
        s.op(pro + 1, all, [&](int) { return bx; });
        s.op(pro + 2, all, [&](int l) { return lane(l).tx; });
        s.op(pro + 3, all, [&](int) { return by; });
        s.op(pro + 4, all, [&](int l) { return lane(l).ty; });
        s.op(pro + 5, all);
        s.op(pro + 6, all, [&](int) { return bx * sh.small; });
        s.op(pro + 7, all, [&](int l) { return lane(l).gx; });
        s.op(pro + 8, all, [&](int) { return by * sh.small; });
        s.op(pro + 9, all, [&](int l) { return lane(l).gy; });
        s.op(pro + 10, all, index);
        s.op(pro + 11, all, [&](int l) { const auto c = lane(l); return c.ty * bs + c.tx; });
        s.op(pro + 12, all, [&](int l) { const auto c = lane(l); return sh_at(0, c.tx, c.ty); });
        s.op(pro + 13, all, [](int) { return 4; });
        for (int site = pro + 14; site <= k.pro_last; ++site) s.op(site, all);
        s.op(k.ld_skip, all & ~loads);
        if (loads) {
          s.op(k.ld_first, loads, glob(src));
          s.op(k.ld_first + 1, loads, glob(power));
          s.mem(k.ldg_t, loads, glob(src));
          s.mem(k.ldg_p, loads, glob(power));
          s.mem(k.sts_t, loads, own(0));
          s.mem(k.sts_p, loads, own(plane));
        }
        s.op(k.nb_first, all);
        s.op(k.nb_first + 1, all);
        auto ny = [&](int l) { const auto c = lane(l); return sh.clamp_y(by, c.ty - 1); };
        auto sy = [&](int l) { const auto c = lane(l); return sh.clamp_y(by, c.ty + 1); };
        auto wx = [&](int l) { const auto c = lane(l); return sh.clamp_x(bx, c.tx - 1); };
        auto ex = [&](int l) { const auto c = lane(l); return sh.clamp_x(bx, c.tx + 1); };
        s.op(k.nb_first + 2, all, ny);
        s.op(k.nb_first + 3, all, [&](int l) { return sh_at(0, lane(l).tx, ny(l)); });
        s.op(k.nb_first + 4, all, sy);
        s.op(k.nb_first + 5, all, [&](int l) { return sh_at(0, lane(l).tx, sy(l)); });
        s.op(k.nb_first + 6, all, wx);
        s.op(k.nb_first + 7, all, [&](int l) { return sh_at(0, wx(l), lane(l).ty); });
        s.op(k.nb_first + 8, all, ex);
        s.op(k.nb_first + 9, all, [&](int l) { return sh_at(0, ex(l), lane(l).ty); });
        s.op(k.nb_last, all, [](int) { return 0; });
        uint32_t comp = 0;
        for (int64_t i = 0; i < sh.iters; ++i) {
          comp = sh.mask(bx, by, w, i);
          for (int site = k.it_first; site < k.it_skip; ++site) s.op(site, all);
          s.op(k.it_skip, all & ~comp);
          if (comp) {
            s.mem(k.lds[0], comp, own(0));
            s.mem(k.lds[1], comp, own(plane));
            s.mem(k.lds[2], comp, [&](int l) { const auto c = lane(l); return sh_at(0, c.tx, sh.clamp_y(by, c.ty - 1)); });
            s.mem(k.lds[3], comp, [&](int l) { const auto c = lane(l); return sh_at(0, c.tx, sh.clamp_y(by, c.ty + 1)); });
            s.mem(k.lds[4], comp, [&](int l) { const auto c = lane(l); return sh_at(0, sh.clamp_x(bx, c.tx - 1), c.ty); });
            s.mem(k.lds[5], comp, [&](int l) { const auto c = lane(l); return sh_at(0, sh.clamp_x(bx, c.tx + 1), c.ty); });
            for (int site = k.lds[5] + 1; site < k.body_last; ++site) s.op(site, comp);
            s.mem(k.body_last, comp, own(2 * plane));
          }
          for (int site = k.it_sync_first; site < k.brk; ++site) s.op(site, all);
          const bool last = i + 1 == sh.iters;
          s.op(k.brk, last ? all : 0u);
          if (last) break;
          s.op(k.cp_bssy, all);
          s.op(k.cp_skip, all & ~comp);
          if (comp) {
            s.mem(k.cp_lds, comp, own(2 * plane));
            s.mem(k.cp_sts, comp, own(0));
          }
          s.op(k.cp_tail_first, all);
          s.op(k.cp_tail_first + 1, all);
          s.op(k.cp_tail_first + 2, all, [i](int) { return i + 1; });  // i += 1
          s.op(k.back, all);
        }
        s.op(k.exit_idle, all & ~comp);
        if (!comp) continue;
        s.mem(k.lds_out, comp, own(2 * plane));
        s.op(k.wide_out, comp, glob(dst));
        s.mem(k.stg, comp, glob(dst));
        s.op(k.exit, comp);
      }
    };
    app.kernels.push_back(std::make_unique<GeneratedKernel>(h, code->prog, fn));
    return app;
  }

  std::vector<KernelCounts> expected_counts(const ParamValues& p) const override {
    const StencilShape sh = shape(p);
    const uint64_t gx = ceil_div(uint64_t(sh.cols), uint64_t(sh.small)), gy = ceil_div(uint64_t(sh.rows), uint64_t(sh.small));
    const uint64_t wpb = ceil_div(uint64_t(sh.bs * sh.bs), kWarpSize);
    KernelCounts c;
    c.thread_blocks = gx * gy;
    c.warps = c.thread_blocks * wpb;
    // Fixed per warp: 17 prologue + skip BRA + 11 after the loads + EXIT; per step 4 + 4, plus
    // 8 for the copy-back of every step but the last. Masked parts count only when non-empty.
    const uint64_t fixed = 17 + 1 + 11 + 1 + uint64_t(sh.iters) * 8 + uint64_t(sh.iters - 1) * 6;
    for (uint64_t by = 0; by < gy; ++by)
      for (uint64_t bx = 0; bx < gx; ++bx)
        for (uint64_t w = 0; w < wpb; ++w) {
          c.warp_instructions += fixed;
          if (sh.mask(int64_t(bx), int64_t(by), int64_t(w), -1)) c.warp_instructions += 6, c.memory_instructions += 4;
          uint32_t comp = 0;
          for (int64_t i = 0; i < sh.iters; ++i) {
            comp = sh.mask(int64_t(bx), int64_t(by), int64_t(w), i);
            if (!comp) continue;
            c.warp_instructions += 17, c.memory_instructions += 7;
            if (i + 1 < sh.iters) c.warp_instructions += 2, c.memory_instructions += 2;
          }
          if (comp) c.warp_instructions += 4, c.memory_instructions += 2;
        }
    return {c};
  }
};

}  // namespace

std::unique_ptr<Workload> make_stencil2d() { return std::make_unique<Stencil2d>(); }

}  // namespace gpucosim::wl
