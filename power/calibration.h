#pragma once
// The fitted constants of the SRAM model, all in one struct. Every member is FITTED: set by
// `gpucosim-bench sram-fit` on the training half of ../shared/calibration/cacti7_train.csv (the
// split in power/cacti_sweep.h) and copied into fitted_calibration() in calibration.cpp; the
// held-out half judges them (`gpucosim-bench sram-accuracy`). docs/sram-model.md lists each one.
// The physics (technology tables, circuit equations) sets every trend; these constants only
// absorb what first-order equations leave out (layout overheads, real switching currents, the
// reference tool's conventions). They are the same for every size, node, port count and
// associativity. The calibration is configuration: it flows into make_technology() and from
// there into every model, so a fit can try other values without any global state.
namespace gpucosim::power {

struct SramCalibration {
  // Ratio of the effective switching resistance to 3/4 Vdd/Ion (slew, velocity saturation,
  // stacks). Sets delays only, and through them the organisation search.
  double drive_factor = 2.5;
  // Multiplies the resistance per length of the semi-global wires the H-tree's repeaters are
  // designed for (barrier, scattering and via resistance beyond the table's effective
  // resistivity): more, larger repeaters, so more repeater energy and delay per length.
  double wire_resistance = 1.0;
  // Extra cell pitch per additional port, in F: one wordline track in the row pitch and a bitline
  // pair in the column pitch, each with via enclosure.
  double port_track_f = 3.5;
  // Layout overhead multiplying the transistor-level footprint of the row periphery (decoders,
  // wordline drivers) and of the column periphery (precharge, mux, sense amplifiers, drivers).
  double row_periphery_area = 1.3;
  double column_periphery_area = 1.3;
  // Pitch of the data lines that leave a subarray along its column periphery, in semi-global
  // wire pitches (one line per bit per read and per write port).
  double data_channel_pitch = 1.0;
  // Pitch of the H-tree's routing channels between mats, in semi-global wire pitches.
  double htree_channel_pitch = 1.0;
  // Multiply the dynamic energy of the parts of a subarray (decoders and wordline; bitlines,
  // precharge and column mux; sense amplifiers and output drivers) and of the H-tree (data lines
  // along the array's height, data lines along its width, address lines to every mat): short-
  // circuit current, control and clocking left out of the equations, and the reference tool's
  // conventions for wire activity.
  double decoder_energy = 0.78;
  double bitline_energy = 0.78;
  double sense_energy = 0.78;
  double htree_vertical_energy = 1.0;
  double htree_horizontal_energy = 1.0;
  double htree_address_energy = 1.0;
  // Multiply subthreshold leakage, per device family (cells and periphery use the same family).
  double leakage_hp = 0.43;
  double leakage_lstp = 0.19;
  // NMOS off-current at 300 K of the 90 nm high-performance device (nA/um). The roadmap's
  // figure for this node spans a wide range; the value used is fitted (see technology.cpp).
  double ioff_hp_90nm = 25;
  // Organisation search: candidates within this fraction of the fastest organisation's access
  // time, and within `search_area_slack` of the smallest area, compete on energy x delay^2.
  double search_delay_slack = 0.5;
  double search_area_slack = 0.05;
  // Exponent of the area in the search objective (energy x delay^2 x area^k): 0 is CACTI's ED^2;
  // a positive k stands in for what the reference's own delay and energy models charge large
  // organisations that ours do not.
  double search_area_weight = 0.0;
};

// The constants fitted to the training split (see calibration.cpp for the fit's provenance).
const SramCalibration& fitted_calibration();

}  // namespace gpucosim::power
