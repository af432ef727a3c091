#pragma once
// The parsed "heads" of recent instruction lines: what InstructionParser found from the PC up to
// the lane addresses (PC, mask, registers, opcode, mem_width, address mode), or up to the end of
// the line when it has no addresses, keyed by the head's exact bytes.
//
// Why this is worth having: every warp of a kernel runs the same code, so an instruction line is
// nearly always byte for byte what another warp had, up to its addresses. The fields of a head are
// a function of its bytes alone (the parser's layout is fixed per kernel and an opcode keeps its
// index once interned), so a line that starts with a stored head gets the same fields without
// parsing them again. Only heads that parsed without error are stored, so a malformed line never
// matches one and is still reported by the parser, with the same message.
//
// Direct-mapped by the head's first kKeyBytes bytes (the PC and the start of the mask); the table
// doubles, up to kMaxEntries so that memory is bounded whatever the trace, when different heads
// keep evicting each other, i.e. when the kernel has more code than fits.
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "kernel/kernel.h"

namespace gpucosim {

class HeadCache {
 public:
  // Heads shorter than the key or longer than kMaxText are parsed every time (real heads are
  // 25 to 50 bytes).
  static constexpr size_t kKeyBytes = 16, kMaxText = 72;
  static constexpr size_t kMinEntries = 256, kMaxEntries = 16384;

  struct Entry {
    uint8_t len = 0;            // bytes of text; 0 = empty slot
    bool whole_line = false;    // the head runs to the end of the line (no addresses follow)
    Instruction inst;           // the fields parsed from text (line_num and mem_slot aside)
    char text[kMaxText];
  };

  HeadCache() : entries_(kMinEntries) {}
  HeadCache(const HeadCache&) = delete;
  HeadCache& operator=(const HeadCache&) = delete;

  // The entry whose head `line` (an instruction line from its PC on) starts with, or null. A head
  // that ends at the address mode must be followed by a separator or the end of the line, so that
  // a longer token ("12" after a stored "1") does not match.
  const Entry* find(std::string_view line) const {
    if (line.size() < kKeyBytes) return nullptr;
    const Entry& e = entries_[slot(line.data())];
    if (e.whole_line ? line.size() != e.len : line.size() < e.len) return nullptr;
    if (e.len == 0 || std::memcmp(line.data(), e.text, e.len) != 0) return nullptr;
    if (!e.whole_line && line.size() > e.len && line[e.len] != ' ' && line[e.len] != '\t') return nullptr;
    return &e;
  }

  // Stores `head` (a line from its PC on, cut where the parse of its head ended), parsed into
  // `inst`; a head shorter than the key or longer than kMaxText is not stored.
  void store(std::string_view head, bool whole_line, const Instruction& inst);

 private:
  void grow();
  // A multiplicative hash of the key bytes; the top bits pick the slot.
  size_t slot(const char* key) const {
    uint64_t a, b;
    std::memcpy(&a, key, 8);
    std::memcpy(&b, key + 8, 8);
    return size_t(((a * 0x9E3779B97F4A7C15ull) ^ b) * 0xC2B2AE3D27D4EB4Full >> shift_);
  }

  std::vector<Entry> entries_;
  unsigned shift_ = 64 - 8;   // 64 - log2(entries_.size())
  static_assert(kMinEntries == 1u << 8, "shift_ starts at 64 - log2(kMinEntries)");
  static_assert(kKeyBytes == 16, "slot() reads two 8-byte words");
  size_t evictions_ = 0;      // stores that replaced another key's head since the last resize
};

}  // namespace gpucosim
