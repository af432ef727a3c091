#pragma once
#include <cstdint>
#include <string>

namespace gpucosim {

// CUDA grid / block / thread-block coordinates.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;

  uint64_t volume() const { return uint64_t(x) * y * z; }
  bool operator==(const Dim3& o) const { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const Dim3& o) const { return !(*this == o); }
  // Linear index of this coordinate inside `extent`, x fastest (CUDA's blockIdx order).
  uint64_t linear_in(const Dim3& extent) const { return x + uint64_t(extent.x) * (y + uint64_t(extent.y) * z); }
  static Dim3 from_linear(uint64_t i, const Dim3& extent) {
    Dim3 d;
    d.x = uint32_t(i % extent.x);
    d.y = uint32_t((i / extent.x) % extent.y);
    d.z = uint32_t(i / (uint64_t(extent.x) * extent.y));
    return d;
  }
  std::string str() const { return std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z); }
};

}  // namespace gpucosim
