#include "tb_program.h"

namespace gpucosim::tb {

uint32_t Memory::initial(uint64_t w) {
  uint64_t x = w * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  return uint32_t(x ^ (x >> 32));
}

uint32_t Memory::read(uint64_t addr) const {
  auto it = words_.find(addr >> 2);
  return it == words_.end() ? initial(addr >> 2) : it->second;
}

std::array<uint32_t, 32> Memory::line(uint64_t line_number) const {
  std::array<uint32_t, 32> d{};
  for (uint32_t i = 0; i < 32; ++i) d[i] = read((line_number << 7) + 4 * i);
  return d;
}

Layout Layout::for_params(const WarpPoolParams& p) {
  Layout l;
  // Keep everything below 2^addr_bits; the shared region starts at a line that is not zero.
  l.shared_base = 0x1000;
  l.shared_bytes = 64 * 1024;
  l.private_bytes = 16 * 1024;
  l.private_base = l.shared_base + l.shared_bytes;
  (void)p;
  return l;
}

namespace {
uint32_t pick(std::mt19937_64& rng, uint32_t n) { return uint32_t(rng() % n); }
}  // namespace

Instr make_instr(std::mt19937_64& rng, const Mix& mix, const Layout& lay, uint32_t warp, uint32_t seq) {
  Instr in;
  uint32_t total = 0;
  for (uint32_t w : mix.weight) total += w;
  uint32_t r = pick(rng, total ? total : 1), k = 0;
  while (k + 1 < uint32_t(kPatterns) && r >= mix.weight[k]) r -= mix.weight[k++];
  const Pat pat = Pat(k);
  in.store = pick(rng, 100) < mix.store_pct && pat != Pat::SubWord && pat != Pat::ZeroMask;
  const uint64_t priv = lay.private_base + uint64_t(warp) * lay.private_bytes;
  const bool shared = !in.store && mix.shared_lines && pick(rng, 4) != 0;
  // A base line: in the shared region among hot_lines lines, or in the warp's private region.
  const uint64_t nlines = shared ? std::max(1u, mix.hot_lines) : lay.private_bytes / 128 - 2;
  const uint64_t base = (shared ? lay.shared_base : priv) + 128 * (pick(rng, uint32_t(nlines)));
  in.mask = 0xffffffffu;
  uint64_t a[32];
  switch (pat) {
    case Pat::Consecutive:
      for (int t = 0; t < 32; ++t) a[t] = base + 4 * t;
      break;
    case Pat::Misaligned: {
      const uint32_t off = 1 + pick(rng, 31);
      for (int t = 0; t < 32; ++t) a[t] = base + 4 * (off + t);
      break;
    }
    case Pat::Broadcast:
      for (int t = 0; t < 32; ++t) a[t] = base + 4 * (seq % 32);
      break;
    case Pat::Single:
      in.mask = 1u << pick(rng, 32);
      for (int t = 0; t < 32; ++t) a[t] = base + 4 * pick(rng, 32);
      break;
    case Pat::Partial: {  // a contiguous run of lanes, unit stride, sometimes a gap
      const uint32_t lo = pick(rng, 32), n = 1 + pick(rng, 32 - lo);
      in.mask = uint32_t(((uint64_t(1) << n) - 1) << lo);
      if (pick(rng, 3) == 0) in.mask &= ~(1u << (lo + pick(rng, n)));
      for (int t = 0; t < 32; ++t) a[t] = base + 4 * t;
      break;
    }
    case Pat::Strided2:
      for (int t = 0; t < 32; ++t) a[t] = base + 8 * t;
      break;
    case Pat::Divergent:  // every lane its own line (32 single requests)
      for (int t = 0; t < 32; ++t) a[t] = (shared ? lay.shared_base : priv) + 128 * ((t * 7 + seq) % (nlines + 1)) + 4 * (t % 32);
      break;
    case Pat::Column:  // transpose-like: lane t reads row t, column = warp (neighbour warps share lines)
      for (int t = 0; t < 32; ++t)
        a[t] = (shared ? lay.shared_base + 128 * (t % nlines) : priv + 128 * t) + 4 * ((shared ? warp : seq) % 32);
      break;
    case Pat::SubWord:
      in.width = 1;
      for (int t = 0; t < 32; ++t) a[t] = base + t;
      break;
    case Pat::Rows16: {  // a block 16 threads wide: two rows of 16 lanes, two lines apart, unaligned
      const uint32_t off = pick(rng, 32);
      const uint64_t row0 = base - 128 * (base > (shared ? lay.shared_base : priv) + 256 ? 2 : 0);
      for (int t = 0; t < 32; ++t) a[t] = row0 + (t < 16 ? 0 : 256) + 4 * (off + uint32_t(t % 16));
      break;
    }
    default:  // ZeroMask
      in.mask = 0;
      for (int t = 0; t < 32; ++t) a[t] = base;
      break;
  }
  for (int t = 0; t < 32; ++t)
    if ((in.mask >> t) & 1u) {
      in.addr[size_t(t)] = a[t];
      in.data[size_t(t)] = uint32_t(rng());
    }
  // Stores write whole words and must not write one word from two lanes (the value would depend
  // on lane priority): keep the first lane of each word.
  if (in.store) {
    for (int t = 0; t < 32; ++t)
      for (int u = 0; u < t; ++u)
        if (((in.mask >> t) & 1u) && ((in.mask >> u) & 1u) && (in.addr[size_t(t)] >> 2) == (in.addr[size_t(u)] >> 2)) {
          in.mask &= ~(1u << t);
          in.addr[size_t(t)] = 0;
          break;
        }
  }
  return in;
}

}  // namespace gpucosim::tb
