#pragma once
// The local backend: a pool of N worker threads, each running one point at a time as a child
// process. SIGINT/SIGTERM/SIGHUP stop the sweep cleanly: no new point starts, running children
// are terminated, and points that did not finish stay pending, so the same command resumes.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "sweep/point_runner.h"

namespace gpucosim::sweep {

struct PointTask {
  std::string dir;    // the point's folder (point.json written)
  std::string label;  // for progress lines
};

struct PoolOutcome {
  size_t ok = 0, failed = 0, interrupted = 0;
  int stop_signal = 0;  // the signal that stopped the sweep, 0 when it ran to the end
  std::vector<size_t> failed_tasks;  // indices into the task list
};

// Runs every task with at most `jobs` at a time; `progress` gets one line per finished point.
PoolOutcome run_local_pool(const std::string& exe, const std::vector<PointTask>& tasks, unsigned jobs,
                           const std::function<void(const std::string&)>& progress);

}  // namespace gpucosim::sweep
