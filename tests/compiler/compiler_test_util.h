#pragma once
// Helpers for the compiler tests: small kernels written as trace text, analysed in memory.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "compiler/kernel_analysis.h"
#include "trace/trace_reader.h"

namespace gpucosim::test {

// One instruction line of a v5 trace: "PC mask ndst dsts OPCODE nsrc srcs mem_width [1 base
// stride] imm". Registers are numbers (255 = RZ); a memory op (mem_width > 0) gets base_stride
// addresses.
inline std::string ins(uint32_t pc, const std::string& opcode, std::vector<int> dsts, std::vector<int> srcs,
                       int mem_width = 0, uint32_t mask = 0xffffffffu) {
  char head[32];
  std::snprintf(head, sizeof head, "%04x %08x ", pc, mask);
  std::string s = head + std::to_string(dsts.size());
  for (int r : dsts) s += " R" + std::to_string(r);
  s += " " + opcode + " " + std::to_string(srcs.size());
  for (int r : srcs) s += " R" + std::to_string(r);
  s += " " + std::to_string(mem_width);
  if (mem_width > 0) s += " 1 0x1000 " + std::to_string(mem_width);
  return s + " 0";
}

using WarpLines = std::vector<std::string>;
using BlockWarps = std::vector<WarpLines>;

// A kernel named `name` with one thread block per entry of `blocks` (grid blocks.size() x 1 x 1,
// block 32 x the most warps any block lists).
inline std::string traceg(const std::vector<BlockWarps>& blocks, const std::string& name = "k", uint32_t bv = 80) {
  size_t warps = 1;
  for (const BlockWarps& b : blocks) warps = std::max(warps, b.size());
  std::string t = "-kernel name = " + name + "\n-kernel id = 1\n-grid dim = (" + std::to_string(blocks.size()) +
                  ",1,1)\n-block dim = (" + std::to_string(32 * warps) +
                  ",1,1)\n-shmem = 0\n-nregs = 32\n-binary version = " + std::to_string(bv) +
                  "\n-accelsim tracer version = 5\n\n#traces format = whatever\n\n";
  for (size_t b = 0; b < blocks.size(); ++b) {
    t += "#BEGIN_TB\nthread block = " + std::to_string(b) + ",0,0\n";
    for (size_t w = 0; w < blocks[b].size(); ++w) {
      t += "warp = " + std::to_string(w) + "\ninsts = " + std::to_string(blocks[b][w].size()) + "\n";
      for (const std::string& l : blocks[b][w]) t += l + "\n";
    }
    // A block with fewer warps than the widest lists the rest as empty, as Accel-Sim's
    // post-processor does (the reader checks every warp of the block size is there).
    for (size_t w = blocks[b].size(); w < warps; ++w) t += "warp = " + std::to_string(w) + "\ninsts = 0\n";
    t += "#END_TB\n";
  }
  return t;
}

inline compiler::KernelAnalysis analyse_text(const std::string& text, const std::string& name = "test.traceg") {
  auto src = open_kernel_trace_buffer(name, text);
  return compiler::analyse_kernel(*src, name);
}

// Node number of the block that starts at `pc`, -1 when none does.
inline int block_at(const compiler::KernelAnalysis& a, uint32_t pc) {
  for (size_t b = 0; b < a.cfg.blocks().size(); ++b)
    if (a.cfg.blocks()[b].start_pc == pc) return int(b);
  return -1;
}

inline std::vector<uint8_t> regs(std::initializer_list<int> r) {
  std::vector<uint8_t> v;
  for (int x : r) v.push_back(uint8_t(x));
  return v;
}

}  // namespace gpucosim::test
