#pragma once
// Counter-based pseudo-random numbers for the generators. Every draw is a pure function of
// (seed, keys...), so thread block i can be generated without generating blocks 0..i-1, the
// closed-form counters can redraw exactly what the generator drew, and no global state exists.
#include <cstdint>
#include <initializer_list>

namespace gpucosim::wl {

// splitmix64's output function: a bijective 64-bit mixer with good avalanche.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Hash of a seed and a list of keys (e.g. {row, j}); order matters.
inline uint64_t draw(uint64_t seed, std::initializer_list<uint64_t> keys) {
  uint64_t h = mix64(seed);
  for (uint64_t k : keys) h = mix64(h ^ mix64(k + 0x632be59bd9b4e019ull));
  return h;
}

// Uniform integer in [0, n) (n > 0); the modulo bias is irrelevant at these sizes.
inline uint64_t draw_below(uint64_t seed, std::initializer_list<uint64_t> keys, uint64_t n) {
  return draw(seed, keys) % n;
}

}  // namespace gpucosim::wl
