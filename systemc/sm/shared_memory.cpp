#include "systemc/sm/shared_memory.h"

#include <algorithm>
#include <array>

namespace gpucosim {

uint32_t shmem_conflict_degree(const LaneAddrs& addrs, uint32_t active_mask, uint32_t access_bytes,
                               uint32_t banks) {
  if (active_mask == 0) return 0;
  if (banks == 0) banks = 32;
  uint32_t words_per_lane = (access_bytes + 3) / 4;
  if (words_per_lane == 0) words_per_lane = 1;
  if (words_per_lane > 4) words_per_lane = 4;  // 16 B is the widest per-lane access
  std::array<uint64_t, kWarpSize * 4> words;
  size_t n = 0;
  for (uint32_t m = active_mask; m; m &= m - 1) {
    uint64_t w = addrs[size_t(__builtin_ctz(m))] >> 2;
    for (uint32_t k = 0; k < words_per_lane; ++k) words[n++] = w + k;
  }
  // Sort by (bank, word) so that the distinct words of each bank are adjacent.
  auto key_less = [banks](uint64_t a, uint64_t b) {
    uint64_t ba = a % banks, bb = b % banks;
    return ba != bb ? ba < bb : a < b;
  };
  std::sort(words.begin(), words.begin() + long(n), key_less);
  uint32_t best = 0, run = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i > 0 && words[i] == words[i - 1]) continue;  // broadcast
    if (i > 0 && words[i] % banks == words[i - 1] % banks)
      ++run;
    else
      run = 1;
    best = std::max(best, run);
  }
  return best;
}

}  // namespace gpucosim
