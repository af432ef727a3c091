#pragma once
// Progress of long commands on stderr (`--progress`, on by default when stderr is a terminal and
// --quiet is not given). On a terminal one line is rewritten in place; otherwise (e.g. a forced
// --progress into a log) a line is added every few seconds.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "systemc/gpu/gpu_model.h"

namespace gpucosim::cli {

// --progress (1), --no-progress (0) or neither (-1).
bool progress_wanted(int flag, bool quiet);

// `gpucosim run`: kernels done, thread blocks, simulated cycles, rate and an estimate of the
// time left (from the thread blocks completed, or from --max-cycles when that ends sooner).
class RunProgressLine {
 public:
  RunProgressLine();
  void update(const RunProgress& p);  // prints at most every 0.5 s (terminal), or after 1 s and then every 10 s (log)
  void finish();                      // ends the line on a terminal

 private:
  using Clock = std::chrono::steady_clock;
  bool tty_;
  Clock::time_point start_, last_;
  bool printed_ = false;
};

// `gpucosim synth`: the stage running (Yosys, SRAM model, OpenSTA ...) and its elapsed time,
// refreshed every second by a thread of its own while external tools work.
class StageTicker {
 public:
  explicit StageTicker(std::string command);
  ~StageTicker();
  void stage(const std::string& what);

 private:
  using Clock = std::chrono::steady_clock;
  void loop();
  void print_locked();
  std::string command_, stage_;
  bool tty_;
  Clock::time_point start_, stage_start_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace gpucosim::cli
