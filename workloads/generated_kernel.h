#pragma once
// A generated kernel behind the KernelSource interface, plus the small pieces every generator
// shares: device-memory layout, kernel headers and parameter access.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "workloads/program.h"
#include "workloads/workload.h"

namespace gpucosim::wl {

// Fills the warps of thread block `index` (linear, x fastest), their WarpStreams made with `o`.
// Must depend only on the index and the captured parameters, so any block can be generated alone
// and in any order.
using BlockFn = std::function<void(uint64_t index, std::vector<Warp>& warps, const StreamOptions& o)>;
// The same for a generator that has no use for the options (tests' hand-made kernels).
using PlainBlockFn = std::function<void(uint64_t index, std::vector<Warp>& warps)>;

class GeneratedKernel : public KernelSource {
 public:
  GeneratedKernel(KernelHeader h, std::shared_ptr<const Program> prog, BlockFn fn)
      : header_(std::move(h)), prog_(std::move(prog)), fn_(std::move(fn)) {}
  GeneratedKernel(KernelHeader h, std::shared_ptr<const Program> prog, PlainBlockFn fn)
      : header_(std::move(h)), prog_(std::move(prog)),
        fn_([f = std::move(fn)](uint64_t i, std::vector<Warp>& w, const StreamOptions&) { f(i, w); }) {}

  // Whether the blocks carry the registers' lane values (on unless turned off).
  void set_stream_options(const StreamOptions& o) { opts_ = o; }

  const KernelHeader& header() const override { return header_; }
  // All opcodes are interned when the Program is built, before the first block is delivered.
  const OpcodeTable& opcodes() const override { return prog_->opcodes(); }
  bool next_block(ThreadBlock& tb) override;

  // Thread block `index` on its own (random access, for tests and parallel consumers).
  void generate_block(uint64_t index, ThreadBlock& tb) const;
  const Program& program() const { return *prog_; }
  // Names the kernel's origin ("workload branchy:n=...") in errors; generate_workload sets it.
  void set_origin(std::string origin) { origin_ = std::move(origin); }

 private:
  KernelHeader header_;
  std::shared_ptr<const Program> prog_;
  BlockFn fn_;
  StreamOptions opts_;
  uint64_t next_ = 0;
  std::string origin_ = "generated kernel";
};

// Device addresses as cudaMalloc hands them out: distinct arrays, 512-byte aligned, in a
// user-space range like the fixture's 0x7fb0fc400000.
class DeviceLayout {
 public:
  static constexpr uint64_t kBase = 0x00007f4a20000000ull;
  // A fresh array of `bytes`; when `memcpys` is given the host copies it in (an input array).
  uint64_t alloc(uint64_t bytes, std::vector<Command>* memcpys = nullptr);

 private:
  uint64_t next_ = kBase;
};

// Shared-memory addresses in generated traces are offsets inside the block's shared window,
// starting at 0 (the header's shmem_base is the generic-address window base, as the tracer
// reports it; LDS/STS lane addresses are window offsets).
constexpr uint64_t kShmemWindowBase = 0x00007f4a39000000ull;
constexpr uint64_t kLocalWindowBase = 0x00007f4a37000000ull;
// What c[0x0][0x28] (the stack pointer every kernel's prologue moves to R1) holds in generated
// kernels: the top of the per-thread local window, as the driver sets it for a small stack.
constexpr uint32_t kStackPointer = 0x00fffc00u;

// A header with the generator's conventions: binary version of the program's opcode table,
// tracer version 5, nregs from the program unless `min_nregs` asks for more.
KernelHeader make_header(const std::string& name, uint32_t id, Dim3 grid, Dim3 block, uint32_t shmem,
                         const Program& prog, uint32_t min_nregs = 0);

// A resolved parameter; throws std::invalid_argument when the caller skipped resolve_params.
int64_t param(const ParamValues& p, const char* name);
// Bad parameter combinations (e.g. a size that must be a multiple of 32) are user input errors.
void require(bool ok, const std::string& workload, const std::string& what);

inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
inline int popcount32(uint32_t m) { return __builtin_popcount(m); }

// One warp of a 1-D launch of `block` threads per block over `n` elements (thread i handles
// element i): the global index of lane 0, the lanes that exist (a block may end mid-warp) and
// the lanes in range (i < n), which survive the kernel's predicated EXIT.
struct Lanes1D {
  int64_t first;
  uint32_t exist, act;
};
inline Lanes1D lanes_1d(uint64_t block_index, uint32_t warp, int64_t block, int64_t n) {
  const int64_t first = int64_t(block_index) * block + int64_t(warp) * kWarpSize;
  const uint32_t exist = first_lanes(block - int64_t(warp) * kWarpSize);
  return {first, exist, exist & first_lanes(n - first)};
}
// The 1-D prologue most generators share, sites `first` .. first+4: MOV R1 (the stack pointer),
// S2R SR_CTAID.X, S2R SR_TID.X, IMAD (global index), ISETP (index in range), all with `mask`,
// each with the lane values it writes.
inline void prologue_1d(WarpStream& s, int first, uint32_t mask, uint64_t block_index, uint32_t warp,
                        int64_t first_index) {
  s.op(first, mask, [](int) { return kStackPointer; });
  s.op(first + 1, mask, [block_index](int) { return block_index; });
  s.op(first + 2, mask, [warp](int l) { return int64_t(warp) * kWarpSize + l; });
  s.op(first + 3, mask, [first_index](int l) { return first_index + l; });
  s.op(first + 4, mask);
}
// Closed forms for such a launch: blocks, warps, and warps with at least one thread in range
// (every block but the last is full; warps are contiguous ranges of threads).
struct Launch1D {
  uint64_t blocks, warps, busy_warps;
};
inline Launch1D launch_1d(int64_t n, int64_t block) {
  const uint64_t blocks = ceil_div(uint64_t(n), uint64_t(block)), wpb = ceil_div(uint64_t(block), kWarpSize);
  const uint64_t rem = uint64_t(n) - (blocks - 1) * uint64_t(block);
  return {blocks, blocks * wpb, (blocks - 1) * wpb + ceil_div(rem, kWarpSize)};
}

}  // namespace gpucosim::wl
