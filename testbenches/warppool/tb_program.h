#pragma once
// Stimulus for the WarpPool block testbench: per-warp programs of global loads and stores whose
// lane addresses follow the mapping patterns WarpPool distinguishes, over a memory where every
// word's initial value is a hash of its address and only the stores' words are stored.
//
// Address space: a shared read-only region every warp loads from (inter-warp merging) and one
// private region per warp that only that warp loads from and stores to. So the value any load
// must see is fixed by its own warp's program order (CUDA's weak model gives no inter-warp
// guarantee), and the scoreboard can compute it at issue time.
#include <array>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "systemc/blocks/warppool/warppool_params.h"

namespace gpucosim::tb {

enum class Pat : uint8_t {
  Consecutive, Misaligned, Broadcast, Single, Partial, Strided2, Divergent, Column, SubWord, ZeroMask, Rows16,
  kCount
};
constexpr int kPatterns = int(Pat::kCount);

struct Instr {
  bool store = false;
  uint32_t mask = 0;
  uint32_t width = 4;                           // bytes per lane (stores: 4)
  std::array<uint64_t, 32> addr{};              // 0 for inactive lanes
  std::array<uint32_t, 32> data{};              // stores: value per lane
};

// Word-granular memory: initial value = hash(word address).
class Memory {
 public:
  static uint32_t initial(uint64_t word_addr);
  uint32_t read(uint64_t addr) const;           // the word containing addr
  void write(uint64_t addr, uint32_t v) { words_[addr >> 2] = v; }
  std::array<uint32_t, 32> line(uint64_t line_number) const;

 private:
  std::unordered_map<uint64_t, uint32_t> words_;
};

struct Layout {
  uint64_t shared_base = 0, shared_bytes = 0;   // read-only region
  uint64_t private_base = 0, private_bytes = 0; // per warp: private_base + w * private_bytes
  static Layout for_params(const WarpPoolParams& p);
};

// Pattern weights and the store fraction of one test phase.
struct Mix {
  std::array<uint32_t, kPatterns> weight{};
  uint32_t store_pct = 20;
  bool shared_lines = true;   // loads mostly from the shared region (merging across warps)
  uint32_t hot_lines = 16;    // shared lines in use (fewer = more merging)
};

Instr make_instr(std::mt19937_64& rng, const Mix& mix, const Layout& lay, uint32_t warp, uint32_t seq);

}  // namespace gpucosim::tb
