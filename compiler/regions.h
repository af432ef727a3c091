#pragma once
// RegLess regions (seed 000 §4.4, Algorithm 1) and the per-kernel region table a timing model
// consumes: for each region its PCs, the registers it preloads (inputs), leaves for later regions
// (outputs) and keeps to itself (interior), its OSU reservation (the most registers it holds at
// once, in all and per bank), the last-use annotations of its instructions, the invalidations
// of dead registers' memory copies, and the metadata instructions that carry all of it.
//
//   const KernelAnalysis a = analyse_kernel(kernel);
//   const RegionAnalysis r = analyse_regions(a, RegionOptions{});
//   for (const Region& g : r.table.regions) ... g.first_pc, g.inputs, g.max_live, g.bank_usage
//   r.table.annotations[i].erase     // registers instruction i uses for the last time (erase)
//
// Rules and the choices where the thesis is silent: docs/blocks/regless-compiler.md.
#include <array>
#include <cstdint>
#include <vector>

#include "compiler/kernel_analysis.h"
#include "compiler/register_set.h"
#include "compiler/soft_definitions.h"

namespace gpucosim::compiler {

// Budgets of Algorithm 1. The thesis gives the OSU's shape (512 registers per SM in 4 shards of
// 8 banks: 16 lines per bank) and the six-instruction minimum (startPC + 48 bytes of 8-byte
// instructions); it gives no value for the per-region maximum: a quarter of a shard (32).
struct RegionOptions {
  uint32_t max_regs_per_region = 32;  // "maximum registers per region" (IsValid line 18)
  uint32_t bank_lines = 16;           // "registers in each OSU bank" (line 20)
  uint32_t banks = 8;                 // bank = (warp + register) mod banks
  uint32_t min_instructions = 6;      // FindSplitPoint line 31, in instructions, not bytes
};

// Registers of a region's instruction whose last reference in the region it is.
struct InstructionAnnotation {
  RegisterSet erase;  // dead after this instruction: the OSU entry is freed
  RegisterSet evict;  // last reference in the region, live later: the entry becomes evictable
};

struct Region {
  size_t first = 0, last = 0;        // instruction indices, inclusive, within one basic block
  uint32_t first_pc = 0, last_pc = 0;
  int block = 0;
  RegisterSet inputs;                // preloaded: read (or softly written) before written here, live on entry
  RegisterSet outputs;               // written here and live after the region
  RegisterSet interior;              // referenced here, neither input nor output: never leave the OSU
  RegisterSet soft_preloads;         // inputs preloaded because a soft definition here writes them
  RegisterSet invalidating_reads;    // inputs whose preload is the last read of their memory copy
  RegisterSet cache_invalidations;   // dead registers whose memory copies the region start deletes
  uint32_t max_live = 0;             // most registers held at once: the OSU reservation
  uint32_t live_on_entry = 0;        // registers live at its first instruction: the warp's state at the boundary
  std::vector<uint32_t> bank_usage;  // per bank (for warp 0; warp w rotates it by w)
  bool over_budget = false;          // a single instruction that alone exceeds a budget
  // Metadata (seed §4.5.4): one region-start instruction (bank usage, 3 preload/invalidation
  // entries) plus one per 7 further entries plus one last-use instruction per 9 instructions,
  // or one compact instruction for small regions (docs/blocks/regless-compiler.md).
  uint32_t metadata_instructions = 0;
  bool compact = false;
  uint64_t executions = 0;           // dynamic instances (warp executions of its first instruction)
  uint64_t dynamic_instructions = 0; // warp instructions executed in it
  size_t instructions() const { return last - first + 1; }
  uint32_t preload_entries() const { return uint32_t(inputs.count() + cache_invalidations.count()); }
};

struct RegionTable {
  RegionOptions options;
  std::vector<Region> regions;                     // in PC order
  std::vector<InstructionAnnotation> annotations;  // per instruction index
  std::vector<int> region_of;                      // per instruction index
  // Of Algorithm 1: the splits made and the splits that separated a global load from its use.
  uint32_t splits = 0, load_use_splits = 0;

  uint64_t static_metadata() const;
  uint64_t dynamic_metadata() const;  // metadata instructions fetched: per region, times its executions
};

struct RegionAnalysis {
  SoftDefinitions soft;  // and the liveness in which they do not kill
  RegionTable table;
};

// Algorithm 1 over every basic block, then the lifetime annotations and metadata.
RegionAnalysis analyse_regions(const KernelAnalysis& a, const RegionOptions& options);

// Long-latency loads whose value must not be used in the region that loads it: global, generic,
// local and texture loads and atomics that return a value.
bool is_long_latency_load(const StaticInstruction& s);

}  // namespace gpucosim::compiler
