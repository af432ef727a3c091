#pragma once
// Which statistics a kernel launch owns exactly and which describe a stretch of time.
//
// Work counters (instructions, blocks, requests, accesses, hits, misses, bytes, DRAM commands
// ...) are charged to the kernel launch that caused them as they are counted (kernel_ledger.h):
// per kernel they are exact even when kernels overlap, and the kernels plus the unattributed
// rest (work of no kernel, such as the host-to-device copies warming the L2) sum to the total.
//
// Time counters (SM cycles, issue-slot outcomes, occupancy samples, DRAM command-bus cycles and
// utilisation) count clock cycles of a shared unit, not work a kernel asked for; per kernel they
// are, as before, the unit's counts over the kernel's [start, end] window, which overlap when
// kernels do. Ratios (IPC, miss rates ...) are recomputed from the kernel's own counters.
#include <string>
#include <vector>

namespace gpucosim {

// A time counter: reported per kernel over its window (see above).
bool is_time_window_stat(const std::string& name);
// Derived ratios and the cycle count itself (add_derived_stats and gpu_sim_cycle).
const std::vector<std::string>& derived_stat_names();

}  // namespace gpucosim
