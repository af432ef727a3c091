#pragma once
// Readable names for the start and end of the critical path. Yosys names mapped flip-flops
// _123_, which says nothing; the net on the flip-flop's output (count[3], rptr[1]) does.
#include <string>

namespace gpucosim::synth {

// "inst (net)" where net is what `inst`'s Q (else Y) pin drives in a write_verilog netlist;
// `inst` itself when it is a port or cannot be found.
std::string describe_instance(const std::string& netlist, const std::string& inst);

}  // namespace gpucosim::synth
