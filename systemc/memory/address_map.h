#pragma once
// Global address -> (channel, sub-partition, bank, row, column), from MemoryConfig.
//
// Layout, as GPGPU-Sim's `-gpgpu_mem_addr_mapping dramid@N;<mask>`:
//  * The linear channel comes from the address bits at and above bit N (the interleaving chunk is
//    2^N bytes, 256 B by default): chunk = addr >> N, lin = chunk % n_channels, hi = chunk / n.
//  * The rest of the address with the channel removed ("reduced": (hi << N) | low N bits) gives
//    the DRAM bank, row and column (below); the linear sub-partition is lin * subs + (bank & (subs-1)).
//  * partition_indexing then picks the global sub-partition (L2 slice) as GPGPU-Sim 667834c's
//    addrdec.cc does (see partition_index.h for the functions and the source of each fact):
//      0 consecutive and 5 custom (GPGPU-Sim implements no custom function): the linear one.
//      1 XOR: the channel is XORed with the low bits of the address above channel and
//        sub-partition bits; power-of-two channel counts only (GPGPU-Sim asserts otherwise).
//      2 IPOLY: the whole linear sub-partition id is hashed with a truncated run of the higher
//        address bits; needs a power of two channels with 16, 32 or 64 sub-partitions in all.
//      3 (PAE), 4 (random) are refused: GPGPU-Sim's decoder asserts on 3 and draws rand() on 4.
//    The DRAM bank stays the address's own bank (GPGPU-Sim hashes only the slice choice), so a
//    hashed slice may hold lines of either bank parity.
//  * The rest of the address with the channel removed ("reduced": (hi << N) | low N bits) is
//    split by the mask: 64 characters, most significant bit first ('.' ignored, shorter masks
//    are right-aligned): R row, B bank, C column, S burst offset (counted as column), 0 unused.
//    Without a string the default is dramid@8 with column bits 0-7, log2(nbk) bank bits from
//    bit 8, three more column bits (a 2 KB row per bank) and the row above.
//  * The L2 slice works on the partition-local address: the reduced address with the
//    sub-partition bank bits squeezed out (GPGPU-Sim's partition_address()), so each slice's sets
//    are all used. dram() recovers bank/row/column from (local address, sub-partition): the hash is
//    an XOR on the index, so the squeezed bank bits are sub ^ (hash of the higher bits).
// Errors (bad mask, a line split across channels, ...) throw AddressMapError, an
// std::invalid_argument that names the option at fault.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "systemc/config/gpu_config.h"
#include "systemc/memory/cache/set_index.h"
#include "systemc/memory/partition_index.h"

namespace gpucosim {

// What AddressMap's constructor throws: what() reads "gpgpu_mem_addr_mapping / memory config: "
// + detail; `option` is the option whose value is at fault (for blame at its file and line).
struct AddressMapError : std::invalid_argument {
  AddressMapError(std::string option_name, const std::string& what)
      : std::invalid_argument("gpgpu_mem_addr_mapping / memory config: " + what), option(std::move(option_name)),
        detail(what) {}
  std::string option;  // e.g. "gpgpu_mem_addr_mapping", "gpgpu_n_sub_partition_per_mchannel"
  std::string detail;  // the message without the prefix
};

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
  // The global sub-partition of an address (what the SM puts into GpuExtension::partition):
  // decode(addr).partition without the row, column and local address (one per SM request).
  uint32_t partition_of(uint64_t addr) const {
    const auto [lin, reduced] = split(addr);
    return index_(lin, sub_bank_bits(reduced), hash_bits(reduced));
  }
  uint32_t channel_of(uint64_t addr) const { return partition_of(addr) >> sub_shift_; }
  // decode(addr).local alone (one per L2 access).
  uint64_t local_of(uint64_t addr) const { return squeeze(split(addr).second); }
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
  // Bank, row and column of a reduced address: the three gathers, or one table look per non-zero
  // byte where the fields fit the packing (below).
  DramCoord coords(uint64_t reduced) const {
    if (byte_fields_.empty()) {
      DramCoord c;
      c.bank = uint32_t(gather(reduced, bank_));
      c.row = uint32_t(gather(reduced, row_));
      c.col = uint32_t(gather(reduced, col_));
      return c;
    }
    uint64_t v = 0;
    for (const uint64_t* t = byte_fields_.data(); reduced != 0; t += 256, reduced >>= 8) v |= t[reduced & 0xff];
    DramCoord c;
    c.bank = uint32_t(v & 0xff);
    c.col = uint32_t((v >> 8) & 0xffffff);
    c.row = uint32_t(v >> 32);
    return c;
  }
  // Reduced address and linear channel of an address.
  std::pair<uint32_t, uint64_t> split(uint64_t addr) const {
    const uint64_t chunk = addr >> chunk_bits_;
    const uint64_t low = addr & ((uint64_t(1) << chunk_bits_) - 1);
    const uint32_t lin = pow2_channels_ ? uint32_t(chunk & (n_channels_ - 1)) : uint32_t(chunk % n_channels_);
    const uint64_t hi = pow2_channels_ ? chunk >> channel_bits_ : chunk / n_channels_;
    return {lin, (hi << chunk_bits_) | low};
  }
  // The bank bits that pick the sub-partition (bank & (subs - 1)), read straight from their
  // positions in the reduced address.
  uint32_t sub_bank_bits(uint64_t reduced) const {
    uint32_t v = 0;
    for (size_t i = 0; i < sub_bits_.size(); ++i) v |= uint32_t((reduced >> sub_bits_[i]) & 1) << i;
    return v;
  }
  // Bits of the reduced address above the channel that GPGPU-Sim's hashes read: addr >> (N + log2
  // channels + log2 subs), i.e. the reduced address past the chunk and the sub-partition bit count
  // (whether or not the bank bits lie there).
  uint64_t hash_bits(uint64_t reduced) const { return reduced >> hash_shift_; }
  uint64_t squeeze(uint64_t x) const {
    for (size_t i = sub_bits_.size(); i-- > 0;) {
      const uint32_t p = sub_bits_[i];
      x = (x & ((uint64_t(1) << p) - 1)) | ((x >> (p + 1)) << p);
    }
    return x;
  }
  uint64_t unsqueeze(uint64_t local, uint32_t sub) const;

  uint32_t n_channels_, n_sub_, indexing_;
  uint32_t chunk_bits_ = 8, bank_bits_ = 0;
  std::string mapping_;
  std::vector<Run> row_, bank_, col_;
  std::vector<uint32_t> sub_bits_;  // reduced-address positions of the sub-partition bank bits, ascending
  bool pow2_channels_;
  uint32_t channel_bits_;
  // Precomputed from the configuration (decode is on every request's path):
  uint32_t sub_shift_ = 0;   // log2(sub_partitions)
  uint32_t hash_shift_ = 0;  // chunk_bits + log2(sub_partitions): where hash_bits() starts
  // Every squeezed bit lies below hash_shift_, so the hash of an unsqueezed local address does not
  // depend on the sub-partition bits put back (dram() then needs one candidate, not one per sub).
  bool hash_above_sub_bits_ = false;
  PartitionIndex index_;
  // Per byte of the reduced address (8 x 256 entries): the bank (bits 0-7), column (8-31) and row
  // (32-63, truncated to 32 bits as the gather's result is) bits that byte holds, so the fields
  // are the OR over its bytes. Empty when the bank or column has more bits than that.
  std::vector<uint64_t> byte_fields_;
};

}  // namespace gpucosim
