#pragma once
// Comparison of a block's pin structs, field by field, expanded from the block's pin list (an
// X-macro .def file, see docs/how-to-add-a-block.md). No vectors, no std::function per port per
// cycle: the expansion is straight-line code that stops at the first difference.
#include <array>
#include <cstdint>
#include <sstream>
#include <string>

namespace gpucosim::kit {

// The first difference found: port, element (-1 for scalars) and both values.
struct PinDiff {
  const char* port = nullptr;
  int index = -1;
  uint64_t a = 0, b = 0;
  bool found() const { return port != nullptr; }
  std::string describe(const char* a_name, const char* b_name) const {
    std::ostringstream s;
    s << port;
    if (index >= 0) s << "[" << index << "]";
    s << ": " << a_name << "=0x" << std::hex << a << " " << b_name << "=0x" << b;
    return s.str();
  }
};

template <class V>
inline void diff_pin(const char* name, const V& a, const V& b, PinDiff& d) {
  if (!d.found() && a != b) d = PinDiff{name, -1, uint64_t(a), uint64_t(b)};
}
template <class V, size_t N>
inline void diff_pin(const char* name, const std::array<V, N>& a, const std::array<V, N>& b, PinDiff& d) {
  if (d.found() || a == b) return;
  for (size_t i = 0; i < N; ++i)
    if (a[i] != b[i]) {
      d = PinDiff{name, int(i), uint64_t(a[i]), uint64_t(b[i])};
      return;
    }
}

// Calls f(name, index, value) per element; used by printers and VCD-free traces, not per cycle.
template <class V, class F>
inline void visit_pin(const char* name, const V& v, F&& f) {
  f(name, -1, uint64_t(v));
}
template <class V, size_t N, class F>
inline void visit_pin(const char* name, const std::array<V, N>& v, F&& f) {
  for (size_t i = 0; i < N; ++i) f(name, int(i), uint64_t(v[i]));
}

}  // namespace gpucosim::kit
