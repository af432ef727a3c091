#pragma once
// How many consecutive registers each operand of an instruction covers, from its opcode and
// modifiers. A trace names only the first register of an operand ("R4" for the pair R4:R5 of
// `LDG.E.64 R4, [R2.64]`), so liveness must widen operands itself or it would miss the upper
// halves. The rules (docs/compiler.md#register-widths):
//
//   loads, stores, atomics  data operands cover the access size in 32-bit registers (.64 -> 2,
//                           .128 -> 4; LDSM's .2/.4 matrix count); the address (first source)
//                           is a pair for global/generic accesses with the .E (64-bit address)
//                           modifier, else one register
//   IMAD.WIDE               destination pair; the third source (the 64-bit addend) a pair
//   DADD DFMA DMUL DMNMX    64-bit operands (pairs); DSETP/DSET sources pairs
//   F2F F2I I2F I2I         64-bit types among their modifiers (.F64, .S64, .U64) make the
//                           destination or source a pair (destination type first)
//   CS2R                    writes a pair unless .32
//   any other op with .64   every operand a pair (.128: four registers)
//
// Everything else covers one register. RZ covers none. Tensor-core fragments (HMMA ...) and
// texture results are not widened: the trace does not say how many registers they use.
#include <array>
#include <cstdint>

#include "kernel/isa.h"
#include "kernel/kernel.h"

namespace gpucosim {

struct OperandWidths {
  std::array<uint8_t, kMaxDst> dst{1, 1, 1, 1};
  std::array<uint8_t, kMaxSrc> src{1, 1, 1, 1};
};

// Widths of the operands of an instruction with opcode `op` and `n_src` register sources, as the
// tracer lists them (immediates and constant-bank operands are not listed).
OperandWidths operand_widths(const OpcodeInfo& op, int n_src);

// Calls f(r) for each register r in first .. first+count-1, skipping RZ and anything past R254
// (a pair starting at R254 would run into RZ, which is not a register).
template <class F>
void for_each_register(uint8_t first, uint8_t count, F&& f) {
  if (first == kRegZero) return;
  for (unsigned r = first; r < unsigned(first) + count && r < kRegZero; ++r) f(uint8_t(r));
}

}  // namespace gpucosim
