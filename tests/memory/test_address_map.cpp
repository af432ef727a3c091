// Address mapping: interleaving, IPOLY spreading and truncation, refusals, bijection, mapping strings.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "systemc/memory/address_map.h"

namespace gpucosim {
namespace {

MemoryConfig mem(uint32_t channels, uint32_t indexing, const std::string& mapping = "") {
  MemoryConfig m;
  m.n_channels = channels;
  m.sub_partitions = 2;
  m.partition_indexing = indexing;
  m.addr_mapping = mapping;
  return m;
}

const char* kQv100 = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS";

TEST(memory_address_map, LinearInterleavesChunksOf256Bytes) {
  AddressMap m(mem(4, 0));
  for (uint64_t a = 0; a < 4096; a += 32) EXPECT_EQ(m.channel_of(a), (a / 256) % 4) << a;
  // Sub-partition = low bank bit, the bit just above the chunk in the reduced address: the next
  // chunk of the same channel.
  EXPECT_EQ(m.decode(0).sub, 0u);
  EXPECT_EQ(m.decode(4 * 256).sub, 1u);
  EXPECT_EQ(m.decode(4 * 256).partition, 1u);
  EXPECT_EQ(m.decode(5 * 256).partition, 3u);
}

// Accesses with stride `stride` per channel, n = channels accesses.
std::map<uint32_t, int> spread(const AddressMap& m, uint64_t stride, uint32_t n, uint64_t base = 0) {
  std::map<uint32_t, int> h;
  for (uint64_t i = 0; i < n; ++i) ++h[m.channel_of(base + i * stride)];
  return h;
}

// Accesses with stride `stride`, n accesses: how many land in each global sub-partition.
std::map<uint32_t, int> spread_slices(const AddressMap& m, uint64_t stride, uint32_t n, uint64_t base = 0) {
  std::map<uint32_t, int> h;
  for (uint64_t i = 0; i < n; ++i) ++h[m.partition_of(base + i * stride)];
  return h;
}

// GPGPU-Sim's IPOLY hashes the index (channel, then the sub-partition bank bit as its lowest bit)
// with the bits above both: consecutive chunks, and power-of-two strides that step only those
// higher bits, spread over every slice while they stay within the 13/15/19 bits it reads. Strides
// in between are not conflict-free (the index bits are not in address order), as in GPGPU-Sim.
TEST(memory_address_map, IpolySpreadsPowerOfTwoStridesOverAllSlices) {
  for (uint32_t ch : {8u, 16u, 32u}) {  // 16, 32 and 64 sub-partitions (default mapping: sub bit above the channel)
    AddressMap ip(mem(ch, 2));
    AddressMap lin(mem(ch, 0));
    const uint32_t slices = 2 * ch, index_bits = log2_floor(slices), first_high = 8 + index_bits;
    const uint32_t window = gpgpusim_ipoly_high_bits(index_bits);
    std::vector<uint32_t> ks = {8};
    for (uint32_t k = first_high; k + index_bits <= first_high + window; ++k) ks.push_back(k);
    for (uint32_t k : ks) {
      const uint64_t stride = uint64_t(1) << k;
      const auto h = spread_slices(ip, stride, slices, 3 * stride * slices);  // any aligned group
      EXPECT_EQ(h.size(), slices) << "channels " << ch << " stride 2^" << k;
      for (const auto& [c, n] : h) EXPECT_EQ(n, 1);
    }
    // Past the window the hash no longer sees the stride: one slice.
    EXPECT_EQ(spread_slices(ip, uint64_t(1) << (first_high + window), slices).size(), 1u);
    // Linear indexing camps on one channel for a stride of channels x chunk; IPOLY does not.
    EXPECT_EQ(spread(lin, uint64_t(ch) * 256, ch).size(), 1u);
    EXPECT_GT(spread(ip, uint64_t(ch) * 256, ch).size(), 1u);
  }
}

// GPGPU-Sim's IPOLY reads 19 higher bits on QV100 (bits 14-32 of the address): two 48-bit
// addresses that differ only above bit 32 share a slice, and the sub-partition bit takes part in
// the hash (so a slice holds lines of both bank parities). Fails on a hash of all higher bits or
// of the channel alone.
TEST(memory_address_map, IpolyHashesTheSubPartitionWithTruncatedHigherBits) {
  AddressMap m(mem(32, 2, kQv100));
  const uint64_t base = 0x7f3a12345600;
  int differ_at_32 = 0;
  for (uint64_t i = 0; i < 256; ++i) {
    const uint64_t a = base + i * 0x2080;
    for (uint32_t bit = 33; bit < 48; ++bit)
      EXPECT_EQ(m.partition_of(a ^ (uint64_t(1) << bit)), m.partition_of(a)) << std::hex << a << " bit " << std::dec << bit;
    differ_at_32 += m.partition_of(a ^ (uint64_t(1) << 32)) != m.partition_of(a);
  }
  EXPECT_EQ(differ_at_32, 256);  // bit 32 is the 19th higher bit: it always moves the line
  std::set<uint32_t> parities;
  for (uint64_t i = 0; i < 4096; ++i) {
    const DecodedAddress d = m.decode(base + i * 0x100);
    if (d.partition == m.partition_of(base)) parities.insert(d.dram.bank & 1);
  }
  EXPECT_EQ(parities.size(), 2u);
  EXPECT_EQ(m.decode(0x2000).partition, 1u);  // sub-partition bit 13 alone: index 1, no hash
  EXPECT_EQ(m.decode(0x4000).partition, 3u);  // first higher bit: x^6 mod x^6+x+1 = x+1
}

TEST(memory_address_map, RefusesWhatGpgpuSimCannotRun) {
  EXPECT_THROW(AddressMap(mem(64, 2)), std::invalid_argument);  // 128-entry IPOLY: no table
  EXPECT_THROW(AddressMap(mem(6, 2)), std::invalid_argument);   // IPOLY hash-then-modulo
  EXPECT_THROW(AddressMap(mem(6, 1)), std::invalid_argument);   // XOR asserts a power of two
  EXPECT_THROW(AddressMap(mem(32, 3)), std::invalid_argument);  // PAE: no case in the decoder
  EXPECT_THROW(AddressMap(mem(32, 4)), std::invalid_argument);  // random
  EXPECT_NO_THROW(AddressMap(mem(6, 5)));                        // custom = consecutive
  EXPECT_EQ(AddressMap(mem(6, 5)).partition_of(0x12345600), AddressMap(mem(6, 0)).partition_of(0x12345600));
}

void expect_bijection(const AddressMap& m, uint64_t lines) {
  std::set<std::pair<uint32_t, uint64_t>> seen;
  for (uint64_t l = 0; l < lines; ++l) {
    const uint64_t a = l * 128;
    const DecodedAddress d = m.decode(a);
    EXPECT_TRUE(seen.insert({d.partition, d.local}).second) << "collision at " << a;
    // The single-field shortcuts agree with the full decode.
    EXPECT_EQ(m.partition_of(a + 40), d.partition);
    EXPECT_EQ(m.channel_of(a), d.channel);
    EXPECT_EQ(m.local_of(a + 40), d.local + 40);
    EXPECT_EQ(d.local % 128, 0u);
    // All bytes of a sector (and of the line) in one partition and bank.
    const DecodedAddress e = m.decode(a + 127);
    EXPECT_EQ(e.partition, d.partition);
    EXPECT_EQ(e.dram.bank, d.dram.bank);
    // The DRAM coordinates survive the local address round trip.
    const DramCoord c = m.dram(d.local, d.sub);
    EXPECT_EQ(c.bank, d.dram.bank);
    EXPECT_EQ(c.row, d.dram.row);
    EXPECT_EQ(c.col, d.dram.col);
  }
}

TEST(memory_address_map, EverySchemeIsABijection) {
  expect_bijection(AddressMap(mem(4, 0)), 1 << 14);
  expect_bijection(AddressMap(mem(32, 2)), 1 << 14);
  expect_bijection(AddressMap(mem(32, 1)), 1 << 14);
  expect_bijection(AddressMap(mem(16, 2)), 1 << 14);
  expect_bijection(AddressMap(mem(6, 0)), 1 << 14);
  expect_bijection(AddressMap(mem(32, 2, kQv100)), 1 << 14);
  // The sub-partition bank bit above the hashed bits: dram() tries each candidate.
  expect_bijection(AddressMap(mem(32, 2, "dramid@8;RRRRRRRRRRRRRRRRBBBBCCCCCCCCCCC")), 1 << 14);
}

TEST(memory_address_map, ParsesGpgpuSimMappingString) {
  AddressMap m(mem(32, 0, kQv100));
  EXPECT_EQ(m.chunk_bits(), 8u);
  EXPECT_EQ(m.banks(), 16u);
  // Reduced address of chunk 32*k is k << 8. Bit 8 is bank bit 0, bits 12-14 bank bits 1-3,
  // bits 9-11 and 5-7 column, bit 15 up row.
  const DecodedAddress d = m.decode(uint64_t(32) * 256 * 1);  // reduced 0x100
  EXPECT_EQ(d.channel, 0u);
  EXPECT_EQ(d.dram.bank, 1u);
  EXPECT_EQ(d.sub, 1u);
  const DecodedAddress e = m.decode(uint64_t(32) * 256 * 0x10);  // reduced 0x1000: bank bit 1
  EXPECT_EQ(e.dram.bank, 2u);
  const DecodedAddress f = m.decode(uint64_t(32) * 256 * 0x80);  // reduced 0x8000: row 1
  EXPECT_EQ(f.dram.row, 1u);
  EXPECT_EQ(f.dram.bank, 0u);
}

TEST(memory_address_map, RejectsBadMappings) {
  EXPECT_THROW(AddressMap(mem(4, 0, "dramid@8;RRRRBBBQCCCCCCCC")), std::invalid_argument);
  EXPECT_THROW(AddressMap(mem(4, 0, "dramid@x;RRRRBBBBCCCCCCCC")), std::invalid_argument);
  EXPECT_THROW(AddressMap(mem(4, 0, "dramid@4;RRRRRRRRBBBBCCCCCCCCCCCC")), std::invalid_argument);  // line straddles
  EXPECT_THROW(AddressMap(mem(4, 0, "dramid@8;RRRRBBBCCCCCCCCC")), std::invalid_argument);  // 3 bank bits, nbk 16
  MemoryConfig bad = mem(4, 0);
  bad.sub_partitions = 3;
  EXPECT_THROW(AddressMap{bad}, std::invalid_argument);
}

}  // namespace
}  // namespace gpucosim
