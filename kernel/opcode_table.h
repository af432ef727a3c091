#pragma once
// Per-kernel table of the distinct opcodes a kernel uses. Instructions refer to an entry by a
// 16-bit index, so the hot path of the GPU model never compares strings and a trace line costs
// no allocation once its opcode has been seen.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel/isa.h"

namespace gpucosim {

class OpcodeTable {
 public:
  explicit OpcodeTable(uint32_t binary_version = 80) : binary_version_(binary_version) {}

  uint32_t binary_version() const { return binary_version_; }

  // Index of `opcode`, classifying and adding it on first sight. Returns -1 when the opcode is
  // unknown for this binary version (the caller turns that into an InputError with file:line).
  int32_t intern(std::string_view opcode);

  const OpcodeInfo& operator[](uint16_t index) const { return entries_[index]; }
  size_t size() const { return entries_.size(); }

 private:
  uint32_t binary_version_;
  std::vector<OpcodeInfo> entries_;
  std::unordered_map<std::string, uint16_t> index_;
};

}  // namespace gpucosim
