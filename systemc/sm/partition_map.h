#pragma once
// Which memory sub-partition (L2 slice) serves an address. The SM stamps it on every request so
// the crossbar can route without decoding addresses. By default the SM uses the memory system's
// own AddressMap (systemc/memory/address_map.h: linear, XOR or IPOLY partition indexing, the
// -gpgpu_mem_addr_mapping layout), built from the MemoryConfig it is given; the top level shares
// one mapping among all SMs (SmOptions::partition_map).
#include <cstdint>

#include "systemc/config/gpu_config.h"
#include "systemc/memory/address_map.h"

namespace gpucosim {

class PartitionMap {
 public:
  virtual ~PartitionMap() = default;
  virtual uint32_t partition(uint64_t addr) const = 0;
};

class AddressMapPartitions : public PartitionMap {
 public:
  explicit AddressMapPartitions(const MemoryConfig& m) : map_(m) {}
  uint32_t partition(uint64_t addr) const override { return map_.partition_of(addr); }

 private:
  AddressMap map_;
};

}  // namespace gpucosim
