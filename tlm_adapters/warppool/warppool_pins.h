#pragma once
// Bit-field access to Verilated ports of any width: scalars (CData/SData/IData/QData) and wide
// VlWide<N> vectors. The WarpPool bridge packs the twin's port structs into the RTL's flattened
// vectors (e.g. slot_lanes = NS x 32 bits) with these, so one bridge serves every parameter set.
#include <verilated.h>

#include <cstdint>
#include <type_traits>

namespace gpucosim::pins {

template <class T>
inline std::enable_if_t<std::is_integral<T>::value> put(T& port, uint32_t lsb, uint32_t width, uint64_t v) {
  const uint64_t m = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  port = T((uint64_t(port) & ~(m << lsb)) | ((v & m) << lsb));
}
template <class T>
inline std::enable_if_t<std::is_integral<T>::value, uint64_t> get(const T& port, uint32_t lsb, uint32_t width) {
  const uint64_t m = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  return (uint64_t(port) >> lsb) & m;
}

template <std::size_t N>
inline void put(VlWide<N>& port, uint32_t lsb, uint32_t width, uint64_t v) {
  for (uint32_t b = 0; b < width;) {
    const uint32_t bit = lsb + b, word = bit / 32, off = bit % 32;
    const uint32_t take = std::min(32 - off, width - b);
    const uint32_t m = take == 32 ? ~0u : ((1u << take) - 1) << off;
    port[word] = (port[word] & ~m) | (uint32_t(v >> b) << off & m);
    b += take;
  }
}
template <std::size_t N>
inline uint64_t get(const VlWide<N>& port, uint32_t lsb, uint32_t width) {
  uint64_t v = 0;
  for (uint32_t b = 0; b < width;) {
    const uint32_t bit = lsb + b, word = bit / 32, off = bit % 32;
    const uint32_t take = std::min(32 - off, width - b);
    const uint64_t m = take == 32 ? 0xffffffffull : (uint64_t(1) << take) - 1;
    v |= ((uint64_t(port[word]) >> off) & m) << b;
    b += take;
  }
  return v;
}

}  // namespace gpucosim::pins
