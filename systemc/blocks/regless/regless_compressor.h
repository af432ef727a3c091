#pragma once
// One shard's RegLess compressor (seed 000 §4.5.3; spec §2.2, §4.2; docs/blocks/regless.md §9),
// between the OSU's memory stage and the L1, structured as the hardware would be:
//
//   bit vector   one bit per register of every warp of the shard: its memory copy is compressed
//                (a preload checks it first, +1 cycle, so an uncompressed register is never
//                looked up in compressed space);
//   line cache   `lines` compressed lines (16 by default), fully associative, LRU, write-back;
//                a compressed line holds 15 registers (a 3-bit pattern + 64 bits each, 1005 of
//                1024 bits), register (w, r) at slot (r * W + w) mod 15 of line (r * W + w) / 15
//                of the shard's compressed space (spec §4.2), adjacent to the uncompressed one;
//   compression  an evicted dirty register whose value has one of the five patterns
//                (regless_compression.h) is written into its line's slot (no uncompressed L1
//                write); any other value goes on to the L1 uncompressed and its bit is cleared.
//
// Latencies (spec §2.2): every request passes the bit-vector stage (+1 cycle); a compressed
// preload is answered 3 cycles after it was taken when its line is cached (bit check, tag match,
// decompress), else 2 cycles after the line came back from the L1. A line missing from the cache
// is fetched from the L1 only when it holds a live compressed register (the bit vector says), so
// compressing into a fresh line costs no read. Requests on a line being fetched wait for it, in
// order. The unit takes a request only when at least two lines are not being fetched (a request
// may allocate two: an eviction and a preload).
#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "systemc/blocks/regless/regless_compression.h"
#include "systemc/gpu/stats.h"

namespace gpucosim {

struct ReglessCompressorConfig {
  uint32_t n_warps = 16, n_regs = 64;
  uint32_t lines = 16;        // line cache entries
  uint32_t data_bits = 32;    // width of the value word (regless_value_pattern)
  uint64_t base = 0;          // address of the shard's compressed line 0
};

class ReglessCompressor {
 public:
  explicit ReglessCompressor(const ReglessCompressorConfig& c);

  // An L1 request the unit sends (from its ready cycle on): a compressed line fetched (line >= 0)
  // or written back.
  struct L1Op {
    uint64_t addr = 0;
    bool write = false;
    int32_t line = -1;  // compressed line fetched; -1 otherwise
    uint64_t ready = 0;
  };
  // A preload answered from compressed space: the OSU's fill.
  struct Fill {
    uint32_t warp = 0, reg = 0, osu_line = 0;
    uint64_t data = 0, ready = 0;
  };

  // Room for a request of the memory stage this cycle.
  bool can_take() const;
  // An evicted dirty register taken at cycle t: true when it was compressed (kept in compressed
  // space, no L1 write); false: the caller writes it back uncompressed.
  bool evict(uint32_t warp, uint32_t reg, uint64_t value, uint64_t t);
  // Whether the register's memory copy is compressed.
  bool compressed(uint32_t warp, uint32_t reg) const { return (bits_[warp] >> reg) & 1; }
  // A preload of a compressed register taken at cycle t; its fill comes out of take_ready().
  void preload(uint32_t warp, uint32_t reg, uint32_t osu_line, uint64_t t);
  // The memory copy is gone (invalidation, invalidating read once answered): its bit is cleared.
  void invalidate(uint32_t warp, uint32_t reg) { bits_[warp] &= ~(uint64_t(1) << reg); }
  // A new warp in the slot: none of its registers has a memory copy.
  void clear_warp(uint32_t warp) { bits_[warp] = 0; }
  // A compressed line fetched from the L1 returned at cycle t.
  void line_arrived(int32_t line, uint64_t t);

  // The L1 requests made so far (each to be sent from its ready cycle on), in order.
  void take_l1(std::vector<L1Op>& l1);
  // The fills ready by cycle t, in order.
  void take_fills(uint64_t t, std::vector<Fill>& fills);
  size_t queued_l1() const { return l1_.size(); }
  bool idle() const;

  struct Counters {
    uint64_t evictions_compressed = 0, evictions_incompressible = 0, preloads = 0, line_hits = 0, line_misses = 0,
             line_fetches = 0, line_writebacks = 0;
    std::array<uint64_t, 7> by_pattern{};  // compressed evictions per ReglessPattern
  };
  const Counters& counters() const { return n_; }
  void collect(StatsMap& m) const;  // adds this unit's counters (summed over shards by the caller's map)

 private:
  struct Waiter {
    bool preload = false;
    uint32_t warp = 0, reg = 0, osu_line = 0;
    uint64_t value = 0;  // evictions
  };
  struct Line {
    int32_t tag = -1;  // compressed line number; -1 invalid
    bool pending = false, dirty = false;
    uint64_t stamp = 0;  // last use (LRU)
    std::array<uint64_t, kReglessRegsPerCompressedLine> slot{};
    std::vector<Waiter> waiters;  // in arrival order, while pending
  };
  uint32_t index(uint32_t warp, uint32_t reg) const { return reg * c_.n_warps + warp; }
  bool line_live(uint32_t line) const;                 // some register of it is compressed
  Line* find(uint32_t line);
  Line& allocate(uint32_t line, bool fetch, uint64_t t);  // evicts the LRU line that is not pending
  void apply(Line& l, const Waiter& w, uint64_t t);

  ReglessCompressorConfig c_;
  std::vector<uint64_t> bits_;                 // per warp: bit r = R r compressed
  std::vector<Line> lines_;
  std::map<uint32_t, std::array<uint64_t, kReglessRegsPerCompressedLine>> memory_;  // compressed lines in memory
  std::vector<L1Op> l1_;
  std::vector<Fill> fills_;
  uint64_t clock_ = 0;
  Counters n_;
};

}  // namespace gpucosim
