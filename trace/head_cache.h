#pragma once
// The parsed "heads" of recent instruction lines, by PC: what InstructionParser found between the
// PC and the lane addresses (mask, registers, opcode, mem_width, address mode), or up to the end of
// the line when it has no addresses.
//
// Why this is worth having: every warp of a kernel runs the same code, so the line of a PC is
// nearly always byte for byte what another warp had there, up to its addresses. The fields of a
// head are a function of its bytes alone (the parser's layout is fixed per kernel and an opcode
// keeps its index once interned), so a line whose bytes after the PC equal a stored head gets the
// same fields without parsing them again. Only heads that parsed without error are stored, so a
// malformed line never matches one and is still reported by the parser, with the same message.
//
// Direct-mapped by PC; the table doubles (up to kMaxEntries, so memory is bounded whatever the
// trace) when different PCs keep evicting each other, i.e. when the kernel has more code than fits.
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

class HeadCache {
 public:
  // Heads longer than this are parsed every time (real ones are under 50 bytes).
  static constexpr size_t kMaxText = 72;
  static constexpr size_t kMinEntries = 256, kMaxEntries = 16384;

  struct Entry {
    uint32_t pc = 0;
    uint8_t len = 0;            // bytes of text; 0 = empty slot
    bool whole_line = false;    // the head runs to the end of the line (no addresses follow)
    Instruction inst;           // the fields parsed from text (pc, line_num and mem_slot aside)
    char text[kMaxText];
  };

  HeadCache() : entries_(kMinEntries) {}
  HeadCache(const HeadCache&) = delete;
  HeadCache& operator=(const HeadCache&) = delete;

  // The entry whose head `rest` (the line after the PC field) starts with, or null. A head that
  // ends at the address mode must be followed by a separator or the end of the line, so that a
  // longer token ("12" after a stored "1") does not match.
  const Entry* find(uint32_t pc, std::string_view rest) const {
    const Entry& e = entries_[slot(pc)];
    if (e.len == 0 || e.pc != pc) return nullptr;
    if (e.whole_line ? rest.size() != e.len : rest.size() < e.len) return nullptr;
    if (std::memcmp(rest.data(), e.text, e.len) != 0) return nullptr;
    if (!e.whole_line && rest.size() > e.len && rest[e.len] != ' ' && rest[e.len] != '\t') return nullptr;
    return &e;
  }

  // Stores the head `text` of `pc`, parsed into `inst`; a too long head is not stored.
  void store(uint32_t pc, std::string_view text, bool whole_line, const Instruction& inst);

 private:
  void grow();
  // Fibonacci hashing spreads PCs that are all multiples of 8 or 16 over the table.
  size_t slot(uint32_t pc) const { return size_t((pc * 2654435769u) >> shift_); }

  std::vector<Entry> entries_;
  unsigned shift_ = 32 - 8;   // 32 - log2(entries_.size())
  static_assert(kMinEntries == 1u << 8, "shift_ starts at 32 - log2(kMinEntries)");
  size_t evictions_ = 0;      // stores that replaced another PC's head since the last resize
};

}  // namespace gpucosim
