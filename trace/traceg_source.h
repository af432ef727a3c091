#pragma once
// A KernelSource over a .traceg body: one `#BEGIN_TB` ... `#END_TB` block per next_block().
// The body is checked against the header as it is read: every block inside the grid and listed
// once, the file ends after exactly grid-size blocks, each block lists every warp its block size
// makes (an empty warp as "insts = 0", as Accel-Sim's post-processor writes it; a block with no
// warps is an error), and no block's streams pass kMaxBlockStreamBytes.
#include <memory>
#include <string>
#include <vector>

#include "kernel/kernel.h"
#include "trace/instruction_line.h"
#include "trace/line_source.h"
#include "trace/trace_reader.h"

namespace gpucosim {

class TracegSource : public KernelSource {
 public:
  // Reads the header at once (so header() is valid immediately); throws InputError.
  TracegSource(std::unique_ptr<LineSource> lines, const TraceReadOptions& opts);

  const KernelHeader& header() const override { return header_; }
  const OpcodeTable& opcodes() const override { return table_; }
  bool next_block(ThreadBlock& tb) override;

 private:
  void read_warp_body(Warp& w, uint64_t insts);

  std::unique_ptr<LineSource> lines_;
  KernelHeader header_;
  OpcodeTable table_;
  std::unique_ptr<InstructionParser> parser_;
  bool begin_pending_ = false;  // the header ended on `#BEGIN_TB`
  uint64_t blocks_read_ = 0;
  size_t addrs_hint_ = 0;       // lines with addresses in the warp read last
  std::vector<bool> seen_;      // by linear block index; empty when the grid is too large to track
};

}  // namespace gpucosim
