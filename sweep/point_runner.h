#pragma once
// Runs one sweep point: `gpucosim run <point.json's run_args> --out <point folder>` as a child
// process (SystemC elaborates once per process, so every point gets its own), its output in
// run.log, then result.json. Both backends run points through here: the local pool directly, a
// Slurm array task through `gpucosim sweep run-point`.
#include <sys/types.h>

#include <functional>
#include <string>

#include "sweep/point_store.h"

namespace gpucosim::sweep {

struct PointRun {
  PointResult result;
  bool interrupted = false;  // a signal stopped it: nothing was recorded, the point stays pending
};

// exe is the gpucosim executable. on_start is called with the child's pid once it runs; when it
// returns false (the sweep is stopping) the child is terminated and the point stays pending.
// Also interrupted: a child ended by SIGINT, SIGTERM or SIGHUP (Ctrl-C, a Slurm time limit).
PointRun run_point(const std::string& exe, const std::string& dir, const std::function<bool(pid_t)>& on_start = {});

}  // namespace gpucosim::sweep
