#pragma once
// How the global sub-partition (L2 slice) of an address is chosen, per
// -gpgpu_memory_partition_indexing, as GPGPU-Sim's address decoder does it (facts read from
// src/gpgpu-sim/addrdec.cc and hashing.cc of the Accel-Sim GPGPU-Sim fork, commit 667834c):
//  * The linear sub-partition id is channel * subs + (bank & (subs - 1)) for every value.
//  * 0 (consecutive) and 5 (custom: GPGPU-Sim implements none and falls through) keep it.
//  * 1 (bitwise XOR) replaces the channel by channel ^ (high & (channels - 1)); the bank part
//    stays. GPGPU-Sim asserts a power-of-two channel count.
//  * 2 (IPOLY) hashes the whole id as one index of channels x subs entries with the higher bits
//    (see gpgpusim_ipoly_high_bits() for the truncation): index ^ f(high), f linear over GF(2).
//  * What cannot run (3, 4, shapes GPGPU-Sim asserts on): systemc/config/partition_indexing.h.
// `high` is the address shifted right past the chunk, channel and sub-partition bits
// (addr >> (N + log2 channels + log2 subs)), as in GPGPU-Sim.
#include <cstdint>
#include <string>

#include "systemc/config/partition_indexing.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

class PartitionIndex {
 public:
  PartitionIndex() = default;
  // Throws std::invalid_argument (naming the option) where partition_indexing_unsupported() says why.
  PartitionIndex(uint32_t indexing, uint32_t channels, uint32_t subs);

  // Global sub-partition of an address with linear channel `lin`, bank bits `bank` and higher
  // bits `high`.
  uint32_t operator()(uint32_t lin, uint32_t bank, uint64_t high) const {
    const uint32_t id = lin * subs_ + (bank & (subs_ - 1));
    if (indexing_ == 1) return (lin ^ uint32_t(high & (channels_ - 1))) * subs_ + (bank & (subs_ - 1));
    if (indexing_ == 2) return id ^ flip(high);
    return id;
  }
  // What the hash XORs into the sub-partition bits (bank & (subs-1) = sub ^ sub_flip(high)),
  // so the DRAM side can recover the address's bank from (local address, sub-partition).
  uint32_t sub_flip(uint64_t high) const { return indexing_ == 2 ? flip(high) & (subs_ - 1) : 0; }

 private:
  // f(high): the residue of the truncated higher bits shifted past the index.
  uint32_t flip(uint64_t high) const { return poly_((high & high_mask_) << index_bits_); }

  uint32_t indexing_ = 0, channels_ = 1, subs_ = 1, index_bits_ = 0;
  uint64_t high_mask_ = 0;
  Gf2PolyHash poly_;
};

}  // namespace gpucosim
