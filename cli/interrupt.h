#pragma once
// SIGINT and SIGTERM during a long command: the first one sets a flag that the simulation polls
// at every core-cycle boundary (GpuModelOptions::stop), so the run ends cleanly and its
// statistics are written (run_end = interrupted, exit code 130); a second one ends the process at
// once, as the default action would.
#include <atomic>

namespace gpucosim::cli {

// Installs the handlers while it lives and restores the previous ones after.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The flag the handlers set.
  const std::atomic<bool>* flag() const;
  bool interrupted() const;
  int signal_number() const;  // the first signal received, 0 if none
};

// The exit code of an interrupted command (the shell's 128 + SIGINT, for either signal).
constexpr int kInterruptedExitCode = 130;

}  // namespace gpucosim::cli
