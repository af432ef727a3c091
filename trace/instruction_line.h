#pragma once
// Parsing one instruction line of a kernel trace body (accel-sim-formats.md §3.5, §3.6) into a
// Warp. This is the reader's hot path: one left-to-right sweep with LineCursor (numbers parsed in
// place), and opcodes looked up through a small PC-indexed cache before the OpcodeTable.
#include <array>
#include <cstdint>
#include <string_view>

#include "kernel/kernel.h"
#include "trace/line_source.h"

namespace gpucosim {

class InstructionParser {
 public:
  // `table` must outlive the parser; the kernel's header decides the line layout.
  InstructionParser(const KernelHeader& header, OpcodeTable& table);

  // Parses `line` (the current line of `ls`, used for errors) and appends it to `warp`.
  void parse(std::string_view line, const LineSource& ls, Warp& warp);

 private:
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
};

}  // namespace gpucosim
