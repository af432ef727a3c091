#include "systemc/memory/address_map.h"

#include <stdexcept>

namespace gpucosim {

namespace {

constexpr const char* kMapping = "gpgpu_mem_addr_mapping";
constexpr const char* kSubs = "gpgpu_n_sub_partition_per_mchannel";

[[noreturn]] void bad(const char* option, const std::string& what) { throw AddressMapError(option, what); }

// Contiguous runs of the positions (ascending) of `letter` in a 64-entry bit map.
std::vector<std::pair<uint32_t, uint32_t>> runs_of(const char (&bits)[64], char letter, uint32_t* count) {
  std::vector<std::pair<uint32_t, uint32_t>> runs;
  *count = 0;
  for (uint32_t b = 0; b < 64; ++b) {
    if (bits[b] != letter) continue;
    ++*count;
    if (!runs.empty() && runs.back().first + runs.back().second == b)
      ++runs.back().second;
    else
      runs.push_back({b, 1});
  }
  return runs;
}

}  // namespace

AddressMap::AddressMap(const MemoryConfig& cfg)
    : n_channels_(cfg.n_channels),
      n_sub_(cfg.sub_partitions),
      indexing_(cfg.partition_indexing),
      pow2_channels_(is_pow2(cfg.n_channels)),
      channel_bits_(log2_floor(cfg.n_channels)) {
  if (n_channels_ == 0) bad("gpgpu_n_mem", "gpgpu_n_mem must be > 0");
  if (!is_pow2(n_sub_)) bad(kSubs, "gpgpu_n_sub_partition_per_mchannel must be a power of two");
  index_ = PartitionIndex(indexing_, n_channels_, n_sub_);  // throws for what GPGPU-Sim cannot run
  std::string m = cfg.addr_mapping;
  if (m.empty()) {
    // dramid@8; column 0-7, bank 8.., 3 column bits, row above.
    const uint32_t nb = log2_floor(cfg.timing.nbk ? cfg.timing.nbk : 1);
    std::string bits(64, '0');
    uint32_t pos = 0;
    for (uint32_t i = 0; i < 8; ++i) bits[63 - pos++] = 'C';
    for (uint32_t i = 0; i < nb; ++i) bits[63 - pos++] = 'B';
    for (uint32_t i = 0; i < 3; ++i) bits[63 - pos++] = 'C';
    for (uint32_t i = 0; i < 16 && pos < 64; ++i) bits[63 - pos++] = 'R';
    m = "dramid@8;" + bits;
  }
  parse(m, cfg);
}

void AddressMap::parse(const std::string& mapping, const MemoryConfig& cfg) {
  mapping_ = mapping;
  std::string mask = mapping;
  const auto semi = mapping.find(';');
  if (mapping.rfind("dramid@", 0) == 0) {
    if (semi == std::string::npos) bad(kMapping, "'" + mapping + "': expected dramid@N;<mask>");
    try {
      chunk_bits_ = uint32_t(std::stoul(mapping.substr(7, semi - 7)));
    } catch (const std::exception&) {
      bad(kMapping, "'" + mapping + "': dramid@N needs a bit number");
    }
    mask = mapping.substr(semi + 1);
  } else if (semi != std::string::npos) {
    bad(kMapping, "'" + mapping + "': unknown prefix before ';' (expected dramid@N)");
  }
  char bits[64];
  for (char& b : bits) b = '0';
  std::string clean;
  for (char ch : mask)
    if (ch != '.' && ch != ' ') clean += ch;
  if (clean.size() > 64) bad(kMapping, "mask longer than 64 bits");
  for (size_t i = 0; i < clean.size(); ++i) {
    const char ch = clean[clean.size() - 1 - i];
    if (std::string("RBCS0").find(ch) == std::string::npos)
      bad(kMapping, std::string("mask letter '") + ch + "' (expected R, B, C, S or 0; channel bits come from dramid@N)");
    bits[i] = ch == 'S' ? 'C' : ch;
  }
  if (chunk_bits_ < 7 || chunk_bits_ > 40) bad(kMapping, "dramid@" + std::to_string(chunk_bits_) + ": a 128-byte line must not straddle channels (need 7..40)");

  uint32_t n = 0;
  auto to_runs = [&](char letter, std::vector<Run>& out, uint32_t* count) {
    uint32_t dst = 0;
    for (auto [src, w] : runs_of(bits, letter, count)) {
      out.push_back(Run{src, w, dst});
      dst += w;
    }
  };
  to_runs('R', row_, &n);
  if (n == 0) bad(kMapping, "mask has no row (R) bits");
  to_runs('C', col_, &n);
  to_runs('B', bank_, &bank_bits_);
  if ((1u << bank_bits_) != (cfg.timing.nbk ? cfg.timing.nbk : 1))
    bad(kMapping, "mask has " + std::to_string(bank_bits_) + " bank bits but nbk=" + std::to_string(cfg.timing.nbk));
  const uint32_t sb = log2_floor(n_sub_);
  if (sb > bank_bits_) bad(kSubs, "more sub-partitions than banks");
  for (uint32_t b = 0; b < 64 && sub_bits_.size() < sb; ++b)
    if (bits[b] == 'B') sub_bits_.push_back(b);
  for (uint32_t b : sub_bits_)
    if (b < 7) bad(kSubs, "sub-partition (low bank) bit " + std::to_string(b) + " would split a 128-byte line");
  uint32_t col_bits = 0;
  for (const Run& r : col_) col_bits += r.width;
  if (bank_bits_ <= 8 && col_bits <= 24) {
    // Each entry is the OR of its set bits' fields, one OR per entry (a map is built per SM).
    uint64_t bit[64];
    for (uint32_t i = 0; i < 64; ++i) {
      const uint64_t x = uint64_t(1) << i;
      bit[i] = gather(x, bank_) | (gather(x, col_) << 8) | (uint64_t(uint32_t(gather(x, row_))) << 32);
    }
    byte_fields_.assign(8 * 256, 0);
    for (uint32_t b = 0; b < 8; ++b)
      for (uint32_t v = 1; v < 256; ++v)
        byte_fields_[b * 256 + v] = byte_fields_[b * 256 + (v & (v - 1))] | bit[8 * b + uint32_t(__builtin_ctz(v))];
  }
  sub_shift_ = sb;
  hash_shift_ = chunk_bits_ + sb;
  hash_above_sub_bits_ = true;
  for (uint32_t b : sub_bits_)
    if (b >= hash_shift_) hash_above_sub_bits_ = false;
}

uint64_t AddressMap::unsqueeze(uint64_t x, uint32_t sub) const {
  for (size_t i = 0; i < sub_bits_.size(); ++i) {
    const uint32_t p = sub_bits_[i];
    x = (x & ((uint64_t(1) << p) - 1)) | (uint64_t((sub >> i) & 1) << p) | ((x >> p) << (p + 1));
  }
  return x;
}

DecodedAddress AddressMap::decode(uint64_t addr) const {
  DecodedAddress d;
  const auto [lin, reduced] = split(addr);
  d.dram = coords(reduced);
  d.partition = index_(lin, d.dram.bank, hash_bits(reduced));
  d.channel = d.partition >> sub_shift_;  // n_sub_ is a power of two
  d.sub = d.partition & (n_sub_ - 1);
  d.local = squeeze(reduced);
  return d;
}

DramCoord AddressMap::dram(uint64_t local, uint32_t sub) const {
  // The squeezed bits are the address's own low bank bits b, with sub = b ^ sub_flip(high). The
  // high bits normally lie above the squeezed ones (then every candidate gives the same flip);
  // trying each b keeps it exact for any mask.
  uint64_t reduced;
  if (hash_above_sub_bits_) {
    reduced = unsqueeze(local, sub ^ index_.sub_flip(hash_bits(unsqueeze(local, 0))));
  } else {
    reduced = unsqueeze(local, sub);
    for (uint32_t b = 0; b < n_sub_; ++b) {
      const uint64_t r = unsqueeze(local, b);
      if ((b ^ index_.sub_flip(hash_bits(r))) == sub) {
        reduced = r;
        break;
      }
    }
  }
  return coords(reduced);
}

}  // namespace gpucosim
