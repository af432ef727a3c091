// Opcode classification: names of the enums, Accel-Sim's access-width rule, and lookups in the
// per-generation maps built from the groups in isa_tables.cpp.
#include "kernel/isa.h"

#include <array>
#include <unordered_map>

#include "kernel/isa_tables.h"

namespace gpucosim {

const char* to_string(UnitClass u) {
  switch (u) {
    case UnitClass::ALU: return "ALU";
    case UnitClass::INT: return "INT";
    case UnitClass::SP: return "SP";
    case UnitClass::DP: return "DP";
    case UnitClass::SFU: return "SFU";
    case UnitClass::TENSOR: return "TENSOR";
    case UnitClass::LOAD: return "LOAD";
    case UnitClass::STORE: return "STORE";
    case UnitClass::ATOMIC: return "ATOMIC";
    case UnitClass::TEXTURE: return "TEXTURE";
    case UnitClass::BRANCH: return "BRANCH";
    case UnitClass::BARRIER: return "BARRIER";
    case UnitClass::MEMBAR: return "MEMBAR";
    case UnitClass::EXIT: return "EXIT";
    case UnitClass::NOP: return "NOP";
    case UnitClass::UNIFORM: return "UNIFORM";
  }
  return "?";  // only reachable with a value cast from outside the enum
}

const char* to_string(MemSpace s) {
  switch (s) {
    case MemSpace::None: return "None";
    case MemSpace::Global: return "Global";
    case MemSpace::Shared: return "Shared";
    case MemSpace::Local: return "Local";
    case MemSpace::Constant: return "Constant";
    case MemSpace::Texture: return "Texture";
    case MemSpace::Generic: return "Generic";
  }
  return "?";
}

namespace {

constexpr uint8_t kDefaultWidth = 4;  // Accel-Sim's default: "nvbit can report it incorrectly"

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Bytes for a bit count written in decimal, or 0 when it is not a plausible access size.
// Only powers of two from 8 to 1024 bits count: ".3" would give 0 bytes and ".24" a width no
// instruction has, and more than 4 digits cannot be a width (nor overflow the parse).
uint8_t bytes_from_bits(std::string_view digits) {
  if (digits.size() > 4) return 0;
  unsigned bits = 0;
  for (char c : digits) bits = bits * 10 + unsigned(c - '0');
  if (bits < 8 || bits > 1024 || (bits & (bits - 1)) != 0) return 0;
  return uint8_t(bits / 8);
}

// Calls f(modifier) for each '.'-separated modifier after the base mnemonic until f returns true.
template <typename F>
bool any_modifier(std::string_view opcode, F f) {
  size_t dot = opcode.find('.');
  while (dot != std::string_view::npos) {
    size_t next = opcode.find('.', dot + 1);
    std::string_view mod = opcode.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1);
    if (f(mod)) return true;
    dot = next;
  }
  return false;
}

struct Entry {
  UnitClass unit;
  MemSpace space;
  isa_detail::Access access;
};
using GenMap = std::unordered_map<std::string_view, Entry>;

// One map per generation, built once from the groups (thread-safe function-local static).
// Keys view the groups' string literals, so they live as long as the program.
const std::array<GenMap, isa_detail::kGenCount>& generation_maps() {
  static const auto maps = [] {
    std::array<GenMap, isa_detail::kGenCount> m;
    for (const isa_detail::OpcodeGroup& g : isa_detail::opcode_groups()) {
      std::string_view names(g.names);
      size_t pos = 0;
      while (pos < names.size()) {
        size_t end = names.find(' ', pos);
        if (end == std::string_view::npos) end = names.size();
        if (end > pos)
          for (int b = 0; b < isa_detail::kGenCount; ++b)
            if (g.gens & (1u << b)) m[size_t(b)].emplace(names.substr(pos, end - pos), Entry{g.unit, g.space, g.access});
        pos = end + 1;
      }
    }
    return m;
  }();
  return maps;
}

}  // namespace

uint8_t access_width_from_opcode(std::string_view opcode) {
  // The first purely numeric modifier decides, even when it is not a plausible width (then the
  // default): this keeps Accel-Sim's "first numeric token" rule and never yields 0 bytes.
  uint8_t width = 0;
  if (any_modifier(opcode, [&](std::string_view m) {
        if (!all_digits(m)) return false;
        width = bytes_from_bits(m);
        return true;
      }))
    return width ? width : kDefaultWidth;
  // Then the first "U<bits>" or "S<bits>" modifier (U8, S16, U32, U64 ...), same fallback.
  if (any_modifier(opcode, [&](std::string_view m) {
        if (m.size() < 2 || (m[0] != 'U' && m[0] != 'S') || !all_digits(m.substr(1))) return false;
        width = bytes_from_bits(m.substr(1));
        return true;
      }))
    return width ? width : kDefaultWidth;
  return kDefaultWidth;
}

const std::vector<uint32_t>& supported_binary_versions() {
  static const std::vector<uint32_t> versions = {35, 60, 61, 62, 70, 75, 80, 86, 89, 90};
  return versions;
}

bool is_supported_binary_version(uint32_t version) { return isa_detail::generation_of(version) != 0; }

std::optional<OpcodeInfo> classify_opcode(std::string_view opcode, uint32_t binary_version) {
  // An unsupported version breaks the precondition; answering "unknown" is the safe reply.
  uint8_t gen = isa_detail::generation_of(binary_version);
  if (gen == 0) return std::nullopt;
  int bit = 0;
  while (!(gen & (1u << bit))) ++bit;

  std::string_view base = opcode.substr(0, opcode.find('.'));
  const GenMap& map = generation_maps()[size_t(bit)];
  auto it = map.find(base);
  if (it == map.end()) return std::nullopt;

  OpcodeInfo info;
  info.text = std::string(opcode);
  info.base = std::string(base);
  info.unit = it->second.unit;
  info.space = it->second.space;
  info.is_load = (it->second.access & isa_detail::kRead) != 0;
  info.is_store = (it->second.access & isa_detail::kWrite) != 0;
  // Width only where memory is actually read or written: LDC/ULDC (constant loads are not
  // modelled) and TMML/TXQ (no texel fetch) keep 0.
  if (info.is_load || info.is_store) info.access_width = access_width_from_opcode(opcode);
  return info;
}

}  // namespace gpucosim
