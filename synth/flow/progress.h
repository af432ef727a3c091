#pragma once
// `gpucosim synth --progress`: turns the tools' log lines into stages of the flow, each handed
// once to a sink (the CLI's stage ticker shows it with the elapsed time), e.g.
// "yosys: ABC maps module fifo_ctrl (#4)".
#include <functional>
#include <string>
#include <utility>

namespace gpucosim::synth {

class Progress {
 public:
  using Sink = std::function<void(const std::string& stage)>;
  explicit Progress(Sink sink) : sink_(std::move(sink)) {}

  // A stage of the flow itself (e.g. "opensta: timing and power").
  void stage(const std::string& what);
  // A line of Yosys' log: passes of interest become stages, the rest is ignored.
  void yosys_line(const std::string& line);

 private:
  Sink sink_;
  std::string last_;
  int abc_modules_ = 0;
};

}  // namespace gpucosim::synth
