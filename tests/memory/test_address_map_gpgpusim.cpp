// The address map against GPGPU-Sim's own decoder: tests/memory/data/gpgpusim_partition_ids.txt
// holds, per memory shape and -gpgpu_memory_partition_indexing value (IPOLY on Accel-Sim's
// SM7_QV100 and SM86_RTX3070 shapes and mappings, XOR, linear, custom, the 16- and 64-entry IPOLY
// tables), the global sub-partition, DRAM bank and partition address GPGPU-Sim 667834c gives each
// of ~200 addresses (48-bit trace-like ones among them, where its truncated IPOLY differs most
// from a hash of all higher bits).
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "systemc/memory/address_map.h"
#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

TEST(memory_address_map, MatchesGpgpuSimDecoderAddressByAddress) {
  std::ifstream in(test::source_dir() + "/tests/memory/data/gpgpusim_partition_ids.txt");
  ASSERT_TRUE(in) << "missing tests/memory/data/gpgpusim_partition_ids.txt";
  std::unique_ptr<AddressMap> map;
  std::string line, name;
  int configs = 0, checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    if (line.rfind("config ", 0) == 0) {
      std::string word;
      MemoryConfig m;
      s >> word >> name >> m.n_channels >> m.sub_partitions >> m.partition_indexing >> m.addr_mapping;
      map = std::make_unique<AddressMap>(m);
      ++configs;
      continue;
    }
    ASSERT_TRUE(map) << "address before any config line";
    uint64_t addr = 0, paddr = 0;
    uint32_t sp = 0, bank = 0;
    s >> std::hex >> addr >> std::dec >> sp >> bank >> std::hex >> paddr;
    ASSERT_FALSE(s.fail()) << line;
    const DecodedAddress d = map->decode(addr);
    EXPECT_EQ(d.partition, sp) << name << " address 0x" << std::hex << addr;
    EXPECT_EQ(d.channel * map->sub_partitions() + d.sub, d.partition);
    EXPECT_EQ(d.dram.bank, bank) << name << " address 0x" << std::hex << addr;
    EXPECT_EQ(d.local, paddr) << name << " address 0x" << std::hex << addr;
    // The DRAM side, which sees only (partition address, sub-partition), finds the same bank.
    EXPECT_EQ(map->dram(d.local, d.sub).bank, bank) << name << " address 0x" << std::hex << addr;
    ++checked;
  }
  EXPECT_EQ(configs, 8);
  EXPECT_GT(checked, 1500);
}

}  // namespace
}  // namespace gpucosim
