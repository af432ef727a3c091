#pragma once
// The few calibration factors of the SRAM model, fitted once against the CACTI 7.0 reference
// points in ../shared/calibration (see docs/sram-model.md, "Calibration"). Everything else in the
// model is physics with published parameters; these factors only absorb what the first-order
// equations leave out (layout overheads, real switching currents). They are the same for every
// size, node, port count and associativity, so trends come from the equations, not from here.
namespace gpucosim::power::calib {

// Ratio of the effective switching resistance to 3/4 Vdd/Ion (slew, velocity saturation, stacks).
constexpr double kDriveFactor = 2.5;
// Extra cell pitch per additional port, in F: one wordline track in the row pitch and two bitline
// tracks (a pair) in the column pitch, each with via enclosure.
constexpr double kPortTrackF = 3.5;
// Layout overhead multiplying the transistor-level periphery area (decoders, drivers, sense
// amplifiers, column circuits): wells, power rails, spacing that a width-based estimate misses.
constexpr double kPeripheryAreaFactor = 1.3;
// Fraction of the H-tree's global-wire tracks that needs routing channels of its own; the rest is
// routed in upper metal over the subarrays and costs no area.
constexpr double kHtreeChannelFraction = 0.25;
// Multiply the dynamic energy of the subarrays (decoders, bitlines, sense amplifiers, drivers) and
// of the global H-tree wires: short-circuit current, control and clocking left out of the
// equations, and the wire activity convention.
constexpr double kArrayEnergyFactor = 0.78;
constexpr double kWireEnergyFactor = 1.16;
// Multiplies subthreshold leakage, per device family (the cell transistors and the periphery use
// the same family here, as in the reference configurations).
constexpr double kLeakageFactorHp = 0.43;
constexpr double kLeakageFactorLstp = 0.19;

}  // namespace gpucosim::power::calib
