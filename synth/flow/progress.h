#pragma once
// `gpucosim synth --progress`: turns the tools' log lines into one line per stage on a stream,
// with the time since the flow started, e.g. "[  73 s] yosys: ABC maps module fifo_ctrl (4 of 9)".
#include <chrono>
#include <ostream>
#include <string>

namespace gpucosim::synth {

class Progress {
 public:
  explicit Progress(std::ostream& out) : out_(out), start_(std::chrono::steady_clock::now()) {}

  // A stage of the flow itself (e.g. "opensta: timing and power").
  void stage(const std::string& what);
  // A line of Yosys' log: passes of interest become stages, the rest is ignored.
  void yosys_line(const std::string& line);

 private:
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_;
  std::string last_;
  int abc_modules_ = 0;
};

}  // namespace gpucosim::synth
