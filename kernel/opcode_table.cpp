#include "kernel/opcode_table.h"

namespace gpucosim {

int32_t OpcodeTable::intern(std::string_view opcode) {
  auto it = index_.find(std::string(opcode));
  if (it != index_.end()) return it->second;
  if (entries_.size() >= 0xffff) return -1;  // more distinct opcodes than any real kernel has
  auto info = classify_opcode(opcode, binary_version_);
  if (!info) return -1;
  uint16_t idx = uint16_t(entries_.size());
  entries_.push_back(std::move(*info));
  index_.emplace(std::string(opcode), idx);
  return idx;
}

}  // namespace gpucosim
