// Per-candidate register needs of a region (region_shape.h).
#include "compiler/region_shape.h"

#include <algorithm>

namespace gpucosim::compiler {

bool is_long_latency_load(const StaticInstruction& s) {
  if (s.defs.none()) return false;
  if (s.op.unit == UnitClass::ATOMIC || s.op.unit == UnitClass::TEXTURE) return true;
  if (s.op.unit != UnitClass::LOAD || !s.op.is_load) return false;
  return s.op.space == MemSpace::Global || s.op.space == MemSpace::Generic || s.op.space == MemSpace::Local ||
         s.op.space == MemSpace::Texture;
}

RegionShaper::RegionShaper(const StaticCode& code, const SoftDefinitions& soft, const RegionOptions& options)
    : code_(code), soft_(soft), options_(options), first_use_(code.size(), SIZE_MAX) {
  for (size_t i = 0; i < code.size(); ++i) {
    if (!is_long_latency_load(code[i])) continue;
    RegisterSet pending = code[i].defs;
    for (size_t j = i + 1; j < code.size() && pending.any(); ++j) {
      // Blocks are runs of consecutive indices; the caller asks only within one block, so a use
      // past the block's end is never inside a region with i. Stop at a PC gap anyway.
      if (code[j].pc != code[j - 1].pc + code.instruction_size()) break;
      if ((code[j].uses & pending).any()) {
        first_use_[i] = j;
        break;
      }
      pending &= ~soft.kills(code, j);
    }
  }
}

RegisterSet RegionShaper::inputs(size_t first, size_t last, RegisterSet* soft_preloads) const {
  const Liveness& live = soft_.liveness();
  RegisterSet need, killed, soft_need;
  for (size_t i = first; i <= last; ++i) {
    need |= code_[i].uses & ~killed;
    soft_need |= soft_.soft(i) & ~killed & ~need;
    killed |= soft_.kills(code_, i);
  }
  const RegisterSet in = (need | soft_need) & live.live_in(first);
  if (soft_preloads) *soft_preloads = soft_need & live.live_in(first) & ~need;
  return in;
}

uint32_t RegionShaper::boundary_registers(size_t first, size_t last) const {
  RegisterSet defs;
  for (size_t i = first; i <= last; ++i) defs |= code_[i].defs;
  return uint32_t(inputs(first, last).count() + (defs & soft_.liveness().live_out(last)).count());
}

RegionShape RegionShaper::shape(size_t first, size_t last) const {
  RegionShape s;
  s.inputs = inputs(first, last, &s.soft_preloads);
  RegisterSet defs, referenced;
  for (size_t i = first; i <= last; ++i) {
    defs |= code_[i].defs;
    referenced |= code_[i].defs | code_[i].uses;
  }
  s.outputs = defs & soft_.liveness().live_out(last);
  s.interior = referenced & ~s.inputs & ~s.outputs;

  // Held from its start (input) or first write until its last reference: count per point.
  std::vector<size_t> start(256, SIZE_MAX), end(256, 0);
  for (uint8_t r : registers_of(s.inputs)) start[r] = first;
  for (size_t i = first; i <= last; ++i)
    for (uint8_t r : registers_of(code_[i].defs | code_[i].uses)) {
      if (start[r] == SIZE_MAX) start[r] = i;
      end[r] = i;
    }
  // A long-latency load's destination waits for its value past the region's end (the warp
  // drains): its entry stays reserved to the last instruction.
  for (size_t i = first; i <= last; ++i)
    if (is_long_latency_load(code_[i]))
      for (uint8_t r : registers_of(code_[i].defs)) end[r] = last;
  s.bank_usage.assign(options_.banks, 0);
  std::vector<uint32_t> bank_now(options_.banks, 0);
  for (size_t i = first; i <= last; ++i) {
    uint32_t now = 0;
    std::fill(bank_now.begin(), bank_now.end(), 0);
    for (uint8_t r : registers_of(referenced | s.inputs))
      if (start[r] <= i && i <= end[r]) {
        ++now;
        ++bank_now[r % options_.banks];
      }
    s.max_live = std::max(s.max_live, now);
    for (uint32_t b = 0; b < options_.banks; ++b) s.bank_usage[b] = std::max(s.bank_usage[b], bank_now[b]);
  }
  s.max_bank = *std::max_element(s.bank_usage.begin(), s.bank_usage.end());
  return s;
}

uint32_t RegionShaper::load_use_pairs(size_t first, size_t last) const {
  uint32_t n = 0;
  for (size_t i = first; i <= last; ++i)
    if (first_use_[i] != SIZE_MAX && first_use_[i] <= last) ++n;
  return n;
}

bool RegionShaper::valid(const RegionShape& s, size_t first, size_t last) const {
  return s.max_live <= options_.max_regs_per_region && s.max_bank <= options_.bank_lines &&
         load_use_pairs(first, last) == 0;
}

}  // namespace gpucosim::compiler
