#pragma once
// The static code of a kernel rebuilt from its dynamic warp streams: every PC any warp executed,
// with its opcode and register operands, and the control transfers the warps were seen to take.
//
// A trace holds no binary, only what each warp executed; but a PC is one static instruction, so
// the union over all warps of all thread blocks of PC -> instruction is the kernel's code as far
// as it ran. scan_kernel() reads the kernel once, one thread block at a time (nothing but the
// static code and the transfer set is kept), and checks that a PC always has the same opcode
// and registers.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compiler/lane_pattern.h"
#include "compiler/register_set.h"
#include "kernel/register_widths.h"
#include "kernel/isa.h"
#include "kernel/kernel.h"

namespace gpucosim::compiler {

// A PC as messages and reports print it ("0x00a0").
std::string hex_pc(uint32_t pc);

struct StaticInstruction {
  uint32_t pc = 0;
  OpcodeInfo op;                 // opcode text, base mnemonic, unit, memory space
  uint8_t n_dst = 0, n_src = 0;
  std::array<uint8_t, kMaxDst> dst{};  // first register of each operand as the trace names it
  std::array<uint8_t, kMaxSrc> src{};
  OperandWidths widths;          // registers each operand covers (register_widths.h)
  RegisterSet defs, uses;        // every register written / read, widths applied, RZ excluded
  // The trace has no predicate operands; what it shows of predication is the active mask.
  int64_t imm = 0;               // the immediate of its first instance (tracer v5; 0 before)
  uint64_t executions = 0;       // dynamic warp instructions at this PC
  uint64_t predicated_off = 0;   // of which listed with an empty active mask
  // Of which ran with some but not all of the warp's live lanes (the lanes that have not
  // exited): a divergent or predicated instance. A write by such an instance leaves the other
  // lanes' values in place (a soft definition, soft_definitions.h).
  uint64_t partial = 0;
  // Memory instructions: the shape of the lane addresses over the instances that ran with all
  // 32 lanes (merged, lane_pattern.h); None when no such instance carried addresses. The
  // address register's value at this instruction is that shape (plus a uniform offset).
  LanePattern address_pattern;
};

class StaticCode {
 public:
  StaticCode() = default;
  StaticCode(KernelHeader header, std::vector<StaticInstruction> insts, std::vector<std::pair<uint32_t, uint32_t>> transfers,
             std::vector<uint32_t> entry_pcs, std::vector<uint32_t> final_pcs, uint64_t warps);

  const KernelHeader& header() const { return header_; }
  // Bytes per instruction of the kernel's binary version (instruction_size.h).
  uint32_t instruction_size() const { return inst_size_; }

  // In increasing PC order.
  const std::vector<StaticInstruction>& instructions() const { return insts_; }
  size_t size() const { return insts_.size(); }
  const StaticInstruction& operator[](size_t i) const { return insts_[i]; }
  // Index of the instruction at `pc`, -1 when no warp executed that PC.
  int64_t index_of(uint32_t pc) const;

  // Distinct (pc, next pc) pairs of consecutive instructions in some warp's stream, sorted.
  const std::vector<std::pair<uint32_t, uint32_t>>& transfers() const { return transfers_; }
  // PCs that began / ended some warp's stream, sorted.
  const std::vector<uint32_t>& entry_pcs() const { return entry_pcs_; }
  const std::vector<uint32_t>& final_pcs() const { return final_pcs_; }

  uint64_t warps() const { return warps_; }  // warps with at least one instruction
  uint64_t dynamic_instructions() const;

 private:
  KernelHeader header_;
  uint32_t inst_size_ = 16;
  std::vector<StaticInstruction> insts_;
  std::vector<std::pair<uint32_t, uint32_t>> transfers_;
  std::vector<uint32_t> entry_pcs_, final_pcs_;
  uint64_t warps_ = 0;
};

// Reads every thread block of `src` (from where it stands: pass a freshly opened source) and
// rebuilds the static code. `origin` names the input in errors (the trace file, "--workload
// SPEC"). Throws InputError when one PC is seen with two different opcodes or register lists,
// naming the kernel, the PC and both shapes with the warps they were seen in; trace syntax errors
// propagate from the reader.
StaticCode scan_kernel(KernelSource& src, const std::string& origin);

// "LDG.E.64 R4 <- R2" : the static shape of an instruction, for messages.
std::string describe(const StaticInstruction& s);

}  // namespace gpucosim::compiler
