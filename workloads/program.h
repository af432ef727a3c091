#pragma once
// The static code of a generated kernel. Each static instruction ("site") has a fixed PC, opcode
// and register operands, exactly as in a SASS binary; a warp's dynamic stream is then a sequence
// of (site, active mask, lane addresses). Building streams from sites keeps PCs, opcodes and
// registers consistent across warps and loop iterations by construction.
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kernel/kernel.h"
#include "kernel/opcode_table.h"
#include "kernel/stream_limits.h"

namespace gpucosim::wl {

constexpr int kNoReg = -1;         // "no destination"
constexpr int RZ = kRegZero;       // reads as zero

class Program {
 public:
  explicit Program(uint32_t binary_version = 80) : opcodes_(binary_version) {}

  // Appends a static instruction at the next PC (16 bytes apart, as on Volta and later) and
  // returns its site index. `dst` is one GPR or kNoReg (Accel-Sim's parser allows one), `srcs`
  // at most four GPRs. Throws std::logic_error for an opcode the ISA tables do not know: that
  // is a bug in a generator, not bad user input.
  int add(std::string_view opcode, int dst, std::initializer_list<int> srcs, int64_t imm = 0);

  // Index the next add() will return (a branch target label).
  int next_site() const { return int(sites_.size()); }

  const Instruction& site(int s) const { return sites_[size_t(s)]; }
  // Consecutive 32-bit registers the site's destination covers (0 without one): 2 for IMAD.WIDE,
  // CS2R and .64 results, 4 for .128 ones (kernel/register_widths.h).
  int dst_regs(int s) const { return dst_regs_[size_t(s)]; }
  bool is_memory(int s) const { return sites_[size_t(s)].mem_width > 0; }
  size_t size() const { return sites_.size(); }
  const OpcodeTable& opcodes() const { return opcodes_; }

  // Highest GPR named by any site (RZ excluded); 0 when none.
  uint32_t max_reg() const { return max_reg_; }
  // Registers per thread to report in the header: the highest register, the upper half of a
  // 64-bit pair that may follow it, plus one, rounded up to even (vectorAdd: R9 -> 12, as nvcc).
  uint32_t nregs() const { return (max_reg_ + 3 + 1) / 2 * 2; }

 private:
  OpcodeTable opcodes_;
  std::vector<Instruction> sites_;
  std::vector<uint8_t> dst_regs_;
  uint32_t max_reg_ = 0;
};

// Thrown by WarpStream when a warp's stream would pass kMaxWarpStreamBytes
// (kernel/stream_limits.h); GeneratedKernel turns it into an InputError naming the workload.
class StreamLimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Appends dynamic instances of a Program's sites to one warp; throws StreamLimitError rather
// than let one warp's stream pass kMaxWarpStreamBytes.
//
// Register values (issue 14, docs/blocks/regless.md §9): a generator computes its threads'
// registers, so the overloads taking `value_of(lane)` attach the value the instruction writes to
// its destination in each active lane (a 64-bit value: the low word to dst, the high word to
// dst+1 when the destination is a pair). They are produced here, as the stream is generated,
// and live with the thread block like the lane addresses. Instructions emitted without a value
// function carry none; a consumer then falls back to what it can infer (the RegLess front end:
// the register-value analysis).
// What a consumer of a generated kernel wants in the streams beyond the instructions.
struct StreamOptions {
  // Emit the lane values (RegLess's compressor reads them); a consumer that ignores them (the
  // trace writer: the format has no field for them) turns them off to save time and memory.
  bool lane_values = true;
};

class WarpStream {
 public:
  WarpStream(const Program& p, Warp& w, const StreamOptions& o = {}) : prog_(p), warp_(w), opts_(o) {}

  // A non-memory instruction; mask 0 lists it as predicated off, as the tracer does.
  void op(int site, uint32_t mask);
  // The same, with the value it writes in each active lane.
  template <class V>
  void op(int site, uint32_t mask, V&& value_of) {
    LaneValues v[2]{};
    const int n = values(site, mask, value_of, v);
    push(site, mask, nullptr, v, n);
  }
  // A memory instruction with the address of every active lane (`addr_of(lane)`); mask must be
  // non-zero (a generator branches around a load rather than listing it with no lanes).
  template <class F>
  void mem(int site, uint32_t mask, F&& addr_of) {
    mem_lanes(site, mask, addresses(mask, addr_of));
  }
  // A load whose data the generator knows (an index array it wrote, a constant table ...).
  template <class F, class V>
  void mem(int site, uint32_t mask, F&& addr_of, V&& value_of) {
    LaneValues v[2]{};
    const int n = values(site, mask, value_of, v);
    mem_lanes(site, mask, addresses(mask, addr_of), v, n);
  }
  void mem_lanes(int site, uint32_t mask, const LaneAddrs& lanes, const LaneValues* vals = nullptr, int n_vals = 0);

  const Warp& warp() const { return warp_; }

 private:
  template <class F>
  static LaneAddrs addresses(uint32_t mask, F& addr_of) {
    LaneAddrs lanes{};
    for (int l = 0; l < kWarpSize; ++l)
      if (mask >> l & 1u) lanes[size_t(l)] = uint64_t(addr_of(l));
    return lanes;
  }
  // Fills the low (and, for a pair, high) words; returns the registers filled (0: predicated off).
  template <class V>
  int values(int site, uint32_t mask, V& value_of, LaneValues* v) const {
    const int regs = prog_.dst_regs(site);
    if (regs < 1 || regs > 2) throw std::logic_error("lane values for a site without a 1- or 2-register destination");
    if (mask == 0 || !opts_.lane_values) return 0;
    for (int l = 0; l < kWarpSize; ++l)
      if (mask >> l & 1u) {
        const uint64_t x = uint64_t(value_of(l));
        v[0][size_t(l)] = uint32_t(x);
        v[1][size_t(l)] = uint32_t(x >> 32);
      }
    return regs;
  }
  void push(int site, uint32_t mask, const LaneAddrs* lanes, const LaneValues* vals, int n_vals);
  void check_room() const;

  const Program& prog_;
  Warp& warp_;
  StreamOptions opts_;
};

// The tracer's compression choice: base_stride when the active lanes are contiguous with one
// 32-bit stride, else base_delta.
AddrMode choose_addr_mode(uint32_t mask, const LaneAddrs& lanes);

// Mask with lanes [0, n) set (n clamped to 0..32).
inline uint32_t first_lanes(int64_t n) {
  if (n <= 0) return 0;
  if (n >= kWarpSize) return 0xffffffffu;
  return (1u << n) - 1u;
}

}  // namespace gpucosim::wl
