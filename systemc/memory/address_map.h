#pragma once
// Global address -> (channel, sub-partition, bank, row, column), from MemoryConfig.
//
// Layout, as GPGPU-Sim's `-gpgpu_mem_addr_mapping dramid@N;<mask>`:
//  * The channel comes from the address bits at and above bit N (the interleaving chunk is 2^N
//    bytes, 256 B by default): chunk = addr >> N.
//      partition_indexing 0 (linear): channel = chunk % n_channels.
//      partition_indexing 2 (IPOLY) with a power-of-two channel count (16/32/64 in practice, any
//        2^k up to 2^16 here): channel = chunk(x) mod P(x), P irreducible of degree k. Every
//        power-of-two stride >= 2^N then spreads over all channels (no partition camping).
//      partition_indexing 1 (XOR), and 2 with a channel count that is not a power of two (IPOLY
//        is undefined there, as in GPGPU-Sim, which then fails): the linear channel is perturbed
//        by the higher chunk bits: (lin ^ fold(hi)) for 2^k channels, (lin + fold(hi)) % n
//        otherwise, with hi = chunk / n and fold = XOR of hi's k-bit (or 8-bit) pieces.
//    Every scheme is a bijection between (channel, hi) and chunk, so no two addresses collide.
//  * The rest of the address with the channel removed ("reduced": (hi << N) | low N bits) is
//    split by the mask: 64 characters, most significant bit first ('.' ignored, shorter masks
//    are right-aligned): R row, B bank, C column, S burst offset (counted as column), 0 unused.
//    Without a string the default is dramid@8 with column bits 0-7, log2(nbk) bank bits from
//    bit 8, three more column bits (a 2 KB row per bank) and the row above.
//  * Sub-partition within the channel = bank & (sub_partitions - 1) (GPGPU-Sim's rule), so the
//    sub-partition count must be a power of two.
//  * The L2 slice works on the partition-local address: the reduced address with the
//    sub-partition bank bits squeezed out, so each slice's sets are all used. dram() recovers
//    bank/row/column from (local address, sub-partition).
// Errors (bad mask, a line split across channels, ...) throw std::invalid_argument naming the
// option.
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

struct DramCoord {
  uint32_t bank = 0, row = 0, col = 0;
};

struct DecodedAddress {
  uint32_t channel = 0;
  uint32_t sub = 0;         // sub-partition within the channel
  uint32_t partition = 0;   // global sub-partition id: channel * sub_partitions + sub
  uint64_t local = 0;       // partition-local address (what the L2 slice sees)
  DramCoord dram;
};

class AddressMap {
 public:
  explicit AddressMap(const MemoryConfig& cfg);

  DecodedAddress decode(uint64_t addr) const;
  // The global sub-partition of an address (what the SM puts into GpuExtension::partition).
  uint32_t partition_of(uint64_t addr) const { return decode(addr).partition; }
  uint32_t channel_of(uint64_t addr) const { return channel_and_reduced(addr).first; }
  // Bank, row and column of a partition-local address of sub-partition `sub`.
  DramCoord dram(uint64_t local, uint32_t sub) const;

  uint32_t n_channels() const { return n_channels_; }
  uint32_t sub_partitions() const { return n_sub_; }
  uint32_t chunk_bits() const { return chunk_bits_; }
  uint32_t banks() const { return 1u << bank_bits_; }
  // The mapping in GPGPU-Sim syntax (the default one spelled out when none was given).
  const std::string& mapping() const { return mapping_; }

 private:
  struct Run {  // `width` bits at `src` go to bit `dst` of the field
    uint32_t src, width, dst;
  };
  static uint64_t gather(uint64_t x, const std::vector<Run>& runs) {
    uint64_t v = 0;
    for (const Run& r : runs) v |= ((x >> r.src) & ((uint64_t(1) << r.width) - 1)) << r.dst;
    return v;
  }
  void parse(const std::string& mapping, const MemoryConfig& cfg);
  std::pair<uint32_t, uint64_t> channel_and_reduced(uint64_t addr) const;
  uint64_t squeeze(uint64_t reduced) const;
  uint64_t unsqueeze(uint64_t local, uint32_t sub) const;

  uint32_t n_channels_, n_sub_, indexing_;
  uint32_t chunk_bits_ = 8, bank_bits_ = 0;
  std::string mapping_;
  std::vector<Run> row_, bank_, col_;
  std::vector<uint32_t> sub_bits_;  // reduced-address positions of the sub-partition bank bits, ascending
  bool pow2_channels_;
  uint32_t channel_bits_;
  Gf2PolyHash ipoly_;
  bool use_ipoly_ = false;
};

}  // namespace gpucosim
