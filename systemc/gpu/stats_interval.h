#pragma once
// Time series of a run (`gpucosim run --stats-interval N`): every N core cycles, and once at the
// end of the run, the change of the cumulative statistics since the previous sample, written as
// one JSON object per line (AerialVision-style plots: `gpucosim plot FILE.jsonl`):
//   {"cycle": end of the interval, "cycles": its length, "ipc": thread instructions per cycle,
//    "warp_ipc", "issued", "stall_idle", "stall_scoreboard", ... (scheduler-cycles),
//    "l1_hits", "l1_misses", "l2_hits", "l2_misses", "dram_bytes", "dram_bw_gbps",
//    "active_warps": resident warps averaged over the interval, summed over the SMs}
#include <cstdint>
#include <fstream>
#include <string>

#include "systemc/gpu/gpu_model.h"

namespace gpucosim {

class IntervalStatsWriter {
 public:
  // Opens path for writing (InputError when it cannot); core_mhz converts cycles to time.
  IntervalStatsWriter(const std::string& path, uint64_t interval, double core_mhz);

  // Makes the model call sample() every `interval` core cycles and at the end of the run. The
  // writer must outlive the model's run().
  void attach(GpuModelOptions& opts);

  // One line for the cycles since the previous sample (none when no cycle passed).
  void sample(uint64_t cycle, const StatsMap& cumulative);

 private:
  std::string path_;
  std::ofstream out_;
  uint64_t interval_;
  double core_mhz_;
  uint64_t last_cycle_ = 0;
  StatsMap last_;
};

}  // namespace gpucosim
