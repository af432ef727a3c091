#pragma once
// Text of the tracer-version-5 grammar, exactly as Accel-Sim's post-processor lays it out
// (see the vectoradd fixture): header, thread-block framing and instruction lines. Appends to a
// string so the writer can batch output into large chunks.
#include <string>

#include "kernel/kernel.h"

namespace gpucosim {

// Header keys in canonical order, the extra keys, a blank line, the '#traces format' line and
// the blank lines before the first thread block.
void append_header(std::string& out, const KernelHeader& h);

// One `#BEGIN_TB` ... `#END_TB` block, preceded by the blank line that separates blocks.
void append_thread_block(std::string& out, const ThreadBlock& tb, const KernelHeader& h, const OpcodeTable& ops);

// One instruction line with its trailing space and newline. The address mode is inst.addr_mode
// when it can represent the lane addresses, else base_delta (as the tracer falls back).
void append_instruction(std::string& out, const Instruction& inst, const Warp& w, const KernelHeader& h,
                        const OpcodeTable& ops);

// The address mode the writer will use for `inst` with lane addresses `lanes`.
AddrMode encodable_mode(const Instruction& inst, const LaneAddrs& lanes);

}  // namespace gpucosim
