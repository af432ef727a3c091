#pragma once
// Register lifetime annotations of a formed region table (seed 000 §4.4.3-4.4.4): the last
// reference of each register in each region (erase or evict), invalidating reads (a preload that
// is the last read of a register's memory copy) and cache invalidations (a register that died on
// a control-flow edge, or whose last use could not invalidate, is deleted from memory at the
// start of a region that post-dominates its whole live range). Then the metadata instruction
// count of every region (§4.5.4).
#include "compiler/kernel_analysis.h"
#include "compiler/regions.h"

namespace gpucosim::compiler {

void annotate_lifetimes(const KernelAnalysis& a, const SoftDefinitions& soft, RegionTable& table);
// Metadata instructions for one region whose other fields are filled (regions.h).
void count_metadata(const StaticCode& code, Region& r);

}  // namespace gpucosim::compiler
