#pragma once
// Bit-field access to Verilated ports of any width: scalars (CData/SData/IData/QData) and wide
// VlWide<N> vectors, and the pin packing every block's bridge expands from its pin list (.def):
// a struct field to its port (rtl_put/rtl_get) and a std::array to a flattened vector
// (element k at bits [k*width, (k+1)*width)), so one bridge serves every parameter set.
#include <verilated.h>

#include <array>
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

// Writes a scalar input pin (only when it changed since the last write, unless `all`).
template <class Port, class V>
inline void rtl_put(Port& port, const V& v, V& prev, uint32_t width, bool all) {
  if (!all && v == prev) return;
  put(port, 0, width, uint64_t(v));
  prev = v;
}
// Writes the first `live` elements of an array input pin; unchanged elements are not repacked.
template <class Port, class V, std::size_t N>
inline void rtl_put(Port& port, const std::array<V, N>& v, std::array<V, N>& prev, uint32_t live, uint32_t width,
                    bool all) {
  for (uint32_t k = 0; k < live && k < N; ++k)
    if (all || v[k] != prev[k]) {
      put(port, k * width, width, uint64_t(v[k]));
      prev[k] = v[k];
    }
}
template <class Port, class V>
inline void rtl_get(const Port& port, V& v, uint32_t width) {
  v = V(get(port, 0, width));
}
// Reads the first `live` elements of an array output pin; the rest read as 0.
template <class Port, class V, std::size_t N>
inline void rtl_get(const Port& port, std::array<V, N>& v, uint32_t live, uint32_t width) {
  for (uint32_t k = 0; k < N; ++k) v[k] = k < live ? V(get(port, k * width, width)) : V(0);
}

}  // namespace gpucosim::pins
