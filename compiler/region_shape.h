#pragma once
// What one candidate region [first, last] of a basic block needs (inputs, outputs, interior
// registers, the most held at once in all and per bank) and whether it keeps a long-latency
// load apart from its first use: the facts IsValid and FindSplitPoint of Algorithm 1 ask for.
#include <cstdint>
#include <vector>

#include "compiler/register_set.h"
#include "compiler/regions.h"
#include "compiler/soft_definitions.h"
#include "compiler/static_code.h"

namespace gpucosim::compiler {

struct RegionShape {
  RegisterSet inputs, outputs, interior, soft_preloads;
  uint32_t max_live = 0, max_bank = 0;
  std::vector<uint32_t> bank_usage;
};

class RegionShaper {
 public:
  RegionShaper(const StaticCode& code, const SoftDefinitions& soft, const RegionOptions& options);

  // Registers held over [first, last]: an input from the region's start, any other from its
  // first write, each until its last reference in the region (where it is erased or becomes
  // evictable); a long-latency load's destination until the region's end (its value arrives
  // after the region has issued). Inputs: live on entry and read, or softly written, before any full write here.
  RegionShape shape(size_t first, size_t last) const;
  // Inputs and outputs only (cheaper; FindSplitPoint's cost).
  uint32_t boundary_registers(size_t first, size_t last) const;

  // The first instruction after long-latency load i (in the same block) that reads what it
  // loaded; SIZE_MAX when none does before the block ends or the loaded registers are rewritten.
  size_t first_use(size_t i) const { return first_use_[i]; }
  // Load/first-use pairs with both ends in [first, last].
  uint32_t load_use_pairs(size_t first, size_t last) const;
  bool valid(const RegionShape& s, size_t first, size_t last) const;
  const StaticCode& code() const { return code_; }

 private:
  RegisterSet inputs(size_t first, size_t last, RegisterSet* soft_preloads = nullptr) const;

  const StaticCode& code_;
  const SoftDefinitions& soft_;
  RegionOptions options_;
  std::vector<size_t> first_use_;
};

}  // namespace gpucosim::compiler
