#pragma once
// Recorded switching activity -> OpenSTA `set_power_activity` commands for a mapped netlist.
// Top-level input bits are annotated by port name (`set_power_activity -input_ports`); OpenSTA
// propagates their activity through the logic and the registers. Registers where the netlist kept
// the register's name on a flip-flop's output net (Yosys writes `.Q(\u_iq.count [3])`) are matched
// and their recorded activity is listed as comments and in the figures, not set: OpenSTA 2019 has
// no working per-pin activity (`-pins` fails, sta::set_power_pin_activity is ignored by
// report_power; measured on the fixture FIFO).
#include <cstdint>
#include <string>
#include <vector>

#include "synth/activity/vcd_activity.h"

namespace gpucosim::synth {

struct ActivityAnnotation {
  std::string tcl;                     // the commands, one per annotated bit
  uint64_t input_bits = 0;             // input port bits of the netlist (clock excluded)
  uint64_t inputs_annotated = 0;
  uint64_t register_bits = 0;          // flip-flop outputs (cells with a Q pin) in the netlist
  uint64_t registers_annotated = 0;    // of those, matched to a VCD signal (recorded, not set: see above)
  std::vector<std::string> unmatched_inputs;  // port bits the VCD lacks (the first few)
  double mean_input_activity = 0;      // over the annotated input bits
  double mean_register_activity = 0;   // over the annotated register bits
  // Over every matched bit, inputs and registers: the figures of the "mean" run, which sets all
  // nets to them (set_power_activity -global) because OpenSTA cannot take register activity.
  double mean_activity = 0, mean_duty = 0;
};

// `netlist` is the write_verilog text of the mapped design, `top` its top module, `clock_port` the
// clock input (left to create_clock). Bits are looked up in the VCD as "name[bit]" relative to the
// block's top scope.
ActivityAnnotation annotate_activity(const VcdActivity& vcd, const std::string& netlist, const std::string& top,
                                     const std::string& clock_port);

}  // namespace gpucosim::synth
