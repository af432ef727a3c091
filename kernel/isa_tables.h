#pragma once
// Internal to kernel/isa*.cpp (and their tests): the SASS opcode maps as data.
//
// The maps are written as groups, in the layout of NVIDIA's CUDA Binary Utilities
// instruction-set tables: one group = mnemonics that share a unit class, a memory space and
// read/write flags, plus the set of generations whose table lists them. A mnemonic listed for
// several generations is written once, so a generation's map is "the common rows plus its
// additions minus what it dropped" without copying whole tables per generation.
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/isa.h"

namespace gpucosim::isa_detail {

// One bit per generation that has its own instruction-set table.
enum Gen : uint8_t {
  kKepler = 1u << 0,  // sm_35
  kPascal = 1u << 1,  // sm_60, sm_61, sm_62 (Maxwell/Pascal table)
  kVolta = 1u << 2,   // sm_70
  kTuring = 1u << 3,  // sm_75
  kAmpere = 1u << 4,  // sm_80, sm_86
  kAda = 1u << 5,     // sm_89
  kHopper = 1u << 6,  // sm_90
};
constexpr int kGenCount = 7;

// Read/write flags of a group, see OpcodeInfo::is_load / is_store.
enum Access : uint8_t { kNoAccess = 0, kRead = 1, kWrite = 2, kReadWrite = 3 };

struct OpcodeGroup {
  uint8_t gens;       // OR of Gen bits
  UnitClass unit;
  MemSpace space;
  Access access;
  const char* names;  // base mnemonics separated by spaces
};

// Every group, all generations together (defined in isa_tables.cpp).
const std::vector<OpcodeGroup>& opcode_groups();

// The Gen bit for a supported binary version, 0 when the version has no map.
uint8_t generation_of(uint32_t binary_version);

// Mnemonics that appear in more than one group for the same generation: a table bug (the first
// group would silently win). Written as "MNEMONIC@gen-bit". Empty when the tables are sound.
std::vector<std::string> duplicate_mnemonics();

}  // namespace gpucosim::isa_detail
