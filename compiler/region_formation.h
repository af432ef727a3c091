#pragma once
// Algorithm 1 of seed 000 (CreateRegions, IsValid, FindSplitPoint): every basic block starts as
// one region; an invalid region is split in a window [lowerBound, upperBound] at the point with
// the fewest input and output registers of the two parts; the first part is valid by
// construction, the second goes back on the worklist.
#include <utility>
#include <vector>

#include "compiler/control_flow_graph.h"
#include "compiler/region_shape.h"

namespace gpucosim::compiler {

struct FormedRegions {
  std::vector<std::pair<size_t, size_t>> ranges;  // [first, last] instruction indices, PC order
  uint32_t splits = 0, load_use_splits = 0;
};

// Where FindSplitPoint splits [first, last] (an invalid region of more than one instruction):
// the index the second part starts at. `separated` tells whether the split parted a load from
// its first use.
size_t find_split_point(const RegionShaper& shaper, const RegionOptions& options, size_t first, size_t last,
                        bool* separated = nullptr);

FormedRegions create_regions(const ControlFlowGraph& cfg, const RegionShaper& shaper, const RegionOptions& options);

}  // namespace gpucosim::compiler
