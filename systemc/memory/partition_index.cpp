#include "systemc/memory/partition_index.h"

#include <stdexcept>

namespace gpucosim {

PartitionIndex::PartitionIndex(uint32_t indexing, uint32_t channels, uint32_t subs)
    : indexing_(indexing), channels_(channels), subs_(subs) {
  const std::string why = partition_indexing_unsupported(indexing, channels, subs);
  if (!why.empty()) throw std::invalid_argument("gpgpu_memory_partition_indexing: " + why);
  if (indexing_ == 2) {
    index_bits_ = log2_floor(uint64_t(channels) * subs);
    high_mask_ = (uint64_t(1) << gpgpusim_ipoly_high_bits(index_bits_)) - 1;
    poly_ = Gf2PolyHash(index_bits_);
  }
}

}  // namespace gpucosim
