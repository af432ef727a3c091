// Operand widths from opcode modifiers; the rules are listed in register_widths.h.
#include "kernel/register_widths.h"

#include <string_view>
#include <vector>

namespace gpucosim {
namespace {

// The '.'-separated modifiers after the base mnemonic, in order ("LDG.E.64" -> E, 64).
std::vector<std::string_view> modifiers(std::string_view text) {
  std::vector<std::string_view> out;
  size_t dot = text.find('.');
  while (dot != std::string_view::npos) {
    const size_t next = text.find('.', dot + 1);
    out.push_back(text.substr(dot + 1, next == std::string_view::npos ? std::string_view::npos : next - dot - 1));
    dot = next;
  }
  return out;
}

bool has(const std::vector<std::string_view>& mods, std::string_view m) {
  for (std::string_view x : mods)
    if (x == m) return true;
  return false;
}

// Registers covered by a plain ".64" / ".128" modifier, 0 when there is none.
uint8_t literal_width(const std::vector<std::string_view>& mods) {
  for (std::string_view x : mods) {
    if (x == "64") return 2;
    if (x == "128") return 4;
  }
  return 0;
}

uint8_t regs_for_bytes(unsigned bytes) { return uint8_t(bytes <= 4 ? 1 : bytes / 4); }

// LDSM.16.M88.4 loads four 8x8 matrices, one register each; .2 two; no count one. (The access
// width rule reads ".16" as the element size, which is right for addresses but not registers.)
uint8_t ldsm_regs(const std::vector<std::string_view>& mods) {
  if (!mods.empty() && (mods.back() == "2" || mods.back() == "4")) return uint8_t(mods.back()[0] - '0');
  return 1;
}

// A conversion's type modifier: 'F' for floating point (F16, F32, F64, BF16, TF32, E4M3 ...),
// 'I' for integers (S8..S64, U8..U64), 0 when the modifier is not a type (rounding, FTZ, SAT ...).
char type_class(std::string_view m) {
  auto digits = [](std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return true;
  };
  if (m.size() >= 2 && (m[0] == 'S' || m[0] == 'U') && digits(m.substr(1))) return 'I';
  if (m.size() >= 2 && m[0] == 'F' && digits(m.substr(1))) return 'F';
  if (m == "BF16" || m == "TF32" || m == "E4M3" || m == "E5M2") return 'F';
  return 0;
}

bool is_64bit_type(std::string_view m) { return m.size() >= 3 && m.substr(m.size() - 2) == "64"; }

void set_all(OperandWidths& w, uint8_t n) {
  w.dst.fill(n);
  w.src.fill(n);
}

// F2F/F2I/I2F/I2I: the mnemonic names the source class before '2' and the destination class
// after it. With two types of one class (F2F.F64.F32) the first is the destination's; a lone
// type of the destination's class is the destination's (F2I.S64), of the source's the source's
// (I2F.U64: 64-bit integer in, 32-bit float out).
void conversion_widths(std::string_view base, const std::vector<std::string_view>& mods, OperandWidths& w) {
  const char src_class = base[0] == 'F' ? 'F' : 'I';
  const char dst_class = base[2] == 'F' ? 'F' : 'I';
  bool dst_seen = false, src_seen = false;
  for (std::string_view m : mods) {
    const char c = type_class(m);
    if (c == 0) continue;
    if (c == dst_class && !dst_seen) {
      dst_seen = true;
      if (is_64bit_type(m)) w.dst.fill(2);
    } else if (c == src_class && !src_seen) {
      src_seen = true;
      if (is_64bit_type(m)) w.src.fill(2);
    }
  }
}

}  // namespace

OperandWidths operand_widths(const OpcodeInfo& op, int n_src) {
  OperandWidths w;
  const std::vector<std::string_view> mods = modifiers(op.text);
  const std::string_view base = op.base;

  const bool data_access = (op.unit == UnitClass::LOAD && !op.is_store) || (op.unit == UnitClass::STORE && !op.is_load) ||
                           op.unit == UnitClass::ATOMIC;
  if (data_access) {
    const uint8_t data = base == "LDSM" ? ldsm_regs(mods) : regs_for_bytes(op.access_width);
    w.dst.fill(data);
    w.src.fill(data);
    const bool wide_address = (op.space == MemSpace::Global || op.space == MemSpace::Generic) && has(mods, "E");
    w.src[0] = wide_address ? 2 : 1;
    return w;
  }
  if (base == "IMAD" && has(mods, "WIDE")) {
    w.dst.fill(2);
    if (n_src >= 3) w.src[2] = 2;
    return w;
  }
  if (base == "DADD" || base == "DFMA" || base == "DMUL" || base == "DMNMX") {
    set_all(w, 2);
    return w;
  }
  if (base == "DSETP" || base == "DSET") {
    w.src.fill(2);
    return w;
  }
  if (base == "F2F" || base == "F2I" || base == "I2F" || base == "I2I") {
    conversion_widths(base, mods, w);
    return w;
  }
  if (base == "CS2R") {
    if (!has(mods, "32")) w.dst.fill(2);
    return w;
  }
  // Memory-less ops with a literal width (IADD.64, MOV.64 ...); texture results are not widened.
  if (op.unit != UnitClass::TEXTURE && op.unit != UnitClass::TENSOR)
    if (const uint8_t n = literal_width(mods)) set_all(w, n);
  return w;
}

}  // namespace gpucosim
