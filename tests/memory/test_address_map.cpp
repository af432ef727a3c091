// Address mapping: interleaving, IPOLY spreading, bijection, mapping strings.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <stdexcept>

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

TEST(memory_address_map, IpolySpreadsPowerOfTwoStridesOverAllChannels) {
  for (uint32_t ch : {16u, 32u, 64u}) {
    AddressMap ip(mem(ch, 2));
    AddressMap lin(mem(ch, 0));
    for (uint32_t k = 8; k <= 24; ++k) {
      const uint64_t stride = uint64_t(1) << k;
      const auto h = spread(ip, stride, ch, 7 * stride * ch);  // any aligned group of ch accesses
      EXPECT_EQ(h.size(), ch) << "channels " << ch << " stride 2^" << k;
      for (const auto& [c, n] : h) EXPECT_EQ(n, 1);
    }
    // Linear indexing camps on one channel for a stride of channels x chunk.
    EXPECT_EQ(spread(lin, uint64_t(ch) * 256, ch).size(), 1u);
    EXPECT_EQ(spread(ip, uint64_t(ch) * 256, ch).size(), ch);
  }
}

void expect_bijection(const AddressMap& m, uint64_t lines) {
  std::set<std::pair<uint32_t, uint64_t>> seen;
  for (uint64_t l = 0; l < lines; ++l) {
    const uint64_t a = l * 128;
    const DecodedAddress d = m.decode(a);
    EXPECT_TRUE(seen.insert({d.partition, d.local}).second) << "collision at " << a;
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
    EXPECT_EQ(d.sub, d.dram.bank & 1u);
  }
}

TEST(memory_address_map, EverySchemeIsABijection) {
  expect_bijection(AddressMap(mem(4, 0)), 1 << 14);
  expect_bijection(AddressMap(mem(32, 2)), 1 << 14);
  expect_bijection(AddressMap(mem(32, 1)), 1 << 14);
  expect_bijection(AddressMap(mem(6, 2)), 1 << 14);  // IPOLY impossible: XOR fallback
  expect_bijection(AddressMap(mem(32, 2, kQv100)), 1 << 14);
}

TEST(memory_address_map, NonPowerOfTwoChannelsFallBackEvenly) {
  AddressMap m(mem(6, 2));
  std::map<uint32_t, int> h;
  for (uint64_t i = 0; i < 6 * 1000; ++i) ++h[m.channel_of(i * 256)];
  ASSERT_EQ(h.size(), 6u);
  for (const auto& [c, n] : h) EXPECT_EQ(n, 1000);
  // ...and a stride that camps under linear indexing is spread.
  EXPECT_GT(spread(m, 6 * 256, 60).size(), 3u);
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
