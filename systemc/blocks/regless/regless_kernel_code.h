#pragma once
// What RegLess's SM front end (regless_sm.h) needs of a kernel's code: the compiler's regions
// (compiler/regions.h, Algorithm 1 with the shard's budgets) and, per static instruction, the
// registers it reads and writes and its last-use annotations, as 64-bit masks the shard's pins
// take. Built once per kernel (per SM) from the warp streams of the thread blocks the SM was
// given: a trace holds no binary, and the GPU model reads a kernel only once, so the code is the
// union of what those blocks executed. A block that brings code not seen yet (a PC or a control
// transfer) makes a new table; warps keep the table they were launched with.
//
// Register numbers: the shard tags n_regs registers per warp. A kernel whose register numbers
// reach n_regs is renumbered as a register allocator would number it (registers never live at
// once share a number; the registers of a 64-bit or vector operand stay adjacent); one that
// cannot be is refused.
//
// With the compressor on, each definition also carries the shape of the value it writes as the
// register-value analysis over the same code knows it (observed lane addresses, uniform/affine
// dataflow): the fallback for writes whose lane values the stream does not carry (traces; the
// generators' instructions without values). Writes with values take their shape from the lanes
// themselves (regless_sm.cpp, docs/blocks/regless.md §9).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "systemc/blocks/regless/regless_block.h"

namespace gpucosim {

struct ReglessRegion {
  uint32_t first = 0, last = 0;                      // static instruction indices
  std::array<uint32_t, kReglessMaxBanks> usage{};    // lines per bank for warp 0 (warp w: rotated by w)
  uint64_t pre = 0, inv = 0, cinv = 0;               // preloads, invalidating reads, cache invalidations
  uint32_t metadata = 0;                             // metadata instructions fetched when it starts
  uint32_t preloads() const { return uint32_t(__builtin_popcountll(pre)); }
};

struct ReglessStaticInst {
  uint32_t pc = 0;
  int32_t region = -1;
  uint64_t uses = 0, defs = 0;     // registers read / written (widened, RZ excluded)
  uint64_t erase = 0, evict = 0;   // last uses in the region: freed / evictable after it
  // Per register it writes, the ReglessPattern of the 32 lane values (regless_compression.h) as
  // the register-value analysis knows them (compiler/register_values.h); only with the compressor.
  std::array<uint8_t, 64> shape{};
};

class ReglessKernelCode {
 public:
  // The thread blocks (all of one kernel) whose streams make up the code. Throws InputError
  // when the kernel uses more than p.n_regs registers or a region needs more lines in one bank
  // than a bank holds (the capacity manager could never activate it).
  ReglessKernelCode(const KernelHeader& h, const OpcodeTable& ops, const std::vector<const ThreadBlock*>& blocks,
                    const ReglessParams& p);

  // Static index of `pc`; -1 when no warp of the blocks executed it.
  int64_t index_of(uint32_t pc) const;
  // Whether every PC and every transfer between consecutive instructions of `w` is in the code.
  bool covers(const Warp& w) const;

  const std::vector<ReglessStaticInst>& insts() const { return insts_; }
  const std::vector<ReglessRegion>& regions() const { return regions_; }
  bool renumbered() const { return renumbered_; }
  // The shard's number for register `r` of the streams (renumbered or unchanged).
  uint8_t reg_of(uint8_t r) const { return remap_.empty() ? r : remap_[r]; }

 private:
  std::vector<ReglessStaticInst> insts_;             // in PC order
  std::vector<ReglessRegion> regions_;
  std::vector<std::pair<uint32_t, uint32_t>> transfers_;
  bool renumbered_ = false;
  std::vector<uint8_t> remap_;  // empty: not renumbered
};

}  // namespace gpucosim
