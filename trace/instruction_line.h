#pragma once
// Parsing one instruction line of a kernel trace body (accel-sim-formats.md §3.5, §3.6) into a
// Warp. This is the reader's hot path: one left-to-right sweep with LineCursor (numbers parsed in
// place); the fields from the PC to the addresses are taken from HeadCache when another warp had
// the same bytes there, and opcodes are looked up through a small PC-indexed cache before the
// OpcodeTable.
#include <array>
#include <cstdint>
#include <string_view>

#include "kernel/kernel.h"
#include "trace/head_cache.h"
#include "trace/line_cursor.h"
#include "trace/line_source.h"

namespace gpucosim {

class InstructionParser {
 public:
  // `table` must outlive the parser; the kernel's header decides the line layout.
  InstructionParser(const KernelHeader& header, OpcodeTable& table);

  // Parses `line` (the current line of `ls`, used for errors) and appends it to `warp`.
  void parse(std::string_view line, const LineSource& ls, Warp& warp);

 private:
  // parse() past its fast path: prefix fields, then the head (`e` when parse() found it, else
  // looked up or parsed), addresses and immediate.
  void parse_fields(std::string_view line, const LineSource& ls, Warp& warp, const HeadCache::Entry* e);
  // The fields after the PC up to the address mode (or, without addresses, to the line's end).
  void parse_head(LineCursor& c, const LineSource& ls, Instruction& inst);
  // The lane addresses after the address mode; appends them to warp.addrs.
  static void parse_addresses(LineCursor& c, Instruction& inst, Warp& warp);
  // The optional immediate, which must end the line.
  static void parse_immediate(LineCursor& c, Instruction& inst);
  uint16_t opcode_index(std::string_view text, uint32_t pc, const LineSource& ls);

  bool old_prefix_;   // tracer < 3: "tb_x tb_y tb_z warpid" before each line
  bool lineinfo_;
  OpcodeTable& table_;
  // Direct-mapped cache PC -> opcode index: one trace repeats the same few PCs millions of times.
  struct CacheEntry {
    uint32_t pc = 0;
    int32_t index = -1;
  };
  std::array<CacheEntry, 1024> cache_{};
  HeadCache heads_;
};

}  // namespace gpucosim
