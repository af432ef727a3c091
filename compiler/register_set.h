#pragma once
// A set of general-purpose registers R0..R254 (RZ = R255 is never a member: it reads as zero and
// drops writes, so it holds no value).
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim::compiler {

using RegisterSet = std::bitset<256>;

// Members in increasing order.
inline std::vector<uint8_t> registers_of(const RegisterSet& s) {
  std::vector<uint8_t> r;
  for (size_t i = 0; i < kRegZero; ++i)
    if (s.test(i)) r.push_back(uint8_t(i));
  return r;
}

// "R0 R2 R3" ("-" when empty), for text reports.
inline std::string to_string(const RegisterSet& s) {
  std::string out;
  for (uint8_t r : registers_of(s)) out += (out.empty() ? "R" : " R") + std::to_string(r);
  return out.empty() ? "-" : out;
}

}  // namespace gpucosim::compiler
