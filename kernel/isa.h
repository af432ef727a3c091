#pragma once
// What the model needs to know about a SASS opcode: which functional unit executes it, which
// memory space it touches and how many bytes per thread. Maps exist per binary version
// (35 Kepler, 60-62 Pascal, 70 Volta, 75 Turing, 80/86 Ampere, 89 Ada, 90 Hopper); they are facts
// from NVIDIA's CUDA Binary Utilities instruction-set tables, written for this project.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucosim {

// Functional-unit class of an instruction (Accel-Sim's OP classes, grouped as the GPU model
// issues them).
enum class UnitClass : uint8_t {
  ALU,        // moves, conversions, shuffles, special-register reads, predicate logic
  INT,        // integer arithmetic and logic
  SP,         // single/half-precision floating point
  DP,         // double precision
  SFU,        // transcendental (MUFU) and other special-function operations
  TENSOR,     // matrix multiply-accumulate (HMMA, IMMA, DMMA, HGMMA ...)
  LOAD,       // memory reads (LDG, LDS, LDL, LD, LDSM, LDGSTS ...)
  STORE,      // memory writes (STG, STS, STL, ST)
  ATOMIC,     // atomics and reductions (ATOM, ATOMG, ATOMS, RED)
  TEXTURE,    // texture and surface operations
  BRANCH,     // control flow (BRA, BSSY, BSYNC, CALL, RET, WARPSYNC ...)
  BARRIER,    // CTA barriers (BAR)
  MEMBAR,     // memory fences (MEMBAR, DEPBAR, ERRBAR, CCTL ...)
  EXIT,       // EXIT
  NOP,        // NOP and other instructions with no execution cost
  UNIFORM,    // uniform-datapath instructions (Turing+ U* ops, R2UR, S2UR)
};
const char* to_string(UnitClass u);

enum class MemSpace : uint8_t { None, Global, Shared, Local, Constant, Texture, Generic };
const char* to_string(MemSpace s);

struct OpcodeInfo {
  std::string text;           // full mnemonic as in the trace, e.g. "LDG.E.128.SYS"
  std::string base;           // text before the first '.', e.g. "LDG"
  UnitClass unit = UnitClass::ALU;
  MemSpace space = MemSpace::None;
  uint8_t access_width = 0;   // bytes per thread from the opcode rule (0 when not a memory op)
  bool is_load = false;       // reads memory (LD*, ATOM*, also the read half of LDGSTS)
  bool is_store = false;      // writes memory (ST*, ATOM*, RED)
};

// Accel-Sim's width rule: the first purely numeric '.'-modifier gives bits (/8 -> bytes), else a
// "U<bits>"/"S<bits>" modifier, else 4 bytes ("nvbit can report it incorrectly").
// Never 0: a bit count that is not a power of two from 8 to 1024 (".3", ".24") gives 4 too.
// The rule reads element sizes literally, e.g. LDSM.16.M88.4 -> 2, as Accel-Sim does.
uint8_t access_width_from_opcode(std::string_view opcode);

// Binary versions that have an opcode map.
const std::vector<uint32_t>& supported_binary_versions();
bool is_supported_binary_version(uint32_t version);

// Classifies `opcode` (full text with modifiers) for `binary_version`. Returns nullopt when the
// base mnemonic is not in that generation's map (the caller reports it with file and line).
// Precondition: is_supported_binary_version(binary_version) (otherwise nullopt as well).
// access_width is nonzero exactly when is_load or is_store is set; LDC/ULDC keep
// MemSpace::Constant with width 0 (constant loads are not modelled). Async copies (LDGSTS, TMA)
// set both flags; their unit and space name the global-memory side.
std::optional<OpcodeInfo> classify_opcode(std::string_view opcode, uint32_t binary_version);

}  // namespace gpucosim
