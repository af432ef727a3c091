// Algorithm 1: worklist of regions, validity, split window and split point.
#include "compiler/region_formation.h"

#include <algorithm>
#include <deque>

namespace gpucosim::compiler {

size_t find_split_point(const RegionShaper& shaper, const RegionOptions& options, size_t first, size_t last,
                        bool* separated) {
  // upperBound: the first index at which the prefix [first, k] is invalid. Prefixes only grow
  // more demanding (registers are held to their last reference, pairs only accumulate), so every
  // split at p <= upperBound leaves a valid first part [first, p-1]. A single instruction that
  // alone is invalid becomes a region of its own (p = first + 1).
  size_t upper = last;
  for (size_t k = first; k <= last; ++k)
    if (!shaper.valid(shaper.shape(first, k), first, k)) {
      upper = k;
      break;
    }
  upper = std::max(upper, first + 1);

  // lowerBound: the first split point at which the load/first-use pairs left inside the two
  // parts are fewest; then at least min_instructions into the region, but not past upperBound.
  size_t lower = first + 1;
  uint32_t fewest = UINT32_MAX;
  for (size_t p = first + 1; p <= upper; ++p) {
    const uint32_t pairs = shaper.load_use_pairs(first, p - 1) + shaper.load_use_pairs(p, last);
    if (pairs < fewest) {
      fewest = pairs;
      lower = p;
    }
  }
  lower = std::min(std::max(first + options.min_instructions, lower), upper);

  // The split with the fewest inputs and outputs of both parts combined; the latest on a tie
  // (larger first parts: fewer regions, fewer metadata instructions).
  size_t best = upper;
  uint32_t best_cost = UINT32_MAX;
  for (size_t p = lower; p <= upper; ++p) {
    const uint32_t cost = shaper.boundary_registers(first, p - 1) + shaper.boundary_registers(p, last);
    if (cost <= best_cost) {
      best_cost = cost;
      best = p;
    }
  }
  if (separated) {
    bool parted = false;
    for (size_t i = first; i < best; ++i)
      if (shaper.first_use(i) != SIZE_MAX && shaper.first_use(i) >= best && shaper.first_use(i) <= last) parted = true;
    *separated = parted;
  }
  return best;
}

FormedRegions create_regions(const ControlFlowGraph& cfg, const RegionShaper& shaper, const RegionOptions& options) {
  FormedRegions out;
  std::deque<std::pair<size_t, size_t>> worklist;
  // A barrier ends its region (spec 4.2): a warp waiting at it then holds no OSU reservation, so
  // the warps it waits for can always be activated (docs/blocks/regless.md, SM integration).
  for (const BasicBlock& b : cfg.blocks()) {
    size_t first = b.first;
    for (size_t i = b.first; i < b.last; ++i)
      if (shaper.code()[i].op.unit == UnitClass::BARRIER) {
        worklist.emplace_back(first, i);
        first = i + 1;
      }
    worklist.emplace_back(first, b.last);
  }
  while (!worklist.empty()) {
    auto [first, last] = worklist.front();
    worklist.pop_front();
    if (first < last && !shaper.valid(shaper.shape(first, last), first, last)) {
      bool separated = false;
      const size_t split = find_split_point(shaper, options, first, last, &separated);
      ++out.splits;
      if (separated) ++out.load_use_splits;
      if (split <= last) worklist.emplace_back(split, last);
      last = split - 1;
    }
    out.ranges.emplace_back(first, last);
  }
  std::sort(out.ranges.begin(), out.ranges.end());
  return out;
}

}  // namespace gpucosim::compiler
