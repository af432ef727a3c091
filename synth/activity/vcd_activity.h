#pragma once
// Switching activity of one block from a VCD file: a streaming reader (the file is never held in
// memory, so waves of a long co-simulation are fine) that counts, per bit of every signal under
// the block's top scope, the 0<->1 transitions and the time spent at 1 inside a window of clock
// cycles. Activity is then transitions per clock cycle (OpenSTA's unit) and duty the share of
// the window's time at 1 (static probability).
//
// The window counts rising edges of the block's clock in the VCD: cycles [start, end) run from
// the time of rising edge `start` (0-based) up to, not including, rising edge `end` (or the end of
// the file). Changes stamped with an edge's time belong to the cycle that edge starts.
#include <cstdint>
#include <istream>
#include <limits>
#include <string>
#include <vector>

namespace gpucosim::synth {

struct ActivityWindow {
  uint64_t start_cycle = 0;
  uint64_t end_cycle = std::numeric_limits<uint64_t>::max();  // exclusive; max = to the end of the file
};

// Parses "START:END", "START:" or ":END" (cycles); throws InputError naming `option`.
ActivityWindow parse_activity_window(const std::string& text, const std::string& option);

struct BitActivity {
  uint64_t toggles = 0;    // 0->1 and 1->0 transitions inside the window (x/z ignored)
  uint64_t high_time = 0;  // VCD time units at 1 inside the window
};

struct SignalActivity {
  std::string path;        // relative to the top scope, dots between scopes: "count", "u_mem.rdata"
  int lsb = 0;             // declared range, e.g. [7:0] -> msb 7, lsb 0; a scalar is [0:0]
  int msb = 0;
  std::vector<BitActivity> bits;  // bits[i] is bit (lsb + i) (or lsb - i for a descending [0:7])
  int width() const { return int(bits.size()); }
  int bit_index(size_t i) const { return msb >= lsb ? lsb + int(i) : lsb - int(i); }
};

struct VcdActivity {
  std::string file;
  std::string top_scope;      // full scope path of the block, e.g. "TOP.warppool"
  std::string clock;          // the clock signal counted
  std::string timescale;      // as the file states it, e.g. "1ps"
  ActivityWindow window;      // as requested
  uint64_t cycles = 0;        // rising clock edges inside the window
  uint64_t first_cycle = 0;   // index of the first of them
  uint64_t start_time = 0, end_time = 0;  // the window in VCD time units
  uint64_t total_cycles = 0;  // rising clock edges in the whole file
  std::vector<SignalActivity> signals;  // every signal in the top scope and below, in file order

  // Transitions per clock cycle and share of time at 1 of bit i of a signal (0 for an empty window).
  double activity(const SignalActivity& s, size_t i) const;
  double duty(const SignalActivity& s, size_t i) const;
  const SignalActivity* find(const std::string& path) const;
};

struct VcdActivityOptions {
  std::string top;      // instance name of the block's scope: the first scope so named, or its
                        // direct child of the same name (Verilator's wrapper holds only the ports)
  std::string clock;    // clock signal in that scope
  ActivityWindow window;
};

// Reads a VCD. Throws InputError(origin, line, what was expected) on malformed input, when the top
// scope or its clock is missing, or when the window holds no clock cycle.
VcdActivity read_vcd_activity(std::istream& in, const std::string& origin, const VcdActivityOptions& opt);
VcdActivity read_vcd_activity_file(const std::string& path, const VcdActivityOptions& opt);

}  // namespace gpucosim::synth
